import { z } from "zod/v4";
import {
  COLLECTIONS,
  type CollectionDef,
  MATCH_MODE_LABELS,
  type MatchMode,
  type SearchField,
} from "~/search/collections";
import { type Criteria, MAX_VALUE_LENGTH, criteriaToParams, hasAnyCriterion, parseCriteria } from "~/search/criteria";
import { type FamilyCollection, formatPersonId, parsePersonId } from "./collections";

/**
 * The person search's URL parameters (a GET form, decision 0004): surname,
 * givenName, birthPlace, deathPlace (each with its `…Mode`), id, yearFrom /
 * yearTo (birth years), page, perPage, sort. The fields, years, paging and
 * sort are read by the records' own parser (app/search/criteria.ts) through
 * a form description; only the person id is read here.
 */

const PLACE_MODES: readonly MatchMode[] = ["starts", "normalized", "exact", "contains", "sounds"];

function searchField(name: string, label: string, kind: SearchField["kind"], modes: readonly MatchMode[]): SearchField {
  // The sort column only marks the field sortable; search.server.ts maps it to a column of the people table.
  return { name, label, kind, modes, defaultMode: modes[0] as MatchMode, sortColumn: "name1" };
}

export const PERSON_FIELDS: readonly SearchField[] = [
  searchField("surname", "Surname", "surname", ["sounds", "normalized", "exact", "starts", "contains"]),
  searchField("givenName", "Given name", "givenName", [
    "variants",
    "sounds",
    "normalized",
    "exact",
    "starts",
    "contains",
  ]),
  searchField("birthPlace", "Birth place", "place", PLACE_MODES),
  searchField("deathPlace", "Death place", "place", PLACE_MODES),
];

export const PERSON_SORTS = ["surname", "givenName", "year", "birthPlace", "deathPlace"] as const;
export const DEFAULT_PERSON_SORT = ["surname", "givenName", "year"] as const;

/** The form as the records' parser (and chips) see it: these fields, sorted by name, under the collection's path. */
export function personForm(c: FamilyCollection): CollectionDef {
  return {
    ...(COLLECTIONS[0] as CollectionDef),
    id: c.id,
    basePath: c.basePath,
    title: c.title,
    access: "members",
    searchFields: PERSON_FIELDS,
    defaultSort: DEFAULT_PERSON_SORT,
  };
}

export interface PersonCriteria extends Criteria {
  /** A person's number (L1234 → 1234). */
  id?: number;
}

export interface ParsedPersonCriteria {
  criteria: PersonCriteria;
  errors: Record<string, string>;
  values: Record<string, string>;
}

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

export function fieldFormInfo() {
  return PERSON_FIELDS.map((f) => ({
    name: f.name,
    label: f.label,
    defaultMode: f.defaultMode,
    modes: f.modes.map((m) => ({ value: m, label: MATCH_MODE_LABELS[m] })),
  }));
}
