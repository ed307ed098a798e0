import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Database } from "~/db/connection.server";
import { type TestDatabase, type TestDialect, createTestDatabase } from "~/db/test-database";
import { startRuntime, stopRuntime } from "~/server/runtime.server";

export interface TestRuntime {
  /** The running app's database; read it inside hooks and tests, not while the suite is being collected. */
  readonly database: Database;
  readonly dataDir: string;
  /** DATABASE_URL of the PostgreSQL database, once started; undefined on SQLite. */
  readonly databaseUrl: string | undefined;
}

/**
 * Runs the app's real runtime (migrations, first-start demo seed of
 * `seedRecords` St. Petersburg records and the collections that come with
 * them) on a fresh SQLite or PostgreSQL database for the enclosing describe
 * block, and removes it afterwards. Call it before the block's own hooks:
 * vitest runs beforeAll hooks in the order they were registered.
 */
export function useTestRuntime(dialect: TestDialect, options: { seedRecords: number; name: string }): TestRuntime {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `metryka-${options.name}-`));
  let pg: TestDatabase | undefined;
  let database: Database | undefined;

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    process.env.SEED_RECORDS = String(options.seedRecords);
    if (dialect === "postgres") {
      pg = await createTestDatabase("postgres");
      process.env.DATABASE_URL = pg.url;
    } else {
      delete process.env.DATABASE_URL;
    }
    database = await startRuntime();
  }, 120_000);
  afterAll(async () => {
    await stopRuntime();
    await pg?.drop();
    // Later blocks of the same file must not reach a dropped database.
    delete process.env.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get database() {
      if (!database) throw new Error("the test runtime has not started yet");
      return database;
    },
    dataDir,
    get databaseUrl() {
      return pg?.url;
    },
  };
}
