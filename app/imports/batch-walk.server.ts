import type { Kysely } from "kysely";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { type ImportBatch } from "./batches.server";
import { SOURCE_KEY_TARGET } from "./fields";
import { type FileAnalysis, fileDigest } from "./file.server";
import { ImportError } from "./import-error";
import type { RowProblem } from "./rows.server";
import { SeenKeys } from "./seen-keys";
import { MAX_STORED_PROBLEMS, replaceProblems, updateBatch } from "~/jobs/batch-rows.server";

/**
 * What every kind of batch (records, places) does alike (decisions 0023, 0027): read the file's rows, refuse a
 * source key seen earlier in the file, classify the valid rows in chunks as new, changed or unchanged against what
 * is stored, and record the outcome of a check, an import or an undo on the batch. Each kind brings its own row
 * reader and its own way of finding and comparing what is stored.
 */

/** A refusal the administrator can act on (import-error.ts, where the file readers can throw it too). */
export { ImportError };

export type OnProgress = (done: number) => void;

/** Rows read and classified at a time: one query finds the stored items of a chunk's keys. */
export const CHUNK = 1000;
/**
 * Rows per page of an administrator's export: each page is one statement and its CSV, run on the server's thread
 * (about 2 ms at 50 rows; 2,000 took about 90 ms). Exports waiting for the event loop take their turns one page
 * each (decision 0055), so a request arriving behind twenty exports waits for about twenty pages.
 */
export const EXPORT_PAGE_ROWS = 50;

/** A row of a file as every kind reads it: valid with a source key, or with the problems that keep it out. */
export interface SourcedRow {
  row: number;
  sourceKey: string | null;
  problems: RowProblem[];
  /** What may be wrong without keeping the row out. */
  warnings?: RowProblem[];
}

export interface Classified<R, E> {
  row: R;
  /** What is stored under the row's key, if anything. */
  existing: E | undefined;
  /** The stored item equals the row: nothing to write. */
  same: boolean;
}

export interface BatchRows<R extends SourcedRow, E> {
  /** The file's rows, the header left out. */
  rows: AsyncIterable<R>;
  /** The chunk's rows beside what is stored under their keys. */
  classify(db: Kysely<Schema>, rows: R[]): Promise<Classified<R, E>[]>;
}

export interface BatchCounts {
  total: number;
  errorRows: number;
  new: number;
  changed: number;
  unchanged: number;
}

/**
 * Whether the batch's check, with the settings it has now, found no problem in any row: then no two rows share a
 * source key either. (A change of the settings clears `checked`; the file is the one checked, requireCheckedFile.)
 */
export function checkedClean(batch: ImportBatch): boolean {
  return batch.checked && batch.rows.error === 0;
}

/**
 * Reads every row (`visit` gets the valid ones in chunks, classified) and hands on the problems: a row's own, and
 * a source key that an earlier row of the file has. A file its check found clean (`keysDistinct`) needs no record
 * of the keys it has shown: at 10 million rows that record alone took 200 MB.
 */
export async function walkBatchRows<R extends SourcedRow, E>(
  db: Kysely<Schema>,
  batch: ImportBatch,
  source: BatchRows<R, E>,
  onProgress: OnProgress,
  visit: (chunk: Classified<R, E>[]) => Promise<void>,
  onProblemRow: (row: R, problems: RowProblem[]) => void,
  { keysDistinct = false, onWarnings }: { keysDistinct?: boolean; onWarnings?: (warnings: RowProblem[]) => void } = {},
): Promise<BatchCounts> {
  const counts: BatchCounts = { total: 0, errorRows: 0, new: 0, changed: 0, unchanged: 0 };
  const keys = keysDistinct ? null : SeenKeys.forRows(batch.analysis.approximateRows);
  const keyColumn = batch.settings.columns.indexOf(SOURCE_KEY_TARGET);
  let pending: R[] = [];
  const drain = async () => {
    if (!pending.length) return;
    const chunk = await source.classify(db, pending);
    pending = [];
    for (const c of chunk) {
      if (!c.existing) counts.new++;
      else if (c.same) counts.unchanged++;
      else counts.changed++;
    }
    await visit(chunk);
    // SQLite's driver is synchronous: without a turn of the event loop now and then, the site's other requests
    // and this batch's own progress events would wait for the whole import.
    await new Promise((resolve) => setImmediate(resolve));
  };
  for await (const row of source.rows) {
    counts.total++;
    if (row.warnings && onWarnings) onWarnings(row.warnings);
    let problems = row.problems;
    if (!problems.length && row.sourceKey && keys) {
      const earlier = keys.firstRow(row.sourceKey, row.row);
      if (earlier !== undefined) {
        problems = [
          {
            row: row.row,
            column: keyColumn >= 0 ? (batch.analysis.headers[keyColumn] ?? "Source key") : "",
            ...(keyColumn >= 0
              ? {
                  message: `The source key “${row.sourceKey}” is also on row ${earlier}`,
                  say: { key: "problems.keyRepeated", values: { key: row.sourceKey, row: earlier } },
                }
              : {
                  message: `This row repeats row ${earlier} exactly`,
                  say: { key: "problems.rowRepeated", values: { row: earlier } },
                }),
          },
        ];
      }
    }
    if (problems.length) {
      counts.errorRows++;
      onProblemRow(row, problems);
    } else {
      pending.push(row);
      if (pending.length >= CHUNK) await drain();
    }
    if (counts.total % CHUNK === 0) onProgress(counts.total);
  }
  await drain();
  onProgress(counts.total);
  return counts;
}

/** The batch's row counts as its columns: every row read is done. */
function countColumns(counts: BatchCounts, skipped: number) {
  return {
    rows_total: counts.total,
    rows_done: counts.total,
    rows_error: counts.errorRows,
    rows_new: counts.new,
    rows_changed: counts.changed,
    rows_unchanged: counts.unchanged,
    rows_skipped: skipped,
  };
}

/**
 * Warnings a check keeps (on the batch's analysis, shown on its page); the rest are counted. A warning does not keep
 * its row out, so the page says how many rows have one, and shows the first.
 */
export const KEPT_WARNINGS = 100;

/** The dry run of any kind: every row read and validated, nothing written but the report. */
export async function checkBatch<R extends SourcedRow, E>(
  database: Database,
  batch: ImportBatch,
  source: BatchRows<R, E>,
  onProgress: OnProgress,
): Promise<void> {
  const problems: RowProblem[] = [];
  let moreProblems = 0;
  const warnings: RowProblem[] = [];
  let warningRows = 0;
  const counts = await walkBatchRows(
    database.db,
    batch,
    source,
    onProgress,
    async () => {},
    (_row, rowProblems) => {
      for (const p of rowProblems) {
        if (problems.length < MAX_STORED_PROBLEMS) problems.push(p);
        else moreProblems++;
      }
    },
    {
      onWarnings(rowWarnings) {
        warningRows++;
        for (const w of rowWarnings) if (warnings.length < KEPT_WARNINGS) warnings.push(w);
      },
    },
  );
  if (counts.total === 0) {
    throw new ImportError("The file has a header but no rows to import.", { key: "file.problems.headerOnly" });
  }
  await database.db.transaction().execute(async (trx) => {
    await replaceProblems({ db: trx }, batch.id, problems);
    await updateBatch({ db: trx }, batch.id, {
      status: "checked",
      checked: 1,
      ...countColumns(counts, 0),
      finished_at: new Date().toISOString(),
      error: moreProblems ? `${moreProblems.toLocaleString("en")} further problems were not kept` : null,
      analysis: JSON.stringify({ ...batch.analysis, warnings, warningRows } satisfies FileAnalysis),
    });
  });
}

/**
 * What an import does with a row that has problems: refuses the whole batch, or leaves the row out when the
 * administrator chose so (`skipped()` counts those).
 */
export function problemRowPolicy(batch: ImportBatch): {
  onProblemRow: (row: SourcedRow) => void;
  skipped: () => number;
} {
  let skipped = 0;
  return {
    onProblemRow(row) {
      if (!batch.settings.skipBadRows) {
        throw new ImportError(
          `Row ${row.row} has problems (${row.problems[0]?.message ?? "a source key repeated"}); nothing was imported. Check the file again, or choose to leave out the rows with problems.`,
        );
      }
      skipped++;
    },
    skipped: () => skipped,
  };
}

/** Records on the batch, inside the import's transaction, what the import did. */
export async function markImported(
  trx: Kysely<Schema>,
  batch: ImportBatch,
  counts: BatchCounts,
  skipped: number,
  startedMs: number,
): Promise<void> {
  const now = new Date();
  await updateBatch({ db: trx }, batch.id, {
    status: "imported",
    ...countColumns(counts, skipped),
    finished_at: now.toISOString(),
    duration_ms: now.getTime() - startedMs,
    error: null,
  });
}

/** Records on the batch, inside the undo's transaction, that it was undone and by whom. */
export async function markUndone(trx: Kysely<Schema>, batch: ImportBatch, actorName: string): Promise<void> {
  await trx.deleteFrom("import_changes").where("batch_id", "=", batch.id).execute();
  await updateBatch({ db: trx }, batch.id, {
    status: "undone",
    undone_at: new Date().toISOString(),
    undone_by_name: actorName,
    error: null,
  });
}

/**
 * The batch of the same kind and target imported after `batch` and not undone that wrote something, if any: it
 * has to be undone first. (A later import of the same file that found every row unchanged wrote nothing.)
 */
export async function laterBatch(database: Database, batch: ImportBatch): Promise<number | undefined> {
  const later = await database.db
    .selectFrom("import_batches")
    .select("id")
    .where("kind", "=", batch.kind)
    .where("target", "=", batch.target)
    .where("id", ">", batch.id)
    .where((eb) =>
      eb.or([
        eb("status", "in", ["importing", "undoing"]),
        eb.and([eb("status", "=", "imported"), eb.or([eb("rows_new", ">", 0), eb("rows_changed", ">", 0)])]),
      ]),
    )
    .orderBy("id")
    .executeTakeFirst();
  return later ? Number(later.id) : undefined;
}

/** Refuses an undo while a later batch of the same target stands: it may have changed the same items. */
export async function refuseUndoUnderLaterBatch(database: Database, batch: ImportBatch, items: string): Promise<void> {
  const later = await laterBatch(database, batch);
  if (later !== undefined) {
    throw new ImportError(
      `Undo import #${later} first: it came after this one and may have changed the same ${items}.`,
      {
        key: items === "places" ? "file.problems.undoLaterPlaces" : "file.problems.undoLaterRecords",
        values: { id: later },
      },
    );
  }
}

export const FILE_NOT_HERE =
  "The uploaded file is not in this server's data folder any more. Upload it again. (For the administrator: several instances of the site must share one DATA_DIR; see docs/deploy.md.)";

/** Refuses an import when the file on disk is not the one the check read, or is not there at all. */
export async function requireCheckedFile(batch: ImportBatch): Promise<void> {
  const digest = await fileDigest(batch.filePath).catch((error: unknown) => {
    // An instance that does not share the data folder of the one the file was uploaded to, or a file removed by hand.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new ImportError(FILE_NOT_HERE, { key: "file.problems.notHere" });
    }
    throw error;
  });
  if (digest !== batch.sha256) {
    throw new ImportError("The uploaded file is not the one that was checked any more. Upload it again.", {
      key: "file.problems.changed",
    });
  }
}
