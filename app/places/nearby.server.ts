import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";
import type { NearCriterion } from "~/listing/place-filter";
import { nameKeys } from "~/names/keys";
import { type LatLon, boundingBox, haversineKm } from "./geo";
import { MAP_INDEXES, type MapIndexId, mapIndex, mapPlacePath } from "./indexes";
import { mayReadPlaces } from "./search.server";

/**
 * What the records' side asks of the map indexes (decision 0033): which place a
 * `near` names, which places lie within a radius of it, the folded keys of
 * their spellings (the records' dictionary folds its place and parish values
 * the same way, so a key joins the two), and which places a record's place
 * value names. Only the indexes the viewer may read take part: a visitor
 * learns nothing of a members' index here either.
 */

export interface KnownPlace extends LatLon {
  id: number;
  index: MapIndexId;
  name: string;
  province: string;
}

/** Where a radius is measured from: a place of an index, or a typed point. */
export type NearCentre = LatLon & { name: string; place?: KnownPlace };

export type NearResolution = { centre: NearCentre } | { message: string; candidates: KnownPlace[] };

/** At most this many candidates are offered when a name is shared by several places. */
const CANDIDATES = 20;
/** Keys and ids per IN list: below both dialects' bound-parameter limits. */
const CHUNK = 5_000;

export function readableIndexes(viewer: Viewer): MapIndexId[] {
  return MAP_INDEXES.filter((i) => mayReadPlaces(i, viewer)).map((i) => i.id);
}

export function knownPlacePath(place: Pick<KnownPlace, "index" | "id">): string {
  return mapPlacePath(mapIndex(place.index), place.id);
}

type Raw = { id: number; map_index: string; name: string; province: string; lat: number; lon: number };

function toKnown(r: Raw): KnownPlace {
  return {
    id: Number(r.id),
    index: r.map_index as MapIndexId,
    name: r.name,
    province: r.province,
    lat: Number(r.lat),
    lon: Number(r.lon),
  };
}

const INDEX_ORDER = new Map(MAP_INDEXES.map((i, n) => [i.id, n]));
const byIndexThenName = (a: KnownPlace, b: KnownPlace) =>
  INDEX_ORDER.get(a.index)! - INDEX_ORDER.get(b.index)! || a.name.localeCompare(b.name) || a.id - b.id;

/** The places (of the readable indexes) with a spelling whose folded key is one of `keys`. */
export async function placesByKeys(
  database: Database,
  keys: readonly string[],
  viewer: Viewer,
  limit = 1_000,
): Promise<Map<string, KnownPlace[]>> {
  const indexes = readableIndexes(viewer);
  const out = new Map<string, KnownPlace[]>();
  const unique = [...new Set(keys.filter(Boolean))];
  for (let i = 0; i < unique.length && indexes.length; i += CHUNK) {
    // Spellings first (their folded index), then those places by id: joined in one query, SQLite drove the join
    // from the places of the indexes and read every one of them.
    const names = await database.db
      .selectFrom("place_names")
      .select(["folded", "place_id"])
      .where("folded", "in", unique.slice(i, i + CHUNK))
      .limit(limit)
      .execute();
    const placeIds = [...new Set(names.map((n) => Number(n.place_id)))];
    const places = new Map<number, KnownPlace>();
    for (let j = 0; j < placeIds.length; j += CHUNK) {
      const rows = await database.db
        .selectFrom("places")
        .select(["id", "map_index", "name", "province", "lat", "lon"])
        .where("id", "in", placeIds.slice(j, j + CHUNK))
        .where("map_index", "in", indexes)
        .execute();
      for (const r of rows) places.set(Number(r.id), toKnown(r as Raw));
    }
    for (const n of names) {
      const p = places.get(Number(n.place_id));
      if (!p) continue;
      const list = out.get(n.folded) ?? [];
      if (!list.some((q) => q.id === p.id)) list.push(p);
      out.set(n.folded, list);
    }
  }
  for (const list of out.values()) list.sort(byIndexThenName);
  return out;
}

/** One place of a readable index by its id. */
export async function knownPlace(database: Database, id: number, viewer: Viewer): Promise<KnownPlace | undefined> {
  const indexes = readableIndexes(viewer);
  if (!indexes.length) return undefined;
  const row = await database.db
    .selectFrom("places")
    .select(["id", "map_index", "name", "province", "lat", "lon"])
    .where("id", "=", id)
    .where("map_index", "in", indexes)
    .executeTakeFirst();
  return row ? toKnown(row as Raw) : undefined;
}

/** The centre a `near` names: its point, the place nearId chose, or the one place of that name. */
export async function resolveNear(database: Database, near: NearCriterion, viewer: Viewer): Promise<NearResolution> {
  if (near.point) return { centre: { ...near.point, name: near.value } };
  const folded = nameKeys(near.value).folded;
  const candidates = (await placesByKeys(database, [folded], viewer, 200)).get(folded) ?? [];
  const chosen =
    near.id !== undefined
      ? candidates.find((c) => c.id === near.id)
      : candidates.length === 1
        ? candidates[0]
        : undefined;
  if (chosen) return { centre: { lat: chosen.lat, lon: chosen.lon, name: chosen.name, place: chosen } };
  const shown = near.value.slice(0, 60);
  if (!candidates.length || near.id !== undefined) {
    return {
      message: `No place called “${shown}” is in the map indexes${candidates.length ? " under that choice" : ""}. Check the spelling, or enter its latitude and longitude (50.75, 25.33).`,
      candidates: candidates.slice(0, CANDIDATES),
    };
  }
  return {
    message: `${candidates.length} places are called “${shown}”. Choose one below.`,
    candidates: candidates.slice(0, CANDIDATES),
  };
}

/** The places of the readable indexes within `radiusKm` of `centre`: an indexed box on (index, lat, lon), then the exact distance. */
export async function placesWithin(
  database: Database,
  centre: LatLon,
  radiusKm: number,
  viewer: Viewer,
): Promise<(KnownPlace & { distanceKm: number })[]> {
  const indexes = readableIndexes(viewer);
  if (!indexes.length) return [];
  const box = boundingBox(centre, radiusKm);
  const rows = await database.db
    .selectFrom("places")
    .select(["id", "map_index", "name", "province", "lat", "lon"])
    .where("map_index", "in", indexes)
    .where("lat", ">=", box.minLat)
    .where("lat", "<=", box.maxLat)
    .where("lon", ">=", box.minLon)
    .where("lon", "<=", box.maxLon)
    .execute();
  return rows
    .map((r) => {
      const p = toKnown(r as Raw);
      return { ...p, distanceKm: haversineKm(centre, p) };
    })
    .filter((p) => p.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id);
}

/** The folded keys of every spelling of these places. */
export async function spellingKeys(database: Database, placeIds: readonly number[]): Promise<string[]> {
  return [
    ...(
      await spellingDistances(
        database,
        placeIds.map((id) => ({ id, distanceKm: 0 })),
      )
    ).keys(),
  ];
}

/**
 * The folded spellings of some places, each with the distance of the nearest place spelled so: how far a record
 * that names the place is from a centre asked for (best match counts it, issue 27).
 */
export async function spellingDistances(
  database: Database,
  places: readonly { id: number; distanceKm: number }[],
): Promise<Map<string, number>> {
  const distance = new Map(places.map((p) => [p.id, p.distanceKm]));
  const ids = [...distance.keys()];
  const out = new Map<string, number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await database.db
      .selectFrom("place_names")
      .select(["folded", "place_id"])
      .where("place_id", "in", ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) {
      if (!r.folded) continue;
      const km = distance.get(Number(r.place_id)) ?? 0;
      out.set(r.folded, Math.min(out.get(r.folded) ?? km, km));
    }
  }
  return out;
}
