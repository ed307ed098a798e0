import { type BoundingBox, type LatLon, MAP_AREA } from "./geo";

/**
 * The map drawn beside the results: an equirectangular projection of the
 * points' bounding box into an SVG viewBox, computed on the server. There
 * are no tiles (nothing may be fetched from elsewhere): only the points, a
 * graticule of whole and half degrees, and the radius when there is one.
 */

export interface MapPointInput extends LatLon {
  id: number;
  label: string;
  highlight?: boolean;
}

export interface MapPoint {
  id: number;
  label: string;
  highlight: boolean;
  x: number;
  y: number;
}

export interface MapLine {
  value: number;
  label: string;
  /** x for meridians, y for parallels. */
  at: number;
}

export interface PlaceMap {
  width: number;
  height: number;
  points: MapPoint[];
  meridians: MapLine[];
  parallels: MapLine[];
  /** The searched radius as an ellipse (equirectangular stretches it). */
  circle: { cx: number; cy: number; rx: number; ry: number } | null;
  box: BoundingBox;
}

export const MAP_WIDTH = 600;
const PAD = 24;
const MIN_SPAN_DEG = 0.2;

const round = (n: number) => Math.round(n * 10) / 10;

/** The box around the points (and circle), padded, never smaller than MIN_SPAN_DEG. */
export function boxAround(points: readonly LatLon[], circle?: { centre: LatLon; radiusKm: number }): BoundingBox {
  const all = [...points];
  if (circle) {
    const dLat = circle.radiusKm / 111.2;
    const dLon = dLat / Math.cos((circle.centre.lat * Math.PI) / 180);
    all.push(
      { lat: circle.centre.lat + dLat, lon: circle.centre.lon + dLon },
      { lat: circle.centre.lat - dLat, lon: circle.centre.lon - dLon },
    );
  }
  if (!all.length) return MAP_AREA;
  let minLat = Math.min(...all.map((p) => p.lat));
  let maxLat = Math.max(...all.map((p) => p.lat));
  let minLon = Math.min(...all.map((p) => p.lon));
  let maxLon = Math.max(...all.map((p) => p.lon));
  // Never narrower than MIN_SPAN_DEG of latitude either way, and between 1:1 and 2:1 (wide), so
  // that a single place or a line of places still gets a readable piece of country around it.
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  let spanY = Math.max(maxLat - minLat, MIN_SPAN_DEG);
  let spanX = Math.max((maxLon - minLon) * k, MIN_SPAN_DEG);
  if (spanY > spanX) spanX = spanY;
  if (spanX > 2 * spanY) spanY = spanX / 2;
  const midLat = (minLat + maxLat) / 2;
  const midLon = (minLon + maxLon) / 2;
  minLat = midLat - spanY / 2;
  maxLat = midLat + spanY / 2;
  minLon = midLon - spanX / k / 2;
  maxLon = midLon + spanX / k / 2;
  const padLat = (maxLat - minLat) * 0.05;
  const padLon = (maxLon - minLon) * 0.05;
  return { minLat: minLat - padLat, maxLat: maxLat + padLat, minLon: minLon - padLon, maxLon: maxLon + padLon };
}

/**
 * Equirectangular projection of box into a MAP_WIDTH-wide drawing: x grows
 * with longitude, y with falling latitude, and a degree of longitude is
 * cos(middle latitude) of a degree of latitude, so shapes keep their proportions.
 */
export function projection(box: BoundingBox, width = MAP_WIDTH) {
  const midLat = (box.minLat + box.maxLat) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const spanX = (box.maxLon - box.minLon) * k;
  const spanY = box.maxLat - box.minLat;
  const scale = (width - 2 * PAD) / spanX;
  const height = Math.round(spanY * scale + 2 * PAD);
  return {
    width,
    height,
    scale,
    x: (lon: number) => round(PAD + (lon - box.minLon) * k * scale),
    y: (lat: number) => round(PAD + (box.maxLat - lat) * scale),
  };
}

function gridLines(from: number, to: number): number[] {
  const span = to - from;
  const step = span > 3 ? 1 : span > 1 ? 0.5 : span > 0.4 ? 0.2 : 0.05;
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}

export function buildPlaceMap(
  points: readonly MapPointInput[],
  circle?: { centre: LatLon; radiusKm: number },
): PlaceMap {
  const box = boxAround(points, circle);
  const p = projection(box);
  const dLat = circle ? circle.radiusKm / 111.2 : 0;
  return {
    width: p.width,
    height: p.height,
    box,
    // Highlighted points last, so they are drawn on top.
    points: points
      .map((pt) => ({ id: pt.id, label: pt.label, highlight: !!pt.highlight, x: p.x(pt.lon), y: p.y(pt.lat) }))
      .sort((a, b) => Number(a.highlight) - Number(b.highlight)),
    meridians: gridLines(box.minLon, box.maxLon).map((v) => ({ value: v, label: `${v}° E`, at: p.x(v) })),
    parallels: gridLines(box.minLat, box.maxLat).map((v) => ({ value: v, label: `${v}° N`, at: p.y(v) })),
    circle: circle
      ? {
          cx: p.x(circle.centre.lon),
          cy: p.y(circle.centre.lat),
          ry: round(dLat * p.scale),
          rx: round(dLat * p.scale),
        }
      : null,
  };
}
