import { z } from "zod/v4";
import { type Messages, DEFAULT_PER_PAGE, type PerPage, ParamReader, termSchema } from "~/listing/params";
import { type SortKey, formatSort, parseSort } from "~/listing/sort";
import type { Say } from "~/listing/say";
import { PLACE_NAME_MODES, isMatchMode, modeOptions } from "~/names/match-modes";
import { SQUARE_PATTERN } from "./grids";
import { BREYER_INDEX, type MapIndexDef, type MapIndexId } from "./indexes";

/**
 * The place search's URL parameters (a GET form, decision 0004): name and
 * nameMode, province, sheet (the map coordinate), square (on Breyer's map),
 * near (a place's name) with nearId (which of several places of that name)
 * and radius (km), sort, perPage, page. Each index has its own provinces and
 * coordinate scheme; the criteria carry the index they were read for.
 */

export type PlaceNameMode = (typeof PLACE_NAME_MODES)[number];
export const DEFAULT_NAME_MODE: PlaceNameMode = PLACE_NAME_MODES[0];
export const PLACE_SORTS = ["name", "province", "sheet", "distance"] as const;
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 100;
export const DEFAULT_RADIUS_KM = 10;

export interface PlaceCriteria {
  index: MapIndexId;
  name?: { value: string; mode: PlaceNameMode };
  province?: string;
  sheet?: string;
  square?: string;
  near?: { value: string; id?: number; radiusKm: number };
  page: number;
  perPage: PerPage;
  sort: SortKey[];
}

export interface ParsedPlaceCriteria {
  criteria: PlaceCriteria;
  errors: Messages;
  values: Record<string, string>;
}

const radiusSchema = z
  .string()
  .trim()
  .regex(/^\d{1,3}([.,]\d{1,2})?$/, { error: "Enter the distance in kilometres, for example 10." })
  .transform((s) => Number(s.replace(",", ".")))
  .pipe(
    z
      .number()
      .min(MIN_RADIUS_KM, { error: `Enter at least ${MIN_RADIUS_KM} km.` })
      .max(MAX_RADIUS_KM, { error: `Enter at most ${MAX_RADIUS_KM} km.` }),
  );

export function defaultSort(criteria: Pick<PlaceCriteria, "near">): SortKey[] {
  return [{ field: criteria.near ? "distance" : "name", descending: false }];
}

/** `say` gives the messages in the reader's language (app/listing/say.ts); English without. */
export function parsePlaceCriteria(
  params: URLSearchParams,
  index: MapIndexDef = BREYER_INDEX,
  say?: Say,
): ParsedPlaceCriteria {
  const read = new ParamReader(params, say);
  const criteria: PlaceCriteria = { index: index.id, page: 1, perPage: DEFAULT_PER_PAGE, sort: [] };
  const { grid } = index;

  const rawMode = read.typed("nameMode");
  let mode: PlaceNameMode = DEFAULT_NAME_MODE;
  if (rawMode !== undefined) {
    if (isMatchMode(PLACE_NAME_MODES, rawMode)) mode = rawMode;
    else read.fail("nameMode", "Choose one of the listed ways to match the name.");
  }
  const name = read.parse("name", termSchema);
  if (name) criteria.name = { value: name, mode };

  const rawProvince = read.typed("province")?.trim();
  if (rawProvince) {
    if (index.provinces.some((p) => p.name === rawProvince)) criteria.province = rawProvince;
    else read.fail("province", `Choose a ${index.provinceNoun} from the list.`);
  }
  const rawSheet = read.typed("sheet")?.trim();
  if (rawSheet) {
    const sheet = grid.parseSheet(rawSheet);
    if (sheet) criteria.sheet = sheet;
    else read.fail("sheet", grid.sheetError);
  }
  // An index without squares ignores the parameter, as any unknown one.
  const rawSquare = grid.hasSquares ? read.typed("square")?.trim() : undefined;
  if (rawSquare) {
    const square = rawSquare.toUpperCase();
    if (SQUARE_PATTERN.test(square)) criteria.square = square;
    else read.fail("square", "A grid square is a letter A–H and a number 1–8, for example C4.");
  }

  const near = read.parse("near", termSchema);
  const radiusKm = read.parse("radius", radiusSchema);
  const rawNearId = read.typed("nearId")?.trim();
  if (near) {
    let id: number | undefined;
    if (rawNearId !== undefined) {
      if (/^[1-9]\d{0,9}$/.test(rawNearId)) id = Number(rawNearId);
      else read.fail("near", "Choose the place again from the list.");
    }
    criteria.near = { value: near, id, radiusKm: radiusKm ?? DEFAULT_RADIUS_KM };
  } else if (radiusKm !== undefined && !read.errors.near) {
    read.fail("near", "Enter the place to measure the distance from.");
  }

  criteria.page = read.page();
  criteria.perPage = read.perPage();

  const withDistance = !!criteria.near;
  criteria.sort = defaultSort(criteria);
  const rawSort = read.typed("sort")?.trim();
  if (rawSort) {
    // A distance sort left over from a radius search is dropped, not an error.
    const parsed = parseSort(rawSort, withDistance ? PLACE_SORTS : PLACE_SORTS.filter((s) => s !== "distance"), {
      dropped: withDistance ? [] : ["distance"],
      fallback: defaultSort(criteria),
      say,
    });
    if (typeof parsed === "string") read.errors.sort = parsed;
    else criteria.sort = parsed;
  }
  return { criteria, errors: read.errors, values: read.values };
}

export function hasAnyPlaceCriterion(c: PlaceCriteria): boolean {
  return !!(c.name || c.province || c.sheet || c.square || c.near);
}

/** The URL parameters of the criteria, defaults left out. */
export function placeCriteriaToParams(c: Partial<PlaceCriteria>): URLSearchParams {
  const p = new URLSearchParams();
  if (c.name) {
    p.set("name", c.name.value);
    if (c.name.mode !== DEFAULT_NAME_MODE) p.set("nameMode", c.name.mode);
  }
  if (c.province) p.set("province", c.province);
  if (c.sheet) p.set("sheet", c.sheet);
  if (c.square) p.set("square", c.square);
  if (c.near) {
    p.set("near", c.near.value);
    if (c.near.id !== undefined) p.set("nearId", String(c.near.id));
    p.set("radius", String(c.near.radiusKm));
  }
  if (c.sort && formatSort(c.sort) !== formatSort(defaultSort({ near: c.near }))) p.set("sort", formatSort(c.sort));
  if (c.perPage && c.perPage !== DEFAULT_PER_PAGE) p.set("perPage", String(c.perPage));
  if (c.page && c.page > 1) p.set("page", String(c.page));
  return p;
}

export const NAME_MODE_OPTIONS = modeOptions(PLACE_NAME_MODES);
