import { type Kysely, sql } from "kysely";
import type { Database } from "~/db/connection.server";
import type { ImportChangesTable, RecordSourcesTable, Schema } from "~/db/schema";
import { type SimpleDate, parseIsoDate } from "~/search/calendar";
import { type CollectionDef, getCollection } from "~/search/collections";
import { csvLine } from "~/search/csv";
import { forgetCollectionSizes } from "~/search/stats.server";
import { type Columns, type ImportRecord, RecordImporter, insertRows, settlePostings } from "~/search/store.server";
import {
  type BatchRows,
  type Classified,
  CHUNK,
  EXPORT_PAGE_ROWS,
  ImportError,
  type OnProgress,
  type SourcedRow,
  checkBatch,
  checkedClean,
  markImported,
  markUndone,
  problemRowPolicy,
  refuseUndoUnderLaterBatch,
  requireCheckedFile,
  walkBatchRows,
} from "./batch-walk.server";
import type { ImportBatch } from "./batches.server";
import { DATE_TARGET, JULIAN_TARGET, SOURCE_KEY_TARGET, storedFields } from "./fields";
import { readCsvRows } from "./file.server";
import { inJobTransaction, jobExcludesOtherWriters, lockForJob } from "~/db/job-transaction.server";
import { type KeyedRow, keyedIds, keyedRecord, keyedRecordAt, keyedRows } from "./keyed-rows.server";
import { readXlsxRows } from "./xlsx.server";
import { type ReadRow, canonicalOfImport, canonicalOfStored, recordRowReader } from "./rows.server";

/**
 * Checking, importing and undoing a batch of records, and exporting a collection in the import format
 * (decision 0023). The check and the import read the file through the same rows, so the import does exactly what
 * the check reported. An import is one transaction: all its rows or none.
 */

function collectionOf(batch: ImportBatch): CollectionDef {
  const collection = getCollection(batch.target);
  if (!collection) throw new ImportError(`There is no collection “${batch.target}” any more.`);
  return collection;
}

/** The file's rows read as records, the header skipped. */
async function* batchRows(batch: ImportBatch, collection: CollectionDef): AsyncGenerator<ReadRow> {
  const { settings, analysis } = batch;
  let header = true;
  const rows =
    batch.format === "xlsx" ? readXlsxRows(batch.filePath, settings.sheet) : readCsvRows(batch.filePath, settings);
  const read = recordRowReader(collection, settings, analysis.headers);
  for await (const row of rows) {
    if (header) {
      header = false;
      continue;
    }
    yield read(row);
  }
}

/** A batch's rows, each beside the record stored under its key, and how the import adds one. */
interface RecordRows<R extends SourcedRow> extends BatchRows<R, Existing> {
  /** Adds the row's record, under `id` when it replaces a stored one. */
  add(importer: RecordImporter, row: R, id?: number): Promise<number>;
}

/** The chunk's rows beside the records stored under their keys; `canonical` gives a row's record comparably. */
function classifier<R extends SourcedRow>(
  collection: CollectionDef,
  canonical: (row: R) => string,
): BatchRows<R, Existing>["classify"] {
  return async (db, rows) => {
    const existing = await findExisting(
      db,
      collection,
      rows.map((r) => r.sourceKey!),
    );
    return rows.map((row) => {
      const e = existing.get(row.sourceKey!);
      return { row, existing: e, same: !!e && canonicalOfStored(e.stored) === canonical(row) };
    });
  };
}

/** Every row new: what classify() gives where nothing is stored. */
async function allNew<R extends SourcedRow>(_db: Kysely<Schema>, rows: R[]): Promise<Classified<R, Existing>[]> {
  return rows.map((row) => ({ row, existing: undefined, same: false }));
}

/** A batch's rows read as records on this thread. */
function recordRows(batch: ImportBatch): RecordRows<ReadRow> {
  const collection = collectionOf(batch);
  return {
    rows: batchRows(batch, collection),
    classify: classifier(collection, (row) => canonicalOfImport(row.record!)),
    add: (importer, row, id) => importer.add(row.record!, id),
  };
}

/**
 * A file's rows at least this many: read, validated and keyed on a worker thread while this one writes
 * (decision 0045). A smaller file is imported before a worker would have started.
 */
const WORKER_FROM_ROWS = 20_000;

/** A CSV batch's rows read and keyed by a worker, its new dictionary values handed to the importer. */
async function keyedRecordRows(
  batch: ImportBatch,
  trx: Kysely<Schema>,
  importer: RecordImporter,
): Promise<RecordRows<KeyedRow>> {
  const collection = collectionOf(batch);
  const dictionary = await trx
    .selectFrom("name_values")
    .select(["field", "value", "id"])
    .where("collection", "=", collection.code)
    .execute();
  const job = {
    filePath: batch.filePath,
    settings: batch.settings,
    headers: batch.analysis.headers,
    collection: collection.id,
    nextValueId: importer.nextValueId,
    dictionary: dictionary.map((v): [string, string, number] => [v.field, v.value, Number(v.id)]),
  };
  return {
    rows: keyedRows(
      job,
      (chunk) => importer.addValues(chunk.values, chunk.codes),
      () => importer.writeAhead(),
    ),
    classify: classifier(collection, (row) => canonicalOfStored(keyedRecord(row))),
    add(target, row, id) {
      const [from, to] = keyedIds(row);
      const { chunk } = row;
      return target.addKeyed(chunk.records, keyedRecordAt(row), chunk.ids, from, to, chunk.signatures[row.at]!, id);
    },
  };
}

interface StoredRow {
  id: number;
  collection: number;
  year: number;
  date_sort: number;
  greg_date: string | null;
  julian_date: string | null;
  data: string;
}

interface Existing {
  stored: StoredRow;
  /** The key was never stored: a record that came without one (the demo's), found by its exported key. */
  keyless: boolean;
}

/** An exported record without a source key is given this one, and an import finds the record by it again. */
const RECORD_ID_KEY = /^metryka-(\d{1,12})$/;

export function recordIdKey(id: number): string {
  return `metryka-${id}`;
}

/** The stored records of these keys in the collection. */
async function findExisting(
  db: Kysely<Schema>,
  collection: CollectionDef,
  keys: readonly string[],
): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  if (!keys.length) return found;
  const sources = await db
    .selectFrom("record_sources")
    .select(["source_key", "record_id"])
    .where("collection", "=", collection.code)
    .where("source_key", "in", [...keys])
    .execute();
  const ids = new Map<number, { key: string; keyless: boolean }>();
  for (const s of sources) ids.set(Number(s.record_id), { key: s.source_key, keyless: false });
  const keyed = new Set(sources.map((s) => s.source_key));
  const byId = keys
    .filter((k) => !keyed.has(k))
    .map((k) => [k, RECORD_ID_KEY.exec(k)] as const)
    .filter(([, m]) => m)
    .map(([k, m]) => [k, Number(m![1])] as const);
  if (byId.length) {
    const withKey = await db
      .selectFrom("record_sources")
      .select("record_id")
      .where(
        "record_id",
        "in",
        byId.map(([, id]) => id),
      )
      .execute();
    const taken = new Set(withKey.map((r) => Number(r.record_id)));
    for (const [key, id] of byId) if (!taken.has(id)) ids.set(id, { key, keyless: true });
  }
  if (!ids.size) return found;
  const rows = await db
    .selectFrom("records")
    .select(["id", "collection", "year", "date_sort", "greg_date", "julian_date", "data"])
    .where("id", "in", [...ids.keys()])
    .where("collection", "=", collection.code)
    .execute();
  for (const r of rows) {
    const of = ids.get(Number(r.id))!;
    found.set(of.key, { stored: { ...r, id: Number(r.id) }, keyless: of.keyless });
  }
  return found;
}

/** Records an import writes at a time: written soon, their strings die before the garbage collector moves them. */
const IMPORT_RECORDS_PER_WRITE = 1000;

const SOURCE_COLUMNS: Columns<RecordSourcesTable> = [
  ["record_id", "integer"],
  ["collection", "integer"],
  ["source_key", "text"],
  ["batch_id", "integer"],
];

const CHANGE_COLUMNS: Columns<ImportChangesTable> = [
  ["batch_id", "integer"],
  ["record_id", "integer"],
  ["previous", "text"],
];

function previousOf(stored: StoredRow, keyless: boolean): string {
  return JSON.stringify({ ...stored, keyless });
}

function storedAsImport(collection: CollectionDef, stored: Omit<StoredRow, "id" | "collection">): ImportRecord {
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

/** The dry run: every row read and validated, nothing written but the report. */
export function checkRecordBatch(database: Database, batch: ImportBatch, onProgress: OnProgress): Promise<void> {
  return checkBatch(database, batch, recordRows(batch), onProgress);
}

/**
 * The import: one transaction writes every valid row (new ones added, changed ones updated) or nothing. A large
 * CSV file is read and keyed on a worker thread (`worker` forces the choice either way).
 */
export async function importRecordBatch(
  database: Database,
  batch: ImportBatch,
  onProgress: OnProgress,
  { worker = batch.format === "csv" && batch.analysis.approximateRows >= WORKER_FROM_ROWS } = {},
): Promise<void> {
  const collection = collectionOf(batch);
  await requireCheckedFile(batch);
  const started = Date.now();
  await inJobTransaction(database, async (trx, job) => {
    await lockForJob(trx, database, "batch", batch.id);
    const importer = new RecordImporter(job, IMPORT_RECORDS_PER_WRITE, trx);
    await importer.init();
    const startsEmpty =
      jobExcludesOtherWriters(database) &&
      !(await trx
        .selectFrom("records")
        .select("id")
        .where("collection", "=", collection.code)
        .limit(1)
        .executeTakeFirst());
    await importer.deferBrowseIndex(batch.rows.new);
    const policy = problemRowPolicy(batch);
    const rows: RecordRows<SourcedRow> = (
      worker ? await keyedRecordRows(batch, trx, importer) : recordRows(batch)
    ) as RecordRows<SourcedRow>;
    // Into an empty collection every row is new when this transaction keeps other writers out (SQLite's BEGIN
    // IMMEDIATE), and a key repeated in the file is left out before it is classified. So no chunk's keys are looked
    // up (1,000 queries a million rows). On PostgreSQL another import into the collection may commit meanwhile.
    const source = startsEmpty ? { ...rows, classify: allNew } : rows;
    const counts = await walkBatchRows(
      trx,
      batch,
      source,
      onProgress,
      async (chunk) => {
        const sources: RecordSourcesTable[] = [];
        const changed = chunk.filter((c) => c.existing && !c.same);
        if (changed.length) {
          // One removal for the chunk's changed records: a removal writes out every buffered posting first.
          await insertRows(
            job,
            trx,
            "import_changes",
            CHANGE_COLUMNS,
            changed.map(({ existing }) => ({
              batch_id: batch.id,
              record_id: existing!.stored.id,
              previous: previousOf(existing!.stored, existing!.keyless),
            })),
          );
          await importer.removeRecords(changed.map(({ existing }) => existing!.stored));
        }
        for (const { row, existing, same } of chunk) {
          if (same) continue;
          if (!existing) {
            const id = await source.add(importer, row);
            sources.push({
              record_id: id,
              collection: collection.code,
              source_key: row.sourceKey!,
              batch_id: batch.id,
            });
            continue;
          }
          await source.add(importer, row, existing.stored.id);
          if (existing.keyless) {
            sources.push({
              record_id: existing.stored.id,
              collection: collection.code,
              source_key: row.sourceKey!,
              batch_id: null,
            });
          }
        }
        await insertRows(job, trx, "record_sources", SOURCE_COLUMNS, sources);
      },
      policy.onProblemRow,
      { keysDistinct: checkedClean(batch) },
    );
    await importer.finish();
    await markImported(trx, batch, counts, policy.skipped(), started);
  });
  await settlePostings(database);
  forgetCollectionSizes();
}

/** Undo: the batch's new records removed, the records it changed put back as they were, in one transaction. */
export async function undoRecordBatch(
  database: Database,
  batch: ImportBatch,
  actorName: string,
  onProgress: OnProgress,
): Promise<void> {
  const collection = collectionOf(batch);
  await refuseUndoUnderLaterBatch(database, batch, "records");
  await inJobTransaction(database, async (trx, job) => {
    await lockForJob(trx, database, "batch", batch.id);
    const importer = new RecordImporter(job, 5000, trx);
    await importer.init();
    let done = 0;
    for (let after = 0; ;) {
      const created = await trx
        .selectFrom("record_sources")
        .innerJoin("records", "records.id", "record_sources.record_id")
        .select(["records.id", "records.collection", "records.year", "records.data"])
        .where("record_sources.batch_id", "=", batch.id)
        .where("record_sources.record_id", ">", after)
        .orderBy("record_sources.record_id")
        .limit(CHUNK)
        .execute();
      if (!created.length) break;
      after = Number(created[created.length - 1]!.id);
      const ids = created.map((r) => Number(r.id));
      await importer.removeRecords(created.map((r) => ({ ...r, id: Number(r.id) })));
      await trx.deleteFrom("record_sources").where("record_id", "in", ids).execute();
      done += created.length;
      onProgress(done);
    }
    for (let after = 0; ;) {
      const changes = await trx
        .selectFrom("import_changes")
        .innerJoin("records", "records.id", "import_changes.record_id")
        .select(["records.id", "records.collection", "records.year", "records.data", "import_changes.previous"])
        .where("import_changes.batch_id", "=", batch.id)
        .where("import_changes.record_id", ">", after)
        .orderBy("import_changes.record_id")
        .limit(CHUNK)
        .execute();
      if (!changes.length) break;
      after = Number(changes[changes.length - 1]!.id);
      await importer.removeRecords(changes.map((r) => ({ ...r, id: Number(r.id) })));
      for (const change of changes) {
        const previous = JSON.parse(change.previous) as StoredRow & { keyless: boolean };
        await importer.add(storedAsImport(collection, previous), previous.id);
        if (previous.keyless) await trx.deleteFrom("record_sources").where("record_id", "=", previous.id).execute();
      }
      done += changes.length;
      onProgress(done);
    }
    await importer.finish();
    await markUndone(trx, batch, actorName);
  });
  await settlePostings(database);
  forgetCollectionSizes();
}

/** The columns of a collection's export, which an import maps back by name. */
export function exportColumns(collection: CollectionDef): string[] {
  return [SOURCE_KEY_TARGET, DATE_TARGET, JULIAN_TARGET, ...storedFields(collection).map((f) => f.name)];
}

/**
 * A whole collection as CSV in the import format (UTF-8 with a byte-order mark, so spreadsheets read the
 * accents): importing the file again changes nothing.
 */
export async function* exportCollectionCsv(database: Database, collection: CollectionDef): AsyncGenerator<string> {
  const columns = exportColumns(collection);
  const fields = columns.slice(3);
  yield `\uFEFF${csvLine(columns)}`;
  for (let after = 0; ;) {
    const rows = await database.db
      .selectFrom("records")
      .leftJoin("record_sources", "record_sources.record_id", "records.id")
      .select([
        "records.id",
        "records.year",
        "records.greg_date",
        "records.julian_date",
        "records.data",
        "record_sources.source_key",
      ])
      // `+`: never by the (collection, date) index. With it SQLite read every later record of the collection and
      // sorted them for each page of 100 (55 ms a page at 55,000 records, a whole export quadratic); by the primary
      // key a page reads its own rows. Unary plus on an integer is the same value in both dialects.
      .where(sql<boolean>`+records.collection = ${collection.code}`)
      .where("records.id", ">", after)
      .orderBy("records.id")
      .limit(EXPORT_PAGE_ROWS)
      .execute();
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    let text = "";
    for (const r of rows) {
      const data = JSON.parse(r.data) as Record<string, string>;
      text += csvLine([
        r.source_key ?? recordIdKey(Number(r.id)),
        data[DATE_TARGET] ?? r.greg_date ?? String(r.year),
        r.julian_date ?? "",
        ...fields.map((f) => data[f] ?? ""),
      ]);
    }
    yield text;
  }
}
