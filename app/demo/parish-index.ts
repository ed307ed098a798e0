// Deterministic demo entries for the members' parish records index: names
// extracted by volunteers from the registers of Polish and Volhynian
// parishes, each with its record type (B, M, D), year, spouse and parish,
// and a pointer to the act, the film and the page.
//
// As in generator.ts, entry i of a seed is a pure function of (seed, i).

import { type SimpleDate, daysInMonth, gregorianToJulian } from "~/search/calendar";
import type { DemoRecord } from "./generator";
import { SURNAMES, type Sex, type SurnameEntry, givenNameTables } from "./names";
import { Rng, WeightedTable } from "./prng";
import { type GenerateOptions, range, streamRecords } from "./sequence";

export interface ParishIndexRecord extends Omit<DemoRecord, "collection"> {
  collection: "parish-records-idx";
}

export const PARISH_INDEX_FIRST_YEAR = 1808;
export const PARISH_INDEX_LAST_YEAR = 1905;
/** Parish index entries per St. Petersburg record in the demo data set (5 % of --records). */
export const PARISH_INDEX_SHARE = 0.05;

/** Keeps the index's random stream apart from the other collections' under the same seed. */
const STREAM_SALT = 0x5041_5249; // "PARI"

interface Parish {
  name: string;
  /** Polish parishes write Polish forms; Volhynian ones mostly German. */
  style: "polish" | "german";
  weight: number;
  /** The parish's first film; one film per decade after it. */
  film: number;
}

export const INDEX_PARISHES: readonly Parish[] = [
  { name: "Lublin", style: "polish", weight: 3, film: 1_808_742 },
  { name: "Chełm", style: "polish", weight: 2, film: 1_809_118 },
  { name: "Zamość", style: "polish", weight: 2, film: 1_809_305 },
  { name: "Łódź", style: "polish", weight: 3, film: 1_190_455 },
  { name: "Płock", style: "polish", weight: 1.5, film: 1_257_600 },
  { name: "Rożyszcze", style: "german", weight: 2.5, film: 1_893_231 },
  { name: "Łuck", style: "german", weight: 2, film: 1_893_402 },
  { name: "Równe", style: "german", weight: 1.5, film: 1_893_577 },
  { name: "Włodzimierz Wołyński", style: "german", weight: 1, film: 1_893_690 },
];

export const EXTRACTORS = [
  "Anna Nowak",
  "Jerzy Kowalczyk",
  "Margaret Reinholz",
  "Richard Schultz",
  "Ewa Wiśniewska",
  "Dieter Krause",
  "Helen Ziebart",
  "Tomasz Zieliński",
] as const;

const YEARS = range(PARISH_INDEX_FIRST_YEAR, PARISH_INDEX_LAST_YEAR);
const YEAR_TABLE = new WeightedTable(
  YEARS,
  YEARS.map((y) => 1 + (y - PARISH_INDEX_FIRST_YEAR) / 50),
);
const PARISH_TABLE = new WeightedTable(
  INDEX_PARISHES.map((_, i) => i),
  INDEX_PARISHES.map((p) => p.weight),
);
const TYPE_TABLE = new WeightedTable(["B", "M", "D"] as const, [55, 15, 30]);
const EXTRACTOR_TABLE = new WeightedTable(EXTRACTORS, [4, 3, 3, 2, 2, 2, 1, 1]);
const tableOf = (origins: readonly string[]) => {
  const list = SURNAMES.filter((s) => origins.includes(s.origin));
  return new WeightedTable(
    list,
    list.map((s) => s.weight),
  );
};
const POLISH_FAMILIES = tableOf(["polish", "german"]);
const GERMAN_FAMILIES = tableOf(["german"]);
const GIVEN_NAMES = givenNameTables();

export type ParishIndexGenerateOptions = GenerateOptions;

/** Streams `count` parish index entries of a seed. */
export function generateParishIndexRecords(options: ParishIndexGenerateOptions): Generator<ParishIndexRecord> {
  return streamRecords(options, parishIndexRecordAt);
}

function nameOf(rng: Rng, parish: Parish, sex: Sex, family?: SurnameEntry) {
  const f = family ?? rng.weightedPick(parish.style === "polish" ? POLISH_FAMILIES : GERMAN_FAMILIES);
  const given = rng.weightedPick(GIVEN_NAMES[sex]);
  return {
    surname: (f.forms[parish.style][sex][0] ?? f.forms.german[sex][0]) as string,
    given: (given.forms[parish.style][0] ?? given.forms.german[0]) as string,
  };
}

/** The index entry at one position of a seed's sequence. */
export function parishIndexRecordAt(index: number, seed: number, rng = new Rng()): ParishIndexRecord {
  rng.reseed(seed ^ STREAM_SALT, index);
  const parish = INDEX_PARISHES[rng.weightedPick(PARISH_TABLE)] as Parish;
  const year = rng.weightedPick(YEAR_TABLE);
  const month = rng.int(1, 12);
  const date: SimpleDate = { year, month, day: rng.int(1, daysInMonth(year, month, "gregorian")) };
  const recordType = rng.weightedPick(TYPE_TABLE);
  const sex: Sex = recordType === "M" ? "m" : rng.chance(0.51) ? "m" : "f";
  const person = nameOf(rng, parish, sex);
  const fields: Record<string, string | null> = {
    surname: person.surname,
    givenName: person.given,
    recordType,
    spouse: null,
    spouseSurname: null,
  };
  if (recordType === "M" || (recordType === "D" && rng.chance(0.5))) {
    const spouse = nameOf(rng, parish, sex === "m" ? "f" : "m");
    fields.spouseSurname = spouse.surname;
    fields.spouse = `${spouse.given} ${spouse.surname}`;
  }
  const act = rng.int(1, recordType === "B" ? 240 : recordType === "D" ? 160 : 60);
  return {
    collection: "parish-records-idx",
    date,
    julianDate: gregorianToJulian(date),
    fields: {
      ...fields,
      parish: parish.name,
      act: String(act),
      film: String(parish.film + Math.floor((year - PARISH_INDEX_FIRST_YEAR) / 10)),
      page: String(1 + Math.floor((act - 1) / 4)),
      extractor: rng.weightedPick(EXTRACTOR_TABLE),
    },
  };
}
