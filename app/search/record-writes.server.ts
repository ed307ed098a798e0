import { type Kysely, sql } from "kysely";
import { type Columns, insertRows } from "~/db/bulk-insert.server";
import type { Database } from "~/db/connection.server";
import type { ImportChangesTable, NameCodesTable, RecordSourcesTable, RecordsTable, Schema } from "~/db/schema";
import type { PendingValue } from "./record-keys.server";
import { forgetCollectionSizes } from "./stats.server";
import { type ImportRecord, RecordImporter, settlePostings } from "./store.server";

/**
 * The records domain's interface for imports (issue 28): everything an import or an undo reads of the stored
 * records and writes to them, by name. app/imports/ writes records only through this file; how the records are
 * keyed, their postings and the bulk writes stay the store's (store.server.ts).
 */

/** A stored record as an import compares it and an undo keeps it. */
export type StoredRecordRow = Pick<
  RecordsTable,
  "id" | "collection" | "year" | "date_sort" | "greg_date" | "julian_date" | "data"
>;

const STORED_COLUMNS = ["id", "collection", "year", "date_sort", "greg_date", "julian_date", "data"] as const;

/** Reads of a collection's stored records by source key (record_sources) and by id. */
export const recordSources = {
  async idsOfKeys(db: Kysely<Schema>, collection: number, keys: readonly string[]) {
    const rows = await db
      .selectFrom("record_sources")
      .select(["source_key", "record_id"])
      .where("collection", "=", collection)
      .where("source_key", "in", [...keys])
      .execute();
    return rows.map((r) => ({ key: r.source_key, id: Number(r.record_id) }));
  },

  async keyedIds(db: Kysely<Schema>, ids: readonly number[]): Promise<Set<number>> {
    const rows = await db
      .selectFrom("record_sources")
      .select("record_id")
      .where("record_id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => Number(r.record_id)));
  },

  async load(db: Kysely<Schema>, collection: number, ids: readonly number[]): Promise<Map<number, StoredRecordRow>> {
    const rows = await db
      .selectFrom("records")
      .select(STORED_COLUMNS)
      .where("id", "in", [...ids])
      .where("collection", "=", collection)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
  },
};

/**
 * A page of a collection's records in id order after `after`, each with its source key, for an export. Never by
 * the (collection, date) index (`+`): with it SQLite read every later record of the collection and sorted them
 * for each page (55 ms a page at 55,000 records, a whole export quadratic); by the primary key a page reads its
 * own rows. Unary plus on an integer is the same value in both dialects.
 */
export function recordsPage(db: Kysely<Schema>, collection: number, after: number, limit: number) {
  return db
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
    .where(sql<boolean>`+records.collection = ${collection}`)
    .where("records.id", ">", after)
    .orderBy("records.id")
    .limit(limit)
    .execute();
}

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

/** An import's or an undo's writes to one collection's records, inside the job's transaction. */
export interface RecordWrites {
  /** Whether the collection has no record (at the start of the job). */
  isEmpty(): Promise<boolean>;
  /** Before adding about `rows` records: lets a large import make the browse index once at its end. */
  deferBrowseIndex(rows: number): Promise<void>;
  /** The collection's dictionary (field, value, id), for a keying worker. */
  dictionary(): Promise<[string, string, number][]>;
  /** The first dictionary id a value new to this import gets: a worker's keyer starts there. */
  readonly nextValueId: number;
  /** Dictionary values a worker found new, written with the next records. */
  addValues(values: readonly PendingValue[], codes: readonly NameCodesTable[]): void;
  /** Writes a slice of what is buffered while the caller waits anyway; true while more is left. */
  writeAhead(): boolean;
  /** Adds a record; `id` keeps the id of the record it replaces. */
  add(record: ImportRecord, id?: number): Promise<number>;
  /** Adds a record a worker keyed (see RecordImporter.addKeyed). */
  addKeyed: RecordImporter["addKeyed"];
  /** Removes stored records and their postings. */
  remove(records: readonly StoredRecordRow[]): Promise<void>;
  /** Keeps what changed records replaced (import_changes), for an undo. */
  keepPrevious(rows: readonly ImportChangesTable[]): Promise<void>;
  addSourceKeys(keys: readonly RecordSourcesTable[]): Promise<void>;
  dropSourceKeys(ids: readonly number[]): Promise<void>;
  /** Up to `limit` records a batch created whose keys are still stored. */
  createdBy(batchId: number, limit: number): Promise<StoredRecordRow[]>;
  /** Up to `limit` records a batch changed, by id after `after`, as they are now and as they were (JSON). */
  changedBy(batchId: number, after: number, limit: number): Promise<(StoredRecordRow & { previous: string })[]>;
  /** Writes out what is buffered. */
  finish(): Promise<void>;
}

/** Opens the writes of an import (`perWrite` records buffered at a time) in the job's transaction `trx`. */
export async function openRecordWrites(
  job: Database,
  trx: Kysely<Schema>,
  collection: number,
  perWrite: number,
): Promise<RecordWrites> {
  const importer = new RecordImporter(job, perWrite, trx);
  await importer.init();
  return {
    async isEmpty() {
      return !(await trx
        .selectFrom("records")
        .select("id")
        .where("collection", "=", collection)
        .limit(1)
        .executeTakeFirst());
    },
    deferBrowseIndex: (rows) => importer.deferBrowseIndex(rows),
    async dictionary() {
      const values = await trx
        .selectFrom("name_values")
        .select(["field", "value", "id"])
        .where("collection", "=", collection)
        .execute();
      return values.map((v): [string, string, number] => [v.field, v.value, Number(v.id)]);
    },
    get nextValueId() {
      return importer.nextValueId;
    },
    addValues: (values, codes) => importer.addValues(values, codes),
    writeAhead: () => importer.writeAhead(),
    add: (record, id) => importer.add(record, id),
    addKeyed: (values, at, ids, from, to, signature, id) => importer.addKeyed(values, at, ids, from, to, signature, id),
    remove: (records) => importer.removeRecords(records),
    keepPrevious: (rows) => insertRows(job, trx, "import_changes", CHANGE_COLUMNS, rows),
    addSourceKeys: (keys) => insertRows(job, trx, "record_sources", SOURCE_COLUMNS, keys),
    async dropSourceKeys(ids) {
      await trx
        .deleteFrom("record_sources")
        .where("record_id", "in", [...ids])
        .execute();
    },
    async createdBy(batchId, limit) {
      const rows = await trx
        .selectFrom("record_sources")
        .innerJoin("records", "records.id", "record_sources.record_id")
        .select(STORED_COLUMNS.map((c) => `records.${c}` as const))
        .where("record_sources.batch_id", "=", batchId)
        .orderBy("record_sources.record_id")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    async changedBy(batchId, after, limit) {
      const rows = await trx
        .selectFrom("import_changes")
        .innerJoin("records", "records.id", "import_changes.record_id")
        .select([...STORED_COLUMNS.map((c) => `records.${c}` as const), "import_changes.previous"])
        .where("import_changes.batch_id", "=", batchId)
        .where("import_changes.record_id", ">", after)
        .orderBy("import_changes.record_id")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    finish: () => importer.finish(),
  };
}

/**
 * After an import or an undo committed: the postings settled (vacuumed on PostgreSQL, decision 0050) and the
 * collections' counts read again.
 */
export async function afterRecordWrites(database: Database): Promise<void> {
  await settlePostings(database);
  forgetCollectionSizes();
}
