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
import { DEFAULT_DEMO_SEED } from "../app/db/demo/generator";
import { DEFAULT_GENEALOGY_COUNT, DEFAULT_LODZ_COUNT } from "../app/families/demo";
import { migrateToLatest } from "../app/db/migrations.server";
import {
  lublinDemoCount,
  odessaDemoCount,
  parishIndexDemoCount,
  seedDemoData,
  volhynianDemoCount,
} from "../app/db/seed.server";
import { DEFAULT_PLACE_COUNT } from "../app/places/demo";
import { refreshNameCodes } from "../app/server/name-codes.server";
import { intArg, parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const config = readConfig();
const records = intArg(args, "records", 100_000);
const lublinRecords = intArg(args, "lublin", lublinDemoCount(records));
const volhynianRecords = intArg(args, "volhynian", volhynianDemoCount(records));
const odessaRecords = intArg(args, "odessa", odessaDemoCount(records));
const parishIndexRecords = intArg(args, "parish-index", parishIndexDemoCount(records));
const places = intArg(args, "places", Math.min(DEFAULT_PLACE_COUNT, records));
const seed = intArg(args, "seed", DEFAULT_DEMO_SEED);
const lodz = intArg(args, "lodz", Math.min(DEFAULT_LODZ_COUNT, records));
const genealogy = intArg(args, "genealogy", Math.min(DEFAULT_GENEALOGY_COUNT, records));
const database = openDatabase({ databaseUrl: args.get("database") ?? config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database);
// Codes of an older coder are rewritten before more are added; on a fresh database this only records the version.
await refreshNameCodes(database);
const started = Date.now();
console.log(
  `Seeding ${records.toLocaleString("en-GB")} St. Petersburg, ${lublinRecords.toLocaleString("en-GB")} Lublin, ${volhynianRecords.toLocaleString("en-GB")} Volhynian, ${odessaRecords.toLocaleString("en-GB")} Odessa index and ${parishIndexRecords.toLocaleString("en-GB")} parish index records, ${lodz.toLocaleString("en-GB")} Lodz and ${genealogy.toLocaleString("en-GB")} pedigree people and ${places.toLocaleString("en-GB")} places per place index (seed ${seed}) into ${database.description}`,
);
const n = await seedDemoData(database, {
  records,
  lublinRecords,
  volhynianRecords,
  odessaRecords,
  parishIndexRecords,
  lodz,
  genealogy,
  places,
  seed,
  onProgress: (done) => process.stdout.write(`\r  ${done.toLocaleString("en-GB")} records`),
});
const seconds = (Date.now() - started) / 1000;
console.log(`\nDone: ${n.toLocaleString("en-GB")} records in ${seconds.toFixed(1)} s`);
await database.close();
console.log(JSON.stringify({ records: n, seconds, database: database.kind }));
