/**
 * npm run bench:places -- [--records 1000000] [--repeat 10] [--database postgres://…] [--keep path]
 *
 * Builds a temporary database of N demo records (and the demo place indexes), then times through the real code:
 * place name searches per match mode, radius searches of 10, 50 and 200 km around towns of the Ukraine index, and
 * the records' "within N km of" filter (decision 0033: places in the box → their spellings → the records' place
 * and parish values → postings; resolve + count + first page of 25), alone and with a surname. Prints a table and,
 * as its last line, one JSON object with every figure. Targets: p95 ≤ 10 ms for place searches, ≤ 50 ms for the
 * nearby-records filter on SQLite.
 */
import { performance } from "node:perf_hooks";
import { migrateToLatest } from "../app/db/migrations.server";
import { seedDemoData } from "../app/demo/seed.server";
import { PLACE_NAME_MODES } from "../app/names/match-modes";
import { type PlaceCriteria, parsePlaceCriteria } from "../app/places/criteria";
import { mapIndex } from "../app/places/indexes";
import { resolveCentre, searchPlaces } from "../app/places/search.server";
import { getCollection } from "../app/search/collections";
import { parseCriteria } from "../app/search/criteria";
import { searchCollection } from "../app/search/engine.server";
import { resolvePlaceFilter } from "../app/search/place-filter.server";
import { intArg, parseArgs } from "./args";
import { openBenchDatabase, round, stats, time } from "./bench-kit";

const args = parseArgs(process.argv.slice(2));
const records = intArg(args, "records", 1_000_000);
const repeat = intArg(args, "repeat", 10);
const births = getCollection("stpete-birth")!;
const member = { isMember: true };
const ukraine = mapIndex("ukraine");

/** Names typed as a person would, per mode: common, middling and rare, Latin and Cyrillic. */
const NAMES: Record<(typeof PLACE_NAME_MODES)[number], string[]> = {
  starts: ["Luz", "Zhyt", "Row", "Nowo", "Kow"],
  normalized: ["Luzk", "Shitomir", "Rowno", "Луцк", "Kowel"],
  exact: ["Lutsk", "Zhytomyr", "Rivne", "Луцк", "Kovel"],
  contains: ["utsk", "tomyr", "ivne", "ovel", "ubno"],
  sounds: ["Luzk", "Schitomir", "Rowne", "Kowell", "Dubna"],
} as Record<(typeof PLACE_NAME_MODES)[number], string[]>;
const TOWNS = ["Lutsk", "Zhytomyr", "Rivne", "Kovel", "Dubno"];
const RADII = [10, 50, 200];
const NEARBY: Record<string, string>[] = [
  ...["Luzk", "Shitomir", "Rowno", "Kowel", "Dubno"].map((near) => ({ near, radius: "25" })),
  { near: "Luzk", radius: "10" },
  { near: "Shitomir", radius: "50" },
];
const NEARBY_WITH_NAME: Record<string, string>[] = NEARBY.map((p) => ({ ...p, surname: "Schmidt" }));

const open = () => openBenchDatabase(args, "metryka-bench-places-");

/** Times `run` over every input, once untimed to warm the caches as on a running server, then `repeat` times. */
async function measure<T>(inputs: readonly T[], run: (input: T) => Promise<unknown>) {
  for (const input of inputs) await run(input);
  const samples: number[] = [];
  for (let r = 0; r < repeat; r++) for (const input of inputs) samples.push(await time(() => run(input)));
  return stats(samples);
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

const nameModes: Record<string, ReturnType<typeof stats>> = {};
for (const mode of PLACE_NAME_MODES) {
  const criteria = NAMES[mode].map((name) => {
    const parsed = parsePlaceCriteria(new URLSearchParams({ name, nameMode: mode }), ukraine);
    if (Object.keys(parsed.errors).length) throw new Error(JSON.stringify(parsed.errors));
    return parsed.criteria;
  });
  nameModes[mode] = await measure(criteria, (c) => searchPlaces(database, c, member));
}

const radius: Record<string, ReturnType<typeof stats>> = {};
for (const km of RADII) {
  // Built directly: the map index's own form stops at 100 km; the records' filter goes to 500.
  const criteria: PlaceCriteria[] = TOWNS.map((value) => ({
    index: ukraine.id,
    near: { value, radiusKm: km },
    page: 1,
    perPage: 25,
    sort: [{ field: "distance", descending: false }],
  }));
  radius[`${km} km`] = await measure(criteria, async (c) => {
    const found = await resolveCentre(database, c.index, c.near!, member);
    if (!found.centre) throw new Error(`no centre for ${c.near!.value}`);
    return searchPlaces(database, c, member, found.centre);
  });
}

async function nearbyRecords(params: Record<string, string>) {
  const parsed = parseCriteria(births, new URLSearchParams(params));
  if (Object.keys(parsed.errors).length) throw new Error(JSON.stringify(parsed.errors));
  const { criteria, errors } = await resolvePlaceFilter(database, parsed.criteria, member, () => "");
  if (Object.keys(errors).length) throw new Error(JSON.stringify(errors));
  return searchCollection(database, births, criteria, member);
}
const counts = await Promise.all(NEARBY.map(async (p) => (await nearbyRecords(p)).total));
const nearby = {
  "near only": await measure(NEARBY, nearbyRecords),
  "near + surname": await measure(NEARBY_WITH_NAME, nearbyRecords),
};
await cleanup();

console.log(`\nPlaces benchmark: ${records.toLocaleString("en-GB")} records, ${database.kind}, ms`);
console.log("query                              p50         p95");
const line = (name: string, s: ReturnType<typeof stats>) =>
  console.log(`${name.padEnd(28)} ${String(s.p50).padStart(10)}  ${String(s.p95).padStart(10)}`);
for (const [mode, s] of Object.entries(nameModes)) line(`place name: ${mode}`, s);
for (const [km, s] of Object.entries(radius)) line(`places within ${km}`, s);
for (const [kind, s] of Object.entries(nearby)) line(`records: ${kind}`, s);
console.log(`(records matched by the nearby searches: ${counts.join(", ")})`);
console.log(
  JSON.stringify({
    records,
    dialect: database.kind,
    buildSeconds,
    repeat,
    placeNameModes: nameModes,
    radius,
    nearbyRecords: nearby,
    nearbyMatches: counts,
  }),
);
