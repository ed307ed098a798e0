import { type MigrationProvider, Migrator, sql } from "kysely";
import type { Database, DialectKind } from "./connection.server";
import { migrations } from "./migrations/index.server";

/** Runs the migrations of `./migrations/` (one file each) and reports which ones a database has had. */

class InlineProvider implements MigrationProvider {
  constructor(private readonly kind: DialectKind) {}
  async getMigrations() {
    return migrations(this.kind);
  }
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Runs the migrations up to and including `name` only (tests of a later migration's back-fill). */
export async function migrateUpTo(database: Database, name: string): Promise<void> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function pendingMigrations(database: Database): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const all = await migrator.getMigrations();
  return all.filter((m) => !m.executedAt).map((m) => m.name);
}

export interface MigrationStatus {
  /** Every migration this code knows, in order. */
  known: string[];
  /** Known migrations the database has not had yet. */
  pending: string[];
  /** Migrations the database has had that this code does not know: a newer build migrated it. */
  unknown: string[];
}

/** Which migrations the database has had, compared with the ones this code knows (for /ConfigCheck). Changes nothing. */
export async function migrationStatus(database: Database): Promise<MigrationStatus> {
  const migrator = new Migrator({ db: database.db, provider: new InlineProvider(database.kind) });
  const all = await migrator.getMigrations();
  const known = all.map((m) => m.name);
  const pending = all.filter((m) => !m.executedAt).map((m) => m.name);
  let unknown: string[] = [];
  // Without a single applied migration there may be no bookkeeping table to read.
  if (pending.length < known.length) {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    unknown = rows.map((r) => r.name).filter((name) => !known.includes(name));
  }
  return { known, pending, unknown };
}
