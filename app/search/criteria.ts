import { z } from "zod/v4";
import { type CollectionDef, MATCH_MODES, type MatchMode, type SearchField, sortableFields } from "./collections";

/**
 * Search criteria live in the URL (bookmarkable, shareable, no JavaScript
 * needed). Parameter names are the same for every collection: each field by
 * its camelCase name, its mode as `<field>Mode`, plus yearFrom, yearTo, page,
 * perPage and sort (`sort=year,-surname`). Unknown parameters are ignored.
 */

export const MAX_VALUE_LENGTH = 100;
export const PER_PAGE_CHOICES = [10, 25, 50] as const;
export type PerPage = (typeof PER_PAGE_CHOICES)[number];
export const DEFAULT_PER_PAGE: PerPage = 25;
export const MIN_YEAR = 1500;
export const MAX_YEAR = 2100;
/** Page numbers beyond this are refused outright rather than computed. */
export const MAX_PAGE = 100_000;

export interface FieldCriterion {
  field: SearchField;
  value: string;
  mode: MatchMode;
}

export interface SortKey {
  field: string;
  descending: boolean;
}

export interface Criteria {
  fields: FieldCriterion[];
  yearFrom?: number;
  yearTo?: number;
  page: number;
  perPage: PerPage;
  sort: SortKey[];
}

export interface ParsedCriteria {
  criteria: Criteria;
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

export const pageSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, { error: "The page must be a whole number." })
  .transform(Number)
  .pipe(z.number().min(1, { error: "Pages start at 1." }).max(MAX_PAGE, { error: "That page number is too large." }));

export const perPageSchema = z
  .string()
  .trim()
  .transform(Number)
  .pipe(
    z.union(
      PER_PAGE_CHOICES.map((n) => z.literal(n)),
      { error: `Show ${PER_PAGE_CHOICES.join(", ")} results per page.` },
    ),
  );

const modeSchema = z.enum(MATCH_MODES);

export function firstIssue(result: { error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? "This value is not valid.";
}

/** Reads one parameter, tolerating repeats (the first wins) and absent values. */
export function param(params: URLSearchParams, name: string): string | undefined {
  const v = params.get(name);
  return v === null ? undefined : v;
}

export function parseCriteria(collection: CollectionDef, params: URLSearchParams): ParsedCriteria {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const fields: FieldCriterion[] = [];

  for (const field of collection.searchFields) {
    const raw = param(params, field.name);
    const rawMode = param(params, `${field.name}Mode`);
    let mode = field.defaultMode;
    if (rawMode !== undefined && rawMode !== "") {
      values[`${field.name}Mode`] = rawMode.slice(0, MAX_VALUE_LENGTH);
      const parsedMode = modeSchema.safeParse(rawMode);
      if (!parsedMode.success || !field.modes.includes(parsedMode.data)) {
        errors[`${field.name}Mode`] = `Choose one of the listed ways to match the ${field.label.toLowerCase()}.`;
      } else {
        mode = parsedMode.data;
      }
    }
    if (raw === undefined) continue;
    values[field.name] = raw.slice(0, 2 * MAX_VALUE_LENGTH);
    const parsed = valueSchema.safeParse(raw);
    if (!parsed.success) {
      errors[field.name] = firstIssue(parsed);
      continue;
    }
    if (parsed.data === "") continue;
    if (field.choices && !field.choices.some((c) => c.value === parsed.data)) {
      errors[field.name] = `Choose one of the listed ${field.label.toLowerCase()}s.`;
      continue;
    }
    if (!/[\p{L}\p{N}]/u.test(parsed.data)) {
      errors[field.name] = "Enter at least one letter.";
      continue;
    }
    fields.push({ field, value: parsed.data, mode });
  }

  const years: { yearFrom?: number; yearTo?: number } = {};
  for (const name of ["yearFrom", "yearTo"] as const) {
    const raw = param(params, name);
    if (raw === undefined || raw.trim() === "") continue;
    values[name] = raw.slice(0, 2 * MAX_VALUE_LENGTH);
    const parsed = yearSchema.safeParse(raw);
    if (parsed.success) years[name] = parsed.data;
    else errors[name] = firstIssue(parsed);
  }
  if (years.yearFrom !== undefined && years.yearTo !== undefined && years.yearFrom > years.yearTo) {
    errors.yearTo = "The end year must not be before the start year.";
  }

  let page = 1;
  const rawPage = param(params, "page");
  if (rawPage !== undefined && rawPage.trim() !== "") {
    const parsed = pageSchema.safeParse(rawPage);
    if (parsed.success) page = parsed.data;
    else errors.page = firstIssue(parsed);
  }

  let perPage: PerPage = DEFAULT_PER_PAGE;
  const rawPerPage = param(params, "perPage");
  if (rawPerPage !== undefined && rawPerPage.trim() !== "") {
    values.perPage = rawPerPage.slice(0, MAX_VALUE_LENGTH);
    const parsed = perPageSchema.safeParse(rawPerPage);
    if (parsed.success) perPage = parsed.data as PerPage;
    else errors.perPage = firstIssue(parsed);
  }

  const sortable = sortableFields(collection);
  let sort: SortKey[] = collection.defaultSort.map((f) => ({ field: f, descending: false }));
  const rawSort = param(params, "sort");
  if (rawSort !== undefined && rawSort.trim() !== "") {
    values.sort = rawSort.slice(0, 2 * MAX_VALUE_LENGTH);
    const parsed = parseSort(rawSort, sortable);
    if (typeof parsed === "string") errors.sort = parsed;
    else sort = parsed;
  }

  return {
    criteria: { fields, ...years, page, perPage, sort },
    errors,
    values,
  };
}

export function parseSort(raw: string, sortable: ReadonlyMap<string, unknown>): SortKey[] | string {
  if (raw.length > MAX_VALUE_LENGTH) return "That sort order is too long.";
  const keys: SortKey[] = [];
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (!item) continue;
    const descending = item.startsWith("-");
    const name = descending ? item.slice(1) : item;
    if (!sortable.has(name)) {
      return `Results cannot be sorted by “${name.slice(0, 40)}”. Sort by ${[...sortable.keys()].join(", ")}.`;
    }
    if (keys.some((k) => k.field === name)) continue;
    keys.push({ field: name, descending });
  }
  return keys.length ? keys : "Choose a column to sort by.";
}

/** The URL parameters that express the criteria (defaults left out, so URLs stay short). */
export function criteriaToParams(
  criteria: Pick<Criteria, "fields" | "yearFrom" | "yearTo"> & Partial<Criteria>,
  collection: CollectionDef,
): URLSearchParams {
  const p = new URLSearchParams();
  for (const c of criteria.fields) {
    p.set(c.field.name, c.value);
    if (c.mode !== c.field.defaultMode) p.set(`${c.field.name}Mode`, c.mode);
  }
  if (criteria.yearFrom !== undefined) p.set("yearFrom", String(criteria.yearFrom));
  if (criteria.yearTo !== undefined) p.set("yearTo", String(criteria.yearTo));
  if (criteria.sort && formatSort(criteria.sort) !== collection.defaultSort.join(",")) {
    p.set("sort", formatSort(criteria.sort));
  }
  if (criteria.perPage && criteria.perPage !== DEFAULT_PER_PAGE) p.set("perPage", String(criteria.perPage));
  if (criteria.page && criteria.page > 1) p.set("page", String(criteria.page));
  return p;
}

export function formatSort(sort: readonly SortKey[]): string {
  return sort.map((k) => `${k.descending ? "-" : ""}${k.field}`).join(",");
}

export function hasAnyCriterion(criteria: Criteria): boolean {
  return criteria.fields.length > 0 || criteria.yearFrom !== undefined || criteria.yearTo !== undefined;
}
