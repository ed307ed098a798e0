import { z } from "zod/v4";
import { type Messages, DEFAULT_PER_PAGE, MAX_VALUE_LENGTH, type PerPage, ParamReader } from "~/listing/params";
import { type SortKey, formatSort, parseSort } from "~/listing/sort";
import { RESEARCH_SURNAME_MODES, isMatchMode, modeOptions } from "~/names/match-modes";
import { PATHS } from "~/routing/paths";
import type { SurnameMode } from "~/auth/directory-names";

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
  errors: Messages;
  values: Record<string, string>;
}

const nameSchema = z
  .string()
  .trim()
  .max(MAX_VALUE_LENGTH, { error: `Please use at most ${MAX_VALUE_LENGTH} characters.` })
  .refine((s) => s === "" || /[\p{L}]/u.test(s), { error: "Enter at least one letter." });

// Member numbers are printed as "No. 42" ("Nr. 42", "Nr 42", "№ 42" in the other languages); people copy them with
// or without the prefix.
const numberSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/^(?:no\.?|nr\.?|№|#)\s*/i, ""))
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
  const read = new ParamReader(params);
  const criteria: DirectoryCriteria = { page: 1, perPage: DEFAULT_PER_PAGE, sort: DEFAULT_SORT };

  criteria.number = read.parse("number", numberSchema);
  for (const name of TEXT_FIELDS) criteria[name] = read.parse(name, nameSchema);
  criteria.email = read.parse("email", emailSchema);

  let mode = DEFAULT_SURNAME_MODE;
  const rawMode = read.typed("researchMode");
  if (rawMode !== undefined) {
    if (isMatchMode(RESEARCH_SURNAME_MODES, rawMode)) mode = rawMode;
    else read.fail("researchMode", "Choose one of the listed ways to match the surname.");
  }
  const research = read.parse("research", nameSchema);
  if (research !== undefined) criteria.research = { value: research, mode };

  criteria.page = read.page();
  criteria.perPage = read.perPage();
  const rawSort = read.typed("sort");
  if (rawSort !== undefined) {
    const parsed = parseSort(rawSort, DIRECTORY_SORTS.keys());
    if (typeof parsed === "string") read.fail("sort", parsed);
    else criteria.sort = parsed;
  }
  return { criteria, errors: read.errors, values: read.values };
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

export const SURNAME_MODE_OPTIONS = modeOptions(RESEARCH_SURNAME_MODES);

/**
 * How a member number is written in English, so that what is shown can be typed back; the pages write it in their
 * language with the `members` catalog's `memberNumber`, whose prefixes the number field also takes.
 */
export function formatMemberNumber(id: number): string {
  return `No. ${id}`;
}
