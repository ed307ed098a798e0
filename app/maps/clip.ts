import type { MapBox } from "./types";

/**
 * Cutting the world's borders down to the region Metryka's maps show, so the
 * bundled base map stays small. Coordinates are [lon, lat] as in GeoJSON and
 * are treated as planar: the region is far from the poles and the antimeridian.
 */

export type Position = [number, number];

const inside = (p: Position, box: MapBox) =>
  p[0] >= box.minLon && p[0] <= box.maxLon && p[1] >= box.minLat && p[1] <= box.maxLat;

/**
 * The parts of a polyline that lie in box, each extended by the point just
 * outside at either end, so a border runs on to the edge of the region
 * instead of stopping short of it.
 */
export function clipLine(line: readonly Position[], box: MapBox): Position[][] {
  const out: Position[][] = [];
  let current: Position[] | null = null;
  for (let i = 0; i < line.length; i++) {
    const p = line[i];
    const keep = inside(p, box) || (i > 0 && inside(line[i - 1], box)) || (i + 1 < line.length && inside(line[i + 1], box));
    if (keep) {
      current ??= [];
      current.push(p);
    } else if (current) {
      if (current.length > 1) out.push(current);
      current = null;
    }
  }
  if (current && current.length > 1) out.push(current);
  return out;
}

type Edge = { inside: (p: Position) => boolean; cut: (a: Position, b: Position) => Position };

function edges(box: MapBox): Edge[] {
  const atLon = (lon: number) => (a: Position, b: Position): Position => [lon, a[1] + ((b[1] - a[1]) * (lon - a[0])) / (b[0] - a[0])];
  const atLat = (lat: number) => (a: Position, b: Position): Position => [a[0] + ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]), lat];
  return [
    { inside: (p) => p[0] >= box.minLon, cut: atLon(box.minLon) },
    { inside: (p) => p[0] <= box.maxLon, cut: atLon(box.maxLon) },
    { inside: (p) => p[1] >= box.minLat, cut: atLat(box.minLat) },
    { inside: (p) => p[1] <= box.maxLat, cut: atLat(box.maxLat) },
  ];
}

/**
 * A closed ring clipped to box (Sutherland–Hodgman): a ring that leaves the
 * box and comes back may gain an edge along the box's side, which a filled
 * land area does not show. Fewer than 4 positions: nothing of it lies in box.
 */
export function clipRing(ring: readonly Position[], box: MapBox): Position[] {
  let points = ring.slice(0, ring.length - 1);
  for (const edge of edges(box)) {
    if (!points.length) break;
    const next: Position[] = [];
    for (let i = 0; i < points.length; i++) {
      const a = points[(i + points.length - 1) % points.length];
      const b = points[i];
      if (edge.inside(b)) {
        if (!edge.inside(a)) next.push(edge.cut(a, b));
        next.push(b);
      } else if (edge.inside(a)) next.push(edge.cut(a, b));
    }
    points = next;
  }
  return points.length >= 3 ? [...points, points[0]] : [];
}

/** Rounds to `digits` decimals (3 is about 100 m, finer than a 1:1,000,000 border) and drops repeated positions. */
export function quantize(line: readonly Position[], digits = 3): Position[] {
  const f = 10 ** digits;
  const out: Position[] = [];
  for (const [x, y] of line) {
    const p: Position = [Math.round(x * f) / f, Math.round(y * f) / f];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}
