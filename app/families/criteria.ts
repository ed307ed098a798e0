import { z } from "zod/v4";
import {
  type Criteria,
  type ListingField,
  type Parsed,
  type SearchForm,
  criteriaToParams,
  fieldFormInfo,
  hasAnyCriterion,
  parseCriteria,
} from "~/listing/search-form";
import { MAX_VALUE_LENGTH } from "~/listing/params";
import { GIVEN_NAME_MODES, PLACE_NAME_MODES, SURNAME_MODES } from "~/names/match-modes";
import { type FamilyCollection, familySearchPath, formatPersonId, parsePersonId } from "./collections";

/**
 * The person search's URL parameters (a GET form, decision 0004): surname,
 * givenName, birthPlace, deathPlace (each with its `…Mode`), id, yearFrom /
 * yearTo (birth years), page, perPage, sort. The fields, years, paging and
 * sort are read by the shared search-form parser (app/listing/); only the
 * person id is read here.
 */

const field = (name: string, label: string, modes: ListingField["modes"]): ListingField => ({
  name,
  label,
  modes,
  defaultMode: modes[0]!,
});

export const PERSON_FIELDS: readonly ListingField[] = [
  field("surname", "Surname", SURNAME_MODES),
  field("givenName", "Given name", GIVEN_NAME_MODES),
  field("birthPlace", "Birth place", PLACE_NAME_MODES),
  field("deathPlace", "Death place", PLACE_NAME_MODES),
];

export const DEFAULT_PERSON_SORT = ["surname", "givenName", "year"] as const;

/** The person search as a search form: these fields and sorts under the collection's search path. */
export function personForm(c: FamilyCollection): SearchForm {
  return {
    path: familySearchPath(c),
    fields: PERSON_FIELDS,
    // Year first, as the records' forms list it in a message.
    sortable: ["year", ...PERSON_FIELDS.map((f) => f.name)],
    defaultSort: DEFAULT_PERSON_SORT,
    // Best match first whenever a name is given (issue 27); name order otherwise.
    relevance: true,
  };
}

export interface PersonCriteria extends Criteria {
  /** A person's number (L1234 → 1234). */
  id?: number;
}

export type ParsedPersonCriteria = Parsed<PersonCriteria>;

const idSchema = (c: FamilyCollection) =>
  z
    .string()
    .trim()
    .max(12, { error: "A person's id is a letter and a number, for example L1234." })
    .transform((s, ctx) => {
      const n = parsePersonId(c, s);
      if (n === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `Ids in this collection are ${c.prefix} and a number, for example ${c.prefix}1234.`,
        });
        return z.NEVER;
      }
      return n;
    });

export function parsePersonCriteria(c: FamilyCollection, params: URLSearchParams): ParsedPersonCriteria {
  const { criteria, errors, values } = parseCriteria(personForm(c), params);
  const out: PersonCriteria = { ...criteria };
  const rawId = params.get("id");
  if (rawId !== null && rawId.trim() !== "") {
    values.id = rawId.slice(0, 2 * MAX_VALUE_LENGTH);
    const parsed = idSchema(c).safeParse(rawId);
    if (parsed.success) out.id = parsed.data;
    else errors.id = parsed.error.issues[0]?.message ?? "This id is not valid.";
  }
  return { criteria: out, errors, values };
}

export function hasAnyPersonCriterion(c: PersonCriteria): boolean {
  return c.id !== undefined || hasAnyCriterion(c);
}

/** The URL parameters of the criteria, defaults left out. */
export function personCriteriaToParams(collection: FamilyCollection, c: PersonCriteria): URLSearchParams {
  const p = criteriaToParams(c, personForm(collection));
  if (c.id !== undefined) p.set("id", formatPersonId(collection, c.id));
  return p;
}

export const personFieldFormInfo = () => fieldFormInfo(PERSON_FIELDS);
