import { loadSessionSecret, readConfig } from "~/config/env.server";
import { type Database, isReachable, openDatabase } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrations.server";
import { seedDemoData, wasSeeded } from "~/db/seed.server";
import { seedDemoPlaces, unseededIndexes } from "~/places/store.server";
import { DEFAULT_DEMO_SEED } from "~/db/demo/generator";
import { familiesWereSeeded, seedDemoFamilies } from "~/families/store.server";
import { storageState } from "./availability.server";
import { logger } from "./logger.server";
import { refreshNameCodes } from "./name-codes.server";

/**
 * The process-wide state of the app: one database handle, opened, migrated
 * and (on a fresh installation) seeded before the first request is served.
 * Route loaders reach it through getDatabase().
 */
let database: Database | undefined;
let starting: Promise<Database> | undefined;
let sessionSecret: string | undefined;

export function startRuntime(): Promise<Database> {
  starting ??= (async () => {
    const config = readConfig();
    sessionSecret = loadSessionSecret(config.dataDir);
    const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, "database migrated");
    const recoded = await refreshNameCodes(db);
    if (recoded) logger.info(recoded, "name codes rewritten for the current coder");
    if (!(await wasSeeded(db)) && config.seedRecords > 0) {
      const started = Date.now();
      logger.info({ records: config.seedRecords }, "seeding demo data (first start only)");
      const n = await seedDemoData(db, { records: config.seedRecords });
      logger.info({ records: n, ms: Date.now() - started }, "demo data seeded");
    } else if (config.seedRecords > 0 && (await wasSeeded(db))) {
      // A demo installation from before a place index gets that index's demo places once.
      const indexes = await unseededIndexes(db);
      if (indexes.length) {
        const places = await seedDemoPlaces(db, { indexes });
        logger.info({ places, indexes }, "demo places seeded");
      }
    }
    if (config.seedRecords > 0 && (await wasSeeded(db)) && !(await familiesWereSeeded(db))) {
      // A demo installation from before the linked-person collections gets their demo people once.
      const people = await seedDemoFamilies(db, { seed: DEFAULT_DEMO_SEED });
      logger.info(people, "demo families seeded");
    }
    database = db;
    return db;
  })();
  return starting;
}

export async function getDatabase(): Promise<Database> {
  return database ?? startRuntime();
}

/** The secret behind access tokens: SESSION_SECRET, or the one generated into the data folder. */
export function getSessionSecret(): string {
  sessionSecret ??= loadSessionSecret(readConfig().dataDir);
  return sessionSecret;
}

/** For /healthz: 200 only when the database answers and writes are not failing for lack of disk space. */
export async function healthCheck(): Promise<{ ok: boolean; database: string; storage: "ok" | "full" }> {
  if (!database) return { ok: false, database: "starting", storage: "ok" };
  const [reachable, storage] = await Promise.all([isReachable(database), storageState(readConfig().dataDir)]);
  return { ok: reachable && storage === "ok", database: database.kind, storage };
}

export async function stopRuntime(): Promise<void> {
  const db = database;
  database = undefined;
  starting = undefined;
  if (db) await db.close();
}
