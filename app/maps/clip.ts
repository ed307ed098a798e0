import type { MapBox } from "./types";

/**
 * Cutting the world's borders down to the region Metryka's maps show, so the
 * bundled base map stays small. Coordinates are [lon, lat] as in GeoJSON and
 * are treated as planar: the region is far from the poles and the antimeridian.
 */

export type Position = [number, number];

/** The part of segment a–b inside box (Liang–Barsky), or null when it misses the box. */
function clipSegment(a: Position, b: Position, box: MapBox): [Position, Position] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks: [number, number][] = [
    [-dx, a[0] - box.minLon],
    [dx, box.maxLon - a[0]],
    [-dy, a[1] - box.minLat],
    [dy, box.maxLat - a[1]],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return null;
    }
  }
  const at = (t: number): Position => (t === 0 ? a : t === 1 ? b : [a[0] + t * dx, a[1] + t * dy]);
  return [at(t0), at(t1)];
}

/**
 * The parts of a polyline that lie in box, cut where they cross its edges: a
 * long straight border whose ends both lie outside still crosses the view.
 */
export function clipLine(line: readonly Position[], box: MapBox): Position[][] {
  const out: Position[][] = [];
  let current: Position[] | null = null;
  for (let i = 0; i + 1 < line.length; i++) {
    const part = clipSegment(line[i], line[i + 1], box);
    if (!part) {
      current = null;
      continue;
    }
    const [from, to] = part;
    if (!current || from !== line[i]) {
      current = [from];
      out.push(current);
    }
    current.push(to);
    // Leaving the box ends this part.
    if (to !== line[i + 1]) current = null;
  }
  return out.filter((part) => part.length > 1);
}

type Edge = { inside: (p: Position) => boolean; cut: (a: Position, b: Position) => Position };

function edges(box: MapBox): Edge[] {
  const atLon =
    (lon: number) =>
    (a: Position, b: Position): Position => [lon, a[1] + ((b[1] - a[1]) * (lon - a[0])) / (b[0] - a[0])];
  const atLat =
    (lat: number) =>
    (a: Position, b: Position): Position => [a[0] + ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]), lat];
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
