import type { MessagePort } from "node:worker_threads";
import type { NameCodesTable } from "~/db/schema";
import type { PendingValue } from "~/search/record-keys.server";
import type { CsvSettings } from "./file.server";
import type { RecordRowSettings, RowProblem } from "./rows.server";

/**
 * What the main thread of a large record import and its keying worker (keying-worker.server.ts) say to each other
 * (decision 0045): the job, then chunks of keyed rows in packed columns, so a million rows cross as thousands of
 * messages (decision 0049) and not as millions of objects.
 */

/**
 * Rows a chunk carries. Few: the worker's strings of a chunk being filled live until it is sent, and at 2,000 rows
 * they outlived the young generation's collections, which then cost a quarter of the worker's time.
 */
export const KEYED_CHUNK_ROWS = 125;

export interface KeyingJob {
  filePath: string;
  settings: CsvSettings & RecordRowSettings;
  headers: string[];
  collection: string;
  /** The id the first value new to the dictionary gets. */
  nextValueId: number;
  /** The collection's dictionary as it is: field, value, id. */
  dictionary: [string, string, number][];
  /** Chunks the worker may send before the main thread has taken them. */
  inFlight: number;
  /** Where the worker posts its messages, for the main thread to take when it is ready (decision 0049). */
  chunks: MessagePort;
  /** Set (index 0) while the main thread waits: the worker then also says on its own port that it posted. */
  waiting: Int32Array;
}

/** What the caller of an import gives; the rest of the job is the channel's. */
export type KeyingRequest = Omit<KeyingJob, "inFlight" | "chunks" | "waiting">;

export interface KeyedChunk {
  kind: "chunk";
  /** Every row read, in the file's order: its number, its source key, and its problems (null when valid). */
  rows: Int32Array;
  keys: (string | null)[];
  problems: (RowProblem[] | null)[];
  /** The record of each valid row as RECORD_VALUE_COLUMNS (record-keys.server.ts), one after the other. */
  records: (string | number | null)[];
  /** The dictionary ids of the valid rows: the n-th valid row's end at idEnds[n] (its start at the one before). */
  idEnds: Int32Array;
  ids: Int32Array;
  /** The name signature of each valid row (decision 0046). */
  signatures: Float64Array;
  /** Dictionary values this chunk's rows made, and their codes. */
  values: PendingValue[];
  codes: NameCodesTable[];
}

export type WorkerMessage = KeyedChunk | { kind: "end" } | { kind: "error"; message: string };
