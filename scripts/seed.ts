/**
 * npm run seed -- --records 10000000 [--database postgres://…|file:path] [--seed 1838]
 *
 * Loads deterministic demo records into a database (DATABASE_URL or the data
 * folder's SQLite file when --database is not given), after migrating it.
 */
import { readConfig } from "../app/config/env.server";
import { openDatabase } from "../app/db/connection.server";
import { DEFAULT_DEMO_SEED } from "../app/db/demo/generator";
import { migrateToLatest } from "../app/db/migrations.server";
import { seedDemoData } from "../app/db/seed.server";
import { intArg, parseArgs } from "./args";

const args = parseArgs(process.argv.slice(2));
const config = readConfig();
const records = intArg(args, "records", 100_000);
const seed = intArg(args, "seed", DEFAULT_DEMO_SEED);
const database = openDatabase({ databaseUrl: args.get("database") ?? config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database);
const started = Date.now();
console.log(`Seeding ${records.toLocaleString("en-GB")} records (seed ${seed}) into ${database.description}`);
const n = await seedDemoData(database, {
  records,
  seed,
  onProgress: (done) => process.stdout.write(`\r  ${done.toLocaleString("en-GB")} records`),
});
const seconds = (Date.now() - started) / 1000;
console.log(`\nDone: ${n.toLocaleString("en-GB")} records in ${seconds.toFixed(1)} s`);
await database.close();
console.log(JSON.stringify({ records: n, seconds, database: database.kind }));
