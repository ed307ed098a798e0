import { readConfig } from "~/config/env.server";
import { useSessionSecretOf } from "~/config/session-secret.server";
import { type Database, isReachable, openDatabase } from "~/db/connection.server";
import { provideDatabase } from "~/db/current.server";
import { migrateToLatest } from "~/db/migrations.server";
import { seedDemoData } from "~/demo/seed.server";
import { type StorageState, storageState } from "./availability.server";
import { logger } from "~/config/logger.server";
import { refreshNameCodes } from "./name-codes.server";
import { failInterruptedBatches, watchInterruptedBatches } from "~/imports/jobs.server";
import { startUploadSweeps } from "~/jobs/upload-files.server";

/**
 * The process-wide state of the app: one database handle, opened, migrated
 * and (on a fresh installation) seeded before the first request is served.
 * Domains reach it through getDatabase() (app/db/current.server.ts).
 */
let database: Database | undefined;
let starting: Promise<Database> | undefined;
let stopSweeps: (() => void) | undefined;

export function startRuntime(): Promise<Database> {
  starting ??= (async () => {
    const config = readConfig();
    useSessionSecretOf(config.dataDir);
    const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ applied }, "database migrated");
    // An import that was running when the server stopped wrote nothing (one transaction): say so on its page.
    const interrupted = await failInterruptedBatches(db);
    if (interrupted) logger.warn({ interrupted }, "imports interrupted by the last stop are marked failed");
    watchInterruptedBatches(db);
    // Files left by uploads that were cut off, failed or crashed the server: now and every hour.
    stopSweeps = startUploadSweeps(db);
    const recoded = await refreshNameCodes(db);
    if (recoded) logger.info(recoded, "name codes rewritten for the current coder");
    if (config.seedRecords > 0) {
      // Every demo set not yet loaded: all of them on a fresh installation, and on a demo installation the sets
      // added since it was seeded. A set a society emptied keeps its marker and stays empty.
      const started = Date.now();
      const written = await seedDemoData(db, { records: config.seedRecords, missingOnly: true });
      if (written.size)
        logger.info({ sets: Object.fromEntries(written), ms: Date.now() - started }, "demo data seeded");
    }
    database = db;
    return db;
  })();
  provideDatabase(starting);
  return starting;
}

/**
 * For /healthz: 200 only when the database answers and writes are not failing for lack of disk space or a
 * read-only data folder; `reachable` says whether the database answered (false while PostgreSQL restarts).
 */
export async function healthCheck(): Promise<{
  ok: boolean;
  database: string;
  reachable: boolean;
  storage: StorageState;
}> {
  if (!database) return { ok: false, database: "starting", reachable: false, storage: "ok" };
  const [reachable, storage] = await Promise.all([isReachable(database), storageState(readConfig().dataDir)]);
  return { ok: reachable && storage === "ok", database: database.kind, reachable, storage };
}

export async function stopRuntime(): Promise<void> {
  const db = database;
  database = undefined;
  stopSweeps?.();
  stopSweeps = undefined;
  starting = undefined;
  provideDatabase(undefined);
  if (db) await db.close();
}
