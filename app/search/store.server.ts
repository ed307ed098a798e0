import type SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import { type SimpleDate, formatIsoDate } from "~/search/calendar";
import { COLLECTIONS, type CollectionDef, type SearchField, fieldSources, getCollection } from "~/search/collections";
import { type NameKeys, nameKeys } from "~/names/keys";
import { exactKey, foldName, nameTokens } from "~/names/normalize";
import { PostingBuffer } from "~/search/posting-buffer";
import type { Database } from "~/db/connection.server";
import {
  type NameCodesTable,
  type NameValuesTable,
  type PostingsTable,
  type RecordsTable,
  SORT_COLUMN_NAMES,
  type Schema,
} from "~/db/schema";

export interface ImportRecord {
  collection: string;
  /** Gregorian date of the event. Month and day may be 0 when the register does not say. */
  date: SimpleDate;
  julianDate?: SimpleDate | null;
  fields: Record<string, string | null | undefined>;
}

/** Rows per INSERT: below SQLite's 32,766 bound variables and PostgreSQL's 65,535. */
const RECORD_CHUNK = 1000;
const ROW_CHUNK = 5000;
/** Field values whose dictionary ids and folded form an importer remembers at once. */
const RAW_CACHE_SIZE = 100_000;
/**
 * Postings an import inside one transaction holds before it writes them, sorted as a whole: the longer the sorted
 * run, the fewer times the write walks the postings' B-tree. 8 bytes each, so 16 MB; the buffer grows by doubling
 * and stops at 2²¹ slots, just above this.
 */
const POSTINGS_PER_WRITE = 2_000_000;

type PendingValue = Omit<NameValuesTable, "n">;

/** A stored record as removeRecords() needs it: which postings it has follows from its fields. */
export type StoredRecord = Pick<RecordsTable, "id" | "collection" | "year" | "data">;

/**
 * Loads records and computes every search key at import time: the value
 * dictionary, phonetic codes, given-name variant groups and posting lists
 * (DESIGN §5). One importer per import run; not safe for two concurrent runs.
 * Given an executor (a transaction), it writes only through it, so a whole
 * import batch commits or rolls back as one; without one, each flush is its
 * own transaction (the demo seed).
 */
export class RecordImporter {
  private nextRecordId = 1;
  private nextValueId = 1;
  private readonly dictionary = new Map<string, number>();
  private records: RecordsTable[] = [];
  /** The postings to write, packed: millions of small objects kept the garbage collector busy. */
  private readonly postings = new PostingBuffer();
  private values: PendingValue[] = [];
  private codes: NameCodesTable[] = [];
  private readonly touched = new Set<number>();
  private imported = 0;

  private readonly touchedCollections = new Set<number>();
  /** Per collection, its search fields with the dictionary ids of each raw value. */
  private readonly plans = new Map<string, CollectionPlan>();
  private remembered = 0;
  private readonly foldedOfRaw = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly batchSize = 5000,
    private readonly executor?: Kysely<Schema>,
  ) {}

  private get db(): Kysely<Schema> {
    return this.executor ?? this.database.db;
  }

  async init(): Promise<void> {
    const { db } = this;
    const maxRecord = await db
      .selectFrom("records")
      .select((eb) => eb.fn.max("id").as("m"))
      .executeTakeFirst();
    const maxValue = await db
      .selectFrom("name_values")
      .select((eb) => eb.fn.max("id").as("m"))
      .executeTakeFirst();
    this.nextRecordId = Number(maxRecord?.m ?? 0) + 1;
    this.nextValueId = Number(maxValue?.m ?? 0) + 1;
    const existing = await db.selectFrom("name_values").select(["id", "collection", "field", "value"]).execute();
    for (const v of existing) this.dictionary.set(dictKey(v.collection, v.field, v.value), v.id);
  }

  get count(): number {
    return this.imported;
  }

  /** Adds a record; `id` keeps the id of a record being replaced (an import's update, an undo's restore). */
  async add(record: ImportRecord, id = this.nextRecordId++): Promise<number> {
    const plan = this.planOf(record.collection);
    const { collection } = plan;
    if (id >= this.nextRecordId) this.nextRecordId = id + 1;
    this.touchedCollections.add(collection.code);
    const data: Record<string, string> = {};
    const { fields } = record;
    for (const k in fields) {
      const v = fields[k];
      if (v != null && v !== "") data[k] = v;
    }
    const { year, month, day } = record.date;
    const row: RecordsTable = {
      id,
      collection: collection.code,
      year,
      date_sort: year * 10000 + month * 100 + day,
      greg_date: month && day ? formatIsoDate(record.date) : null,
      julian_date: record.julianDate?.month && record.julianDate.day ? formatIsoDate(record.julianDate) : null,
      s_name1: "",
      s_given1: "",
      s_name2: "",
      s_given2: "",
      s_place: "",
      s_parish: "",
      data: JSON.stringify(data),
    };
    for (const f of plan.fields) {
      // A field may read several of the record's fields (a name as written and Germanised).
      const first = data[f.sources[0]!];
      if (f.sortColumn) (row[f.sortColumn] as string) = first ? this.folded(first) : "";
      if (f.sources.length === 1) {
        if (first) for (const valueId of this.valueIds(f, first)) this.post(valueId, year, id);
        continue;
      }
      const all = new Set<number>(first ? this.valueIds(f, first) : []);
      for (let i = 1; i < f.sources.length; i++) {
        const raw = data[f.sources[i]!];
        if (raw) for (const valueId of this.valueIds(f, raw)) all.add(valueId);
      }
      for (const valueId of all) this.post(valueId, year, id);
    }
    this.records.push(row);
    this.imported++;
    if (this.records.length >= this.batchSize || this.postings.length >= POSTINGS_PER_WRITE) await this.flush();
    return id;
  }

  private post(valueId: number, year: number, recordId: number): void {
    this.postings.push(valueId, year, recordId);
    this.touched.add(valueId);
  }

  /** What add() needs of a collection, worked out once: its search fields' sources, sort columns and memory. */
  private planOf(collectionId: string): CollectionPlan {
    const known = this.plans.get(collectionId);
    if (known) return known;
    const collection = getCollection(collectionId);
    if (!collection) throw new Error(`Unknown collection: ${collectionId}`);
    const plan: CollectionPlan = {
      collection,
      fields: collection.searchFields.map((field) => ({
        collection,
        field,
        sources: fieldSources(field),
        sortColumn: field.sortColumn && field.sortColumn !== "date" ? SORT_COLUMN_NAMES[field.sortColumn] : null,
        // Per collection: collections share their field definitions (births and deaths), but each has its own
        // dictionary values.
        idsOfRaw: new Map(),
      })),
    };
    this.plans.set(collectionId, plan);
    return plan;
  }

  async addAll(records: Iterable<ImportRecord>, onProgress?: (n: number) => void): Promise<void> {
    for (const r of records) {
      await this.add(r);
      if (onProgress && this.imported % 50000 === 0) onProgress(this.imported);
    }
  }

  /**
   * Removes stored records and their postings. The postings are found from the record's own fields through the
   * dictionary (their primary key), so no index on postings.record_id is needed.
   */
  async removeRecords(records: readonly StoredRecord[]): Promise<void> {
    if (!records.length) return;
    await this.flush(true);
    const { db } = this;
    const postings: PostingsTable[] = [];
    for (const record of records) {
      const collection = COLLECTIONS_BY_CODE.get(record.collection);
      if (!collection) continue;
      this.touchedCollections.add(collection.code);
      const data = JSON.parse(record.data) as Record<string, string>;
      for (const f of collection.searchFields) {
        const ids = new Set<number>();
        for (const name of fieldSources(f)) {
          const raw = data[name];
          if (!raw) continue;
          for (const entry of valueEntries(raw)) {
            const id = this.dictionary.get(dictKey(collection.code, f.name, entry.key));
            if (id !== undefined) ids.add(id);
          }
        }
        for (const valueId of ids) {
          postings.push({ value_id: valueId, year: record.year, record_id: record.id });
          this.touched.add(valueId);
        }
      }
    }
    // Row values keep each delete a walk of the primary key, in chunks below both dialects' bound-variable limits.
    for (let i = 0; i < postings.length; i += 900) {
      const tuples = postings
        .slice(i, i + 900)
        .map((p) => sql`(cast(${p.value_id} as integer), cast(${p.year} as integer), cast(${p.record_id} as integer))`);
      await sql`delete from postings where (value_id, year, record_id) in (values ${sql.join(tuples)})`.execute(db);
    }
    const ids = records.map((r) => r.id);
    for (let i = 0; i < ids.length; i += RECORD_CHUNK) {
      await db
        .deleteFrom("records")
        .where("id", "in", ids.slice(i, i + RECORD_CHUNK))
        .execute();
    }
  }

  /**
   * Writes what is buffered and brings the dictionary's counts up to date; a value no record carries any more
   * (after a removal) leaves the dictionary with its codes, so no pick list offers a name nothing has.
   */
  async finish(): Promise<void> {
    await this.flush(true);
    const ids = [...this.touched];
    this.touched.clear();
    const { db } = this;
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      await db
        .updateTable("name_values")
        .set({
          n: (eb) =>
            eb
              .selectFrom("postings")
              .select((e) => e.fn.countAll<number>().as("c"))
              .whereRef("postings.value_id", "=", "name_values.id"),
        })
        .where("id", "in", chunk)
        .execute();
      const empty = await db
        .selectFrom("name_values")
        .select(["id", "collection", "field", "value"])
        .where("id", "in", chunk)
        .where("n", "=", 0)
        .execute();
      if (empty.length) {
        const emptyIds = empty.map((v) => v.id);
        // The codes' primary key starts with the value's collection, field and code: recompute them to reach the rows.
        for (const v of empty) {
          const codes = valueCodes(v, nameKeys(v.value, { variants: true }), ["d", "v"]);
          if (!codes.length) continue;
          await db
            .deleteFrom("name_codes")
            .where("collection", "=", v.collection)
            .where("field", "=", v.field)
            .where("kind", "in", ["d", "v"])
            .where(
              "code",
              "in",
              codes.map((c) => c.code),
            )
            .where("value_id", "=", v.id)
            .execute();
        }
        await db.deleteFrom("name_values").where("id", "in", emptyIds).execute();
        for (const v of empty) this.dictionary.delete(dictKey(v.collection, v.field, v.value));
        this.forgetValueIds();
      }
    }
    if (this.database.kind === "postgres") await sql`analyze`.execute(db);
    else await sql`pragma optimize`.execute(db);
  }

  /**
   * The dictionary ids of one field value. Registers repeat the same names and places endlessly, so the ids of a
   * value are remembered: working out its entries and keys again took most of an import's time. The memory is
   * bounded (forgotten when full) and forgotten when values leave the dictionary.
   */
  private valueIds(plan: FieldPlan, raw: string): readonly number[] {
    const known = plan.idsOfRaw.get(raw);
    if (known) return known;
    const { collection, field } = plan;
    // A value's entries are distinct, so its ids are too.
    const ids = valueEntries(raw).map((entry) =>
      this.valueId(collection, field.name, field.kind, entry.key, entry.display),
    );
    if (++this.remembered > RAW_CACHE_SIZE) this.forgetValueIds();
    plan.idsOfRaw.set(raw, ids);
    return ids;
  }

  private forgetValueIds(): void {
    for (const plan of this.plans.values()) for (const f of plan.fields) f.idsOfRaw.clear();
    this.remembered = 0;
  }

  private folded(raw: string): string {
    const known = this.foldedOfRaw.get(raw);
    if (known !== undefined) return known;
    const folded = foldName(raw);
    if (this.foldedOfRaw.size >= RAW_CACHE_SIZE) this.foldedOfRaw.clear();
    this.foldedOfRaw.set(raw, folded);
    return folded;
  }

  private valueId(collection: CollectionDef, field: string, kind: string, value: string, display: string): number {
    const key = dictKey(collection.code, field, value);
    const known = this.dictionary.get(key);
    if (known !== undefined) return known;
    const id = this.nextValueId++;
    this.dictionary.set(key, id);
    const keys = nameKeys(value, { variants: kind === "givenName" });
    this.values.push({ id, collection: collection.code, field, value, display, folded: keys.folded });
    this.codes.push(...valueCodes({ id, collection: collection.code, field }, keys, ["d", "v"]));
    return id;
  }

  /**
   * Writes the buffered records and dictionary values. Inside a caller's transaction the postings wait until there
   * are many (or `all`), so they are written in long sorted runs; on their own, each flush is a transaction with
   * its records' postings, so no record is ever visible without them.
   */
  private async flush(all = false): Promise<void> {
    const postingsDue = all || !this.executor || this.postings.length >= POSTINGS_PER_WRITE;
    if (!this.records.length && !this.values.length && !(postingsDue && this.postings.length)) return;
    const records = this.records;
    const values = this.values.map((v) => ({ ...v, n: 0 }) satisfies NameValuesTable);
    const codes = this.codes;
    this.records = [];
    this.values = [];
    this.codes = [];
    const write = async (trx: Kysely<Schema>) => {
      await insertRows(this.database, trx, "name_values", NAME_VALUE_COLUMNS, values);
      await insertRows(this.database, trx, "name_codes", NAME_CODE_COLUMNS, codes);
      await insertRows(this.database, trx, "records", RECORD_COLUMNS, records);
      if (postingsDue) {
        this.postings.sort();
        await insertPostings(this.database, trx, this.postings);
        this.postings.clear();
      }
    };
    if (this.executor) await write(this.executor);
    else await this.database.db.transaction().execute(write);
  }
}

interface FieldPlan {
  collection: CollectionDef;
  field: SearchField;
  sources: readonly string[];
  sortColumn: (typeof SORT_COLUMN_NAMES)[keyof typeof SORT_COLUMN_NAMES] | null;
  /** The dictionary ids of each raw value of this field in this collection. */
  idsOfRaw: Map<string, readonly number[]>;
}

interface CollectionPlan {
  collection: CollectionDef;
  fields: FieldPlan[];
}

/** A table's columns with their PostgreSQL types, for insertRows(). */
export type Columns<T> = readonly (readonly [keyof T & string, "integer" | "text"])[];

const NAME_VALUE_COLUMNS: Columns<NameValuesTable> = [
  ["id", "integer"],
  ["collection", "integer"],
  ["field", "text"],
  ["value", "text"],
  ["display", "text"],
  ["folded", "text"],
  ["n", "integer"],
];
const NAME_CODE_COLUMNS: Columns<NameCodesTable> = [
  ["collection", "integer"],
  ["field", "text"],
  ["kind", "text"],
  ["code", "text"],
  ["value_id", "integer"],
];
const RECORD_COLUMNS: Columns<RecordsTable> = [
  ["id", "integer"],
  ["collection", "integer"],
  ["year", "integer"],
  ["date_sort", "integer"],
  ["greg_date", "text"],
  ["julian_date", "text"],
  ["s_name1", "text"],
  ["s_given1", "text"],
  ["s_name2", "text"],
  ["s_given2", "text"],
  ["s_place", "text"],
  ["s_parish", "text"],
  ["data", "text"],
];
const POSTING_COLUMNS: Columns<PostingsTable> = [
  ["value_id", "integer"],
  ["year", "integer"],
  ["record_id", "integer"],
];

/** Rows per multi-row INSERT on SQLite: fewer calls into SQLite, far below its 32,766 bound variables. */
const BULK_ROWS = 64;
/** Rows per INSERT … SELECT FROM unnest() on PostgreSQL: one array parameter per column. */
const UNNEST_ROWS = 20_000;

/** An INSERT of many rows at once through one prepared statement, the rest of a batch one by one. */
class BulkInsert<T> {
  private readonly many: SQLite.Statement;
  private readonly one: SQLite.Statement;
  private readonly names: readonly (keyof T & string)[];
  private readonly buffer: unknown[] = [];

  constructor(handle: SQLite.Database, table: string, columns: Columns<T>) {
    this.names = columns.map(([name]) => name);
    const tuple = `(${this.names.map(() => "?").join(", ")})`;
    const head = `insert into ${table} (${this.names.join(", ")}) values `;
    this.one = handle.prepare(head + tuple);
    this.many = handle.prepare(head + new Array<string>(BULK_ROWS).fill(tuple).join(", "));
  }

  run(rows: readonly T[]): void {
    const { buffer, names } = this;
    const full = names.length * BULK_ROWS;
    for (const row of rows) {
      for (const name of names) buffer.push(row[name]);
      if (buffer.length === full) {
        this.many.run(buffer);
        buffer.length = 0;
      }
    }
    this.end();
  }

  /** The rows `fill` gives by index, each pushing its row's values in column order. */
  runEach(count: number, fill: (i: number, out: unknown[]) => void): void {
    const { buffer, names } = this;
    const full = names.length * BULK_ROWS;
    for (let i = 0; i < count; i++) {
      fill(i, buffer);
      if (buffer.length === full) {
        this.many.run(buffer);
        buffer.length = 0;
      }
    }
    this.end();
  }

  private end(): void {
    const { buffer, names } = this;
    for (let i = 0; i < buffer.length; i += names.length) this.one.run(buffer.slice(i, i + names.length));
    buffer.length = 0;
  }
}

const bulkInserts = new WeakMap<SQLite.Database, Map<string, BulkInsert<never>>>();

function bulkInsert<T>(handle: SQLite.Database, table: string, columns: Columns<T>): BulkInsert<T> {
  let statements = bulkInserts.get(handle);
  if (!statements) bulkInserts.set(handle, (statements = new Map()));
  const key = `${table}(${columns.map(([name]) => name).join()})`;
  let insert = statements.get(key) as BulkInsert<T> | undefined;
  if (!insert) {
    insert = new BulkInsert(handle, table, columns);
    statements.set(key, insert as BulkInsert<never>);
  }
  return insert;
}

/**
 * Inserts many rows without Kysely compiling statements of thousands of parameters, which took most of an
 * import's time. On SQLite through better-sqlite3's prepared statements on the connection under `executor` (the
 * caller's transaction holds it, so the rows commit or roll back with it); on PostgreSQL as one array parameter
 * per column, unnested.
 */
export async function insertRows<T>(
  database: Database,
  executor: Kysely<Schema>,
  table: string,
  columns: Columns<T>,
  rows: readonly T[],
): Promise<void> {
  if (!rows.length) return;
  if (database.sqlite) {
    bulkInsert(database.sqlite, table, columns).run(rows);
    return;
  }
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  for (let i = 0; i < rows.length; i += UNNEST_ROWS) {
    const chunk = rows.slice(i, i + UNNEST_ROWS);
    const arrays = columns.map(([name, type]) => sql`${chunk.map((r) => r[name])}::${sql.raw(type)}[]`);
    await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`.execute(executor);
  }
}

/** The buffered postings, in the buffer's (sorted) order. */
async function insertPostings(database: Database, executor: Kysely<Schema>, postings: PostingBuffer): Promise<void> {
  const count = postings.length;
  if (!count) return;
  if (database.sqlite) {
    bulkInsert(database.sqlite, "postings", POSTING_COLUMNS).runEach(count, (i, out) => {
      out.push(postings.valueId(i), postings.year(i), postings.recordId(i));
    });
    return;
  }
  for (let start = 0; start < count; start += UNNEST_ROWS) {
    const end = Math.min(count, start + UNNEST_ROWS);
    const value: number[] = [];
    const year: number[] = [];
    const record: number[] = [];
    for (let i = start; i < end; i++) {
      value.push(postings.valueId(i));
      year.push(postings.year(i));
      record.push(postings.recordId(i));
    }
    await sql`insert into postings (value_id, year, record_id)
      select * from unnest(${value}::integer[], ${year}::integer[], ${record}::integer[])`.execute(executor);
  }
}

const COLLECTIONS_BY_CODE: ReadonlyMap<number, CollectionDef> = new Map(COLLECTIONS.map((c) => [c.code, c]));

/** The code rows of one dictionary value, of the kinds asked for. */
function valueCodes(
  value: Pick<NameValuesTable, "id" | "collection" | "field">,
  keys: NameKeys,
  kinds: readonly ("d" | "v")[],
): NameCodesTable[] {
  // Multi-word values are found through their words; codes belong to single words.
  if (keys.folded.includes(" ")) return [];
  return kinds.flatMap((kind) =>
    (kind === "d" ? keys.phonetic : keys.variants).map((code) => ({
      collection: value.collection,
      field: value.field,
      kind,
      code,
      value_id: value.id,
    })),
  );
}

/**
 * Rewrites the Daitch–Mokotoff codes of every dictionary value whose stored
 * codes differ from what nameKeys() gives now (after a change of the coder);
 * returns how many values changed.
 */
export async function rewriteRecordCodes(database: Database): Promise<number> {
  const { db } = database;
  let changed = 0;
  for (let from = 0; ;) {
    const values = await db
      .selectFrom("name_values")
      .select(["id", "collection", "field", "value"])
      .where("id", ">", from)
      .orderBy("id")
      .limit(RECORD_CHUNK)
      .execute();
    if (!values.length) break;
    from = values[values.length - 1].id;
    const stored = new Map<number, string[]>();
    const rows = await db
      .selectFrom("name_codes")
      .select(["value_id", "code"])
      .where("kind", "=", "d")
      .where("value_id", ">=", values[0].id)
      .where("value_id", "<=", from)
      .execute();
    for (const r of rows) stored.set(r.value_id, [...(stored.get(r.value_id) ?? []), r.code]);
    const stale = values
      .map((v) => ({ id: v.id, codes: valueCodes(v, nameKeys(v.value), ["d"]) }))
      .filter(({ id, codes }) => codes.map((c) => c.code).join() !== (stored.get(id) ?? []).sort().join());
    if (!stale.length) continue;
    changed += stale.length;
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom("name_codes")
        .where("kind", "=", "d")
        .where(
          "value_id",
          "in",
          stale.map((v) => v.id),
        )
        .execute();
      const fresh = stale.flatMap((v) => v.codes);
      for (let i = 0; i < fresh.length; i += ROW_CHUNK) {
        await trx
          .insertInto("name_codes")
          .values(fresh.slice(i, i + ROW_CHUNK))
          .execute();
      }
    });
  }
  return changed;
}

function dictKey(collection: number, field: string, value: string): string {
  return `${collection}\u0000${field}\u0000${value}`;
}

/**
 * The dictionary entries of one field value: the whole value and, when it has
 * several words ("Johann Gottlieb", "Nowograd-Wolynsk"), each word, so a
 * search for one word finds it.
 */
export function valueEntries(raw: string): { key: string; display: string }[] {
  const display = raw.trim().replace(/\s+/g, " ");
  const whole = exactKey(display);
  if (!whole) return [];
  const entries = new Map<string, string>([[whole, display]]);
  if (nameTokens(display).length > 1) {
    for (const word of display.split(/[\s\-–]+/)) {
      const key = exactKey(word);
      if (foldName(word) !== "" && !entries.has(key)) entries.set(key, word);
    }
  }
  return [...entries].map(([key, d]) => ({ key, display: d }));
}

export async function importRecords(database: Database, records: Iterable<ImportRecord>): Promise<number> {
  const importer = new RecordImporter(database);
  await importer.init();
  await importer.addAll(records);
  await importer.finish();
  return importer.count;
}
