import { type SimpleDate, formatIsoDate } from "~/search/calendar";
import {
  COLLECTIONS,
  type CollectionDef,
  type FieldKind,
  type SearchField,
  fieldSources,
  getCollection,
} from "~/search/collections";
import { nameKeys, wordKeysOfKind } from "~/names/keys";
import type { CodeKind } from "~/names/match-levels";
import { exactKey, foldName, nameTokens } from "~/names/normalize";
import { type NameCodesTable, type NameValuesTable, type RecordsTable, SORT_COLUMN_NAMES } from "~/db/schema";
import { SIGNED_KINDS, unionSignature, valueMask } from "~/search/signature";

/**
 * The keys of a record (DESIGN §5): its row for the records table and the dictionary ids of its search fields'
 * values, new dictionary values getting the next ids. No database here: the importer (`store.server.ts`) writes
 * what this gives, and a large import runs it on a worker thread of its own (decision 0045).
 */

export interface ImportRecord {
  collection: string;
  /** Gregorian date of the event. Month and day may be 0 when the register does not say. */
  date: SimpleDate;
  julianDate?: SimpleDate | null;
  fields: Record<string, string | null | undefined>;
}

/**
 * A records row's columns but its id, in the order the importer writes them (after the id) and a worker's chunk
 * carries them.
 */
export const RECORD_VALUE_COLUMNS = [
  "collection",
  "year",
  "date_sort",
  "greg_date",
  "julian_date",
  "s_name1",
  "s_given1",
  "s_name2",
  "s_given2",
  "s_place",
  "s_parish",
  "data",
] as const satisfies readonly (keyof RecordsTable)[];

/** Field values whose dictionary ids and folded form a keyer remembers at once. */
const RAW_CACHE_SIZE = 100_000;

export type PendingValue = Omit<NameValuesTable, "n">;

interface FieldPlan {
  collection: CollectionDef;
  field: SearchField;
  sources: readonly string[];
  sortColumn: (typeof SORT_COLUMN_NAMES)[keyof typeof SORT_COLUMN_NAMES] | null;
  /** Whether this field's values go into a record's name signature (decision 0046). */
  signed: boolean;
  /** The keys of each raw value of this field in this collection. */
  keysOfRaw: Map<string, RawKeys>;
}

interface RawKeys {
  ids: readonly number[];
  /** For a field with a sort column, else "". */
  folded: string;
  /** The union of the ids' signature masks in a signed field, else 0. */
  signature: number;
}

interface CollectionPlan {
  collection: CollectionDef;
  fields: FieldPlan[];
}

export class RecordKeyer {
  private readonly dictionary = new Map<string, number>();
  /** Dictionary values made since takeNew() last gave them, with their codes. */
  private values: PendingValue[] = [];
  private codes: NameCodesTable[] = [];
  /** Per collection, its search fields with the dictionary ids of each raw value. */
  private readonly plans = new Map<string, CollectionPlan>();
  private remembered = 0;
  /** The name signature of the record key() keyed last. */
  private keyedSignature = 0;

  constructor(private nextValueId = 1) {}

  /** A value the dictionary already holds. */
  know(collection: number, field: string, value: string, id: number): void {
    this.dictionary.set(dictKey(collection, field, value), id);
    if (id >= this.nextValueId) this.nextValueId = id + 1;
  }

  /**
   * The name signature (decision 0046) of the record key() keyed last: made here, where each value's field is
   * known, so a writer given keyed rows (another thread's) need not know which of their ids are names.
   */
  get lastSignature(): number {
    return this.keyedSignature;
  }

  idOf(collection: number, field: string, value: string): number | undefined {
    return this.dictionary.get(dictKey(collection, field, value));
  }

  /** A value left the dictionary: every remembered id may name it. */
  forget(collection: number, field: string, value: string): void {
    this.dictionary.delete(dictKey(collection, field, value));
    this.forgetValueIds();
  }

  get pendingValues(): number {
    return this.values.length;
  }

  /** The dictionary values made since the last call, and their codes, to be written. */
  takeNew(): { values: PendingValue[]; codes: NameCodesTable[] } {
    const taken = { values: this.values, codes: this.codes };
    this.values = [];
    this.codes = [];
    return taken;
  }

  /**
   * The record's row (its `id` left 0 for the caller) and, pushed onto `ids`, the dictionary id of every value its
   * search fields hold, each once a field.
   */
  key(record: ImportRecord, ids: number[]): RecordsTable {
    const plan = this.planOf(record.collection);
    const data = filledFields(record.fields);
    const { year, month, day } = record.date;
    const row: RecordsTable = {
      id: 0,
      collection: plan.collection.code,
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
    let signature = 0;
    for (const f of plan.fields) {
      // A field may read several of the record's fields (a name as written and Germanised).
      const raw = data[f.sources[0]!];
      const first = raw ? this.rawKeys(f, raw) : null;
      if (f.sortColumn) (row[f.sortColumn] as string) = first ? first.folded : "";
      if (first?.signature) signature = unionSignature(signature, first.signature);
      if (f.sources.length === 1) {
        if (first) for (const valueId of first.ids) ids.push(valueId);
        continue;
      }
      const all = new Set<number>(first ? first.ids : []);
      for (let i = 1; i < f.sources.length; i++) {
        const other = data[f.sources[i]!];
        if (!other) continue;
        const keys = this.rawKeys(f, other);
        for (const valueId of keys.ids) all.add(valueId);
        if (keys.signature) signature = unionSignature(signature, keys.signature);
      }
      for (const valueId of all) ids.push(valueId);
    }
    this.keyedSignature = signature;
    return row;
  }

  /** What key() needs of a collection, worked out once: its search fields' sources, sort columns and memory. */
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
        signed: SIGNED_KINDS.has(field.kind),
        // Per collection: collections share their field definitions (births and deaths), but each has its own
        // dictionary values.
        keysOfRaw: new Map(),
      })),
    };
    this.plans.set(collectionId, plan);
    return plan;
  }

  /**
   * The dictionary ids of one field value, and its folded form for a sort column. Registers repeat the same names
   * and places endlessly, so both are remembered: working out a value's entries and keys again took most of an
   * import's time. The memory is bounded (forgotten when full) and forgotten when values leave the dictionary.
   */
  private rawKeys(plan: FieldPlan, raw: string): RawKeys {
    const known = plan.keysOfRaw.get(raw);
    if (known) return known;
    const { collection, field } = plan;
    // A value's entries are distinct, so its ids are too.
    const ids = valueEntries(raw).map((entry) =>
      this.valueId(collection, field.name, field.kind, entry.key, entry.display),
    );
    const signature = plan.signed ? ids.reduce((sig, id) => unionSignature(sig, valueMask(id)), 0) : 0;
    const keys = { ids, folded: plan.sortColumn ? foldName(raw) : "", signature };
    if (++this.remembered > RAW_CACHE_SIZE) this.forgetValueIds();
    plan.keysOfRaw.set(raw, keys);
    return keys;
  }

  private forgetValueIds(): void {
    for (const plan of this.plans.values()) for (const f of plan.fields) f.keysOfRaw.clear();
    this.remembered = 0;
  }

  private valueId(collection: CollectionDef, field: string, kind: FieldKind, value: string, display: string): number {
    const key = dictKey(collection.code, field, value);
    const known = this.dictionary.get(key);
    if (known !== undefined) return known;
    const id = this.nextValueId++;
    this.dictionary.set(key, id);
    const folded = foldName(value);
    this.values.push({ id, collection: collection.code, field, value, display, folded });
    // Only single words get codes (valueCodes), so a value of several words, found through its words' own
    // entries, needs none of the phonetic work (most new values of a large import: double given names).
    if (folded.includes(" ")) return id;
    for (const code of valueCodes({ id, collection: collection.code, field, value }, kind)) this.codes.push(code);
    return id;
  }
}

/**
 * The record's fields that hold a value, in their order. A row read from a file has only those, so it is used as it
 * is: copying a million rows' fields made as many objects for the garbage collector.
 */
function filledFields(fields: ImportRecord["fields"]): Record<string, string> {
  let filled = true;
  for (const k in fields) {
    const v = fields[k];
    if (v == null || v === "") {
      filled = false;
      break;
    }
  }
  if (filled) return fields as Record<string, string>;
  const data: Record<string, string> = {};
  for (const k in fields) {
    const v = fields[k];
    if (v != null && v !== "") data[k] = v;
  }
  return data;
}

function dictKey(collection: number, field: string, value: string): string {
  return `${collection}\u0000${field}\u0000${value}`;
}

/** The code kinds kept for a field of each kind: person names get every key, places and codes their sound only. */
export const CODE_KINDS_BY_FIELD_KIND: Record<FieldKind, readonly CodeKind[]> = {
  surname: ["d", "t", "g", "b", "s"],
  givenName: ["d", "v", "t", "b", "s"],
  place: ["d"],
  parish: ["d"],
  code: ["d"],
};

/** Every code kind a dictionary may hold. */
export const ALL_CODE_KINDS: readonly CodeKind[] = ["d", "v", "t", "g", "b", "s"];

/** The code rows of one dictionary value of a field of `fieldKind`: every kind the field keeps. */
export function valueCodes(
  value: Pick<NameValuesTable, "id" | "collection" | "field" | "value">,
  fieldKind: FieldKind,
): NameCodesTable[] {
  const kinds = CODE_KINDS_BY_FIELD_KIND[fieldKind];
  // Multi-word values are found through their words; codes belong to single words.
  if (foldName(value.value).includes(" ")) return [];
  const keys = nameKeys(value.value, { variants: kinds.includes("v"), person: kinds.includes("b") });
  return kinds.flatMap((kind) =>
    [...new Set(keys.words.flatMap((w) => wordKeysOfKind(w, kind)))].map((code) => ({
      collection: value.collection,
      field: value.field,
      kind,
      code,
      value_id: value.id,
    })),
  );
}

/** The kind of a collection's search field, by the collection's code and the field's name. */
export function fieldKindOf(collectionCode: number, field: string): FieldKind | undefined {
  return COLLECTIONS.find((c) => c.code === collectionCode)?.searchFields.find((f) => f.name === field)?.kind;
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
