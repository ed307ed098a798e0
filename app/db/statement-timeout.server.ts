import { sql } from "kysely";
import type { Database } from "./connection.server";

/**
 * A time budget for a piece of read-only work (decision 0055). On PostgreSQL the work runs in a read-only
 * transaction whose `statement_timeout` is `ms`: a statement that runs longer is cancelled by the server
 * (isStatementTimeout) and the connection is free again. SQLite has no way to stop a statement from outside
 * (better-sqlite3 exposes neither a progress handler nor an interrupt): there the callers bound the work before
 * it starts (the search's cost limit), and the work runs as given.
 */
export async function withStatementTimeout<T>(
  database: Database,
  ms: number,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  if (database.kind !== "postgres") return work(database);
  return database.db
    .transaction()
    .setAccessMode("read only")
    .execute(async (trx) => {
      // `true`: for this transaction only, so the pooled connection goes back with the server's own setting.
      await sql`select set_config('statement_timeout', ${String(Math.max(1, Math.round(ms)))}, true)`.execute(trx);
      return work({ ...database, db: trx });
    });
}

/** Whether PostgreSQL cancelled a statement for running past its statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "57014";
}
