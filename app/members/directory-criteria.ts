import { z } from "zod/v4";
import { PATHS } from "~/routing/paths";
import { MATCH_MODE_LABELS } from "~/search/collections";
import {
  DEFAULT_PER_PAGE,
  MAX_VALUE_LENGTH,
  type PerPage,
  type SortKey,
  firstIssue,
  formatSort,
  pageSchema,
  param,
  parseSort,
  perPageSchema,
} from "~/search/criteria";
import { SURNAME_MODES, type SurnameMode } from "./directory-names";

/**
 * The member directory's URL parameters (a GET form, decision 0004):
 * number (the member number), surname, givenName, email, research with
 * researchMode, place, sort, perPage, page. Messages by field, typed values
 * kept, never an exception.
 */

export const DIRECTORY_PATH = PATHS.directory;

export const DEFAULT_SURNAME_MODE: SurnameMode = "sounds";

export const DIRECTORY_SORTS = new Map([
  ["surname", "Name"],
  ["number", "Member number"],
]);
const DEFAULT_SORT: SortKey[] = [{ field: "surname", descending: false }];

export interface DirectoryCriteria {
  number?: number;
  surname?: string;
  givenName?: string;
  email?: string;
  research?: { value: string; mode: SurnameMode };
  place?: string;
  page: number;
  perPage: PerPage;
  sort: SortKey[];
}

export interface ParsedDirectoryCriteria {
  criteria: DirectoryCriteria;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const nameSchema = z
  .string()
  .trim()
  .max(MAX_VALUE_LENGTH, { error: `Please use at most ${MAX_VALUE_LENGTH} characters.` })
  .refine((s) => s === "" || /[\p{L}]/u.test(s), { error: "Enter at least one letter." });

// Member numbers are printed as "No. 42"; people copy them with or without the prefix.
const numberSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/^(?:no\.?|#)\s*/i, ""))
  .pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, { error: "A member number is a whole number, for example 42." })
      .transform(Number)
      .pipe(z.number().min(1, { error: "Member numbers start at 1." })),
  );

// The whole address only: the directory answers "is this member listed?", it is no way to collect addresses.
const emailSchema = z
  .string()
  .trim()
  .max(254, { error: "An e-mail address has at most 254 characters." })
  .regex(/^[^\s@]+@[^\s@]+$/, { error: "Enter the whole e-mail address, for example anna@example.org." });

const TEXT_FIELDS = ["surname", "givenName", "place"] as const;

export function parseDirectoryCriteria(params: URLSearchParams): ParsedDirectoryCriteria {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const criteria: DirectoryCriteria = { page: 1, perPage: DEFAULT_PER_PAGE, sort: DEFAULT_SORT };
  const keep = (name: string) => {
    const raw = param(params, name);
    if (raw !== undefined) values[name] = raw.slice(0, 2 * MAX_VALUE_LENGTH);
    return raw !== undefined && raw.trim() !== "" ? raw : undefined;
  };

  const rawNumber = keep("number");
  if (rawNumber !== undefined) {
    const parsed = numberSchema.safeParse(rawNumber);
    if (parsed.success) criteria.number = parsed.data;
    else errors.number = firstIssue(parsed);
  }
  for (const name of TEXT_FIELDS) {
    const raw = keep(name);
    if (raw === undefined) continue;
    const parsed = nameSchema.safeParse(raw);
    if (parsed.success) criteria[name] = parsed.data;
    else errors[name] = firstIssue(parsed);
  }
  const rawEmail = keep("email");
  if (rawEmail !== undefined) {
    const parsed = emailSchema.safeParse(rawEmail);
    if (parsed.success) criteria.email = parsed.data;
    else errors.email = firstIssue(parsed);
  }

  let mode = DEFAULT_SURNAME_MODE;
  const rawMode = keep("researchMode");
  if (rawMode !== undefined) {
    if ((SURNAME_MODES as readonly string[]).includes(rawMode)) mode = rawMode as SurnameMode;
    else errors.researchMode = "Choose one of the listed ways to match the surname.";
  }
  const rawResearch = keep("research");
  if (rawResearch !== undefined) {
    const parsed = nameSchema.safeParse(rawResearch);
    if (parsed.success) criteria.research = { value: parsed.data, mode };
    else errors.research = firstIssue(parsed);
  }

  const rawPage = param(params, "page");
  if (rawPage !== undefined && rawPage.trim() !== "") {
    const parsed = pageSchema.safeParse(rawPage);
    if (parsed.success) criteria.page = parsed.data;
    else errors.page = firstIssue(parsed);
  }
  const rawPerPage = keep("perPage");
  if (rawPerPage !== undefined) {
    const parsed = perPageSchema.safeParse(rawPerPage);
    if (parsed.success) criteria.perPage = parsed.data as PerPage;
    else errors.perPage = firstIssue(parsed);
  }
  const rawSort = keep("sort");
  if (rawSort !== undefined) {
    const parsed = parseSort(rawSort, DIRECTORY_SORTS);
    if (typeof parsed === "string") errors.sort = parsed;
    else criteria.sort = parsed;
  }
  return { criteria, errors, values };
}

export function hasAnyDirectoryCriterion(c: DirectoryCriteria): boolean {
  return !!(c.number || c.surname || c.givenName || c.email || c.research || c.place);
}

/** The URL parameters of the criteria, defaults left out. */
export function directoryCriteriaToParams(c: Partial<DirectoryCriteria>): URLSearchParams {
  const p = new URLSearchParams();
  if (c.number) p.set("number", String(c.number));
  if (c.surname) p.set("surname", c.surname);
  if (c.givenName) p.set("givenName", c.givenName);
  if (c.email) p.set("email", c.email);
  if (c.research) {
    p.set("research", c.research.value);
    if (c.research.mode !== DEFAULT_SURNAME_MODE) p.set("researchMode", c.research.mode);
  }
  if (c.place) p.set("place", c.place);
  if (c.sort && formatSort(c.sort) !== formatSort(DEFAULT_SORT)) p.set("sort", formatSort(c.sort));
  if (c.perPage && c.perPage !== DEFAULT_PER_PAGE) p.set("perPage", String(c.perPage));
  if (c.page && c.page > 1) p.set("page", String(c.page));
  return p;
}

export const SURNAME_MODE_OPTIONS = SURNAME_MODES.map((m) => ({ value: m, label: MATCH_MODE_LABELS[m] }));

/** How a member number is written wherever it is shown, so that what is shown can be typed back. */
export function formatMemberNumber(id: number): string {
  return `No. ${id}`;
}
