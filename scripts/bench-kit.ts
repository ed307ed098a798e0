/**
 * What the database benchmarks (bench:search, bench:places) share: percentiles of timed samples, and the database
 * they run on (PostgreSQL given by --database, or an SQLite file: throwaway, or kept with --keep FILE).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type Database, openPostgres, openSqlite } from "../app/db/connection.server";

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
): Promise<{ database: Database; cleanup: () => Promise<void>; where: string }> {
  const url = args.get("database");
  if (url) {
    const database = openPostgres(url);
    return { database, cleanup: () => database.close(), where: database.description };
  }
  const keep = args.get("keep");
  const dir = keep ? path.dirname(path.resolve(keep)) : mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  const file = keep ? path.resolve(keep) : path.join(dir, "bench.sqlite");
  const database = openSqlite(file);
  return {
    database,
    where: file,
    cleanup: async () => {
      await database.close();
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
