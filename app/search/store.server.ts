import { sql } from "kysely";
import { type SimpleDate, formatIsoDate } from "~/search/calendar";
import { type CollectionDef, fieldSources, getCollection } from "~/search/collections";
import { type NameKeys, nameKeys } from "~/names/keys";
import { exactKey, foldName, nameTokens } from "~/names/normalize";
import type { Database } from "~/db/connection.server";
import {
  type NameCodesTable,
  type NameValuesTable,
  type PostingsTable,
  type RecordsTable,
  SORT_COLUMN_NAMES,
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

type PendingValue = Omit<NameValuesTable, "n">;

/**
 * Loads records and computes every search key at import time: the value
 * dictionary, phonetic codes, given-name variant groups and posting lists
 * (DESIGN §5). One importer per import run; not safe for two concurrent runs.
 */
export class RecordImporter {
  private nextRecordId = 1;
  private nextValueId = 1;
  private readonly dictionary = new Map<string, number>();
  private records: RecordsTable[] = [];
  private postings: PostingsTable[] = [];
  private values: PendingValue[] = [];
  private codes: NameCodesTable[] = [];
  private readonly touched = new Set<number>();
  private imported = 0;

  constructor(
    private readonly database: Database,
    private readonly batchSize = 5000,
  ) {}

  async init(): Promise<void> {
    const { db } = this.database;
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

  async add(record: ImportRecord): Promise<number> {
    const collection = getCollection(record.collection);
    if (!collection) throw new Error(`Unknown collection: ${record.collection}`);
    const id = this.nextRecordId++;
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(record.fields)) {
      if (v != null && v !== "") data[k] = v;
    }
    const row: RecordsTable = {
      id,
      collection: collection.code,
      year: record.date.year,
      date_sort: record.date.year * 10000 + record.date.month * 100 + record.date.day,
      greg_date: record.date.month && record.date.day ? formatIsoDate(record.date) : null,
      julian_date: record.julianDate?.month && record.julianDate.day ? formatIsoDate(record.julianDate) : null,
      s_name1: "",
      s_given1: "",
      s_name2: "",
      s_given2: "",
      s_place: "",
      s_parish: "",
      data: JSON.stringify(data),
    };
    for (const f of collection.searchFields) {
      // A field may read several of the record's fields (a name as written and Germanised).
      const raws = fieldSources(f).map((name) => data[name]);
      const [first] = raws;
      if (f.sortColumn && f.sortColumn !== "date") {
        (row[SORT_COLUMN_NAMES[f.sortColumn]] as string) = first ? foldName(first) : "";
      }
      const ids = new Set<number>();
      for (const raw of raws) {
        if (!raw) continue;
        for (const entry of valueEntries(raw))
          ids.add(this.valueId(collection, f.name, f.kind, entry.key, entry.display));
      }
      for (const valueId of ids) {
        this.postings.push({ value_id: valueId, year: row.year, record_id: id });
        this.touched.add(valueId);
      }
    }
    this.records.push(row);
    this.imported++;
    if (this.records.length >= this.batchSize) await this.flush();
    return id;
  }

  async addAll(records: Iterable<ImportRecord>, onProgress?: (n: number) => void): Promise<void> {
    for (const r of records) {
      await this.add(r);
      if (onProgress && this.imported % 50000 === 0) onProgress(this.imported);
    }
  }

  /** Writes what is buffered and brings the dictionary's counts up to date. */
  async finish(): Promise<void> {
    await this.flush();
    const ids = [...this.touched];
    this.touched.clear();
    const { db } = this.database;
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
    }
    if (this.database.kind === "postgres") await sql`analyze`.execute(db);
    else await sql`pragma optimize`.execute(db);
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

  private async flush(): Promise<void> {
    if (!this.records.length && !this.values.length) return;
    const records = this.records;
    const postings = this.postings;
    const values = this.values.map((v) => ({ ...v, n: 0 }) satisfies NameValuesTable);
    const codes = this.codes;
    this.records = [];
    this.postings = [];
    this.values = [];
    this.codes = [];
    await this.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < values.length; i += RECORD_CHUNK) {
        await trx
          .insertInto("name_values")
          .values(values.slice(i, i + RECORD_CHUNK))
          .execute();
      }
      for (let i = 0; i < codes.length; i += ROW_CHUNK) {
        await trx
          .insertInto("name_codes")
          .values(codes.slice(i, i + ROW_CHUNK))
          .execute();
      }
      for (let i = 0; i < records.length; i += RECORD_CHUNK) {
        await trx
          .insertInto("records")
          .values(records.slice(i, i + RECORD_CHUNK))
          .execute();
      }
      postings.sort((a, b) => a.value_id - b.value_id || a.year - b.year || a.record_id - b.record_id);
      for (let i = 0; i < postings.length; i += ROW_CHUNK) {
        await trx
          .insertInto("postings")
          .values(postings.slice(i, i + ROW_CHUNK))
          .execute();
      }
    });
  }
}

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
