import { PERSON_USER_AGENT, postgresAdminUrl } from "./server";

/**
 * What the resource tests of issue 26 share (http-tests/query-resources.test.ts, http-tests/tree-resources.test.ts)
 * and the benchmarks that measure the same load (`npm run bench:queries`, `npm run bench:tree`): watchers that ask
 * for light pages again and again while heavy work runs, and time each answer.
 */

/** The longest a watched page may take while the heavy work runs (issue 26: "within 500 ms throughout"). */
export const RESOURCE_BOUND_MS = 500;

/** The databases a resource test runs on: SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const resourceKinds: ("sqlite" | "postgres")[] = postgresAdminUrl ? ["sqlite", "postgres"] : ["sqlite"];

export interface Answer {
  what: string;
  status: number;
  ms: number;
  body: string;
  /** When it was asked, in ms from the start of the watch (or of the process, outside one). */
  atMs: number;
}

let watchStart = 0;

/** One request, timed; a connection the server dropped (an old build stalled past Node's timeouts) is status 0. */
export async function timed(what: string, url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const started = performance.now();
  const atMs = started - watchStart;
  try {
    const response = await fetch(url, { headers: { "User-Agent": PERSON_USER_AGENT, ...headers } });
    const body = await response.text();
    return { what, status: response.status, ms: performance.now() - started, body, atMs };
  } catch (error) {
    return { what, status: 0, ms: performance.now() - started, body: String(error), atMs };
  }
}

export interface Watched<T> {
  result: T;
  elapsedMs: number;
  /** Every answer of the watchers, in order, without their bodies. */
  waits: Answer[];
}

/**
 * Runs `work` while asking for each of `paths` again and again, one at a time each with `pauseMs` between an answer
 * and the next ask, and times every answer.
 */
export async function watchWhile<T>(
  base: string,
  paths: string[],
  work: () => Promise<T>,
  { pauseMs = 100 }: { pauseMs?: number } = {},
): Promise<Watched<T>> {
  let running = true;
  const waits: Answer[] = [];
  const started = performance.now();
  watchStart = started;
  const watchers = paths.map(async (path) => {
    while (running) {
      waits.push({ ...(await timed(path, base + path)), body: "" });
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  });
  try {
    const result = await work();
    return { result, elapsedMs: performance.now() - started, waits };
  } finally {
    running = false;
    await Promise.all(watchers);
  }
}

/** The slowest answer to `path` among the watchers', in whole milliseconds. */
export function slowest(waits: readonly Answer[], path: string): number {
  return Math.round(waits.reduce((max, w) => (w.what === path && w.ms > max ? w.ms : max), 0));
}

/** A line for an assertion's message: how long the work took and the slowest answer of each watched path. */
export function watchSummary(fields: Record<string, unknown>, waits: readonly Answer[], paths: string[]): string {
  return JSON.stringify({
    ...fields,
    slowest: Object.fromEntries(paths.map((p) => [p, slowest(waits, p)])),
    asked: waits.length,
    // The eight slowest answers and when they came (ms from the start): whether they bunch at the start, the end
    // or come throughout.
    slow: [...waits]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .sort((a, b) => a.atMs - b.atMs)
      .map((w) => `${w.what}@${Math.round(w.atMs)}:${Math.round(w.ms)}`),
  });
}
