/**
 * The collection registry: every record collection is declared once, as data, in the file of its group. Routes,
 * the search form, the results table, the record page, the CSV export and the unified search are all driven by it
 * (through app/catalog.ts), so adding a collection needs no new page code (DESIGN §3).
 *
 * This module is shared by the server and the browser and by the route config, so it must stay free of
 * server-only imports.
 */
import type { CollectionDef, RecordKind, SearchField, SortColumn } from "./fields";
import { LUBLIN_COLLECTIONS } from "./lublin";
import { ODESSA_COLLECTIONS } from "./odessa";
import { PARISH_INDEX_COLLECTIONS } from "./parish-index";
import { ST_PETE_COLLECTIONS } from "./stpete";
import { VOLHYNIAN_COLLECTIONS } from "./volhynian";

export * from "./fields";
export { GROUP_SHORT_LABELS } from "./groups";
export { LUBLIN_COLLECTIONS, nameForms } from "./lublin";
export { ODESSA_COLLECTIONS } from "./odessa";
export { PARISH_INDEX_COLLECTIONS, RECORD_TYPES } from "./parish-index";
export { VOLHYNIAN_COLLECTIONS } from "./volhynian";

export const COLLECTIONS: readonly CollectionDef[] = [
  ...ST_PETE_COLLECTIONS,
  ...LUBLIN_COLLECTIONS,
  ...VOLHYNIAN_COLLECTIONS,
  ...ODESSA_COLLECTIONS,
  ...PARISH_INDEX_COLLECTIONS,
];

export function searchPath(c: CollectionDef): string {
  return `${c.basePath}/search`;
}

export function recordPath(c: CollectionDef, id: number | string): string {
  return `${c.basePath}/record/${id}`;
}

export function exportPath(c: CollectionDef): string {
  return `${c.basePath}/export.csv`;
}

export function getCollection(id: string): CollectionDef | undefined {
  return COLLECTIONS.find((c) => c.id === id);
}

export function getCollectionByCode(code: number): CollectionDef | undefined {
  return COLLECTIONS.find((c) => c.code === code);
}

/** The search fields that hold a place (a place or a parish): what "within N km of" and a place's links search. */
export function placeFields(c: CollectionDef): SearchField[] {
  return c.searchFields.filter((f) => f.kind === "place" || f.kind === "parish");
}

/** Fields a user can sort on: "year" plus every search field with a sort column. */
export function sortableFields(c: CollectionDef): Map<string, SortColumn> {
  const map = new Map<string, SortColumn>([["year", "date"]]);
  for (const f of c.searchFields) if (f.sortColumn) map.set(f.name, f.sortColumn);
  return map;
}

/** Years after which records are members-only (DESIGN §5 privacy periods). */
export const PRIVACY_YEARS: Record<RecordKind, number> = {
  birth: 100,
  death: 75,
  marriage: 75,
  index: 75,
};

/** Latest event year a visitor may see in a collection in the given calendar year. */
export function latestPublicYear(c: CollectionDef, now: Date = new Date()): number {
  return now.getUTCFullYear() - PRIVACY_YEARS[c.recordKind];
}
