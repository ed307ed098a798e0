import type SQLite from "better-sqlite3";
import type { Database } from "./connection.server";

interface VersionStatements {
  others: SQLite.Statement;
  own: SQLite.Statement;
}

const statements = new WeakMap<SQLite.Database, VersionStatements>();

/**
 * A value that changes whenever anything in the database may have changed, read without touching a table: SQLite's
 * `data_version` moves when another connection commits (an import's own connection, `npm run seed`, a second
 * process), and `total_changes()` counts every row this connection wrote, committed or not, so a rollback only
 * makes the version move when nothing changed. Read it before reading the data it vouches for. Undefined on
 * PostgreSQL (no such counter spans the instances) and when the connection cannot answer.
 */
export function dataVersion(database: Database): string | undefined {
  const sqlite = database.sqlite;
  if (!sqlite) return undefined;
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
    // A closed or failing connection vouches for nothing; the page is made the long way and says why.
    return undefined;
  }
}
