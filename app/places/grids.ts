import { type LatLon, SHEETS, SQUARE_PATTERN, sheetAndSquare } from "./geo";

/**
 * The map-coordinate schemes of the place indexes (decision 0016): where a
 * point lies on each index's map series, and how a typed coordinate is read.
 * Every scheme is pure arithmetic on latitude and longitude, so an entry's
 * coordinate follows from its position and the same point always gets the
 * same designation.
 */

export interface MapGrid {
  /** The form field and chip: "Map sheet" or "Map coordinate". */
  sheetLabel: string;
  chipLabel: string;
  /** The results column. */
  columnLabel: string;
  hint?: string;
  /** A closed list of sheets (a select) — otherwise a typed designation. */
  sheets?: readonly string[];
  /** Whether the sheets are divided into squares (a second field). */
  hasSquares: boolean;
  /** The designation as stored, from what a user typed (case, spaces, Arabic rows…), or undefined. */
  parseSheet(raw: string): string | undefined;
  sheetError: string;
  locate(point: LatLon): { sheet: string; square: string } | undefined;
  /** "sheet Lodz, square B2", for the place page's lead and the citation. */
  describe(sheet: string, square: string): string;
  /** The link from a place page to the other places with its coordinate. */
  sameCoordinateLabel: string;
}

export const BREYER_GRID: MapGrid = {
  sheetLabel: "Map sheet",
  chipLabel: "Sheet",
  columnLabel: "Sheet, square",
  sheets: SHEETS.map((s) => s.name),
  hasSquares: true,
  parseSheet: (raw) => SHEETS.find((s) => s.name === raw.trim())?.name,
  sheetError: "Choose a map sheet from the list.",
  locate: sheetAndSquare,
  describe: (sheet, square) => `sheet ${sheet}, square ${square}`,
  sameCoordinateLabel: "other places in this square",
};
export { SQUARE_PATTERN };

const ROMAN: readonly [number, string][] = [
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

export function toRoman(n: number): string {
  let out = "";
  let rest = n;
  for (const [value, letters] of ROMAN) {
    while (rest >= value) {
      out += letters;
      rest -= value;
    }
  }
  return out;
}

/** The value of a Roman numeral in canonical form (XIX, not XVIIII), or undefined. */
export function fromRoman(s: string): number | undefined {
  const upper = s.toUpperCase();
  if (!/^[IVXL]+$/.test(upper)) return undefined;
  let n = 0;
  for (let i = 0; i < upper.length; i++) {
    const v = { I: 1, V: 5, X: 10, L: 50 }[upper[i] as "I" | "V" | "X" | "L"];
    const next = { I: 1, V: 5, X: 10, L: 50 }[upper[i + 1] as "I" | "V" | "X" | "L"] ?? 0;
    n += v < next ? -v : v;
  }
  return n > 0 && toRoman(n) === upper ? n : undefined;
}

/** The Pulkovo observatory's meridian, from which Russian maps of the 19th century counted longitude. */
export const PULKOVO_LON = 30 + 19 / 60 + 42.09 / 3600;

/**
 * Our frame of the Russian 1:126,000 ("3-verst") military topographic map:
 * sheets of 1° of longitude by 20′ of latitude; rows in Roman numerals from
 * row I (58°00′–57°40′ N) southward, sheets numbered eastward from sheet 1,
 * whose western edge lies 20° west of Pulkovo (10°19′42″ E). A designation is
 * "row-sheet": Warsaw lies on XVIII-11, Łódź on XIX-10.
 */
export const THREE_VERST = { northEdge: 58, rowHeight: 1 / 3, westEdge: PULKOVO_LON - 20, sheetWidth: 1 } as const;
const MAX_ROW = 39;
const MAX_SHEET = 40;

export function threeVerstSheet(point: LatLon): string | undefined {
  const row = Math.floor((THREE_VERST.northEdge - point.lat) / THREE_VERST.rowHeight) + 1;
  const sheet = Math.floor((point.lon - THREE_VERST.westEdge) / THREE_VERST.sheetWidth) + 1;
  if (row < 1 || row > MAX_ROW || sheet < 1 || sheet > MAX_SHEET) return undefined;
  return `${toRoman(row)}-${sheet}`;
}

/** "xix 10", "XIX-10", "19/10" → "XIX-10". */
export function parseThreeVerst(raw: string): string | undefined {
  const m = /^\s*([ivxl]+|\d{1,2})\s*[-–/.,\s]\s*(\d{1,2})\s*$/i.exec(raw);
  if (!m) return undefined;
  const row = /^\d+$/.test(m[1]) ? Number(m[1]) : fromRoman(m[1]);
  const sheet = Number(m[2]);
  if (!row || row > MAX_ROW || sheet < 1 || sheet > MAX_SHEET) return undefined;
  return `${toRoman(row)}-${sheet}`;
}

export const THREE_VERST_GRID: MapGrid = {
  sheetLabel: "Map coordinate",
  chipLabel: "Map coordinate",
  columnLabel: "Map coordinate",
  hint: "A 3-verst sheet: row and sheet number, e.g. XIX-10",
  hasSquares: false,
  parseSheet: parseThreeVerst,
  sheetError: "Enter a 3-verst sheet as row and number, for example XIX-10.",
  locate: (point) => {
    const sheet = threeVerstSheet(point);
    return sheet ? { sheet, square: "" } : undefined;
  },
  describe: (sheet) => `3-verst sheet ${sheet}`,
  sameCoordinateLabel: "other places on this sheet",
};

const IMW_ROWS = "ABCDEFGHIJKLMNOPQRSTUV";

/**
 * The Soviet 1:100,000 sheet (northern hemisphere): the International Map of
 * the World's 1:1,000,000 sheet — a row letter per 4° of latitude from the
 * equator, a column per 6° of longitude from 180° — divided into 12 × 12
 * sheets of 30′ by 20′, numbered 1–144 from the north-west corner, row by
 * row. Zhytomyr lies on M-35-70.
 */
export function imw100kSheet(point: LatLon): string | undefined {
  if (point.lat < 0 || point.lat >= 88) return undefined;
  const band = Math.floor(point.lat / 4);
  const zone = Math.floor((point.lon + 180) / 6) + 1;
  const top = (band + 1) * 4;
  const west = (zone - 1) * 6 - 180;
  const row = Math.min(11, Math.floor((top - point.lat) * 3));
  const col = Math.min(11, Math.floor((point.lon - west) * 2));
  return `${IMW_ROWS[band]}-${zone}-${row * 12 + col + 1}`;
}

/** "m 35 70", "M-35-070" → "M-35-70". */
export function parseImw100k(raw: string): string | undefined {
  const m = /^\s*([a-v])\s*[-–\s]?\s*(\d{1,2})\s*[-–\s]\s*(\d{1,3})\s*$/i.exec(raw);
  if (!m) return undefined;
  const zone = Number(m[2]);
  const n = Number(m[3]);
  if (zone < 1 || zone > 60 || n < 1 || n > 144) return undefined;
  return `${m[1].toUpperCase()}-${zone}-${n}`;
}

export const IMW_100K_GRID: MapGrid = {
  sheetLabel: "Map coordinate",
  chipLabel: "Map coordinate",
  columnLabel: "Map coordinate",
  hint: "A 1:100,000 sheet, e.g. M-35-70",
  hasSquares: false,
  parseSheet: parseImw100k,
  sheetError: "Enter a 1:100,000 sheet as letter, zone and number, for example M-35-70.",
  locate: (point) => {
    const sheet = imw100kSheet(point);
    return sheet ? { sheet, square: "" } : undefined;
  },
  describe: (sheet) => `1:100,000 sheet ${sheet}`,
  sameCoordinateLabel: "other places on this sheet",
};
