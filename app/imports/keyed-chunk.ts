import type { NameCodesTable } from "~/db/schema";
import type { PendingValue } from "~/search/record-keys.server";
import type { CsvSettings } from "./file.server";
import type { RecordRowSettings, RowProblem } from "./rows.server";

/**
 * What the main thread of a large record import and its keying worker (keying-worker.server.ts) say to each other
 * (decision 0045): the job, then chunks of keyed rows in packed columns, so a million rows cross as a few
 * hundred messages and not as millions of objects.
 */

/** Rows a chunk carries. */
export const KEYED_CHUNK_ROWS = 2000;

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
}

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
