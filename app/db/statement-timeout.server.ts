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
  const timeoutMs = Math.max(1, Math.round(ms));
  return database.db.connection().execute(async (connection) => {
    // The transaction and its budget in one round trip (a search's every statement is one, issue 30): without
    // parameters node-postgres sends the text as a simple query, which may hold several statements. `set local`:
    // for this transaction only, so the pooled connection goes back with the server's own setting.
    await sql.raw(`start transaction read only; set local statement_timeout = ${timeoutMs}`).execute(connection);
    let answer: T;
    try {
      answer = await work({ ...database, db: connection });
    } catch (error) {
      // A connection whose server went away cannot roll back; the work's own error is the one to report.
      await sql
        .raw("rollback")
        .execute(connection)
        .catch(() => undefined);
      throw error;
    }
    await sql.raw("commit").execute(connection);
    return answer;
  });
}

/** Whether PostgreSQL cancelled a statement for running past its statement_timeout (SQLSTATE 57014). */
export function isStatementTimeout(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "57014";
}
