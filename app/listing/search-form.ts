import { z } from "zod/v4";
import { MATCH_MODES, type MatchMode, modeOptions } from "~/names/match-modes";
import { DEFAULT_PER_PAGE, MAX_VALUE_LENGTH, type PerPage, ParamReader, firstIssue } from "./params";
import { ENGLISH_SAY, type Say, type Words } from "./say";
import { type NearCriterion, placeFilterToParams, readPlaceFilter } from "./place-filter";
import { type SortKey, ascending, formatSort, parseSort } from "./sort";

/**
 * A search form of name fields, each with its match mode, an optional year
 * range, paging and sort: the records' searches, the person search and the
 * unified search are all described this way and read by one parser.
 * Parameter names: each field by its camelCase name, its mode as
 * `<field>Mode`, plus yearFrom, yearTo, page, perPage and sort.
 */

export const MIN_YEAR = 1500;
export const MAX_YEAR = 2100;

/** What the parser needs to know of a field; a domain's field type may carry more (sort column, sources). */
export interface ListingField {
  /** camelCase name: the URL parameter. */
  name: string;
  label: string;
  modes: readonly MatchMode[];
  defaultMode: MatchMode;
  /** A closed list of values: the form offers a select, the value must be one of them. */
  choices?: readonly { value: string; label: string }[];
}

export interface SearchForm<F extends ListingField = ListingField> {
  /** The search page's path: links (chips, suggestions) lead there. */
  path: string;
  fields: readonly F[];
  /** The sortable columns, in the order a message lists them. */
  sortable: readonly string[];
  defaultSort: readonly string[];
  /** The form takes the place terms near, nearId, radius and placeId (app/listing/place-filter.ts). */
  placeFilter?: boolean;
  /**
   * The results can be ordered by how well they match (`sort=relevance`, issue 27): the default whenever a name is
   * given; `defaultSort` is then the order without names.
   */
  relevance?: boolean;
}

/** The sort key of "best match" order. */
export const RELEVANCE = "relevance";

/** The order a search gets when its URL names none: best match when a name is given and the form ranks. */
export function defaultSortFor(form: Pick<SearchForm, "defaultSort" | "relevance">, fieldCount: number): string[] {
  return form.relevance && fieldCount > 0 ? [RELEVANCE] : [...form.defaultSort];
}

export interface FieldCriterion<F extends ListingField = ListingField> {
  field: F;
  value: string;
  mode: MatchMode;
}

export interface Criteria<F extends ListingField = ListingField> {
  fields: FieldCriterion<F>[];
  yearFrom?: number;
  yearTo?: number;
  page: number;
  perPage: PerPage;
  sort: SortKey[];
  /** Records whose place or parish lies within a radius of a place (forms with `placeFilter`). */
  near?: NearCriterion;
  /** Records whose place or parish is one place of a map index, by any of its spellings. */
  placeId?: number;
  /** The name of the place `near` or `placeId` resolved to, for the chips (set by the domain, never read from the URL). */
  placeName?: string;
}

export interface Parsed<C> {
  criteria: C;
  /** Messages by parameter name, to show beside the field. */
  errors: Record<string, string>;
  /** What the user typed, by parameter name, to put back into the form. */
  values: Record<string, string>;
}

const valueSchema = z
  .string()
  .trim()
  .max(MAX_VALUE_LENGTH, { error: `Please use at most ${MAX_VALUE_LENGTH} characters.` });

const yearSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, { error: "Enter a year as four digits, for example 1856." })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(MIN_YEAR, { error: `Years before ${MIN_YEAR} are not in these registers.` })
      .max(MAX_YEAR, { error: `Enter a year up to ${MAX_YEAR}.` }),
  );

const modeSchema = z.enum(MATCH_MODES);

/** Reads a search form's parameters; `say` gives the messages in the reader's language (English without one). */
export function parseCriteria<F extends ListingField>(
  form: SearchForm<F>,
  params: URLSearchParams,
  say: Say = ENGLISH_SAY,
): Parsed<Criteria<F>> {
  const reader = new ParamReader(params, say);
  const fields: FieldCriterion<F>[] = [];

  for (const field of form.fields) {
    const rawMode = reader.typed(`${field.name}Mode`);
    let mode = field.defaultMode;
    if (rawMode !== undefined) {
      const parsedMode = modeSchema.safeParse(rawMode);
      if (!parsedMode.success || !field.modes.includes(parsedMode.data)) {
        reader.fail(`${field.name}Mode`, "Choose one of the listed ways to match the {{field}}.", {
          field: say.inSentence(field.label),
        });
      } else {
        mode = parsedMode.data;
      }
    }
    const raw = reader.raw(field.name);
    if (raw === undefined) continue;
    const parsed = valueSchema.safeParse(raw);
    if (!parsed.success) {
      reader.fail(field.name, firstIssue(parsed));
      continue;
    }
    if (parsed.data === "") continue;
    if (field.choices && !field.choices.some((c) => c.value === parsed.data)) {
      reader.fail(field.name, "Choose one of the listed {{field}}s.", { field: say.inSentence(field.label) });
      continue;
    }
    if (!/[\p{L}\p{N}]/u.test(parsed.data)) {
      reader.fail(field.name, "Enter at least one letter.");
      continue;
    }
    fields.push({ field, value: parsed.data, mode });
  }

  const place = form.placeFilter ? readPlaceFilter(reader) : {};

  const yearFrom = reader.parse("yearFrom", yearSchema);
  const yearTo = reader.parse("yearTo", yearSchema);
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo) {
    reader.fail("yearTo", "The end year must not be before the start year.");
  }
  const page = reader.page();
  const perPage = reader.perPage();

  let sort = ascending(defaultSortFor(form, fields.length));
  const rawSort = reader.typed("sort");
  if (rawSort !== undefined) {
    const parsed = parseSort(rawSort, form.relevance ? [RELEVANCE, ...form.sortable] : form.sortable, { say });
    if (typeof parsed === "string") reader.errors.sort = parsed;
    else sort = parsed;
  }

  return {
    criteria: {
      fields,
      ...(yearFrom !== undefined ? { yearFrom } : {}),
      ...(yearTo !== undefined ? { yearTo } : {}),
      ...place,
      page,
      perPage,
      sort,
    },
    errors: reader.errors,
    values: reader.values,
  };
}

/** The URL parameters that express the criteria (defaults left out, so URLs stay short). */
export function criteriaToParams(
  criteria: Pick<Criteria, "fields" | "yearFrom" | "yearTo"> & Partial<Criteria>,
  form: Pick<SearchForm, "defaultSort" | "relevance">,
): URLSearchParams {
  const p = new URLSearchParams();
  for (const c of criteria.fields) {
    p.set(c.field.name, c.value);
    if (c.mode !== c.field.defaultMode) p.set(`${c.field.name}Mode`, c.mode);
  }
  placeFilterToParams(criteria, p);
  if (criteria.yearFrom !== undefined) p.set("yearFrom", String(criteria.yearFrom));
  if (criteria.yearTo !== undefined) p.set("yearTo", String(criteria.yearTo));
  if (criteria.sort && formatSort(criteria.sort) !== defaultSortFor(form, criteria.fields.length).join(",")) {
    p.set("sort", formatSort(criteria.sort));
  }
  if (criteria.perPage && criteria.perPage !== DEFAULT_PER_PAGE) p.set("perPage", String(criteria.perPage));
  if (criteria.page && criteria.page > 1) p.set("page", String(criteria.page));
  return p;
}

export function hasAnyCriterion(
  criteria: Pick<Criteria, "fields" | "yearFrom" | "yearTo" | "near" | "placeId">,
): boolean {
  return (
    criteria.fields.length > 0 ||
    criteria.yearFrom !== undefined ||
    criteria.yearTo !== undefined ||
    criteria.near !== undefined ||
    criteria.placeId !== undefined
  );
}

/** A link to the form's page with `params` (none: the bare path). */
export function pathWith(path: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * What the browser needs to draw a name field: label, modes with their labels, choices. `words` (the `search`
 * catalog) gives the modes' labels in the reader's language; the label is the field's own.
 */
export function fieldInfo(f: ListingField, words?: Words) {
  return {
    name: f.name,
    label: f.label,
    defaultMode: f.defaultMode,
    modes: modeOptions(f.modes, words ? (m) => words(`modes.${m}`) : undefined),
    choices: f.choices ? f.choices.map((c) => ({ value: c.value, label: c.label })) : null,
  };
}

export const fieldFormInfo = (fields: readonly ListingField[], words?: Words) => fields.map((f) => fieldInfo(f, words));
