import type { Position } from "./clip";

/**
 * The base map file's compact form of a line: integers in thousandths of a
 * degree, the first position whole and every later one as the step from the
 * one before — small numbers that JSON and gzip store in a few bytes, as
 * TopoJSON's quantized arcs do. Natural Earth's 1:10m coastline for the
 * region is about a third of its plain JSON size this way.
 */

export const ENCODING_SCALE = 1000;

export function encodeLine(line: readonly Position[]): number[] {
  const out: number[] = [];
  let px = 0;
  let py = 0;
  for (const [lon, lat] of line) {
    const x = Math.round(lon * ENCODING_SCALE);
    const y = Math.round(lat * ENCODING_SCALE);
    out.push(x - px, y - py);
    px = x;
    py = y;
  }
  return out;
}

export function decodeLine(flat: readonly number[]): Position[] {
  const out: Position[] = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    x += flat[i];
    y += flat[i + 1];
    out.push([x / ENCODING_SCALE, y / ENCODING_SCALE]);
  }
  return out;
}
