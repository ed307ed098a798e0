import { parentPort, workerData } from "node:worker_threads";
import { getCollection } from "~/search/collections";
import { RECORD_VALUE_COLUMNS, RecordKeyer } from "~/search/record-keys.server";
import { readCsvRows } from "./file.server";
import { KEYED_CHUNK_ROWS, type KeyedChunk, type KeyingJob, type WorkerMessage } from "./keyed-chunk";
import { recordRowReader } from "./rows.server";

/**
 * The worker thread of a large record import (decision 0045): reads the file, validates each row and keys it
 * (records row, dictionary ids, new dictionary values) while the main thread writes. It runs at most
 * IN_FLIGHT chunks ahead of the writer, which hands a credit back for each chunk it takes, so its memory is
 * bounded whatever the file's size. Bundled on its own (scripts/build-workers.mjs).
 */

const job = workerData as KeyingJob;
const port = parentPort!;
let credits = job.inFlight;
let wake: (() => void) | null = null;
port.on("message", () => {
  credits++;
  wake?.();
});

/**
 * Posts to the port the main thread takes chunks from when it is ready, and tells it that something is there if it
 * waits: a word for every chunk woke it thousands of times for nothing.
 */
function post(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
  job.chunks.postMessage(message, transfer);
  if (message.kind !== "chunk" || Atomics.load(job.waiting, 0)) port.postMessage(null);
}

class ChunkBuilder {
  rows: number[] = [];
  keys: (string | null)[] = [];
  problems: KeyedChunk["problems"] = [];
  records: (string | number | null)[] = [];
  idEnds: number[] = [];
  ids: number[] = [];
  signatures: number[] = [];
}

async function run(): Promise<void> {
  const collection = getCollection(job.collection);
  if (!collection) throw new Error(`Unknown collection: ${job.collection}`);
  const keyer = new RecordKeyer(job.nextValueId);
  for (const [field, value, id] of job.dictionary) keyer.know(collection.code, field, value, id);
  const read = recordRowReader(collection, job.settings, job.headers);
  let chunk = new ChunkBuilder();
  const send = async () => {
    while (credits <= 0) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    credits--;
    const fresh = keyer.takeNew();
    const rows = Int32Array.from(chunk.rows);
    const idEnds = Int32Array.from(chunk.idEnds);
    const ids = Int32Array.from(chunk.ids);
    const signatures = Float64Array.from(chunk.signatures);
    const message: KeyedChunk = {
      kind: "chunk",
      rows,
      keys: chunk.keys,
      problems: chunk.problems,
      records: chunk.records,
      idEnds,
      ids,
      signatures,
      values: fresh.values,
      codes: fresh.codes,
    };
    post(message, [rows.buffer, idEnds.buffer, ids.buffer, signatures.buffer]);
    chunk = new ChunkBuilder();
  };
  let header = true;
  for await (const csvRow of readCsvRows(job.filePath, job.settings)) {
    if (header) {
      header = false;
      continue;
    }
    const row = read(csvRow);
    chunk.rows.push(row.row);
    chunk.keys.push(row.sourceKey);
    if (row.problems.length) {
      chunk.problems.push(row.problems);
    } else {
      chunk.problems.push(null);
      const keyed = keyer.key(row.record!, chunk.ids);
      for (const column of RECORD_VALUE_COLUMNS) chunk.records.push(keyed[column]);
      chunk.idEnds.push(chunk.ids.length);
      chunk.signatures.push(keyer.lastSignature);
    }
    if (chunk.rows.length >= KEYED_CHUNK_ROWS) await send();
  }
  if (chunk.rows.length) await send();
  post({ kind: "end" });
}

run().catch((error: unknown) => {
  post({ kind: "error", message: error instanceof Error ? error.message : String(error) });
});
