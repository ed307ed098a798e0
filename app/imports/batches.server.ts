import type { Kysely } from "kysely";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import type { BatchRow, BatchUpdate } from "~/jobs/batch-rows.server";
import type { CalendarKind } from "~/search/calendar";
import type { Delimiter } from "./csv";
import type { ImportEncoding } from "./encoding";
import type { FileAnalysis } from "./file.server";
import { type Say, readStoredMessage } from "~/jobs/said";

/**
 * The durable record of each import batch (decision 0023): what was uploaded, the administrator's settings, how
 * far the batch got and what it did. A batch moves through these states:
 *
 *   uploaded → checking → checked → importing → imported → undoing → undone
 *                 ↘ failed ↙            ↘ failed
 *
 * "failed" keeps the settings, so the batch can be checked or started again; "discarded" ends a batch never
 * imported.
 */
export type BatchStatus =
  "uploaded" | "checking" | "checked" | "importing" | "imported" | "undoing" | "undone" | "failed" | "discarded";

/** The states in which a job works on the batch. */
export const RUNNING_STATES: readonly BatchStatus[] = ["checking", "importing", "undoing"];

export interface RecordBatchSettings {
  encoding: ImportEncoding;
  delimiter: Delimiter;
  columns: (string | null)[];
  calendar: CalendarKind;
  /** Import the valid rows of a file with problems, leaving the others out. */
  skipBadRows: boolean;
  /** The sheet of a workbook that is read (the first when none is chosen). */
  sheet?: string | null;
}

export interface ImportBatch {
  id: number;
  kind: string;
  target: string;
  status: BatchStatus;
  fileName: string;
  filePath: string;
  sha256: string;
  bytes: number;
  format: string;
  encodingDetected: string;
  settings: RecordBatchSettings;
  analysis: FileAnalysis;
  rows: {
    total: number;
    done: number;
    error: number;
    new: number;
    changed: number;
    unchanged: number;
    skipped: number;
  };
  checked: boolean;
  createdBy: number | null;
  createdByName: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  durationMs: number | null;
  /** Why the last job failed, in English (the command line's); `errorSay` is its catalog key, when it has one. */
  error: string | null;
  errorSay?: Say;
  undoneAt: string | null;
  undoneByName: string | null;
  heartbeatAt: string | null;
}

function storedError(stored: string | null): Pick<ImportBatch, "error" | "errorSay"> {
  if (stored === null) return { error: null };
  const { message, say } = readStoredMessage(stored);
  return say ? { error: message, errorSay: say } : { error: message };
}

export function toBatch(r: BatchRow): ImportBatch {
  return {
    id: Number(r.id),
    kind: r.kind,
    target: r.target,
    status: r.status as BatchStatus,
    fileName: r.file_name,
    filePath: r.file_path,
    sha256: r.file_sha256,
    bytes: Number(r.file_bytes),
    format: r.format,
    encodingDetected: r.encoding_detected,
    settings: JSON.parse(r.settings) as RecordBatchSettings,
    analysis: JSON.parse(r.analysis) as FileAnalysis,
    rows: {
      total: Number(r.rows_total),
      done: Number(r.rows_done),
      error: Number(r.rows_error),
      new: Number(r.rows_new),
      changed: Number(r.rows_changed),
      unchanged: Number(r.rows_unchanged),
      skipped: Number(r.rows_skipped),
    },
    checked: !!r.checked,
    createdBy: r.created_by === null ? null : Number(r.created_by),
    createdByName: r.created_by_name,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    durationMs: r.duration_ms === null ? null : Number(r.duration_ms),
    ...storedError(r.error),
    undoneAt: r.undone_at,
    undoneByName: r.undone_by_name,
    heartbeatAt: r.heartbeat_at,
  };
}

export async function createBatch(
  database: Database,
  input: {
    kind: string;
    target: string;
    fileName: string;
    filePath: string;
    format: string;
    analysis: FileAnalysis;
    settings: RecordBatchSettings;
    createdBy: number | null;
    createdByName: string;
    now?: Date;
  },
): Promise<number> {
  const row = await database.db
    .insertInto("import_batches")
    .values({
      kind: input.kind,
      target: input.target,
      status: "uploaded",
      file_name: input.fileName,
      file_path: input.filePath,
      file_sha256: input.analysis.sha256,
      file_bytes: input.analysis.bytes,
      format: input.format,
      encoding_detected: input.analysis.encoding,
      settings: JSON.stringify(input.settings),
      analysis: JSON.stringify(input.analysis),
      rows_total: input.analysis.approximateRows,
      created_by: input.createdBy,
      created_by_name: input.createdByName,
      created_at: (input.now ?? new Date()).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function getBatch(
  database: Database | { db: Kysely<Schema> },
  id: number,
): Promise<ImportBatch | undefined> {
  const row = await database.db.selectFrom("import_batches").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toBatch(row as BatchRow) : undefined;
}

export async function countBatches(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom("import_batches")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A page of batches, newest first. */
export async function listBatches(database: Database, opts: { limit: number; offset: number }): Promise<ImportBatch[]> {
  const rows = await database.db
    .selectFrom("import_batches")
    .selectAll()
    .orderBy("id", "desc")
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return rows.map((r) => toBatch(r as BatchRow));
}

/** Moves a batch from one of `from` to `to`; false when another request or instance moved it first. */
export async function claimBatch(
  database: Database,
  id: number,
  from: readonly BatchStatus[],
  to: BatchStatus,
  set: BatchUpdate = {},
  /** Only while the batch's heartbeat is older than this (ISO time): its instance is gone, not just slow to say so. */
  silentSince?: string,
): Promise<boolean> {
  let query = database.db
    .updateTable("import_batches")
    .set({ ...set, status: to })
    .where("id", "=", id)
    .where("status", "in", [...from]);
  if (silentSince) query = query.where("heartbeat_at", "<", silentSince);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
