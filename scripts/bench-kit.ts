/**
 * What the database benchmarks (bench:search, bench:places) share: percentiles of timed samples, and the database
 * they run on (PostgreSQL given by --database, or an SQLite file: throwaway, or kept with --keep FILE).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type Database, type OpenOptions, openPostgres, openSqlite } from "../app/db/connection.server";
import { intArg } from "./args";

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

export const round = (n: number) => Math.round(n * 1000) / 1000;

export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), n: s.length };
}

/** Milliseconds `fn` took. */
export async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export async function openBenchDatabase(
  args: ReadonlyMap<string, string>,
  tempPrefix: string,
  options: OpenOptions = {},
): Promise<{ database: Database; cleanup: () => Promise<void>; where: string }> {
  const url = args.get("database");
  if (url) {
    const database = openPostgres(url, options);
    return { database, cleanup: () => database.close(), where: database.description };
  }
  const keep = args.get("keep");
  const dir = keep ? path.dirname(path.resolve(keep)) : mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  const file = keep ? path.resolve(keep) : path.join(dir, "bench.sqlite");
  const database = openSqlite(file, options);
  return {
    database,
    where: file,
    cleanup: async () => {
      await database.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How a benchmark's server was asked to size its heap, for the JSON line. */
export interface ServerHeapChoice {
  /** V8's --heap-growing-percent, or the site's own setting (app/server/heap-settings.ts). */
  growingPercent: number | "site";
  /** V8's --max-semi-space-size in MB (half the young generation), or V8's own. */
  semiSpaceMb: number | "v8";
}

/**
 * V8 heap options for the server under test, to compare with the site's own (decision 0052):
 * `--heap-growing-percent N` (0: V8's own factor) and `--semi-space-mb N`.
 */
export function serverHeapArgs(args: Map<string, string>): { nodeArgs: string[]; heap: ServerHeapChoice } {
  const growing = args.has("heap-growing-percent") ? intArg(args, "heap-growing-percent", 0) : undefined;
  const semiSpace = args.has("semi-space-mb") ? intArg(args, "semi-space-mb", 0) : undefined;
  return {
    nodeArgs: [
      ...(growing === undefined ? [] : [`--heap-growing-percent=${growing}`]),
      ...(semiSpace === undefined ? [] : [`--max-semi-space-size=${semiSpace}`]),
    ],
    heap: { growingPercent: growing ?? "site", semiSpaceMb: semiSpace ?? "v8" },
  };
}

/**
 * The first St. Petersburg birth record a page links to, as its plain path: a result's link also carries the
 * search it was found by (`?q=`), which the benchmarks and tests asking for the record leave off.
 */
export function firstRecordPath(html: string): string | undefined {
  return /href="(\/stpete\/birth\/record\/\d+)[?"]/.exec(html)?.[1];
}
