/**
 * npm run bench:search -- [--records 1000000] [--repeat 10] [--database postgres://…] [--keep path]
 *                          [--only exact,parents] [--naive-queries 1] [--no-build] [--batch 100000]
 *                          [--build-cache-mb 1024] [--no-signatures] [--orders relevance,year]
 *
 * Builds a temporary database of N demo records (St. Petersburg records; the
 * other demo sets follow in their shares), then times a fixed query set per
 * match mode and a set of combined searches (a name with years and parish,
 * parents' names, a couple) through the real engine (count + first page of
 * 25), beside the same names as a naive LIKE '%…%' scan of the records and a
 * bare indexed lookup (the floor), and the counts alone of very common names.
 * Each set is timed in best-match order (`sort=relevance`, the default once a name is given; the row named as the
 * set) and in date order (the row "… by date"), unless --orders names one of them.
 * The generator streams into the importer, so the build's memory stays flat;
 * its peak RSS, time and the database's size are printed. With --keep the
 * database stays and a second run times it without building again (the build
 * time is kept in app_meta). Prints a table and, as its last line, one JSON
 * object with every figure.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { migrateToLatest } from "../app/db/migrations.server";
import { seedDemoData } from "../app/demo/seed.server";
import { getCollection } from "../app/search/collections";
import { SEARCH_QUERY_SET as QUERIES } from "../app/search/query-set";
import { parseCriteria } from "../app/search/criteria";
import { countMatches, searchCollection } from "../app/search/engine.server";
import { StatementLog } from "../app/db/statement-log.server";
import { intArg, parseArgs } from "./args";
import { openBenchDatabase, round, stats, time } from "./bench-kit";

const args = parseArgs(process.argv.slice(2));
const records = intArg(args, "records", 1_000_000);
const repeat = intArg(args, "repeat", 10);
const births = getCollection("stpete-birth")!;
const visitor = { isMember: false };
/** --no-signatures times the engine as it was before decision 0046 (every name by lookups), on the same database. */
const tuning = { signatures: !args.has("no-signatures") };

/** The commonest names alone: the count a visitor sees first (and the cost of counting them). */
const COMMON_COUNTS: { label: string; params: Record<string, string> }[] = [
  { label: "Schmidt sounds-like", params: { surname: "Schmidt" } },
  { label: "Schmidt sounds-like, 1850–1870", params: { surname: "Schmidt", yearFrom: "1850", yearTo: "1870" } },
  { label: "Schmidt exact", params: { surname: "Schmidt", surnameMode: "exact" } },
  { label: "Johann variants", params: { givenName: "Johann" } },
  { label: "Anna variants, mother", params: { motherGivenName: "Anna" } },
  { label: "Schmidt + Johann", params: { surname: "Schmidt", givenName: "Johann" } },
];

/** The name-like values of a query, lower-cased: what a naive scan looks for in the record's JSON. */
const NAME_PARAMS = new Set(["yearFrom", "yearTo"]);
const needlesOf = (params: Record<string, string>) =>
  Object.entries(params)
    .filter(([k]) => !NAME_PARAMS.has(k) && !k.endsWith("Mode"))
    .map(([, v]) => v.toLowerCase());

/** The statements each search runs (its round trips on PostgreSQL), counted in the untimed pass. */
const statements = new StatementLog();
const open = () => openBenchDatabase(args, "metryka-bench-", { log: statements.log });

const { database, cleanup, where } = await open();
// A run that only reads (on a database another run is still building) leaves the schema alone.
if (!args.has("no-build")) await migrateToLatest(database);
const existing = await database.db
  .selectFrom("records")
  .select((eb) => eb.fn.countAll<number>().as("c"))
  .executeTakeFirstOrThrow();
const BUILD_KEY = "bench_search_build";
/** Records per write transaction while building: each commit writes every posting page it touched. */
const BUILD_BATCH = intArg(args, "batch", 100_000);
const BUILD_CACHE_MB = intArg(args, "build-cache-mb", 1024);

/** Bytes this process has written to disk so far (Linux); the build's write amplification. */
function bytesWritten(): number {
  try {
    return Number(/write_bytes: (\d+)/.exec(readFileSync("/proc/self/io", "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
let build: { seconds: number; peakRssMb: number; writtenGb: number; records: number; batch: number } | undefined;
if (Number(existing.c) < records && !args.has("no-build")) {
  console.log(`Building ${records.toLocaleString("en-GB")} demo records in ${where} …`);
  if (database.sqlite) {
    // A throwaway database: no journal and no syncs while it is built (a build cut short is started again), and a
    // cache that holds the posting index's hot pages. In WAL mode with the importer's 5,000-record transactions, a
    // 10M build wrote 143 GB to disk for the first 3.3M records (each commit rewrites every posting page it touched).
    database.sqlite.pragma("journal_mode = OFF");
    database.sqlite.pragma("synchronous = OFF");
    database.sqlite.pragma(`cache_size = -${BUILD_CACHE_MB * 1024}`);
  }
  const t0 = performance.now();
  const written0 = bytesWritten();
  let peakRss = process.memoryUsage().rss;
  await seedDemoData(database, {
    records: records - Number(existing.c),
    batchSize: BUILD_BATCH,
    onProgress: (n) => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const s = (performance.now() - t0) / 1000;
      process.stdout.write(
        `\r  ${n.toLocaleString("en-GB")} records, ${Math.round(s)} s, RSS ${Math.round(peakRss / 2 ** 20)} MB, written ${((bytesWritten() - written0) / 2 ** 30).toFixed(1)} GB   `,
      );
    },
  });
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  if (database.sqlite) {
    // Searches run as the server runs them.
    database.sqlite.pragma("journal_mode = WAL");
    database.sqlite.pragma("synchronous = NORMAL");
    database.sqlite.pragma("cache_size = -131072");
  }
  const total = await database.db
    .selectFrom("records")
    .select((eb) => eb.fn.countAll<number>().as("c"))
    .executeTakeFirstOrThrow();
  build = {
    seconds: round((performance.now() - t0) / 1000),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    writtenGb: Number(((bytesWritten() - written0) / 2 ** 30).toFixed(1)),
    records: Number(total.c),
    batch: BUILD_BATCH,
  };
  await database.db
    .insertInto("app_meta")
    .values({ key: BUILD_KEY, value: JSON.stringify(build) })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(build) }))
    .execute();
  console.log(
    `\n  built ${build.records.toLocaleString("en-GB")} records in ${build.seconds} s, peak RSS ${build.peakRssMb} MB`,
  );
} else {
  const row = await database.db.selectFrom("app_meta").select("value").where("key", "=", BUILD_KEY).executeTakeFirst();
  if (row) build = JSON.parse(row.value) as typeof build;
  console.log(
    `Using ${Number(existing.c).toLocaleString("en-GB")} records in ${where} (built earlier${build ? ` in ${build.seconds} s` : ""})`,
  );
}

async function databaseBytes(): Promise<number> {
  if (database.kind === "postgres") {
    const { rows } = await sql<{ b: string }>`select pg_database_size(current_database()) as b`.execute(database.db);
    return Number(rows[0]?.b ?? 0);
  }
  const file = where.replace(/^sqlite:/, "");
  return [file, `${file}-wal`].filter((f) => existsSync(f)).reduce((n, f) => n + statSync(f).size, 0);
}
const totalRecords =
  build && Number(existing.c) < records && !args.has("no-build") ? build.records : Number(existing.c);
const sizeMb = Math.round((await databaseBytes()) / 2 ** 20);

const results: Record<
  string,
  {
    engine: ReturnType<typeof stats>;
    naive: ReturnType<typeof stats>;
    totals: (number | string)[];
    statements: number[];
  }
> = {};
const floorSamples: number[] = [];
const naiveRepeat = Math.max(1, Math.min(repeat, Math.ceil(3_000_000 / Math.max(records, 1))));

const only = args.get("only")?.split(",");
/** The orders each set is timed in: best match (the default with a name) and date order. */
const orders = (args.get("orders") ?? "relevance,year").split(",").filter((o) => o === "relevance" || o === "year");
/** How many of each set's queries the naive scan times (at 10M records one scan takes seconds). */
const naiveQueries = intArg(args, "naive-queries", Infinity);
for (const [name, set] of Object.entries(QUERIES)) {
  if (only && !only.includes(name)) continue;
  const collection = set.collection ?? births;
  const naiveSamples: number[] = [];
  const engine: Record<string, { samples: number[]; totals: (number | string)[]; statements: number[] }> = {};
  for (const order of orders) {
    const samples: number[] = [];
    const totals: (number | string)[] = [];
    const counted: number[] = [];
    const paramsOf = (params: Record<string, string>) => new URLSearchParams({ ...params, sort: order });
    // One untimed pass warms the caches, as on a running server.
    for (const params of set.params) {
      const { criteria, errors } = parseCriteria(collection, paramsOf(params));
      if (Object.keys(errors).length) throw new Error(JSON.stringify(errors));
      statements.reset();
      const result = await searchCollection(database, collection, criteria, visitor, tuning);
      counted.push(statements.count);
      totals.push(result.totalIsLowerBound ? `>${result.total}` : result.total);
    }
    for (let r = 0; r < repeat; r++) {
      for (const params of set.params) {
        const { criteria } = parseCriteria(collection, paramsOf(params));
        samples.push(await time(() => searchCollection(database, collection, criteria, visitor, tuning)));
      }
    }
    engine[order] = { samples, totals, statements: counted };
  }
  for (let r = 0; r < naiveRepeat; r++) {
    for (const params of set.params.slice(0, naiveQueries)) {
      // Every name of the query must appear somewhere in the record's text.
      const like = sql.join(
        needlesOf(params).map((n) => sql`lower(data) like ${`%${n}%`}`),
        sql` and `,
      );
      naiveSamples.push(
        await time(async () => {
          await sql`select count(*) from records where collection = ${collection.code} and ${like}`.execute(
            database.db,
          );
          await sql`select id, data from records where collection = ${collection.code} and ${like} order by date_sort, id limit 25`.execute(
            database.db,
          );
        }),
      );
    }
  }
  for (const [order, e] of Object.entries(engine)) {
    results[order === "year" ? `${name} by date` : name] = {
      engine: stats(e.samples),
      naive: stats(naiveSamples),
      totals: e.totals,
      statements: e.statements,
    };
  }
}

// Counts alone (the unified search and suggestions ask for nothing else): never slow, however common the name.
const counts: Record<string, ReturnType<typeof stats> & { total: number | string }> = {};
for (const { label, params } of only ? [] : COMMON_COUNTS) {
  const { criteria } = parseCriteria(births, new URLSearchParams(params));
  const first = await countMatches(database, births, criteria, visitor, tuning);
  const samples: number[] = [];
  for (let r = 0; r < repeat * 2; r++)
    samples.push(await time(() => countMatches(database, births, criteria, visitor, tuning)));
  counts[label] = { ...stats(samples), total: first.lowerBound ? `>${first.total}` : first.total };
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
  `\nSearch benchmark: ${records.toLocaleString("en-GB")} St. Petersburg records (${totalRecords.toLocaleString("en-GB")} in all), ${database.kind}, ${sizeMb.toLocaleString("en-GB")} MB; ms per search (count + first page)`,
);
console.log(
  "mode                          engine p50  engine p95   naive p50   naive p95  × naive (p50)  totals; statements per search",
);
for (const [name, r] of Object.entries(results)) {
  const speedup = r.engine.p50 > 0 ? Math.round(r.naive.p50 / r.engine.p50) : 0;
  console.log(
    `${name.padEnd(29)} ${String(r.engine.p50).padStart(10)}  ${String(r.engine.p95).padStart(10)}  ${String(r.naive.p50).padStart(10)}  ${String(r.naive.p95).padStart(10)}  ${String(speedup).padStart(13)}  ${r.totals.join(", ")}; ${r.statements.join(", ")}`,
  );
}
console.log(
  `${"indexed lookup (floor)".padEnd(29)} ${String(floor.p50).padStart(10)}  ${String(floor.p95).padStart(10)}`,
);
if (Object.keys(counts).length) console.log("\ncount alone (visitor)                 p50       p95  total");
for (const [label, c] of Object.entries(counts)) {
  console.log(`${label.padEnd(34)} ${String(c.p50).padStart(8)}  ${String(c.p95).padStart(8)}  ${c.total}`);
}
console.log(
  JSON.stringify({
    records,
    dialect: database.kind,
    signatures: tuning.signatures,
    build,
    sizeMb,
    repeat,
    floor,
    modes: results,
    counts,
  }),
);
