/**
 * npm run bench:search -- [--records 1000000] [--repeat 10] [--database postgres://…] [--keep path]
 *
 * Builds a temporary database of N demo records, then times a fixed query
 * set per match mode through the real engine (count + first page of 25),
 * beside the same names as a naive LIKE '%…%' scan of the records and a
 * bare indexed lookup (the floor). Prints a table and, as its last line,
 * one JSON object with every figure.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { type Database, openPostgres, openSqlite } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrations.server";
import { seedDemoData } from "../app/demo/seed.server";
import type { MatchMode } from "../app/names/match-modes";
import { getCollection } from "../app/search/collections";
import { parseCriteria } from "../app/search/criteria";
import { searchCollection } from "../app/search/engine.server";
import { intArg, parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const records = intArg(args, "records", 1_000_000);
const repeat = intArg(args, "repeat", 10);
const births = getCollection("stpete-birth")!;
const visitor = { isMember: false };

/** Fixed query set: common, middling and rare names, per mode. */
const QUERIES: Record<string, { mode: MatchMode; params: Record<string, string>[] }> = {
  exact: {
    mode: "exact",
    params: ["Schmidt", "Müller", "Radke", "Kowalski", "Ziebart"].map((s) => ({ surname: s, surnameMode: "exact" })),
  },
  normalized: {
    mode: "normalized",
    params: ["Schmidt", "Muller", "Radke", "Kowalski", "Ziebart"].map((s) => ({
      surname: s,
      surnameMode: "normalized",
    })),
  },
  starts: {
    mode: "starts",
    params: ["Schm", "Mü", "Rad", "Kow", "Zieb"].map((s) => ({ surname: s, surnameMode: "starts" })),
  },
  contains: {
    mode: "contains",
    params: ["chmi", "ller", "adk", "owals", "ebar"].map((s) => ({ surname: s, surnameMode: "contains" })),
  },
  sounds: {
    mode: "sounds",
    params: ["Schmidt", "Miller", "Szulc", "Kowalski", "Ziebart"].map((s) => ({ surname: s })),
  },
  variants: {
    mode: "variants",
    params: ["Johann", "Anna", "Gottlieb", "Katharina", "Wilhelm"].map((s) => ({ givenName: s })),
  },
  "sounds+variants+years": {
    mode: "sounds",
    params: [
      { surname: "Schmidt", givenName: "Johann", yearFrom: "1850", yearTo: "1870" },
      { surname: "Miller", givenName: "Anna", yearFrom: "1840", yearTo: "1860" },
      { surname: "Radke", givenName: "Gottlieb" },
      { surname: "Kowalski", givenName: "Jan", parish: "Zhitomir" },
      { surname: "Ziebart", givenName: "Wilhelm", yearFrom: "1833", yearTo: "1885" },
    ],
  },
};

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), n: s.length };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

async function open(): Promise<{ database: Database; cleanup: () => Promise<void>; where: string }> {
  const url = args.get("database");
  if (url) {
    const database = openPostgres(url);
    return { database, cleanup: () => database.close(), where: database.description };
  }
  const keep = args.get("keep");
  const dir = keep ? path.dirname(path.resolve(keep)) : mkdtempSync(path.join(os.tmpdir(), "metryka-bench-"));
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

const { database, cleanup, where } = await open();
await migrateToLatest(database);
const existing = await database.db
  .selectFrom("records")
  .select((eb) => eb.fn.countAll<number>().as("c"))
  .executeTakeFirstOrThrow();
let buildSeconds = 0;
if (Number(existing.c) < records) {
  console.log(`Building ${records.toLocaleString("en-GB")} demo records in ${where} …`);
  const t0 = performance.now();
  await seedDemoData(database, {
    records: records - Number(existing.c),
    onProgress: (n) => process.stdout.write(`\r  ${n.toLocaleString("en-GB")}`),
  });
  buildSeconds = round((performance.now() - t0) / 1000);
  console.log(`\n  built in ${buildSeconds} s`);
}

const results: Record<string, { engine: ReturnType<typeof stats>; naive: ReturnType<typeof stats> }> = {};
const floorSamples: number[] = [];
const naiveRepeat = Math.max(1, Math.min(repeat, Math.ceil(3_000_000 / Math.max(records, 1))));

for (const [name, set] of Object.entries(QUERIES)) {
  const engineSamples: number[] = [];
  const naiveSamples: number[] = [];
  // One untimed pass warms the caches, as on a running server.
  for (const params of set.params) {
    const { criteria } = parseCriteria(births, new URLSearchParams(params));
    await searchCollection(database, births, criteria, visitor);
  }
  for (let r = 0; r < repeat; r++) {
    for (const params of set.params) {
      const { criteria, errors } = parseCriteria(births, new URLSearchParams(params));
      if (Object.keys(errors).length) throw new Error(JSON.stringify(errors));
      engineSamples.push(await time(() => searchCollection(database, births, criteria, visitor)));
    }
  }
  for (let r = 0; r < naiveRepeat; r++) {
    for (const params of set.params) {
      const needle = (params.surname ?? params.givenName ?? "").toLowerCase();
      naiveSamples.push(
        await time(async () => {
          await sql`select count(*) from records where collection = ${births.code} and lower(data) like ${`%${needle}%`}`.execute(
            database.db,
          );
          await sql`select id, data from records where collection = ${births.code} and lower(data) like ${`%${needle}%`} order by date_sort, id limit 25`.execute(
            database.db,
          );
        }),
      );
    }
  }
  results[name] = { engine: stats(engineSamples), naive: stats(naiveSamples) };
}

for (let r = 0; r < repeat * 5; r++) {
  for (const s of ["schmidt", "müller", "radke", "kowalski", "ziebart"]) {
    floorSamples.push(
      await time(() =>
        database.db
          .selectFrom("name_values")
          .select("id")
          .where("collection", "=", births.code)
          .where("field", "=", "surname")
          .where("value", "=", s)
          .execute(),
      ),
    );
  }
}
const floor = stats(floorSamples);
await cleanup();

console.log(
  `\nSearch benchmark: ${records.toLocaleString("en-GB")} records, ${database.kind}, ms per search (count + first page)`,
);
console.log("mode                     engine p50  engine p95   naive p50   naive p95");
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(24)} ${String(r.engine.p50).padStart(10)}  ${String(r.engine.p95).padStart(10)}  ${String(r.naive.p50).padStart(10)}  ${String(r.naive.p95).padStart(10)}`,
  );
}
console.log(
  `${"indexed lookup (floor)".padEnd(24)} ${String(floor.p50).padStart(10)}  ${String(floor.p95).padStart(10)}`,
);
console.log(JSON.stringify({ records, dialect: database.kind, buildSeconds, repeat, floor, modes: results }));
