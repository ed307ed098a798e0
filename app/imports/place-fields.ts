import type { MapIndexDef } from "~/places/indexes";
import { SPELLING_LABELS, SPELLING_ORDER, type SpellingKind } from "~/places/spellings";
import { type ImportTarget, SOURCE_KEY_TARGET, firstTargets, headerKey } from "./fields";

/**
 * What a column of a volunteer's list of places can be imported as (decision 0027): the row's source key, the
 * name in the index, each other spelling, the province or gubernia, the map sheet (and square, where the index's
 * map has squares), the latitude and longitude in two columns or one, and notes. Labels follow the index (its
 * "Gubernia", its "Map coordinate"), so the mapping speaks the index's words.
 */

export const PLACE_NAME_TARGET = "name";
export const PROVINCE_TARGET = "province";
export const SHEET_TARGET = "sheet";
export const SQUARE_TARGET = "square";
export const LATITUDE_TARGET = "latitude";
export const LONGITUDE_TARGET = "longitude";
export const COORDINATES_TARGET = "coordinates";
export const NOTES_TARGET = "notes";

export function placeImportTargets(index: MapIndexDef): ImportTarget[] {
  return [
    { name: SOURCE_KEY_TARGET, label: "Source key (identifies the row)", required: false },
    { name: PLACE_NAME_TARGET, label: index.nameLabel, required: true },
    ...SPELLING_ORDER.map((kind) => ({
      name: kind,
      label: kind === index.ownColumn?.kind ? index.ownColumn.label : `${SPELLING_LABELS[kind]} name`,
      required: false,
    })),
    { name: PROVINCE_TARGET, label: index.provinceLabel, required: false },
    { name: SHEET_TARGET, label: index.grid.sheetLabel, required: false },
    ...(index.grid.hasSquares ? [{ name: SQUARE_TARGET, label: "Square", required: false }] : []),
    { name: LATITUDE_TARGET, label: "Latitude", required: false },
    { name: LONGITUDE_TARGET, label: "Longitude", required: false },
    { name: COORDINATES_TARGET, label: "Latitude and longitude in one column", required: false },
    { name: NOTES_TARGET, label: "Notes", required: false },
  ];
}

/** The spelling kind a target stands for, if it is one. */
export function spellingTarget(target: string): SpellingKind | undefined {
  return SPELLING_ORDER.find((k) => k === target);
}

/** Headers volunteers write for each target, in English, German, Polish, Russian and Ukrainian. */
const PLACE_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  [SOURCE_KEY_TARGET]: ["id", "key", "source key", "place id", "lp", "nr", "lfd nr", "ident", "номер", "код"],
  [PLACE_NAME_TARGET]: [
    "name",
    "place",
    "place name",
    "village",
    "town",
    "settlement",
    "name on the map",
    "ort",
    "ortsname",
    "ortschaft",
    "siedlung",
    "dorf",
    "name auf der karte",
    "miejscowość",
    "nazwa",
    "nazwa miejscowości",
    "wieś",
    "название",
    "населённый пункт",
    "населенный пункт",
    "место",
    "село",
    "назва",
    "населений пункт",
    "місце",
  ],
  polish: ["polish", "polish name", "polnisch", "polnischer name", "polski", "nazwa polska", "польский", "польська"],
  ukrainian: [
    "ukrainian",
    "ukrainian name",
    "ukrainisch",
    "ukrainischer name",
    "ukraiński",
    "nazwa ukraińska",
    "украинский",
    "украинское название",
    "українська",
    "українська назва",
  ],
  russian: [
    "russian",
    "russian name",
    "russisch",
    "russischer name",
    "rosyjski",
    "nazwa rosyjska",
    "русский",
    "русское название",
    "російська",
    "російська назва",
  ],
  german: [
    "german",
    "german name",
    "deutsch",
    "deutscher name",
    "niemiecki",
    "nazwa niemiecka",
    "немецкий",
    "немецкое название",
    "німецька",
    "німецька назва",
  ],
  older: [
    "older name",
    "old name",
    "former name",
    "alter name",
    "früherer name",
    "dawna nazwa",
    "nazwa dawna",
    "старое название",
    "прежнее название",
    "стара назва",
    "колишня назва",
  ],
  later: [
    "later name",
    "new name",
    "current name",
    "modern name",
    "today",
    "heute",
    "heutiger name",
    "späterer name",
    "obecna nazwa",
    "nazwa współczesna",
    "nazwa obecna",
    "современное название",
    "новое название",
    "сучасна назва",
    "нова назва",
  ],
  [PROVINCE_TARGET]: [
    "province",
    "gubernia",
    "guberniya",
    "governorate",
    "gouvernement",
    "provinz",
    "gubernie",
    "województwo",
    "guberni",
    "губерния",
    "губернія",
  ],
  [SHEET_TARGET]: [
    "sheet",
    "map sheet",
    "map coordinate",
    "blatt",
    "kartenblatt",
    "arkusz",
    "arkusz mapy",
    "лист",
    "лист карты",
    "лист карти",
  ],
  [SQUARE_TARGET]: ["square", "grid square", "quadrat", "planquadrat", "kwadrat", "квадрат"],
  [LATITUDE_TARGET]: [
    "latitude",
    "lat",
    "breite",
    "breitengrad",
    "geographische breite",
    "szerokość",
    "szerokość geograficzna",
    "широта",
  ],
  [LONGITUDE_TARGET]: [
    "longitude",
    "lon",
    "lng",
    "long",
    "länge",
    "längengrad",
    "geographische länge",
    "długość",
    "długość geograficzna",
    "долгота",
    "довгота",
  ],
  [COORDINATES_TARGET]: [
    "coordinates",
    "coordinate",
    "coords",
    "lat lon",
    "lat long",
    "gps",
    "koordinaten",
    "geokoordinaten",
    "współrzędne",
    "współrzędne geograficzne",
    "координаты",
    "координати",
  ],
  [NOTES_TARGET]: [
    "notes",
    "note",
    "remarks",
    "comments",
    "bemerkungen",
    "anmerkungen",
    "uwagi",
    "примечания",
    "примечание",
    "примітки",
  ],
};

/**
 * The target of each column of a list of places, matched by its header: a target's name or label, or a synonym.
 * Each target goes to one column at most (the first that matches); a column nothing matches is left out (null).
 */
export function matchPlaceHeaders(headers: readonly string[], index: MapIndexDef): (string | null)[] {
  const targets = placeImportTargets(index);
  const byKey = new Map<string, string>();
  const add = (key: string, target: string) => {
    if (key && !byKey.has(key)) byKey.set(key, target);
  };
  // Names and labels first, so the index's own label ("Map coordinate" for a sheet) wins over a synonym.
  for (const t of targets) add(headerKey(t.name), t.name);
  for (const t of targets) add(headerKey(t.label), t.name);
  const known = new Set(targets.map((t) => t.name));
  for (const [name, words] of Object.entries(PLACE_SYNONYMS)) {
    if (known.has(name)) for (const w of words) add(headerKey(w), name);
  }
  return firstTargets(headers, byKey);
}

/** The columns of an index's export, in the order of its targets; an import maps them back by name. */
export function placeExportColumns(index: MapIndexDef): string[] {
  return placeImportTargets(index)
    .map((t) => t.name)
    .filter((name) => name !== COORDINATES_TARGET);
}

/**
 * What the mapping of a list of places lacks as a whole (a column's own choice is the page's to check): the
 * column of the name, and the coordinates, in two columns or one. Empty when the mapping can be checked.
 */
export function placeMappingGaps(
  columns: readonly (string | null)[],
  index: MapIndexDef,
  t: GapWords = ENGLISH_GAPS,
): string[] {
  const has = (target: string) => columns.includes(target);
  const gaps: string[] = [];
  if (!has(PLACE_NAME_TARGET)) gaps.push(t("mapping.gapPlace", { label: index.nameLabel }));
  if (!has(COORDINATES_TARGET) && !(has(LATITUDE_TARGET) && has(LONGITUDE_TARGET))) {
    gaps.push(
      has(LATITUDE_TARGET) || has(LONGITUDE_TARGET)
        ? t(has(LATITUDE_TARGET) ? "mapping.gapLongitude" : "mapping.gapLatitude")
        : t("mapping.gapCoordinates"),
    );
  }
  return gaps;
}

/** The words of placeMappingGaps(): `t` of the `imports` namespace (this module is no server's, so it is given). */
type GapWords = (key: GapKey, values?: { label: string }) => string;
type GapKey = "mapping.gapPlace" | "mapping.gapLongitude" | "mapping.gapLatitude" | "mapping.gapCoordinates";

/** The English of the gaps, as app/locales/en/imports.json has them, for callers with no reader (tests). */
const ENGLISH_GAPS: GapWords = (key, values) =>
  ({
    "mapping.gapPlace": `Choose the column that holds “${values?.label ?? ""}”: every place needs it.`,
    "mapping.gapLongitude": "Choose the column that holds the longitude: every place needs both.",
    "mapping.gapLatitude": "Choose the column that holds the latitude: every place needs both.",
    "mapping.gapCoordinates":
      "Choose the columns of the latitude and longitude, or the one column that holds both: every place needs them.",
  })[key];
