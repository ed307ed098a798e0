import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";
import { nameKeys } from "~/names/keys";
import { type KnownPlace, placesByKeys } from "~/places/nearby.server";
import { choosePlace } from "~/places/choose-place";
import { type CollectionDef, placeFields } from "./collections";
import type { Criteria } from "./criteria";
import { mayReadRecords, streamMatches } from "./engine.server";
import { fieldValue } from "./display";

/**
 * "A surname's map" (issue 11, part 5; decision 0033): for a records search's
 * criteria, how many matching records each known place holds, in all and per
 * decade. A record counts at its place when a map index knows that place (by
 * any spelling, as the record page links it), else at its parish; records
 * whose place and parish no index the viewer may read knows are counted as
 * unplaced. At most `cap` records are read (the newest searches are names, a
 * few thousand records): beyond it the answer says it is partial.
 */

export interface PlaceCount {
  place: KnownPlace;
  total: number;
  /** Decades by their first year (1850 = 1850–1859), oldest first; only decades with records. */
  decades: { decade: number; count: number }[];
}

export interface PlaceCounts {
  places: PlaceCount[];
  /** Matching records read whose place and parish no readable map index knows. */
  unplaced: number;
  /** Matching records read. */
  records: number;
  /** True when more records matched than were read (`cap`). */
  partial: boolean;
  /** Every decade some place has records in, oldest first: the decade filter's choices. */
  decades: number[];
}

export const PLACE_COUNT_CAP = 50_000;

type CountCriteria = Pick<Criteria, "fields" | "yearFrom" | "yearTo" | "near" | "placeId" | "placeKeys">;

/**
 * Counts per known place and decade of the records matching `criteria` in each of `collections` the viewer may
 * read (a members' collection gives a visitor nothing here: places are where the records are, not a count).
 * `criteria` are each collection's own (the caller maps /Search's name onto each collection's fields).
 */
export async function recordPlaceCounts(
  database: Database,
  searches: readonly { collection: CollectionDef; criteria: CountCriteria }[],
  viewer: Viewer,
  cap = PLACE_COUNT_CAP,
): Promise<PlaceCounts> {
  const pending: { keys: string[]; year: number }[] = [];
  let records = 0;
  let partial = false;
  // /Search asks once per role (child, father, mother…): a record matching the name in two roles counts once.
  const seen = new Set<string>();
  outer: for (const { collection, criteria } of searches) {
    if (!mayReadRecords(collection, viewer)) continue;
    const fields = placeFields(collection);
    if (!fields.length) continue;
    const full: Criteria = { ...criteria, page: 1, perPage: 25, sort: [] };
    for await (const row of streamMatches(database, collection, full, viewer)) {
      const key = `${collection.id}:${row.id}`;
      if (seen.has(key)) continue;
      if (records >= cap) {
        partial = true;
        break outer;
      }
      seen.add(key);
      records++;
      const keys = fields
        .map((f) => fieldValue(f.name, row.data))
        .filter(Boolean)
        .map((v) => nameKeys(v).folded)
        .filter(Boolean);
      pending.push({ keys, year: row.year });
    }
  }
  const known = await placesByKeys(database, [...new Set(pending.flatMap((p) => p.keys))], viewer, 100_000);
  const counts = new Map<number, { place: KnownPlace; decades: Map<number, number>; total: number }>();
  let unplaced = 0;
  for (const { keys, year } of pending) {
    // The place field's place, else the parish's; a spelling shared by several places is the one nearest the
    // record's other known place, else (the record does not say) the indexes' first.
    const place = keys
      .map((k) => {
        const candidates = known.get(k) ?? [];
        const anchors = keys.filter((o) => o !== k).flatMap((o) => known.get(o) ?? []);
        return choosePlace(candidates, anchors) ?? candidates[0];
      })
      .find(Boolean);
    if (!place) {
      unplaced++;
      continue;
    }
    const entry = counts.get(place.id) ?? { place, decades: new Map<number, number>(), total: 0 };
    const decade = Math.floor(year / 10) * 10;
    entry.decades.set(decade, (entry.decades.get(decade) ?? 0) + 1);
    entry.total++;
    counts.set(place.id, entry);
  }
  const places = [...counts.values()]
    .map((e) => ({
      place: e.place,
      total: e.total,
      decades: [...e.decades].sort((a, b) => a[0] - b[0]).map(([decade, count]) => ({ decade, count })),
    }))
    .sort((a, b) => b.total - a.total || a.place.name.localeCompare(b.place.name) || a.place.id - b.place.id);
  const decades = [...new Set(places.flatMap((p) => p.decades.map((d) => d.decade)))].sort((a, b) => a - b);
  return { places, unplaced, records, partial, decades };
}
