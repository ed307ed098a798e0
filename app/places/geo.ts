/**
 * Geography of the Breyer map index: distances on the globe, the bounding box
 * a radius search prefilters with, the map's sheets and grid squares, and the
 * provinces (Congress Poland's gubernias, by their German names as on the map).
 */

export const EARTH_RADIUS_KM = 6371.0088;

export interface LatLon {
  lat: number;
  lon: number;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine formula). */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/**
 * A box that holds every point within radiusKm of the centre (a little
 * generous, never too small), for an indexed prefilter before the exact
 * haversine test. Central Poland is far from the poles and the antimeridian.
 */
export function boundingBox(centre: LatLon, radiusKm: number): BoundingBox {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const maxAbsLat = Math.min(89, Math.abs(centre.lat) + dLat);
  const dLon = dLat / Math.cos(rad(maxAbsLat));
  return {
    minLat: centre.lat - dLat * 1.001,
    maxLat: centre.lat + dLat * 1.001,
    minLon: centre.lon - dLon * 1.001,
    maxLon: centre.lon + dLon * 1.001,
  };
}

export interface Province {
  /** As in the index (on Breyer's map, German), also the URL value. */
  name: string;
  /** Its other name, shown beside it in the list (Polish, for Breyer's German names). */
  alias: string;
  capital: LatLon;
}

/** The gubernias of Congress Poland the map covers, with their capitals. */
export const PROVINCES: readonly Province[] = [
  { name: "Kalisch", alias: "Kalisz", capital: { lat: 51.761, lon: 18.091 } },
  { name: "Lublin", alias: "Lublin", capital: { lat: 51.2465, lon: 22.5684 } },
  { name: "Petrikau", alias: "Piotrków", capital: { lat: 51.405, lon: 19.703 } },
  { name: "Plock", alias: "Płock", capital: { lat: 52.5463, lon: 19.7065 } },
  { name: "Radom", alias: "Radom", capital: { lat: 51.4027, lon: 21.1471 } },
  { name: "Siedlce", alias: "Siedlce", capital: { lat: 52.1676, lon: 22.2902 } },
  { name: "Warschau", alias: "Warszawa", capital: { lat: 52.2297, lon: 21.0122 } },
];

/**
 * The province a point lies in, approximated as the one whose capital is
 * nearest (the demo data has no real borders).
 */
export function nearestProvince(point: LatLon, provinces: readonly Province[] = PROVINCES): Province {
  let best = provinces[0];
  let bestKm = Infinity;
  for (const p of provinces) {
    const km = haversineKm(point, p.capital);
    if (km < bestKm) {
      best = p;
      bestKm = km;
    }
  }
  return best;
}

export interface Sheet {
  name: string;
  box: BoundingBox;
}

/** The map's sheets: four columns of 1.25° by two rows of 1.2°, named after a town on each. */
export const SHEETS: readonly Sheet[] = [
  { name: "Leslau", box: { minLat: 52.0, maxLat: 53.2, minLon: 18.0, maxLon: 19.25 } },
  { name: "Plock", box: { minLat: 52.0, maxLat: 53.2, minLon: 19.25, maxLon: 20.5 } },
  { name: "Warschau", box: { minLat: 52.0, maxLat: 53.2, minLon: 20.5, maxLon: 21.75 } },
  { name: "Siedlce", box: { minLat: 52.0, maxLat: 53.2, minLon: 21.75, maxLon: 23.0 } },
  { name: "Kalisch", box: { minLat: 50.8, maxLat: 52.0, minLon: 18.0, maxLon: 19.25 } },
  { name: "Lodz", box: { minLat: 50.8, maxLat: 52.0, minLon: 19.25, maxLon: 20.5 } },
  { name: "Radom", box: { minLat: 50.8, maxLat: 52.0, minLon: 20.5, maxLon: 21.75 } },
  { name: "Lublin", box: { minLat: 50.8, maxLat: 52.0, minLon: 21.75, maxLon: 23.0 } },
];

/** The area the map covers. */
export const MAP_AREA: BoundingBox = { minLat: 50.8, maxLat: 53.2, minLon: 18.0, maxLon: 23.0 };

export const SQUARE_COLUMNS = "ABCDEFGH";
export const SQUARE_ROWS = 8;
export const SQUARE_PATTERN = /^[A-H][1-8]$/;

/**
 * The sheet and grid square a point falls in: each sheet is divided into
 * eight columns A–H from west to east and eight rows 1–8 from north to south.
 */
export function sheetAndSquare(point: LatLon): { sheet: string; square: string } | undefined {
  const sheet = SHEETS.find(
    (s) =>
      point.lat >= s.box.minLat && point.lat < s.box.maxLat && point.lon >= s.box.minLon && point.lon < s.box.maxLon,
  );
  if (!sheet) return undefined;
  const { box } = sheet;
  const col = Math.floor(((point.lon - box.minLon) / (box.maxLon - box.minLon)) * SQUARE_COLUMNS.length);
  const row = Math.floor(((box.maxLat - point.lat) / (box.maxLat - box.minLat)) * SQUARE_ROWS);
  return { sheet: sheet.name, square: `${SQUARE_COLUMNS[col]}${row + 1}` };
}

/** "52.2297° N, 21.0122° E" */
export function formatCoordinates(point: LatLon): string {
  const lat = `${Math.abs(point.lat).toFixed(4)}° ${point.lat >= 0 ? "N" : "S"}`;
  const lon = `${Math.abs(point.lon).toFixed(4)}° ${point.lon >= 0 ? "E" : "W"}`;
  return `${lat}, ${lon}`;
}
