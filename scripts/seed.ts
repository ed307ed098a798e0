/**
 * npm run seed -- --records 10000000 [--lublin 1400000] [--volhynian 1000000] [--odessa 500000] [--parish-index 500000] [--lodz 3000] [--genealogy 2000] [--places 3000] [--database postgres://…|file:path] [--seed 1838]
 *
 * Loads deterministic demo records into a database: `--records` St. Petersburg
 * records, `--lublin` members' Lublin records (default 14 % of --records) and
 * `--volhynian` members' Volhynian records (default 10 % of --records), `--odessa`
 * members' Odessa film index entries and `--parish-index` parish records index entries (5 % each) (DATABASE_URL or the data
 * folder's SQLite file when --database is not given), after migrating it. `--lodz` and `--genealogy` are the
 * people of the linked Lodz families and of the members' trees (default 3,000 and 2,000, at most --records);
 * `--places` demo places in each place index (Breyer, Russia-Poland, Ukraine; default 3,000, fewer when --records
 * is smaller).
 */
import { readConfig } from "../app/config/env.server";
import { openDatabase } from "../app/db/connection.server";
import { migrateToLatest } from "../app/db/migrations.server";
import { DEFAULT_DEMO_SEED } from "../app/demo/generator";
import { type SeedOptions, demoSizes, recordTotal, seedDemoData } from "../app/demo/seed.server";
import { refreshNameCodes } from "../app/server/name-codes.server";
import { intArg, parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const config = readConfig();
const records = intArg(args, "records", 100_000);
// Each set's size as asked, or its default for this many St. Petersburg records.
const defaults = demoSizes(records);
const sizes: SeedOptions["sizes"] = {};
for (const set of ["lublin", "volhynian", "odessa", "parish-index", "lodz"] as const) {
  sizes[set] = intArg(args, set, defaults.get(set) ?? 0);
}
sizes.places = intArg(args, "places", defaults.get("places:breyer") ?? 0);
sizes.genealogy = intArg(args, "genealogy", Math.min(2000, records));
const seed = intArg(args, "seed", DEFAULT_DEMO_SEED);
const database = openDatabase({ databaseUrl: args.get("database") ?? config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database);
// Codes of an older coder are rewritten before more are added; on a fresh database this only records the version.
await refreshNameCodes(database);
const started = Date.now();
const n = (k: keyof NonNullable<SeedOptions["sizes"]>) => (sizes[k] ?? 0).toLocaleString("en-GB");
console.log(
  `Seeding ${records.toLocaleString("en-GB")} St. Petersburg, ${n("lublin")} Lublin, ${n("volhynian")} Volhynian, ${n("odessa")} Odessa index and ${n("parish-index")} parish index records, ${n("lodz")} Lodz and ${n("genealogy")} pedigree people and ${n("places")} places per place index (seed ${seed}) into ${database.description}`,
);
const written = await seedDemoData(database, {
  records,
  sizes,
  seed,
  onProgress: (done) => process.stdout.write(`\r  ${done.toLocaleString("en-GB")} records`),
});
const recordCount = recordTotal(written);
const seconds = (Date.now() - started) / 1000;
console.log(`\nDone: ${recordCount.toLocaleString("en-GB")} records in ${seconds.toFixed(1)} s`);
await database.close();
console.log(JSON.stringify({ records: recordCount, seconds, database: database.kind }));
