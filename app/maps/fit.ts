import type { MapBox, MapCircleInput } from "./types";

/**
 * The box a map opens on: around the points and the whole radius circle,
 * never narrower than MIN_SPAN_DEG either way, so a single place still gets
 * a readable piece of country around it.
 */

const MIN_SPAN_DEG = 0.2;
const KM_PER_DEG_LAT = 111.195;

export function fitBox(
  points: readonly { lat: number; lon: number }[],
  circle?: MapCircleInput,
  fallback?: MapBox,
): MapBox {
  const all = points.map((p) => ({ lat: p.lat, lon: p.lon }));
  if (circle) {
    const dLat = circle.km / KM_PER_DEG_LAT;
    const dLon = dLat / Math.cos((circle.lat * Math.PI) / 180);
    all.push({ lat: circle.lat + dLat, lon: circle.lon + dLon }, { lat: circle.lat - dLat, lon: circle.lon - dLon });
  }
  if (!all.length) return fallback ?? { minLat: 45, maxLat: 55, minLon: 15, maxLon: 35 };
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  // A loop, not Math.min(...): a map of 200,000 places would not fit on the stack as arguments.
  for (const p of all) {
    minLat = Math.min(minLat, p.lat);
    maxLat = Math.max(maxLat, p.lat);
    minLon = Math.min(minLon, p.lon);
    maxLon = Math.max(maxLon, p.lon);
  }
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  if (maxLat - minLat < MIN_SPAN_DEG) {
    const mid = (minLat + maxLat) / 2;
    [minLat, maxLat] = [mid - MIN_SPAN_DEG / 2, mid + MIN_SPAN_DEG / 2];
  }
  if ((maxLon - minLon) * k < MIN_SPAN_DEG) {
    const mid = (minLon + maxLon) / 2;
    [minLon, maxLon] = [mid - MIN_SPAN_DEG / k / 2, mid + MIN_SPAN_DEG / k / 2];
  }
  const padLat = (maxLat - minLat) * 0.06;
  const padLon = (maxLon - minLon) * 0.06;
  return {
    minLat: Math.max(-85, minLat - padLat),
    maxLat: Math.min(85, maxLat + padLat),
    minLon: Math.max(-180, minLon - padLon),
    maxLon: Math.min(180, maxLon + padLon),
  };
}
