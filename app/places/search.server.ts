import type { SelectQueryBuilder } from "kysely";
import type { Database } from "~/db/connection.server";
import type { PlacesTable, Schema } from "~/db/schema";
import { type PageWindow, pageWindow } from "~/listing/paging";
import { type KeyTable, keyFilter } from "~/names/key-filter";
import type { Viewer } from "~/auth/viewer.server";
import type { PlaceCriteria } from "./criteria";
import { SPELLING_ORDER, type SpellingKind } from "./spellings";
import { type LatLon, boundingBox, haversineKm } from "./geo";
import { type MapIndexDef, type MapIndexId, mapIndex } from "./indexes";

/**
 * The place search: name (any spelling) by mode, province, sheet, square,
 * and "within N km of a place" — an indexed bounding box on lat/lon first,
 * then the exact haversine distance. Every query is narrowed to one index,
 * and a members' index answers nothing to a viewer who is not a member,
 * whoever calls it (the pages' guard sends visitors to sign in first).
 */

export function mayReadPlaces(index: MapIndexDef, viewer: Viewer): boolean {
  return index.access === "public" || viewer.isMember;
}

export interface PlaceRow extends LatLon {
  id: number;
  name: string;
  sortName: string;
  province: string;
  sheet: string;
  square: string;
  notes: string;
  distanceKm?: number;
  spellings: { kind: string; name: string }[];
}

export interface Centre extends LatLon {
  id: number;
  name: string;
  province: string;
}

export type CentreResult = { centre: Centre } | { centre?: undefined; candidates: Centre[]; message: string };

type PlacesQuery = SelectQueryBuilder<Schema, "places", object>;

/** Every spelling of a place, with the codes of each word of each. */
const PLACE_KEYS: KeyTable = {
  names: { table: "place_names", owner: "place_id" },
  codes: { table: "place_name_codes", owner: "place_id" },
  words: { table: "place_name_words", owner: "place_id" },
};

function filtered(database: Database, criteria: PlaceCriteria, centre?: Centre): PlacesQuery | null {
  let q: PlacesQuery = database.db.selectFrom("places").where("map_index", "=", criteria.index);
  if (criteria.name) {
    const byName = keyFilter(PLACE_KEYS, criteria.name);
    if (!byName) return null;
    q = q.where(byName("places.id"));
  }
  if (criteria.province) q = q.where("province", "=", criteria.province);
  if (criteria.sheet) q = q.where("sheet", "=", criteria.sheet);
  if (criteria.square) q = q.where("square", "=", criteria.square);
  if (centre && criteria.near) {
    const box = boundingBox(centre, criteria.near.radiusKm);
    q = q
      .where("lat", ">=", box.minLat)
      .where("lat", "<=", box.maxLat)
      .where("lon", ">=", box.minLon)
      .where("lon", "<=", box.maxLon);
  }
  return q;
}

const SORT_COLUMNS = {
  name: ["sort_name"],
  province: ["province", "sort_name"],
  sheet: ["sheet", "square", "sort_name"],
} as const;

const COLUMNS = ["id", "name", "sort_name", "province", "sheet", "square", "lat", "lon", "notes"] as const;

type Raw = Pick<PlacesTable, (typeof COLUMNS)[number]>;

function toRow(r: Raw, distanceKm?: number): PlaceRow {
  return {
    id: Number(r.id),
    name: r.name,
    sortName: r.sort_name,
    province: r.province,
    sheet: r.sheet,
    square: r.square,
    lat: Number(r.lat),
    lon: Number(r.lon),
    notes: r.notes,
    distanceKm,
    spellings: [],
  };
}

/** The place a radius is measured from: by id when given, else the one place with that spelling. */
export async function resolveCentre(
  database: Database,
  index: MapIndexId,
  near: NonNullable<PlaceCriteria["near"]>,
  viewer: Viewer,
): Promise<CentreResult> {
  const byName = keyFilter(PLACE_KEYS, { value: near.value, mode: "normalized" });
  const readable = mayReadPlaces(mapIndex(index), viewer);
  const rows = byName
    ? await database.db
        .selectFrom("places")
        .select(["id", "name", "province", "lat", "lon"])
        // Nobody but a member learns that a members' index knows a place: for the others it holds none.
        .where("map_index", "=", readable ? index : "")
        .where(byName("places.id"))
        .orderBy("sort_name")
        .orderBy("id")
        .limit(51)
        .execute()
    : [];
  const candidates = rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    province: r.province,
    lat: Number(r.lat),
    lon: Number(r.lon),
  }));
  if (near.id !== undefined) {
    const byId = candidates.find((c) => c.id === near.id);
    if (byId) return { centre: byId };
  }
  if (candidates.length === 1) return { centre: candidates[0] };
  if (!candidates.length) {
    return { candidates, message: `No place called “${near.value.slice(0, 60)}” is in the index.` };
  }
  return {
    candidates: candidates.slice(0, 50),
    message: `${candidates.length > 50 ? "More than 50" : candidates.length} places are called “${near.value.slice(0, 60)}”. Choose one below.`,
  };
}

export interface PlaceSearchResult extends Omit<PageWindow, "offset"> {
  total: number;
  rows: PlaceRow[];
  /** For the map of a radius search: every place found, not only this page's (at most MAP_LIMIT). */
  all?: PlaceRow[];
}

export const MAP_LIMIT = 300;

function comparator(sort: PlaceCriteria["sort"]) {
  return (a: PlaceRow, b: PlaceRow) => {
    for (const k of sort) {
      const cols: (keyof PlaceRow)[] =
        k.field === "distance"
          ? ["distanceKm"]
          : k.field === "province"
            ? ["province", "sortName"]
            : k.field === "sheet"
              ? ["sheet", "square", "sortName"]
              : ["sortName"];
      for (const col of cols) {
        const x = a[col] as string | number;
        const y = b[col] as string | number;
        const d =
          typeof x === "number" && typeof y === "number"
            ? x - y
            : String(x) < String(y)
              ? -1
              : String(x) > String(y)
                ? 1
                : 0;
        if (d !== 0) return k.descending ? -d : d;
      }
    }
    return a.id - b.id;
  };
}

async function withSpellings(database: Database, rows: PlaceRow[]): Promise<PlaceRow[]> {
  if (!rows.length) return rows;
  const names = await database.db
    .selectFrom("place_names")
    .select(["place_id", "kind", "name"])
    .where(
      "place_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("kind", "!=", "map")
    .execute();
  const by = new Map<number, { kind: string; name: string }[]>();
  for (const n of names) {
    const list = by.get(Number(n.place_id)) ?? [];
    list.push({ kind: n.kind, name: n.name });
    by.set(Number(n.place_id), list);
  }
  const rank = (kind: string) => SPELLING_ORDER.indexOf(kind as SpellingKind);
  return rows.map((r) => ({
    ...r,
    spellings: (by.get(r.id) ?? []).sort((a, b) => rank(a.kind) - rank(b.kind)),
  }));
}

export async function searchPlaces(
  database: Database,
  criteria: PlaceCriteria,
  viewer: Viewer,
  centre?: Centre,
): Promise<PlaceSearchResult> {
  const q = mayReadPlaces(mapIndex(criteria.index), viewer) ? filtered(database, criteria, centre) : null;
  if (!q) return { total: 0, page: 1, pageCount: 1, rows: [] };

  if (centre && criteria.near) {
    const radius = criteria.near.radiusKm;
    const raw = (await q.select(COLUMNS).execute()) as Raw[];
    const found = raw
      .map((r) => toRow(r, haversineKm(centre, { lat: Number(r.lat), lon: Number(r.lon) })))
      .filter((r) => r.distanceKm! <= radius)
      .sort(comparator(criteria.sort));
    const { offset, ...paging } = pageWindow(found.length, criteria.page, criteria.perPage);
    const rows = await withSpellings(database, found.slice(offset, offset + criteria.perPage));
    return { total: found.length, ...paging, rows, all: found.slice(0, MAP_LIMIT) };
  }

  const counted = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const { offset, ...paging } = pageWindow(total, criteria.page, criteria.perPage);
  let listing = q.select(COLUMNS);
  for (const k of criteria.sort) {
    const cols = SORT_COLUMNS[k.field as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.name;
    for (const col of cols) listing = listing.orderBy(col, k.descending ? "desc" : "asc");
  }
  const raw = (await listing.orderBy("id").limit(criteria.perPage).offset(offset).execute()) as Raw[];
  return {
    total,
    ...paging,
    rows: await withSpellings(
      database,
      raw.map((r) => toRow(r)),
    ),
  };
}

/** One entry of an index (an id of another index is not found there). */
export async function getPlace(
  database: Database,
  index: MapIndexId,
  id: number,
  viewer: Viewer,
): Promise<PlaceRow | undefined> {
  if (!mayReadPlaces(mapIndex(index), viewer)) return undefined;
  const raw = (await database.db
    .selectFrom("places")
    .select(COLUMNS)
    .where("map_index", "=", index)
    .where("id", "=", id)
    .executeTakeFirst()) as Raw | undefined;
  if (!raw) return undefined;
  const [row] = await withSpellings(database, [toRow(raw)]);
  return row;
}
