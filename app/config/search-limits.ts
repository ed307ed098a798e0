/**
 * How much one search may cost and how often a client may search or export (issue 26, decision 0055). Read from
 * the environment so tests and large installations can move them; relative imports only, like uploads.ts.
 */

/**
 * Postings a search of several terms may read (the engine's estimate, before it reads any). The probe's five
 * one-letter terms read about 220,000 at the default 134,000 demo records, in 0.3 s; 1,000,000 is about 1.5 s of
 * the server's thread on SQLite.
 */
export const DEFAULT_SEARCH_MAX_POSTINGS = 1_000_000;

export function searchMaxPostings(env: Partial<Record<string, string>>): number {
  const n = Number(env.SEARCH_MAX_POSTINGS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_SEARCH_MAX_POSTINGS;
}

/** Searches per client address and minute unless RATE_LIMIT_SEARCHES_PER_MINUTE says otherwise. */
export const DEFAULT_SEARCHES_PER_MINUTE = 120;
/** Exports per client address and minute unless RATE_LIMIT_EXPORTS_PER_MINUTE says otherwise. */
export const DEFAULT_EXPORTS_PER_MINUTE = 30;

/**
 * Requests per client address and minute for one rate limit, from `RATE_LIMIT_<NAME>_PER_MINUTE` (e.g.
 * RATE_LIMIT_SEARCHES_PER_MINUTE); `0` turns the limit off (the test servers, which search from one address far
 * faster than a person).
 */
export function perMinuteLimit(env: Partial<Record<string, string>>, name: string, fallback: number): number {
  const raw = env[`RATE_LIMIT_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}_PER_MINUTE`];
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
}
