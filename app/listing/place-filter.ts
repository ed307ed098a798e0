import { z } from "zod/v4";
import { type ParamReader, termSchema } from "./params";
import type { Words } from "./say";

/**
 * The place terms of a records search (decision 0033), with the map indexes'
 * own parameter names: `near` (a place's name, or "lat, lon"), `nearId`
 * (which of several places of that name) and `radius` (km); and `placeId`,
 * the records that mention one place of a map index by any of its spellings
 * (the place page's links). Only the form's syntax is checked here: whether
 * the place exists is the places domain's question.
 */

export const NEAR_MIN_RADIUS_KM = 1;
export const NEAR_MAX_RADIUS_KM = 500;
export const NEAR_DEFAULT_RADIUS_KM = 10;

export interface NearCriterion {
  /** The place's name as typed, or the coordinates as typed. */
  value: string;
  id?: number;
  /** Set when `value` is a latitude and longitude rather than a name. */
  point?: { lat: number; lon: number };
  radiusKm: number;
}

export interface PlaceFilter {
  near?: NearCriterion;
  placeId?: number;
}

const ID = /^[1-9]\d{0,9}$/;
/** "50.75, 25.33", "50,75 25,33" is not accepted: with a decimal comma the two numbers need a semicolon. */
const POINT = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*[,;]\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;
const POINT_COMMA = /^\s*(-?\d{1,3}(?:,\d+)?)\s*;\s*(-?\d{1,3}(?:,\d+)?)\s*$/;

export const radiusSchema = z
  .string()
  .trim()
  .regex(/^\d{1,4}([.,]\d{1,2})?$/, { error: "Enter the distance in kilometres, for example 25." })
  .transform((s) => Number(s.replace(",", ".")))
  .pipe(
    z
      .number()
      .min(NEAR_MIN_RADIUS_KM, { error: `Enter at least ${NEAR_MIN_RADIUS_KM} km.` })
      .max(NEAR_MAX_RADIUS_KM, { error: `Enter at most ${NEAR_MAX_RADIUS_KM} km.` }),
  );

/** A latitude and longitude typed into `near`, or a message when they are out of range; undefined for a name. */
export function parsePoint(raw: string): { lat: number; lon: number } | string | undefined {
  const m = POINT.exec(raw) ?? POINT_COMMA.exec(raw);
  if (!m) return undefined;
  const lat = Number(m[1]!.replace(",", "."));
  const lon = Number(m[2]!.replace(",", "."));
  if (!(lat >= -90 && lat <= 90)) return "A latitude lies between −90 and 90, for example 50.75, 25.33.";
  if (!(lon >= -180 && lon <= 180)) return "A longitude lies between −180 and 180, for example 50.75, 25.33.";
  return { lat, lon };
}

/** Reads near, nearId, radius and placeId; messages go beside `near`, `radius` and `placeId`. */
export function readPlaceFilter(read: ParamReader): PlaceFilter {
  const out: PlaceFilter = {};
  const near = read.parse("near", termSchema);
  const radiusKm = read.parse("radius", radiusSchema);
  const rawNearId = read.typed("nearId")?.trim();
  if (near) {
    const point = parsePoint(near);
    if (typeof point === "string") {
      read.fail("near", point);
    } else {
      let id: number | undefined;
      if (rawNearId !== undefined && !point) {
        if (ID.test(rawNearId)) id = Number(rawNearId);
        else read.fail("near", "Choose the place again from the list.");
      }
      if (!read.errors.near && !read.errors.radius) {
        out.near = {
          value: near,
          ...(id !== undefined ? { id } : {}),
          ...(point ? { point } : {}),
          radiusKm: radiusKm ?? NEAR_DEFAULT_RADIUS_KM,
        };
      }
    }
  } else if (radiusKm !== undefined && !read.errors.near) {
    read.fail("near", "Enter the place to measure the distance from.");
  }
  const rawPlaceId = read.typed("placeId")?.trim();
  if (rawPlaceId !== undefined) {
    if (ID.test(rawPlaceId)) out.placeId = Number(rawPlaceId);
    else read.fail("placeId", "This place link is not valid: open the place page and follow its link again.");
  }
  return out;
}

/** The URL parameters of a place filter (the default radius written out, so a shared link says what it searched). */
export function placeFilterToParams(filter: PlaceFilter, p: URLSearchParams): void {
  if (filter.near) {
    p.set("near", filter.near.value);
    if (filter.near.id !== undefined) p.set("nearId", String(filter.near.id));
    p.set("radius", String(filter.near.radiusKm));
  }
  if (filter.placeId !== undefined) p.set("placeId", String(filter.placeId));
}

/** The chip of a place filter; `words` (the `search` catalog) in the reader's language. */
export function nearLabel(near: NearCriterion, placeName?: string, words?: Words): string {
  const place = placeName ?? near.value;
  if (words) return words("chips.near", { km: near.radiusKm, place });
  return `Within ${near.radiusKm} km of ${place}`;
}
