import type { HeadersFunction } from "@remix-run/node";
import { DEFAULT_EXPORTS_PER_MINUTE, DEFAULT_SEARCHES_PER_MINUTE, perMinuteLimit } from "~/config/search-limits";
import { ACCOUNT_HELP_LIMIT_WINDOW_MS, API_LIMIT_WINDOW_MS, SIGN_UP_LIMIT_WINDOW_MS } from "~/config/timing";
import type { Database } from "~/db/connection.server";
import { getDatabase } from "~/db/current.server";

/**
 * Request rate limits per client address (issue 13, decision 0037): a fixed window counted in the database, so
 * every instance on one PostgreSQL shares the count. The sign-in throttle (throttle.server.ts) is separate: it
 * counts failures per account as well and locks for longer and longer.
 *
 * The limits are far above what a person does (a page view refreshes the token once; nobody signs up ten times an
 * hour) and far below what a script hammering the site does. Searches and exports per minute are set by
 * RATE_LIMIT_SEARCHES_PER_MINUTE and RATE_LIMIT_EXPORTS_PER_MINUTE, read when counted (0: no limit; the test
 * servers and the unit tests turn the search limit off, since they search from one address far faster than a
 * person).
 */
export const RATE_LIMITS = {
  /** Sign-up forms that passed their checks (each may send an e-mail and costs a password hash). */
  signUp: { max: 10, windowMs: SIGN_UP_LIMIT_WINDOW_MS },
  /** Forgotten password or username, and setting a new password from an e-mail link (each may send an e-mail). */
  accountHelp: { max: 20, windowMs: ACCOUNT_HELP_LIMIT_WINDOW_MS },
  /** Token refreshes that present a refresh cookie (the browser refreshes once per page and every 5 minutes). */
  refresh: { max: 300, windowMs: API_LIMIT_WINDOW_MS },
  /** The token API for scripts: sign-in and "who am I". */
  tokenApi: { max: 60, windowMs: API_LIMIT_WINDOW_MS },
  /** CSV and GEDCOM exports (each reads up to a whole result list). */
  exports: {
    get max() {
      return perMinuteLimit(process.env, "exports", DEFAULT_EXPORTS_PER_MINUTE);
    },
    windowMs: API_LIMIT_WINDOW_MS,
  },
  /**
   * Search pages (a collection's, and all records'): two a second for a whole minute, which nobody paging through
   * results reaches. Counted in the process's memory, not the database: a search must not write (it would wait
   * for SQLite's write lock behind an import), so each instance counts its own.
   */
  searches: {
    get max() {
      return perMinuteLimit(process.env, "searches", DEFAULT_SEARCHES_PER_MINUTE);
    },
    windowMs: API_LIMIT_WINDOW_MS,
    inMemory: true,
  },
} satisfies Record<string, { max: number; windowMs: number; inMemory?: boolean }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Counts one request against a limit and says how many seconds the client must wait (0: go ahead). One upsert, so
 * two instances counting at the same moment cannot both start a fresh window and lose a hit.
 */
export async function hitRateLimit(
  database: Database,
  name: RateLimitName,
  clientKey: string,
  now = Date.now(),
): Promise<number> {
  const limit: { max: number; windowMs: number; inMemory?: boolean } = RATE_LIMITS[name];
  const { max, windowMs } = limit;
  if (max === 0) return 0;
  if (limit.inMemory) return memoryWindows.hit(`${name}:${clientKey}`, max, windowMs, now);
  const stale = iso(now - windowMs);
  const row = await database.db
    .insertInto("rate_limits")
    .values({ key: `${name}:${clientKey}`, window_started_at: iso(now), hits: 1 })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        hits: eb
          .case()
          .when("rate_limits.window_started_at", "<=", stale)
          .then(1)
          .else(eb("rate_limits.hits", "+", 1))
          .end(),
        window_started_at: eb
          .case()
          .when("rate_limits.window_started_at", "<=", stale)
          .then(iso(now))
          .else(eb.ref("rate_limits.window_started_at"))
          .end(),
      })),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();
  if (Number(row.hits) <= max) return 0;
  return Math.max(1, Math.ceil((Date.parse(row.window_started_at) + windowMs - now) / 1000));
}

/**
 * Fixed windows counted in memory, for the limits the database must not count. Windows that ended are dropped
 * once there are more than MEMORY_WINDOWS_PRUNE_AT of them, so a scan from many addresses cannot grow it for good.
 */
class MemoryWindows {
  readonly #windows = new Map<string, { startedAt: number; hits: number }>();

  hit(key: string, max: number, windowMs: number, now: number): number {
    let w = this.#windows.get(key);
    if (!w || w.startedAt <= now - windowMs) {
      if (!w && this.#windows.size >= MEMORY_WINDOWS_PRUNE_AT) this.#prune(now, windowMs);
      w = { startedAt: now, hits: 0 };
      this.#windows.set(key, w);
    }
    w.hits++;
    if (w.hits <= max) return 0;
    return Math.max(1, Math.ceil((w.startedAt + windowMs - now) / 1000));
  }

  #prune(now: number, windowMs: number): void {
    for (const [key, w] of this.#windows) if (w.startedAt <= now - windowMs) this.#windows.delete(key);
  }
}

const MEMORY_WINDOWS_PRUNE_AT = 10_000;
const memoryWindows = new MemoryWindows();

/** The message of a 429, for a page or a JSON error. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const wait =
    retryAfterSeconds >= 120 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} seconds`;
  return `Too many requests from your address. Please wait ${wait} and try again.`;
}

/**
 * The guard form (throws): a 429 with Retry-After when the client is over the limit. Plain text, or JSON for the
 * token API, whose callers read an `error` field.
 */
export async function requireWithinRateLimit(
  database: Database,
  name: RateLimitName,
  clientIp: string,
  opts: { json?: boolean } = {},
): Promise<void> {
  const retryAfter = await hitRateLimit(database, name, clientIp || "unknown");
  if (retryAfter === 0) return;
  const message = rateLimitMessage(retryAfter);
  throw new Response(opts.json ? JSON.stringify({ error: message }) : message, {
    status: 429,
    statusText: "Too Many Requests",
    headers: {
      "Content-Type": opts.json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(retryAfter),
    },
  });
}

/** The guard for a route: counts the request against the site's database. */
export async function limitRequest(
  name: RateLimitName,
  clientIp: string,
  opts: { json?: boolean } = {},
): Promise<void> {
  await requireWithinRateLimit(await getDatabase(), name, clientIp, opts);
}

/**
 * The response headers of a page whose action is rate limited: Remix leaves a thrown response's headers off the
 * error page it renders unless the route passes them on, and a 429 must say when to try again.
 */
export const rateLimitedPageHeaders: HeadersFunction = ({ errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
