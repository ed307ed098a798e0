import type { Say } from "~/jobs/said";
import type { BoundingBox, LatLon } from "~/places/geo";
import { type Axis, parseCoordinate, parseCoordinatePair } from "~/places/coordinates";
import { SQUARE_PATTERN } from "~/places/grids";
import type { MapIndexDef } from "~/places/indexes";
import { SPELLING_ORDER, type PlaceInput, type SpellingKind } from "~/places/spellings";
import type { CsvRow } from "./csv";
import { SOURCE_KEY_TARGET, headerKey } from "./fields";
import {
  COORDINATES_TARGET,
  LATITUDE_TARGET,
  LONGITUDE_TARGET,
  NOTES_TARGET,
  PLACE_NAME_TARGET,
  PROVINCE_TARGET,
  SHEET_TARGET,
  SQUARE_TARGET,
  spellingTarget,
} from "./place-fields";
import { type RowProblem, cellProblem, cellText, contentKey, misreadWarning, rowProblems } from "./rows.server";

/**
 * One row of a volunteer's list of places read into a place of the index, or the problems that keep it out, each
 * by row and column (decision 0027). Pure: the check and the import of a place batch both read rows here.
 */

export interface PlaceRowSettings {
  /** The target of each column (see place-fields.ts) or null to leave it out. */
  columns: readonly (string | null)[];
}

export interface ReadPlaceRow {
  row: number;
  place: PlaceInput | null;
  /** The key column's value, or a digest of the place when no column is the key. */
  sourceKey: string | null;
  problems: RowProblem[];
  /** What may be wrong without keeping the row out (text that looks misread). */
  warnings?: RowProblem[];
}

/** How far outside its index's area a place may lie (degrees): a village just over the edge of a sheet. */
export const AREA_MARGIN = 0.5;

/** Several spellings of one kind in one cell: "Neudorf; Nowa Wieś". */
const SPELLING_SEPARATOR = /\s*[;|]\s*/;
export const SPELLING_JOIN = "; ";

/**
 * The place as a comparable string, equal for a place read from a file and the same place read back from the
 * database: spellings in a fixed order, coordinates as the numbers stored.
 */
export function canonicalPlace(p: PlaceInput): string {
  const rank = (kind: string) => SPELLING_ORDER.indexOf(kind as SpellingKind);
  const spellings = [...new Map(p.spellings.map((s) => [`${s.kind}\u0000${s.name}`, s])).values()]
    .sort((a, b) => rank(a.kind) - rank(b.kind) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((s) => [s.kind, s.name]);
  return JSON.stringify([p.name, p.province, p.sheet, p.square, p.lat, p.lon, p.notes, spellings]);
}

function inside(box: BoundingBox, p: LatLon, margin: number): boolean {
  return (
    p.lat >= box.minLat - margin &&
    p.lat <= box.maxLat + margin &&
    p.lon >= box.minLon - margin &&
    p.lon <= box.maxLon + margin
  );
}

function describeArea(box: BoundingBox): string {
  return `${box.minLat}–${box.maxLat}° N, ${box.minLon}–${box.maxLon}° E`;
}

export function readPlaceRow(
  index: MapIndexDef,
  settings: PlaceRowSettings,
  headers: readonly string[],
  input: CsvRow,
): ReadPlaceRow {
  const { row, cells } = input;
  const { problems, problem } = rowProblems(row);
  const warnings = misreadWarning(input, headers);
  const width = headers.length;
  if (cells.length > width && cells.slice(width).some((c) => c.trim() !== "")) {
    problem(
      "",
      `This row has ${cells.length} cells but the header has ${width}: a delimiter too many, or a quote missing?`,
      { key: "problems.cellsMore", values: { count: cells.length, width } },
    );
  } else if (cells.length < width) {
    problem(
      "",
      `This row has ${cells.length} cells but the header has ${width}: is part of the row on the next line?`,
      { key: "problems.cellsFewer", values: { count: cells.length, width } },
    );
  }

  const values = new Map<string, string>();
  const headerOf = (target: string, fallback: string) => {
    const i = settings.columns.indexOf(target);
    return i >= 0 ? (headers[i] ?? `Column ${i + 1}`) : fallback;
  };
  const spellings: { kind: SpellingKind; name: string }[] = [];
  settings.columns.forEach((target, i) => {
    if (!target) return;
    const header = headers[i] ?? `Column ${i + 1}`;
    const value = cellText(cells[i] ?? "");
    const wrong = cellProblem(value, input.lengths?.[i]);
    if (wrong) {
      problem(header, wrong.message, wrong.say);
      return;
    }
    const kind = spellingTarget(target);
    if (kind) {
      for (const name of value.split(SPELLING_SEPARATOR)) {
        if (name && !spellings.some((s) => s.kind === kind && s.name === name)) spellings.push({ kind, name });
      }
    } else values.set(target, value);
  });

  const name = values.get(PLACE_NAME_TARGET) ?? "";
  if (!name) {
    problem(headerOf(PLACE_NAME_TARGET, index.nameLabel), `${index.nameLabel} is empty: every place needs it`, {
      key: "problems.place.nameEmpty",
      values: { label: index.nameLabel },
    });
  }

  let province = values.get(PROVINCE_TARGET) ?? "";
  if (province) {
    const key = headerKey(province);
    const known = index.provinces.find((p) => headerKey(p.name) === key || headerKey(p.alias) === key);
    if (known) province = known.name;
    else {
      problem(
        headerOf(PROVINCE_TARGET, index.provinceLabel),
        `“${province}” is not a ${index.provinceNoun} of this index: ${index.provinces.map((p) => p.name).join(", ")}`,
      );
    }
  }

  const { grid } = index;
  let sheet = values.get(SHEET_TARGET) ?? "";
  if (sheet) {
    // A closed list of sheets is matched without regard to case or accents ("lodz", "Łódź" for Lodz).
    const parsed = grid.parseSheet(sheet) ?? grid.sheets?.find((s) => headerKey(s) === headerKey(sheet));
    if (parsed) sheet = parsed;
    else {
      problem(
        headerOf(SHEET_TARGET, grid.sheetLabel),
        grid.sheets
          ? `“${sheet}” is not one of the map's sheets: ${grid.sheets.join(", ")}`
          : `“${sheet}” is not a ${grid.sheetLabel.toLowerCase()} of this index. ${grid.hint ?? grid.sheetError}`,
        grid.sheets
          ? { key: "problems.place.notASheet", values: { sheet, sheets: grid.sheets.join(", ") } }
          : undefined,
      );
    }
  }
  let square = grid.hasSquares ? (values.get(SQUARE_TARGET) ?? "").toUpperCase() : "";
  if (square && !SQUARE_PATTERN.test(square)) {
    problem(
      headerOf(SQUARE_TARGET, "Square"),
      `“${values.get(SQUARE_TARGET)}” is not a square: a column A–H and a row 1–8, for example B2`,
      { key: "problems.place.square", values: { square: values.get(SQUARE_TARGET) ?? "" } },
    );
  }

  const point = readPoint(values, headerOf, problem);
  if (point) {
    const box = index.area;
    if (!inside(box, point, AREA_MARGIN)) {
      const column = values.get(LATITUDE_TARGET)
        ? headerOf(LATITUDE_TARGET, "Latitude")
        : headerOf(COORDINATES_TARGET, "Latitude");
      const swapped = inside(box, { lat: point.lon, lon: point.lat }, AREA_MARGIN);
      const said = { point: `${point.lat}, ${point.lon}`, area: describeArea(box) };
      problem(
        column,
        swapped
          ? `${point.lat}, ${point.lon} lies outside this index's area (${describeArea(box)}): are latitude and longitude swapped?`
          : `${point.lat}, ${point.lon} lies outside this index's area (${describeArea(box)})`,
        { key: swapped ? "problems.place.swapped" : "problems.place.outside", values: said },
      );
    } else {
      // A sheet and square follow from the position (grids.ts): filled in where the file leaves them out.
      const located = grid.locate(point);
      if (located && !sheet) {
        sheet = located.sheet;
        if (!square) square = located.square;
      } else if (located && !square && grid.hasSquares && located.sheet === sheet) square = located.square;
    }
  }

  const keyGiven = settings.columns.includes(SOURCE_KEY_TARGET);
  const sourceKey = keyGiven ? (values.get(SOURCE_KEY_TARGET) ?? "") : null;
  if (keyGiven && !sourceKey) {
    problem(headerOf(SOURCE_KEY_TARGET, "Source key"), "The source key is empty", { key: "problems.keyEmpty" });
  }
  if (problems.length || !point) return { row, place: null, sourceKey, problems, warnings };
  const place: PlaceInput = {
    name,
    spellings,
    province,
    sheet,
    square,
    lat: point.lat,
    lon: point.lon,
    notes: values.get(NOTES_TARGET) ?? "",
  };
  return { row, place, sourceKey: sourceKey ?? contentKey(canonicalPlace(place)), problems, warnings };
}

/** Latitude and longitude from their own columns, or else from one column holding both. */
function readPoint(
  values: Map<string, string>,
  headerOf: (target: string, fallback: string) => string,
  problem: (column: string, message: string, say?: Say) => void,
): LatLon | undefined {
  const latText = values.get(LATITUDE_TARGET) ?? "";
  const lonText = values.get(LONGITUDE_TARGET) ?? "";
  const pairText = values.get(COORDINATES_TARGET) ?? "";
  if (latText || lonText || !pairText) {
    const read = (axis: Axis, text: string, target: string, label: string) => {
      if (!text) {
        problem(headerOf(target, label), `The ${label.toLowerCase()} is empty: every place needs its coordinates`, {
          key: axis === "lat" ? "problems.place.latitudeEmpty" : "problems.place.longitudeEmpty",
        });
        return undefined;
      }
      const r = parseCoordinate(text, axis);
      if (!r.ok) problem(headerOf(target, label), r.message);
      return r.ok ? r.value : undefined;
    };
    const lat = read("lat", latText, LATITUDE_TARGET, "Latitude");
    const lon = read("lon", lonText, LONGITUDE_TARGET, "Longitude");
    return lat !== undefined && lon !== undefined ? { lat, lon } : undefined;
  }
  const pair = parseCoordinatePair(pairText);
  if (!pair.ok) problem(headerOf(COORDINATES_TARGET, "Coordinates"), pair.message);
  return pair.ok ? pair.value : undefined;
}
