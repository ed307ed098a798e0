// Deterministic demo entries for the members' Odessa / St. Petersburg film
// index: a name index to the Odessa consistory district's pages in the St.
// Petersburg Lutheran Consistory duplicates, 1834–1885, as filmed by the FHL.
// Each entry names a person of the Black Sea and Bessarabian German colonies
// and points to the film and item, the register and the page.
//
// As in generator.ts, entry i of a seed is a pure function of (seed, i).

import { type SimpleDate, daysInMonth, gregorianToJulian } from "~/search/calendar";
import type { DemoRecord } from "./generator";
import { SURNAMES, type Sex, givenNameTables } from "./names";
import { Rng, WeightedTable } from "./prng";
import { type GenerateOptions, range, streamRecords } from "./sequence";

export interface OdessaRecord extends Omit<DemoRecord, "collection"> {
  collection: "odessa-stpete";
}

export const ODESSA_FIRST_YEAR = 1834;
export const ODESSA_LAST_YEAR = 1885;
/** Odessa index entries per St. Petersburg record in the demo data set (5 % of --records). */
export const ODESSA_SHARE = 0.05;
export const ODESSA_SOURCE = "St. Petersburg Lutheran Consistory, duplicate registers (FHL microfilm)";

/** Keeps the index's random stream apart from the other collections' under the same seed. */
const STREAM_SALT = 0x4f44_4553; // "ODES"

interface Parish {
  name: string;
  weight: number;
  /** The parish seat first, then colonies of its area. */
  places: readonly string[];
}

export const ODESSA_PARISHES: readonly Parish[] = [
  { name: "Odessa", weight: 3, places: ["Odessa", "Lustdorf", "Großliebental", "Alexanderhilf"] },
  { name: "Glückstal", weight: 2.5, places: ["Glückstal", "Neudorf", "Bergdorf", "Kassel"] },
  { name: "Hoffnungstal", weight: 2, places: ["Hoffnungstal", "Hoffnungsfeld", "Neu-Elft"] },
  { name: "Sarata", weight: 2, places: ["Sarata", "Gnadental", "Lichtental"] },
  { name: "Tarutino", weight: 2.5, places: ["Tarutino", "Beresina", "Borodino", "Leipzig", "Katzbach"] },
];

const YEARS = range(ODESSA_FIRST_YEAR, ODESSA_LAST_YEAR);
const YEAR_TABLE = new WeightedTable(
  YEARS,
  YEARS.map((y) => 1 + (y - ODESSA_FIRST_YEAR) / 40),
);
const PARISH_TABLE = new WeightedTable(
  ODESSA_PARISHES.map((_, i) => i),
  ODESSA_PARISHES.map((x) => x.weight),
);
const EVENTS = ["Birth", "Death", "Marriage"] as const;
type EventKind = (typeof EVENTS)[number];
const EVENT_TABLE = new WeightedTable<EventKind>(EVENTS, [55, 30, 15]);
// German colonist families; Schmidt, Müller, Weber, Bauer, Heinrich lead.
const FAVOURED = new Set(["Schmidt", "Müller", "Weber", "Bauer", "Fischer", "Wagner", "Schneider", "Becker"]);
const FAMILIES = SURNAMES.filter((s) => s.origin === "german");
const SURNAME_TABLE = new WeightedTable(
  FAMILIES,
  FAMILIES.map((s) => (FAVOURED.has(s.canonical) ? s.weight * 3 + 20 : s.weight)),
);
const GIVEN_NAMES = givenNameTables();
const REMARKS = new WeightedTable<string | null>(
  [null, "page partly illegible", "entry added in the margin", "duplicate of the parish copy", "twin"],
  [82, 5, 5, 4, 4],
);

// One film per six-year span and parish, each holding several items (one per register year).
const FILM_BASE = 1_881_234;
const FILM_SPAN_YEARS = 6;

/** The film, item and register of a parish's year. */
export function odessaFilm(parishIndex: number, year: number): { film: string; item: string; register: string } {
  const span = Math.floor((year - ODESSA_FIRST_YEAR) / FILM_SPAN_YEARS);
  return {
    film: String(FILM_BASE + span * ODESSA_PARISHES.length + parishIndex),
    item: String(1 + ((year - ODESSA_FIRST_YEAR) % FILM_SPAN_YEARS)),
    register: String(year),
  };
}

export type OdessaGenerateOptions = GenerateOptions;

/** Streams `count` Odessa index entries of a seed. */
export function generateOdessaRecords(options: OdessaGenerateOptions): Generator<OdessaRecord> {
  return streamRecords(options, odessaRecordAt);
}

const german = (rng: Rng, sex: Sex) => {
  const e = rng.weightedPick(GIVEN_NAMES[sex]);
  return e.forms.german[0] as string;
};

/** The index entry at one position of a seed's sequence. */
export function odessaRecordAt(index: number, seed: number, rng = new Rng()): OdessaRecord {
  rng.reseed(seed ^ STREAM_SALT, index);
  const parishIndex = rng.weightedPick(PARISH_TABLE);
  const parish = ODESSA_PARISHES[parishIndex] as Parish;
  const place = rng.chance(0.35) ? (parish.places[0] as string) : rng.pick(parish.places);
  const year = rng.weightedPick(YEAR_TABLE);
  const month = rng.int(1, 12);
  const date: SimpleDate = { year, month, day: rng.int(1, daysInMonth(year, month, "gregorian")) };
  const event = rng.weightedPick(EVENT_TABLE);
  const family = rng.weightedPick(SURNAME_TABLE);
  const sex: Sex = event === "Marriage" ? "m" : rng.chance(0.51) ? "m" : "f";
  const surname = family.forms.german[sex][0] as string;
  const givenName = german(rng, sex);
  let names: string;
  if (event === "Birth") names = `${givenName} ${surname}; parents ${german(rng, "m")} and ${german(rng, "f")}`;
  else if (event === "Marriage") {
    const bride = rng.weightedPick(SURNAME_TABLE).forms.german.f[0] as string;
    names = `${givenName} ${surname} and ${german(rng, "f")} ${bride}`;
  } else names = `${givenName} ${surname}${rng.chance(0.5) ? `; spouse ${german(rng, sex === "m" ? "f" : "m")}` : ""}`;
  const { film, item, register } = odessaFilm(parishIndex, year);
  // A register year of a parish fills some 120 pages: births, then deaths, then marriages.
  const first = event === "Birth" ? 1 : event === "Death" ? 66 : 101;
  const last = event === "Birth" ? 65 : event === "Death" ? 100 : 120;
  return {
    collection: "odessa-stpete",
    date,
    julianDate: gregorianToJulian(date),
    fields: {
      surname,
      givenName,
      event,
      names,
      place,
      parish: parish.name,
      film,
      item,
      register,
      page: String(rng.int(first, last)),
      source: ODESSA_SOURCE,
      remarks: rng.weightedPick(REMARKS),
    },
  };
}
