import { MessageChannel, type Worker, receiveMessageOnPort } from "node:worker_threads";
import { startBundledWorker } from "~/platform/bundled-worker.server";
import type { RecordsTable } from "~/db/schema";
import { RECORD_VALUE_COLUMNS } from "~/search/record-keys.server";
import type { SourcedRow } from "./batch-walk.server";
import { type KeyedChunk, type KeyingJob, type KeyingRequest, type WorkerMessage } from "./keyed-chunk";
import type { RowProblem } from "./rows.server";

/**
 * The rows of a large record import read, validated and keyed on a worker thread (decision 0045), so the main
 * thread only classifies and writes: SQLite's writes alone take most of one core.
 */

/** The worker's source beside this file, and its bundle in the build's folder (scripts/build-workers.mjs). */
const WORKER_SOURCE = "./keying-worker.server.ts";
const WORKER_BUNDLE = "keying-worker.cjs";
/**
 * Chunks the worker may be ahead of the writer: enough that neither thread waits for the other while the writer
 * writes a run of postings, few enough to bound memory (they wait serialized, about 90 KB each).
 */
const IN_FLIGHT = 128;

/**
 * The worker's heap: left to itself V8 let it grow to three times what it holds (its garbage counted in the
 * import's memory). It holds the collection's dictionary and the keyer's memory of recent values, some 40 MB
 * for a million demo rows; a dictionary of more than about a million distinct names would not fit, and the
 * import would fail (nothing written) saying so.
 */
const WORKER_HEAP_MB = 128;

/** A row of the file as the worker gave it: a valid one is the `at`-th valid row of its chunk. */
export interface KeyedRow extends SourcedRow {
  chunk: KeyedChunk;
  at: number;
}

const NO_PROBLEMS: RowProblem[] = [];

function startWorker(job: KeyingJob): Promise<Worker> {
  return startBundledWorker(import.meta.url, WORKER_SOURCE, WORKER_BUNDLE, {
    workerData: job,
    transferList: [job.chunks],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
}

/**
 * The file's rows, the header left out, keyed by a worker started for `request`. `onChunk` sees each chunk before
 * its rows (its new dictionary values). While no chunk is ready, `whileWaiting` is called between turns of the
 * event loop for as long as it says more is left (work the caller would do later anyway). The worker stops when
 * the rows end or the caller stops reading.
 */
export async function* keyedRows(
  request: KeyingRequest,
  onChunk: (chunk: KeyedChunk) => void,
  whileWaiting: () => boolean = () => false,
): AsyncGenerator<KeyedRow> {
  // The chunks wait in a port of their own, still serialized (outside the JavaScript heap), until the loop below
  // takes one: received as they came, the strings of every chunk ahead lived long enough for the garbage
  // collector to move them to the old generation, where they piled up as garbage. The worker's own port only
  // says that something was posted, and only while `waiting` says this thread waits for it.
  const { port1: chunks, port2 } = new MessageChannel();
  const waiting = new Int32Array(new SharedArrayBuffer(4));
  const worker = await startWorker({ ...request, inFlight: IN_FLIGHT, chunks: port2, waiting });
  let ended = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const poke = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const next = (): KeyedChunk | null => {
    for (;;) {
      const received = receiveMessageOnPort(chunks);
      if (!received) return null;
      const message = received.message as WorkerMessage;
      if (message.kind === "chunk") return message;
      if (message.kind === "end") ended = true;
      else failure = new Error(message.message);
    }
  };
  worker.on("message", poke);
  worker.on("error", (error) => {
    failure = error;
    poke();
  });
  let exitCode: number | null = null;
  worker.on("exit", (code) => {
    // What it posted before it stopped is still in the port: the loop reads that first.
    exitCode = code;
    poke();
  });
  try {
    for (;;) {
      let chunk = next();
      if (!chunk && !ended && !failure) {
        // Said before the port is read again, so a chunk posted after that read comes with a word.
        Atomics.store(waiting, 0, 1);
        chunk = next();
        if (chunk) Atomics.store(waiting, 0, 0);
      }
      if (!chunk) {
        if (failure) throw failure;
        if (ended) return;
        if (exitCode !== null) {
          throw new Error(`The import's worker stopped (exit code ${exitCode}) before the end of the file`);
        }
        if (whileWaiting()) await new Promise<void>((resolve) => setImmediate(resolve));
        else await new Promise<void>((resolve) => (wake = resolve));
        Atomics.store(waiting, 0, 0);
        continue;
      }
      worker.postMessage(0);
      onChunk(chunk);
      let valid = 0;
      for (let i = 0; i < chunk.rows.length; i++) {
        const problems = chunk.problems[i];
        yield {
          row: chunk.rows[i]!,
          sourceKey: chunk.keys[i] ?? null,
          problems: problems ?? NO_PROBLEMS,
          chunk,
          at: problems ? -1 : valid++,
        };
      }
    }
  } finally {
    chunks.close();
    await worker.terminate();
  }
}

/** Where a valid keyed row's record begins in its chunk's `records`. */
export function keyedRecordAt({ at }: KeyedRow): number {
  return at * RECORD_VALUE_COLUMNS.length;
}

/** The records row of a valid keyed row, its id left 0. */
export function keyedRecord(row: KeyedRow): RecordsTable {
  const record = { id: 0 } as Record<string, string | number | null>;
  const from = keyedRecordAt(row);
  RECORD_VALUE_COLUMNS.forEach((column, i) => (record[column] = row.chunk.records[from + i]!));
  return record as unknown as RecordsTable;
}

/** Where a valid keyed row's dictionary ids are in its chunk's `ids`. */
export function keyedIds({ chunk, at }: KeyedRow): [from: number, to: number] {
  return [at === 0 ? 0 : chunk.idEnds[at - 1]!, chunk.idEnds[at]!];
}
