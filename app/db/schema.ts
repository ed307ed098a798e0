import type { SortColumn } from "~/search/collections";

/** Kysely table types. Column names are snake_case in both dialects. */

export interface RecordsTable {
  id: number;
  collection: number;
  /** Gregorian event year; searched and filtered on. */
  year: number;
  /** Gregorian date as yyyymmdd (month/day 0 when unknown): the "year" sort key. */
  date_sort: number;
  greg_date: string | null;
  julian_date: string | null;
  /** Folded sort keys (ASCII lowercase), so both dialects sort alike. */
  s_name1: string;
  s_given1: string;
  s_name2: string;
  s_given2: string;
  s_place: string;
  s_parish: string;
  /** The record's fields as JSON text: what the register says, as transcribed. */
  data: string;
}

/**
 * The dictionary of distinct name values per collection and field. Every
 * match mode resolves a criterion to a handful of value ids here, then reads
 * their posting lists: no mode scans the records.
 */
export interface NameValuesTable {
  id: number;
  collection: number;
  field: string;
  /** exactKey(): lowercase, diacritics kept. */
  value: string;
  /** The spelling as first seen, for pick lists. */
  display: string;
  /** foldName(): the "normalized" key. */
  folded: string;
  /** Number of postings (records) carrying this value. */
  n: number;
}

/** Phonetic codes ("d": Daitch–Mokotoff) and given-name variant groups ("v") of each value. */
export interface NameCodesTable {
  collection: number;
  field: string;
  kind: string;
  code: string;
  value_id: number;
}

/** Which records carry which value; the year is in the key so year ranges are index ranges. */
export interface PostingsTable {
  value_id: number;
  year: number;
  record_id: number;
}

/** Facts about this installation ("demo_seeded_at", …). */
export interface AppMetaTable {
  key: string;
  value: string;
}

export interface Schema {
  app_meta: AppMetaTable;
  records: RecordsTable;
  name_values: NameValuesTable;
  name_codes: NameCodesTable;
  postings: PostingsTable;
}

/** The records column behind each sortable column of the collection registry. */
export const SORT_COLUMN_NAMES = {
  date: "date_sort",
  name1: "s_name1",
  given1: "s_given1",
  name2: "s_name2",
  given2: "s_given2",
  place: "s_place",
  parish: "s_parish",
} as const satisfies Record<SortColumn, keyof RecordsTable>;
