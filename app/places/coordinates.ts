import type { LatLon } from "./geo";

/**
 * Reading latitude and longitude as volunteers type them: decimal degrees with a point or a decimal comma
 * ("50,4501"), degrees and minutes ("50°27′N", "50 27 30 N", "N 50°27'"), a sign or a hemisphere letter (N S E W,
 * German O for Ost, Russian/Ukrainian С Ю В З), and both in one cell ("50.4501, 30.5234", "50°27′N 30°31′E").
 * Pure, so the check of an import and anything in the browser read a coordinate alike.
 */

export type Axis = "lat" | "lon";

export type CoordinateResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Six decimals: about ten centimetres, more than any map of a place index can tell. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const HEMISPHERES: Record<string, { axis: Axis; sign: 1 | -1 }> = {
  n: { axis: "lat", sign: 1 },
  s: { axis: "lat", sign: -1 },
  e: { axis: "lon", sign: 1 },
  o: { axis: "lon", sign: 1 },
  w: { axis: "lon", sign: -1 },
  с: { axis: "lat", sign: 1 },
  ю: { axis: "lat", sign: -1 },
  в: { axis: "lon", sign: 1 },
  з: { axis: "lon", sign: -1 },
};

/** A hemisphere at either end: "N", "E", "с.ш.", "в. д." (north latitude, east longitude). */
const HEMISPHERE_START = /^([nsewoсювз])(?:\.?\s*[шд]\.?)?(?![\p{L}])/iu;
const HEMISPHERE_END = /(?<![\p{L}])([nsewoсювз])(?:\.?\s*[шд]\.?)?$/iu;
const NUMBER = /^[+-]?\d+(?:[.,]\d+)?/;
/** What may stand between the numbers of one angle: degree, minute and second marks, and spaces. */
const MARKS = /^[\s°º˚′'’‘´″"”“]+/;

interface Angle {
  value: number;
  axis?: Axis;
}

/** One angle: degrees, optionally minutes and seconds (only the last of them with a fraction), and a hemisphere. */
function readAngle(raw: string): Angle | undefined {
  let text = raw
    .trim()
    .replace(/^[,;/]+|[,;/]+$/g, "")
    .trim();
  let hemisphere: { axis: Axis; sign: 1 | -1 } | undefined;
  const start = HEMISPHERE_START.exec(text);
  if (start) {
    hemisphere = HEMISPHERES[start[1]!.toLowerCase()];
    text = text.slice(start[0].length).trim();
  }
  const end = HEMISPHERE_END.exec(text);
  if (end) {
    if (hemisphere) return undefined;
    hemisphere = HEMISPHERES[end[1]!.toLowerCase()];
    text = text.slice(0, end.index).trim();
  }
  const parts: string[] = [];
  while (text) {
    const n = NUMBER.exec(text);
    if (!n) return undefined;
    parts.push(n[0]);
    text = text.slice(n[0].length);
    const marks = MARKS.exec(text);
    if (marks) text = text.slice(marks[0].length);
    else if (text) return undefined;
  }
  if (!parts.length || parts.length > 3) return undefined;
  const numbers = parts.map((p) => Number(p.replace(",", ".")));
  // A fraction only on the last number, signs only on the first, and minutes and seconds below 60.
  if (parts.slice(0, -1).some((p) => /[.,]/.test(p))) return undefined;
  if (parts.slice(1).some((p) => /^[+-]/.test(p))) return undefined;
  if (numbers.slice(1).some((n) => n >= 60)) return undefined;
  const negative = parts[0]!.startsWith("-");
  if (negative && hemisphere) return undefined;
  const [degrees, minutes = 0, seconds = 0] = numbers.map(Math.abs);
  const value = degrees! + minutes / 60 + seconds / 3600;
  return {
    value: roundCoordinate(value * (negative ? -1 : 1) * (hemisphere?.sign ?? 1)),
    axis: hemisphere?.axis,
  };
}

const LIMIT: Record<Axis, number> = { lat: 90, lon: 180 };
const NAME: Record<Axis, string> = { lat: "latitude", lon: "longitude" };

function inRange(axis: Axis, value: number): boolean {
  return Math.abs(value) <= LIMIT[axis];
}

/** A latitude or a longitude from a column of its own. */
export function parseCoordinate(raw: string, axis: Axis): CoordinateResult<number> {
  const text = raw.trim();
  const angle = readAngle(text);
  const example = axis === "lat" ? "50.4501 or 50°27′N" : "30.5234 or 30°31′E";
  if (!angle) return { ok: false, message: `“${text}” is not a ${NAME[axis]}: write it like ${example}` };
  if (angle.axis && angle.axis !== axis) {
    return { ok: false, message: `“${text}” is a ${NAME[angle.axis]}, not a ${NAME[axis]}` };
  }
  if (!inRange(axis, angle.value)) {
    return {
      ok: false,
      message: `The ${NAME[axis]} ${angle.value} is impossible: it lies between −${LIMIT[axis]} and ${LIMIT[axis]}`,
    };
  }
  return { ok: true, value: angle.value };
}

/**
 * Latitude and longitude from one cell. The cell is tried split at each space, comma, semicolon or slash; the
 * reading is taken when every split that reads as two angles gives the same point ("50,4501, 30,5234" splits only
 * one way), and refused as ambiguous otherwise ("50 27 30 31" could be 50°27′, 30°31′ or 50°, 27°30′31″).
 */
export function parseCoordinatePair(raw: string): CoordinateResult<LatLon> {
  const text = raw.trim();
  const readings = new Map<string, LatLon>();
  for (let i = 1; i < text.length - 1; i++) {
    if (!/[\s,;/]/.test(text[i]!)) continue;
    const a = readAngle(text.slice(0, i));
    const b = readAngle(text.slice(i + 1));
    if (!a || !b) continue;
    let point: LatLon | undefined;
    if (a.axis !== "lon" && b.axis !== "lat") point = { lat: a.value, lon: b.value };
    else if (a.axis !== "lat" && b.axis !== "lon") point = { lat: b.value, lon: a.value };
    if (point && inRange("lat", point.lat) && inRange("lon", point.lon)) {
      readings.set(`${point.lat} ${point.lon}`, point);
    }
  }
  const example = "write it like 50.4501, 30.5234 or 50°27′N 30°31′E";
  if (readings.size === 1) return { ok: true, value: [...readings.values()][0]! };
  if (readings.size > 1) return { ok: false, message: `“${text}” can be read more than one way: ${example}` };
  return { ok: false, message: `“${text}” is not a latitude and longitude: ${example}` };
}
