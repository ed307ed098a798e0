import type { MatchLevel } from "~/names/match-levels";

/**
 * What every "best match" order shares (issue 27, decision 0068): what each match level is worth and how the
 * closeness of a date counts. The records' engine (app/search/ranking.server.ts) and the family-person search
 * (app/families/search.server.ts) score with the same figures.
 */

/** What a match at each level is worth in its field (1 = the spelling typed). From `npm run bench:quality`. */
export const LEVEL_SCORES: Record<MatchLevel, number> = {
  exact: 1,
  folded: 0.95,
  transliteration: 0.9,
  genderForm: 0.88,
  variant: 0.85,
  beiderMorse: 0.75,
  daitchMokotoff: 0.7,
  similar: 0.6,
  starts: 0.6,
  contains: 0.5,
};

/** The weight of a date's closeness to the year asked for, against a surname's 1. */
export const DATE_WEIGHT = 0.5;
/** Years off at which a date no longer counts for closeness. */
export const DATE_CLOSENESS_YEARS = 10;

/** The weight of a place's closeness to the centre of a `near` search, against a surname's 1. */
export const PLACE_WEIGHT = 0.3;

/** 1 at the centre, falling to 0 at the radius; 0 when the distance is not known. */
export function placeCloseness(km: number | undefined, radiusKm: number): number {
  if (km === undefined || radiusKm <= 0) return 0;
  return Math.max(0, 1 - km / radiusKm);
}

/** The year a search asks for: both ends of its range given, their middle; else none. */
export function targetYear(criteria: { yearFrom?: number; yearTo?: number }): number | undefined {
  const { yearFrom, yearTo } = criteria;
  if (yearFrom === undefined || yearTo === undefined) return undefined;
  return (yearFrom + yearTo) / 2;
}

/** 1 at the year asked for, falling to 0 DATE_CLOSENESS_YEARS away; either calendar's year counts. */
export function dateCloseness(years: readonly number[], target: number | undefined): number {
  if (target === undefined || !years.length) return 0;
  const off = years.reduce((min, y) => Math.min(min, Math.abs(y - target)), Infinity);
  return Math.max(0, 1 - off / DATE_CLOSENESS_YEARS);
}
