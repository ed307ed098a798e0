import { MAX_VALUE_LENGTH } from "./params";
import { ENGLISH_SAY, type Say } from "./say";

/** A sort order in the URL: `sort=year,-surname` (a leading "-" for descending). */
export interface SortKey {
  field: string;
  descending: boolean;
}

/**
 * Reads a sort order, keeping each column once. `dropped` columns are left out
 * silently (a distance sort left over from a radius search); an order that
 * names nothing sortable falls back to `fallback`, or is an error without one.
 */
export function parseSort(
  raw: string,
  sortable: Iterable<string>,
  { dropped = [], fallback, say = ENGLISH_SAY }: { dropped?: readonly string[]; fallback?: SortKey[]; say?: Say } = {},
): SortKey[] | string {
  if (raw.length > MAX_VALUE_LENGTH) return say("That sort order is too long.");
  const allowed = [...sortable];
  const keys: SortKey[] = [];
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (!item) continue;
    const descending = item.startsWith("-");
    const name = descending ? item.slice(1) : item;
    if (dropped.includes(name)) continue;
    if (!allowed.includes(name)) {
      return say("Results cannot be sorted by “{{name}}”. Sort by {{columns}}.", {
        name: name.slice(0, 40),
        columns: allowed.join(", "),
      });
    }
    if (keys.some((k) => k.field === name)) continue;
    keys.push({ field: name, descending });
  }
  if (keys.length) return keys;
  return fallback ?? say("Choose a column to sort by.");
}

export function formatSort(sort: readonly SortKey[]): string {
  return sort.map((k) => `${k.descending ? "-" : ""}${k.field}`).join(",");
}

export function ascending(fields: readonly string[]): SortKey[] {
  return fields.map((field) => ({ field, descending: false }));
}
