import { z } from "zod/v4";
import { MATCH_MODE_LABELS, type MatchMode } from "~/search/collections";
import {
  DEFAULT_PER_PAGE,
  MAX_PAGE,
  MAX_VALUE_LENGTH,
  PER_PAGE_CHOICES,
  type PerPage,
  type SortKey,
  formatSort,
} from "~/search/criteria";
import { SQUARE_PATTERN } from "./grids";
import { BREYER_INDEX, type MapIndexDef, type MapIndexId } from "./indexes";

/**
 * The place search's URL parameters (a GET form, decision 0004): name and
 * nameMode, province, sheet (the map coordinate), square (on Breyer's map),
 * near (a place's name) with nearId (which of several places of that name)
 * and radius (km), sort, perPage, page. Each index has its own provinces and
 * coordinate scheme; the criteria carry the index they were read for.
 */

export const PLACE_NAME_MODES = ["starts", "normalized", "exact", "contains", "sounds"] as const;
export type PlaceNameMode = (typeof PLACE_NAME_MODES)[number] & MatchMode;
export const DEFAULT_NAME_MODE: PlaceNameMode = "starts";
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
  errors: Record<string, string>;
  values: Record<string, string>;
}

const textSchema = z
  .string()
  .trim()
  .max(MAX_VALUE_LENGTH, { error: `Please use at most ${MAX_VALUE_LENGTH} characters.` })
  .refine((s) => s === "" || /[\p{L}\p{N}]/u.test(s), { error: "Enter at least one letter." });

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

const pageSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}$/, { error: "The page must be a whole number." })
  .transform(Number)
  .pipe(z.number().min(1, { error: "Pages start at 1." }).max(MAX_PAGE, { error: "That page number is too large." }));

function firstIssue(result: { error?: { issues: { message: string }[] } }): string {
  return result.error?.issues[0]?.message ?? "This value is not valid.";
}

function param(params: URLSearchParams, name: string): string | undefined {
  const v = params.get(name);
  return v === null ? undefined : v;
}

export function defaultSort(criteria: Pick<PlaceCriteria, "near">): SortKey[] {
  return [{ field: criteria.near ? "distance" : "name", descending: false }];
}

export function parsePlaceCriteria(params: URLSearchParams, index: MapIndexDef = BREYER_INDEX): ParsedPlaceCriteria {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  const criteria: PlaceCriteria = { index: index.id, page: 1, perPage: DEFAULT_PER_PAGE, sort: [] };
  const { grid } = index;
  const keep = (name: string) => {
    const raw = param(params, name);
    if (raw !== undefined) values[name] = raw.slice(0, 2 * MAX_VALUE_LENGTH);
    return raw;
  };

  const rawMode = keep("nameMode");
  let mode: PlaceNameMode = DEFAULT_NAME_MODE;
  if (rawMode !== undefined && rawMode !== "") {
    if ((PLACE_NAME_MODES as readonly string[]).includes(rawMode)) mode = rawMode as PlaceNameMode;
    else errors.nameMode = "Choose one of the listed ways to match the name.";
  }
  const rawName = keep("name");
  if (rawName !== undefined) {
    const parsed = textSchema.safeParse(rawName);
    if (!parsed.success) errors.name = firstIssue(parsed);
    else if (parsed.data) criteria.name = { value: parsed.data, mode };
  }

  const rawProvince = keep("province")?.trim();
  if (rawProvince) {
    if (index.provinces.some((p) => p.name === rawProvince)) criteria.province = rawProvince;
    else errors.province = `Choose a ${index.provinceNoun} from the list.`;
  }
  const rawSheet = keep("sheet")?.trim();
  if (rawSheet) {
    const sheet = grid.parseSheet(rawSheet);
    if (sheet) criteria.sheet = sheet;
    else errors.sheet = grid.sheetError;
  }
  // An index without squares ignores the parameter, as any unknown one.
  const rawSquare = grid.hasSquares ? keep("square")?.trim() : undefined;
  if (rawSquare) {
    const square = rawSquare.toUpperCase();
    if (SQUARE_PATTERN.test(square)) criteria.square = square;
    else errors.square = "A grid square is a letter A–H and a number 1–8, for example C4.";
  }

  const rawNear = keep("near");
  const rawRadius = keep("radius");
  const rawNearId = keep("nearId");
  let radiusKm: number | undefined;
  if (rawRadius !== undefined && rawRadius.trim() !== "") {
    const parsed = radiusSchema.safeParse(rawRadius);
    if (parsed.success) radiusKm = parsed.data;
    else errors.radius = firstIssue(parsed);
  }
  let near: string | undefined;
  if (rawNear !== undefined) {
    const parsed = textSchema.safeParse(rawNear);
    if (!parsed.success) errors.near = firstIssue(parsed);
    else if (parsed.data) near = parsed.data;
  }
  if (near) {
    let id: number | undefined;
    if (rawNearId !== undefined && rawNearId.trim() !== "") {
      if (/^[1-9]\d{0,9}$/.test(rawNearId.trim())) id = Number(rawNearId.trim());
      else errors.near = "Choose the place again from the list.";
    }
    criteria.near = { value: near, id, radiusKm: radiusKm ?? DEFAULT_RADIUS_KM };
  } else if (radiusKm !== undefined && !errors.near) {
    errors.near = "Enter the place to measure the distance from.";
  }

  const rawPage = param(params, "page");
  if (rawPage !== undefined && rawPage.trim() !== "") {
    const parsed = pageSchema.safeParse(rawPage);
    if (parsed.success) criteria.page = parsed.data;
    else errors.page = firstIssue(parsed);
  }
  const rawPerPage = keep("perPage")?.trim();
  if (rawPerPage) {
    const n = Number(rawPerPage);
    if ((PER_PAGE_CHOICES as readonly number[]).includes(n)) criteria.perPage = n as PerPage;
    else errors.perPage = `Show ${PER_PAGE_CHOICES.join(", ")} results per page.`;
  }

  criteria.sort = defaultSort(criteria);
  const rawSort = keep("sort")?.trim();
  if (rawSort) {
    const parsed = parseSort(rawSort, !!criteria.near);
    if (typeof parsed === "string") errors.sort = parsed;
    else criteria.sort = parsed;
  }
  return { criteria, errors, values };
}

function parseSort(raw: string, withDistance: boolean): SortKey[] | string {
  if (raw.length > MAX_VALUE_LENGTH) return "That sort order is too long.";
  const allowed: readonly string[] = withDistance ? PLACE_SORTS : PLACE_SORTS.filter((s) => s !== "distance");
  const keys: SortKey[] = [];
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (!item) continue;
    const descending = item.startsWith("-");
    const field = descending ? item.slice(1) : item;
    // A distance sort left over from a radius search is dropped, not an error.
    if (field === "distance" && !withDistance) continue;
    if (!allowed.includes(field)) {
      return `Results cannot be sorted by “${field.slice(0, 40)}”. Sort by ${allowed.join(", ")}.`;
    }
    if (!keys.some((k) => k.field === field)) keys.push({ field, descending });
  }
  return keys.length ? keys : [{ field: withDistance ? "distance" : "name", descending: false }];
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

export const NAME_MODE_OPTIONS = PLACE_NAME_MODES.map((m) => ({
  value: m,
  label: MATCH_MODE_LABELS[m],
}));
