import type { Kysely, Selectable, Updateable } from "kysely";
import type { Database } from "~/db/connection.server";
import type { ImportBatchesTable, Schema } from "~/db/schema";
import { type Say, readStoredMessage, storedMessage } from "./said";

/**
 * The rows every background job writes (decision 0054): record and place imports and members' trees all run as
 * batches of `import_batches`, with their problems in `import_problems`.
 */

export type BatchRow = Selectable<ImportBatchesTable>;
export type BatchUpdate = Omit<Updateable<ImportBatchesTable>, "id">;

/** A problem of a job's file, by row (or line) and column (or tag). */
export interface JobProblem {
  row: number;
  column: string;
  /** In English: the command line's, and what a page shows when the problem has no key. */
  message: string;
  /** The message's key in the `imports` catalogs and its values, for a page in the reader's language. */
  say?: Say;
}

export async function updateBatch(executor: { db: Kysely<Schema> }, id: number, set: BatchUpdate): Promise<void> {
  await executor.db.updateTable("import_batches").set(set).where("id", "=", id).execute();
}

/** Problems kept per batch: the page shows the first thousand, the CSV all that are kept. */
export const MAX_STORED_PROBLEMS = 100_000;
export const SHOWN_PROBLEMS = 1000;

export async function replaceProblems(
  executor: { db: Kysely<Schema> },
  batchId: number,
  problems: readonly JobProblem[],
): Promise<void> {
  await executor.db.deleteFrom("import_problems").where("batch_id", "=", batchId).execute();
  for (let i = 0; i < problems.length; i += 500) {
    await executor.db
      .insertInto("import_problems")
      .values(
        problems.slice(i, i + 500).map((p, j) => ({
          batch_id: batchId,
          position: i + j,
          row: p.row,
          column_name: p.column,
          message: storedMessage(p.message, p.say),
        })),
      )
      .execute();
  }
}

export async function listProblems(database: Database, batchId: number, limit: number): Promise<JobProblem[]> {
  const rows = await database.db
    .selectFrom("import_problems")
    .select(["row", "column_name", "message"])
    .where("batch_id", "=", batchId)
    .orderBy("position")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ row: Number(r.row), column: r.column_name, ...readStoredMessage(r.message) }));
}
