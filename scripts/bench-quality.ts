/**
 * npm run bench:quality -- [--records 100000] [--queries-per-kind 1000] [--database postgres://…] [--keep path]
 *                           [--only typo,parents] [--seed 27]
 *
 * The search-quality benchmark (issue 27, item 6). Builds a temporary database of N demo records, makes a
 * labelled known-item query set from its St. Petersburg births (app/demo/known-items.ts: each query
 * a realistic transformation of one record, so the record meant is known), and runs every query through the
 * search page's own path (parseCriteria → searchCollection) in each order the births offer: date order today,
 * and "relevance" once the sort registry has it. Per query kind and overall: recall@10, recall@25, mean
 * reciprocal rank and the share not found at all.
 *
 * Rank past the first page: the target's year is searched alone (a few records, paged) for its place within
 * the year, and the matches of earlier years are counted (date order sorts by year first). A target absent
 * from its year's matches is "not found at all". Prints a table and, as its last line, one JSON object.
 */
import { performance } from "node:perf_hooks";
import { migrateToLatest } from "../app/db/migrations.server";
import { seedDemoData } from "../app/demo/seed.server";
import { getCollection } from "../app/search/collections";
import { parseCriteria, recordForm } from "../app/search/criteria";
import { SearchTooBroad, countMatches, searchCollection } from "../app/search/engine.server";
import {
  type KnownItemQuery,
  QUERY_KINDS,
  type QueryKind,
  type TargetRecord,
  buildQuerySet,
} from "../app/demo/known-items";
import { intArg, parseArgs } from "./args";
import { openBenchDatabase, round } from "./bench-kit";

const args = parseArgs(process.argv.slice(2));
const records = intArg(args, "records", 100_000);
const perKind = intArg(args, "queries-per-kind", 1000);
const seed = intArg(args, "seed", 27);
const only = args.get("only")?.split(",");
const kinds = QUERY_KINDS.filter((k) => !only || only.includes(k));
const births = getCollection("stpete-birth")!;
const visitor = { isMember: false };
/** The orders measured: date order and best match (relevance, the default when a name is given). */
const orders = ["date", ...(recordForm(births).relevance ? ["relevance"] : [])];
const PAGE = 25;

const { database, cleanup, where } = await openBenchDatabase(args, "metryka-quality-");
await migrateToLatest(database);
const existing = await database.db
  .selectFrom("records")
  .select((eb) => eb.fn.countAll<number>().as("c"))
  .executeTakeFirstOrThrow();
const t0 = performance.now();
if (Number(existing.c) < records) {
  console.log(`Building ${records.toLocaleString("en-GB")} demo records in ${where} …`);
  if (database.sqlite) {
    database.sqlite.pragma("journal_mode = OFF");
    database.sqlite.pragma("synchronous = OFF");
  }
  await seedDemoData(database, { records: records - Number(existing.c) });
  if (database.sqlite) {
    database.sqlite.pragma("journal_mode = WAL");
    database.sqlite.pragma("synchronous = NORMAL");
  }
}
const buildSeconds = round((performance.now() - t0) / 1000);

const rows = await database.db
  .selectFrom("records")
  .select(["id", "year", "data"])
  .where("collection", "=", births.code)
  .orderBy("id")
  .execute();
const targets: TargetRecord[] = rows.map((r) => ({
  id: Number(r.id),
  year: Number(r.year),
  data: JSON.parse(r.data) as TargetRecord["data"],
}));
const queries = buildQuerySet(targets, perKind, seed, kinds);
console.log(`${queries.length.toLocaleString("en-GB")} queries on ${targets.length.toLocaleString("en-GB")} births`);

interface Outcome {
  /** 1-based place in the order; null when the search does not find the record at all. */
  rank: number | null;
  /** True when the rank is a lower bound (more earlier matches than the engine counts). */
  rankLowerBound: boolean;
  tooBroad: boolean;
}

const paramsFor = (query: KnownItemQuery, order: string, extra: Record<string, string> = {}) => {
  const p = new URLSearchParams({ ...query.params, perPage: String(PAGE), ...extra });
  p.set("sort", order === "date" ? "year" : order);
  return p;
};

function criteriaOf(params: URLSearchParams) {
  const { criteria, errors } = parseCriteria(births, params);
  if (Object.keys(errors).length) throw new Error(`${params}: ${JSON.stringify(errors)}`);
  return criteria;
}

async function run(query: KnownItemQuery, order: string): Promise<Outcome> {
  try {
    const first = await searchCollection(database, births, criteriaOf(paramsFor(query, order)), visitor);
    const at = first.rows.findIndex((r) => r.id === query.targetId);
    if (at >= 0) return { rank: at + 1, rankLowerBound: false, tooBroad: false };
    if (order !== "date") {
      // Relevance has no year-first order to count by: page on (at most 40 pages) for the rank.
      for (let page = 2; page <= 40 && (page - 1) * PAGE < first.total; page++) {
        const r = await searchCollection(
          database,
          births,
          criteriaOf(paramsFor(query, order, { page: String(page) })),
          visitor,
        );
        const i = r.rows.findIndex((row) => row.id === query.targetId);
        if (i >= 0) return { rank: (page - 1) * PAGE + i + 1, rankLowerBound: false, tooBroad: false };
      }
    }
    // Date order: the target's year alone, paged, gives its place within the year ...
    const year = String(query.targetYear);
    let within = -1;
    for (let page = 1; within < 0; page++) {
      const r = await searchCollection(
        database,
        births,
        criteriaOf(paramsFor(query, "date", { yearFrom: year, yearTo: year, page: String(page) })),
        visitor,
      );
      const i = r.rows.findIndex((row) => row.id === query.targetId);
      if (i >= 0) within = (page - 1) * PAGE + i;
      else if (page * PAGE >= r.total || !r.rows.length) break;
    }
    if (within < 0) return { rank: null, rankLowerBound: false, tooBroad: false };
    if (order !== "date") return { rank: 40 * PAGE + 1, rankLowerBound: true, tooBroad: false };
    // ... and the matches of the years before it the place of the year.
    const from = Number(query.params.yearFrom ?? 0);
    if (from >= query.targetYear || query.targetYear <= 1)
      return { rank: within + 1, rankLowerBound: false, tooBroad: false };
    const before = await countMatches(
      database,
      births,
      criteriaOf(paramsFor(query, "date", { yearTo: String(query.targetYear - 1) })),
      visitor,
    );
    return { rank: before.total + within + 1, rankLowerBound: before.lowerBound, tooBroad: false };
  } catch (e) {
    if (e instanceof SearchTooBroad) return { rank: null, rankLowerBound: false, tooBroad: true };
    throw e;
  }
}

export interface Figures {
  queries: number;
  recallAt10: number;
  recallAt25: number;
  mrr: number;
  notFound: number;
  /** Counts behind the shares: found in the first 10, 25, found further down, not found, too broad to run. */
  counts: { top10: number; top25: number; below25: number; notFound: number; tooBroad: number };
}

function figures(outcomes: Outcome[]): Figures {
  const n = outcomes.length;
  const top10 = outcomes.filter((o) => o.rank !== null && o.rank <= 10).length;
  const top25 = outcomes.filter((o) => o.rank !== null && o.rank <= 25).length;
  const found = outcomes.filter((o) => o.rank !== null).length;
  const tooBroad = outcomes.filter((o) => o.tooBroad).length;
  const rr = outcomes.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0);
  const share = (k: number) => (n ? round(k / n) : 0);
  return {
    queries: n,
    recallAt10: share(top10),
    recallAt25: share(top25),
    mrr: n ? round(rr / n) : 0,
    notFound: share(n - found),
    counts: { top10, top25, below25: found - top25, notFound: n - found - tooBroad, tooBroad },
  };
}

const t1 = performance.now();
/** Per order: overall, per kind, and the name kinds' queries with and without a rough year apart. */
const results: Record<
  string,
  { overall: Figures; kinds: Record<string, Figures>; namesOnly: Figures; withRoughYear: Figures }
> = {};
for (const order of orders) {
  const byKind = new Map<QueryKind, Outcome[]>(kinds.map((k) => [k, []]));
  const all: Outcome[] = [];
  const namesOnly: Outcome[] = [];
  const withRoughYear: Outcome[] = [];
  for (const query of queries) {
    const outcome = await run(query, order);
    byKind.get(query.kind)?.push(outcome);
    all.push(outcome);
    if (query.roughYear) withRoughYear.push(outcome);
    else if (!query.params.yearFrom && query.params.givenName) namesOnly.push(outcome);
  }
  results[order] = {
    overall: figures(all),
    kinds: Object.fromEntries([...byKind].map(([k, o]) => [k, figures(o)])),
    namesOnly: figures(namesOnly),
    withRoughYear: figures(withRoughYear),
  };
}
const searchSeconds = round((performance.now() - t1) / 1000);
await cleanup();

console.log(
  `\nSearch quality: ${queries.length.toLocaleString("en-GB")} known-item queries on ${targets.length.toLocaleString("en-GB")} St. Petersburg births (${records.toLocaleString("en-GB")} demo records), ${database.kind}`,
);
for (const order of orders) {
  console.log(`\n${order} order          queries  recall@10  recall@25    MRR  not found`);
  const r = results[order]!;
  const rows = [
    ...Object.entries(r.kinds),
    ["overall", r.overall] as const,
    ["  names only", r.namesOnly] as const,
    ["  with a rough year", r.withRoughYear] as const,
  ];
  for (const [kind, f] of rows) {
    console.log(
      `${kind.padEnd(22)} ${String(f.queries).padStart(7)}  ${f.recallAt10.toFixed(3).padStart(9)}  ${f.recallAt25.toFixed(3).padStart(9)}  ${f.mrr.toFixed(3).padStart(5)}  ${f.notFound.toFixed(3).padStart(9)}`,
    );
  }
}
console.log(
  JSON.stringify({
    bench: "quality",
    records,
    births: targets.length,
    dialect: database.kind,
    queriesPerKind: perKind,
    seed,
    orders,
    buildSeconds,
    searchSeconds,
    results,
  }),
);
