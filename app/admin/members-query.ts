import { ROLES, STATUSES } from "./forms";
import { PATHS } from "~/routing/paths";

/**
 * The members table's URL (/members/admin): its whole state is in the query
 * string (a GET form), so a view can be bookmarked and works without
 * JavaScript. Shared by the loader and the page's links.
 */

export const MEMBERS_PATH = PATHS.admin;
export const PER_PAGE_CHOICES = [25, 50, 100] as const;
export const SORT_COLUMNS = ["username", "email", "name", "status", "role", "expiry", "joined"] as const;
export const EXPIRY_FILTERS = ["expired", "soon", "none"] as const;
export const DEFAULT_SORT = "username";
export const MAX_QUERY_LENGTH = 100;
/** Days ahead that count as "expiring soon". */
export const SOON_DAYS = 30;

type SortColumn = (typeof SORT_COLUMNS)[number];
type ExpiryFilter = (typeof EXPIRY_FILTERS)[number];

export interface MembersQuery {
  q: string;
  status: (typeof STATUSES)[number] | null;
  role: (typeof ROLES)[number] | null;
  expiry: ExpiryFilter | null;
  sort: { column: SortColumn; descending: boolean };
  perPage: number;
  page: number;
}

export type MembersParam = "q" | "status" | "role" | "expiry" | "sort" | "perPage" | "page";

export interface ParsedMembersQuery {
  query: MembersQuery;
  /** What was asked, as typed (bounded), to put back in the form. */
  values: Partial<Record<MembersParam, string>>;
  errors: Partial<Record<MembersParam, string>>;
}

const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** A positive whole number written plainly, up to `max`; otherwise undefined. */
export function positiveInt(value: string, max = 1_000_000): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= max ? n : undefined;
}

export function formatSort(sort: MembersQuery["sort"]): string {
  return `${sort.descending ? "-" : ""}${sort.column}`;
}

/** Reads the members table's parameters; never throws, whatever the query string holds. */
export function parseMembersQuery(params: URLSearchParams): ParsedMembersQuery {
  const values: ParsedMembersQuery["values"] = {};
  const errors: ParsedMembersQuery["errors"] = {};
  const read = (name: MembersParam) => {
    const raw = (params.get(name) ?? "").trim();
    if (raw) values[name] = raw.slice(0, 200);
    return raw;
  };

  const q = read("q");
  if (q.length > MAX_QUERY_LENGTH) errors.q = `Search with at most ${MAX_QUERY_LENGTH} characters.`;
  const status = read("status");
  if (status && !includes(STATUSES, status)) errors.status = "Choose a status from the list.";
  const role = read("role");
  if (role && !includes(ROLES, role)) errors.role = "Choose a role from the list.";
  const expiry = read("expiry");
  if (expiry && !includes(EXPIRY_FILTERS, expiry)) errors.expiry = "Choose an expiry filter from the list.";

  const sortText = read("sort") || DEFAULT_SORT;
  const sortColumn = sortText.replace(/^-/, "");
  if (!includes(SORT_COLUMNS, sortColumn)) {
    errors.sort = `Sort by one of: ${SORT_COLUMNS.join(", ")} (with “-” before it for descending).`;
  }

  const perPageText = read("perPage");
  const perPage = perPageText ? positiveInt(perPageText) : PER_PAGE_CHOICES[0];
  if (perPage === undefined || !(PER_PAGE_CHOICES as readonly number[]).includes(perPage)) {
    errors.perPage = `Show ${PER_PAGE_CHOICES.join(", ")} members per page.`;
  }
  const pageText = read("page");
  const page = pageText ? positiveInt(pageText) : 1;
  if (page === undefined) errors.page = "The page number must be a whole number from 1.";

  return {
    query: {
      q: errors.q ? "" : q,
      status: status && includes(STATUSES, status) ? status : null,
      role: role && includes(ROLES, role) ? role : null,
      expiry: expiry && includes(EXPIRY_FILTERS, expiry) ? expiry : null,
      sort: {
        column: includes(SORT_COLUMNS, sortColumn) ? sortColumn : DEFAULT_SORT,
        descending: sortText.startsWith("-"),
      },
      perPage: errors.perPage ? PER_PAGE_CHOICES[0] : (perPage ?? PER_PAGE_CHOICES[0]),
      page: page ?? 1,
    },
    values,
    errors,
  };
}

/** `text` for a LIKE pattern that matches it literally anywhere (with `escape '\'`). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The query string of a view, without defaults, for links that change one thing. */
export function membersQueryString(query: MembersQuery, change: Partial<MembersQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.status) params.set("status", next.status);
  if (next.role) params.set("role", next.role);
  if (next.expiry) params.set("expiry", next.expiry);
  const sort = formatSort(next.sort);
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  if (next.perPage !== PER_PAGE_CHOICES[0]) params.set("perPage", String(next.perPage));
  if (next.page > 1) params.set("page", String(next.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
