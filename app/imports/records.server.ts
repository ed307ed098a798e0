import type { Database } from "~/db/connection.server";
import { jobExcludesOtherWriters } from "~/db/job-transaction.server";
import { type SimpleDate, parseIsoDate } from "~/search/calendar";
import { type CollectionDef, getCollection } from "~/search/collections";
import type { ImportRecord } from "~/search/record-keys.server";
import {
  type RecordWrites,
  type StoredRecordRow,
  afterRecordWrites,
  openRecordWrites,
  recordSources,
  recordsPage,
} from "~/search/record-writes.server";
import { ImportError, type OnProgress } from "./batch-walk.server";
import type { ImportBatch } from "./batches.server";
import { DATE_TARGET, JULIAN_TARGET, SOURCE_KEY_TARGET, storedFields } from "./fields";
import { type KeyedRow, keyedIds, keyedRecord, keyedRecordAt, keyedRows } from "./keyed-rows.server";
import {
  type ImportKind,
  checkKindBatch,
  exportCsv,
  fileRows,
  idKeyOf,
  importKindBatch,
  undoKindBatch,
} from "./pipeline.server";
import { type ReadRow, canonicalOfImport, canonicalOfStored, recordRowReader } from "./rows.server";

/**
 * Records through the one import pipeline (pipeline.server.ts, decision 0023): how a file's row is read as a
 * record (on this thread, or keyed on a worker for a large CSV file), how the records stored under the rows' keys
 * are found and compared, and how they are written, through the records domain's import interface
 * (~/search/record-writes.server). The check and the import read the file through the same rows, so the import
 * does exactly what the check reported.
 */

function collectionOf(batch: ImportBatch): CollectionDef {
  const collection = getCollection(batch.target);
  if (!collection) throw new ImportError(`There is no collection “${batch.target}” any more.`);
  return collection;
}

/** The file's rows read as records on this thread. */
function readRows(batch: ImportBatch): AsyncGenerator<ReadRow> {
  return fileRows(batch, recordRowReader(collectionOf(batch), batch.settings, batch.analysis.headers));
}

/** A row read on this thread, or one a worker read and keyed (decision 0045). */
type RecordRow = ReadRow | KeyedRow;

const isKeyed = (row: RecordRow): row is KeyedRow => "chunk" in row;

function same(stored: StoredRecordRow, row: RecordRow): boolean {
  return (
    canonicalOfStored(stored) === (isKeyed(row) ? canonicalOfStored(keyedRecord(row)) : canonicalOfImport(row.record!))
  );
}

/**
 * A file's rows at least this many: read, validated and keyed on a worker thread while this one writes
 * (decision 0045). A smaller file is imported before a worker would have started.
 */
const WORKER_FROM_ROWS = 20_000;

/** A CSV batch's rows read and keyed by a worker, its new dictionary values handed to the writes. */
async function keyedRecordRows(batch: ImportBatch, writes: RecordWrites): Promise<AsyncIterable<KeyedRow>> {
  const job = {
    filePath: batch.filePath,
    settings: batch.settings,
    headers: batch.analysis.headers,
    collection: collectionOf(batch).id,
    nextValueId: writes.nextValueId,
    dictionary: await writes.dictionary(),
  };
  return keyedRows(
    job,
    (chunk) => writes.addValues(chunk.values, chunk.codes),
    () => writes.writeAhead(),
  );
}

/** Records an import writes at a time: written soon, their strings die before the garbage collector moves them. */
const IMPORT_RECORDS_PER_WRITE = 1000;
/** Records an undo writes at a time. */
const UNDO_RECORDS_PER_WRITE = 5000;

function storedAsImport(collection: CollectionDef, stored: StoredRecordRow): ImportRecord {
  const date: SimpleDate = {
    year: Math.floor(stored.date_sort / 10000),
    month: Math.floor(stored.date_sort / 100) % 100,
    day: stored.date_sort % 100,
  };
  return {
    collection: collection.id,
    date,
    julianDate: stored.julian_date ? parseIsoDate(stored.julian_date, "julian") : null,
    fields: JSON.parse(stored.data) as Record<string, string>,
  };
}

/** What an undo keeps of a record: the stored row, and whether its key was never stored. */
const PREVIOUS: ImportKind<RecordRow, StoredRecordRow, StoredRecordRow>["previous"] = {
  write: (item) => JSON.stringify({ ...item.state, keyless: item.keyless }),
  read(_id, text) {
    const { keyless, ...state } = JSON.parse(text) as StoredRecordRow & { keyless: boolean };
    return { id: state.id, state, keyless };
  },
};

/** Records as the pipeline's kind; `worker` forces the keying worker's path either way (else by the file's size). */
function recordsKind(worker?: boolean): ImportKind<RecordRow, StoredRecordRow, StoredRecordRow> {
  return {
    items: "records",
    idKeyPrefix: "metryka-",
    checkRows: (batch) => ({ rows: readRows(batch), same }),
    keyed(batch) {
      const { code } = collectionOf(batch);
      return {
        idsOfKeys: (db, keys) => recordSources.idsOfKeys(db, code, keys),
        keyedIds: (db, ids) => recordSources.keyedIds(db, ids),
        load: (db, ids) => recordSources.load(db, code, ids),
      };
    },
    async open(batch, trx, job, purpose) {
      const collection = collectionOf(batch);
      const perWrite = purpose === "import" ? IMPORT_RECORDS_PER_WRITE : UNDO_RECORDS_PER_WRITE;
      const writes = await openRecordWrites(job, trx, collection.code, perWrite);
      const add = (row: RecordRow, id?: number) => {
        if (!isKeyed(row)) return writes.add(row.record!, id);
        const [from, to] = keyedIds(row);
        const { chunk } = row;
        return writes.addKeyed(chunk.records, keyedRecordAt(row), chunk.ids, from, to, chunk.signatures[row.at]!, id);
      };
      return {
        writer: {
          removable: (item) => item.state,
          remove: writes.remove,
          async restore(items) {
            for (const item of items) await writes.add(storedAsImport(collection, item.state), item.id);
          },
          keepPrevious: writes.keepPrevious,
          addKeys: (keys) =>
            writes.addSourceKeys(
              keys.map((k) => ({
                record_id: k.id,
                collection: collection.code,
                source_key: k.key,
                batch_id: k.batchId,
              })),
            ),
          dropKeys: writes.dropSourceKeys,
          createdBy: writes.createdBy,
          async changedBy(batchId, after, limit) {
            const changes = await writes.changedBy(batchId, after, limit);
            return changes.map(({ previous, ...now }) => ({ now, before: PREVIOUS.read(now.id, previous) }));
          },
          finish: writes.finish,
        },
        async rows() {
          // Into an empty collection every row is new when the job's transaction keeps other writers out (SQLite's
          // BEGIN IMMEDIATE), and a key repeated in the file is left out before it is classified. So no chunk's
          // keys are looked up (1,000 queries a million rows). On PostgreSQL another import may commit meanwhile.
          const allNew = jobExcludesOtherWriters(job) && (await writes.isEmpty());
          await writes.deferBrowseIndex(batch.rows.new);
          const keyed = worker ?? (batch.format === "csv" && batch.analysis.approximateRows >= WORKER_FROM_ROWS);
          const rows: AsyncIterable<RecordRow> = keyed ? await keyedRecordRows(batch, writes) : readRows(batch);
          return {
            rows,
            same,
            allNew,
            async write(written) {
              const created: number[] = [];
              for (const { row, id } of written) {
                const added = await add(row, id);
                if (id === undefined) created.push(added);
              }
              return created;
            },
          };
        },
      };
    },
    previous: PREVIOUS,
    afterCommit: afterRecordWrites,
  };
}

const RECORDS = recordsKind();

/** The dry run: every row read and validated, nothing written but the report. */
export function checkRecordBatch(database: Database, batch: ImportBatch, onProgress: OnProgress): Promise<void> {
  return checkKindBatch(RECORDS, database, batch, onProgress);
}

/**
 * The import: one transaction writes every valid row (new ones added, changed ones updated) or nothing. A large
 * CSV file is read and keyed on a worker thread (`worker` forces the choice either way).
 */
export function importRecordBatch(
  database: Database,
  batch: ImportBatch,
  onProgress: OnProgress,
  { worker }: { worker?: boolean } = {},
): Promise<void> {
  return importKindBatch(worker === undefined ? RECORDS : recordsKind(worker), database, batch, onProgress);
}

/** Undo: the batch's new records removed, the records it changed put back as they were, in one transaction. */
export function undoRecordBatch(
  database: Database,
  batch: ImportBatch,
  actorName: string,
  onProgress: OnProgress,
): Promise<void> {
  return undoKindBatch(RECORDS, database, batch, actorName, onProgress);
}

export function recordIdKey(id: number): string {
  return idKeyOf(RECORDS, id);
}

/** The columns of a collection's export, which an import maps back by name. */
export function exportColumns(collection: CollectionDef): string[] {
  return [SOURCE_KEY_TARGET, DATE_TARGET, JULIAN_TARGET, ...storedFields(collection).map((f) => f.name)];
}

/** A whole collection as CSV in the import format: importing the file again changes nothing. */
export function exportCollectionCsv(database: Database, collection: CollectionDef): AsyncGenerator<string> {
  return exportCsv(RECORDS, exportColumns(collection), async (after, limit) => {
    const rows = await recordsPage(database.db, collection.code, after, limit);
    return rows.map((r) => {
      const data = JSON.parse(r.data) as Record<string, string>;
      return {
        id: Number(r.id),
        key: r.source_key,
        cells: {
          ...data,
          [DATE_TARGET]: data[DATE_TARGET] ?? r.greg_date ?? String(r.year),
          [JULIAN_TARGET]: r.julian_date ?? "",
        },
      };
    });
  });
}
