import type SQLite from "better-sqlite3";
import { sql } from "kysely";
import type { Database } from "./connection.server";

interface VersionStatements {
  others: SQLite.Statement;
  own: SQLite.Statement;
}

const statements = new WeakMap<SQLite.Database, VersionStatements>();

/**
 * A value that changes whenever anything in the database may have changed, read without touching a table. Read it
 * before reading the data it vouches for; undefined when the database cannot answer.
 *
 * - SQLite: `data_version` moves when another connection commits (an import's own connection, `npm run seed`, a
 *   second process), and `total_changes()` counts every row this connection wrote, committed or not, so a rollback
 *   only makes the version move when nothing changed.
 * - PostgreSQL: the current snapshot (`xmin:xmax:in-progress ids`). Only a transaction that wrote has an id, and
 *   its end, commit or abort, changes the snapshot of every instance on the cluster; while the snapshot is the same,
 *   no write has become visible anywhere. Writes to the cluster's other databases move it too (only more renders).
 */
export async function dataVersion(database: Database): Promise<string | undefined> {
  const sqlite = database.sqlite;
  if (!sqlite) {
    try {
      const { rows } = await sql<{ v: string }>`select pg_current_snapshot()::text as v`.execute(database.db);
      return rows[0]?.v;
    } catch {
      return undefined;
    }
  }
  let prepared = statements.get(sqlite);
  if (!prepared) {
    prepared = {
      others: sqlite.prepare("pragma data_version").pluck(),
      own: sqlite.prepare("select total_changes()").pluck(),
    };
    statements.set(sqlite, prepared);
  }
  try {
    return `${String(prepared.others.get())}.${String(prepared.own.get())}`;
  } catch {
    // A closed or failing connection vouches for nothing; the page is made the long way.
    return undefined;
  }
}
