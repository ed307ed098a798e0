import { getCollection } from "~/search/collections";
import { PERSON_USER_AGENT } from "./server";

/**
 * The load of issue 26's probe, shared by http-tests/query-resources.test.ts and `npm run bench:queries`: the four
 * broad searches (one letter "contains" in five fields, letters a, e, i, o), administrators' exports of a whole
 * collection, and watchers that ask for light pages throughout and time each answer.
 */
export const births = getCollection("stpete-birth")!;
export const PROBE_LETTERS = ["a", "e", "i", "o"] as const;
const PROBE_FIELDS = ["surname", "givenName", "place", "fatherGivenName", "motherGivenName"];
/** How often each watcher asks, besides waiting for its answer. */
const WATCH_PAUSE_MS = 100;

export function probeSearchPath(letter: string): string {
  return `${births.basePath}/search?${PROBE_FIELDS.map((f) => `${f}=${letter}&${f}Mode=contains`).join("&")}`;
}

export interface Answer {
  what: string;
  status: number;
  ms: number;
  body: string;
}

/** One request, timed; a connection the server dropped (an old build stalled past Node's timeouts) is status 0. */
async function timed(what: string, url: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { "User-Agent": PERSON_USER_AGENT, ...headers } });
    const body = await response.text();
    return { what, status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    return { what, status: 0, ms: performance.now() - started, body: String(error) };
  }
}

export const probeSearch = (base: string, letter: string) =>
  timed(`search ${letter}`, base + probeSearchPath(letter), {});

export const adminExport = (base: string, cookie: string) =>
  timed("export", `${base}/members/admin/exports/${births.id}`, { Cookie: cookie });

export interface Watched<T> {
  result: T;
  elapsedMs: number;
  /** Every answer of the watchers, in order. */
  waits: Answer[];
}

/** Runs `work` while asking for each of `paths` again and again, one at a time each, and times every answer. */
export async function watchWhile<T>(base: string, paths: string[], work: () => Promise<T>): Promise<Watched<T>> {
  let running = true;
  const waits: Answer[] = [];
  const watchers = paths.map(async (path) => {
    while (running) {
      waits.push(await timed(path, base + path, {}));
      await new Promise((r) => setTimeout(r, WATCH_PAUSE_MS));
    }
  });
  const started = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - started;
  running = false;
  await Promise.all(watchers);
  return { result, elapsedMs, waits };
}

/** The slowest answer to `path` among the watchers', in whole milliseconds. */
export function slowest(waits: readonly Answer[], path: string): number {
  return Math.round(waits.reduce((max, w) => (w.what === path && w.ms > max ? w.ms : max), 0));
}
