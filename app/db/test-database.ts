import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, type OpenOptions, openPostgres, openSqlite } from "./connection.server";
import { migrateToLatest } from "./migrations.server";

/**
 * Fresh, migrated databases for integration tests: an in-memory SQLite one
 * always, and a throwaway PostgreSQL database when TEST_DATABASE_URL is set.
 * Each PostgreSQL test database is created for one test file and dropped
 * after it, so test files can run in parallel.
 */
export type TestDialect = "sqlite" | "postgres";

export function testDialects(): TestDialect[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase {
  database: Database;
  /** DATABASE_URL that opens this database (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

/** `migrate: false` leaves the database empty (tests of the migrations themselves); `log` hears every statement. */
export async function createTestDatabase(
  kind: TestDialect,
  { migrate = true, log }: { migrate?: boolean } & OpenOptions = {},
): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const database = openSqlite(":memory:", { log });
    if (migrate) await migrateToLatest(database);
    return { database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `metryka_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { log });
  if (migrate) await migrateToLatest(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** For tests: every posting as [value, year, record, signature], in the table's key order. */
export async function storedPostings(database: Database): Promise<number[][]> {
  const rows = await database.db
    .selectFrom("postings")
    .select(["value_id", "year", "record_id", "sig"])
    .orderBy("value_id")
    .orderBy("year")
    .orderBy("record_id")
    .execute();
  return rows.map((r) => [r.value_id, r.year, r.record_id, r.sig].map(Number));
}
