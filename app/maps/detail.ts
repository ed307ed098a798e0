import { type Position, clipLine, clipRing } from "./clip";
import { ENCODING_SCALE } from "./encoding";
import type { MapBox } from "./types";

/**
 * The base map at the detail a view needs (decision 0047). The bundled lines are Natural Earth's 1:10m, about 37,000
 * positions over the region; Leaflet turns each into objects and projects every one of them at every zoom, though a
 * country-wide view shows a few pixels' worth of each kilometre and a village's view a few kilometres of the lines.
 * Cut to the view (with a margin) and thinned to half a pixel, the lines Leaflet gets look the same and are a small
 * part of the file.
 */

/**
 * A line of the base map as the file has it (encoded by app/maps/encoding.ts: integer steps) with its bounding box,
 * measured once so views can skip what lies wholly outside them. It stays encoded: decoding all of them at once made
 * 37,000 small arrays for the garbage collector each time.
 */
export interface BoxedLine {
  encoded: readonly number[];
  box: MapBox;
}

export interface BaseLines {
  /** Polygons: rings (closed: the last position repeats the first). */
  land: BoxedLine[][];
  coast: BoxedLine[];
  borders: BoxedLine[];
}

export function boxed(encoded: readonly number[]): BoxedLine {
  let [x, y] = [0, 0];
  const box = { minLon: Infinity, maxLon: -Infinity, minLat: Infinity, maxLat: -Infinity };
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    box.minLon = Math.min(box.minLon, x);
    box.maxLon = Math.max(box.maxLon, x);
    box.minLat = Math.min(box.minLat, y);
    box.maxLat = Math.max(box.maxLat, y);
  }
  const scaled = (v: number) => v / ENCODING_SCALE;
  return {
    encoded,
    box: {
      minLon: scaled(box.minLon),
      maxLon: scaled(box.maxLon),
      minLat: scaled(box.minLat),
      maxLat: scaled(box.maxLat),
    },
  };
}

const meets = (a: MapBox, b: MapBox) =>
  a.minLon <= b.maxLon && b.minLon <= a.maxLon && a.minLat <= b.maxLat && b.minLat <= a.maxLat;
const within = (a: MapBox, b: MapBox) =>
  a.minLon >= b.minLon && a.maxLon <= b.maxLon && a.minLat >= b.minLat && a.maxLat <= b.maxLat;

/**
 * Degrees of longitude and of latitude that half a CSS pixel spans at a web-Mercator zoom (256 px tiles), at a
 * latitude: a degree of latitude is drawn 1 / cos(lat) times as tall as a degree of longitude is wide.
 */
export function halfPixelDegrees(zoom: number, lat: number): { lon: number; lat: number } {
  const lon = 360 / (256 * 2 ** zoom) / 2;
  return { lon, lat: lon * Math.cos((lat * Math.PI) / 180) };
}

/**
 * Decodes an encoded line keeping the first and the last position and every one that lies at least `tolerance` from
 * the last one kept (on either axis): the steps a line takes within half a pixel are not seen.
 */
export function thinLine(encoded: readonly number[], tolerance: { lon: number; lat: number }): Position[] {
  const out: Position[] = [];
  const [tx, ty] = [tolerance.lon * ENCODING_SCALE, tolerance.lat * ENCODING_SCALE];
  let [x, y, keptX, keptY] = [0, 0, 0, 0];
  const last = encoded.length - 2;
  for (let i = 0; i <= last; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    if (i > 0 && i < last && Math.abs(x - keptX) < tx && Math.abs(y - keptY) < ty) continue;
    out.push([x / ENCODING_SCALE, y / ENCODING_SCALE]);
    [keptX, keptY] = [x, y];
  }
  return out;
}

/** The base map's lines within `box`, thinned to `tolerance`: rings of land polygons and parts of lines. */
export function linesFor(
  base: BaseLines,
  box: MapBox,
  tolerance: { lon: number; lat: number },
): { land: Position[][][]; coast: Position[][]; borders: Position[][] } {
  const cut = (line: BoxedLine): Position[][] => {
    if (!meets(line.box, box)) return [];
    const thin = thinLine(line.encoded, tolerance);
    return within(line.box, box) ? [thin] : clipLine(thin, box);
  };
  const land = base.land
    .map((polygon) =>
      polygon.map((ring) => {
        if (!meets(ring.box, box)) return [];
        const thin = thinLine(ring.encoded, tolerance);
        return within(ring.box, box) ? thin : clipRing(thin, box);
      }),
    )
    // A polygon whose outline is gone (out of view, or smaller than a pixel) goes with its holes.
    .filter((rings) => rings[0]!.length >= 4)
    .map((rings) => rings.filter((ring) => ring.length >= 4));
  return { land, coast: base.coast.flatMap(cut), borders: base.borders.flatMap(cut) };
}
