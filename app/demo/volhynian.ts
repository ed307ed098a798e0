// Deterministic demo records for the members' Volhynian collections: church
// books of the Lutheran parishes of Volhynia, 1900–1918, kept in the State
// Archive of Zhytomyr Oblast and written in Russian Cyrillic.
//
// The index gives every name as the book has it (Иоганн Шмидт) and in its
// Germanised form (Johann Schmidt); places in Cyrillic and in their usual
// Latin spelling. The Russian Empire kept the Julian calendar, 13 days behind
// from March 1900, until 1/14 February 1918: acts before the switch carry both
// dates, the Julian first; the Gregorian one is searched and sorted. A birth
// act also gives the baptism date, in both calendars too.
//
// As in generator.ts, record i of a seed is a pure function of (seed, i).

import {
  type SimpleDate,
  daysInMonth,
  formatIsoDate,
  gregorianToJulian,
  gregorianToJdn,
  jdnToGregorian,
} from "~/search/calendar";
import { formatDate } from "~/search/display";
import type { DemoRecord } from "./generator";
import { SURNAMES, type Sex, type SurnameEntry, givenNameTables } from "./names";
import { Rng, WeightedTable } from "./prng";
import type { GenerateOptions, Named } from "./sequence";
import { bothForms, givenFields, namedFields, range, streamRecords } from "./sequence";

export type VolhynianCollectionId = "volhynian-birth" | "volhynian-death" | "volhynian-marriage";

export interface VolhynianRecord extends Omit<DemoRecord, "collection" | "julianDate"> {
  collection: VolhynianCollectionId;
  /** The Julian date as the book gives it; null from 14 February 1918 (Gregorian only). */
  julianDate: SimpleDate | null;
}

export const VOLHYNIAN_FIRST_YEAR = 1900;
export const VOLHYNIAN_LAST_YEAR = 1918;
/** The first Gregorian day of the new calendar: 1 February 1918 (Julian) was 14 February. */
export const GREGORIAN_FROM: SimpleDate = { year: 1918, month: 2, day: 14 };
/** Volhynian records per St. Petersburg record in the demo data set (10 % of --records, ≈ 8 % of the whole). */
export const VOLHYNIAN_SHARE = 0.1;

/** Keeps Volhynia's random streams apart from the other collections' under the same seed. */
const STREAM_SALT = 0x564f_4c48; // "VOLH"

// 10 births, 6 deaths, 4 marriages in every 20 records, interleaved.
const CYCLE = "bdbmbdbbdmbdbmbdbbdm";
const KIND: Record<string, VolhynianCollectionId> = {
  b: "volhynian-birth",
  d: "volhynian-death",
  m: "volhynian-marriage",
};

export function volhynianCollectionAt(index: number): VolhynianCollectionId {
  return KIND[CYCLE[index % CYCLE.length] as string] as VolhynianCollectionId;
}

export interface VolhynianPlace {
  ru: string;
  lat: string;
}

interface VolhynianParish {
  ru: string;
  lat: string;
  fond: string;
  weight: number;
  /** The parish seat first, then colonies of its area. */
  places: readonly VolhynianPlace[];
}

const p = (ru: string, lat: string): VolhynianPlace => ({ ru, lat });

export const VOLHYNIAN_ARCHIVE = "State Archive of Zhytomyr Oblast";

export const VOLHYNIAN_PARISHES: readonly VolhynianParish[] = [
  {
    ru: "Житомир",
    lat: "Zhytomyr",
    fond: "178",
    weight: 3,
    places: [p("Житомир", "Zhytomyr"), p("Соколов", "Sokolov"), p("Врублёвка", "Vrublivka"), p("Рыжаны", "Ryzhany")],
  },
  {
    ru: "Рожище",
    lat: "Rozhyshche",
    fond: "179",
    weight: 3,
    places: [
      p("Рожище", "Rozhyshche"),
      p("Тростянец", "Trostianets"),
      p("Березолупы", "Berezolupy"),
      p("Юзефин", "Józefin"),
    ],
  },
  {
    ru: "Новоград-Волынский",
    lat: "Novohrad-Volynskyi",
    fond: "180",
    weight: 2.5,
    places: [
      p("Новоград-Волынский", "Novohrad-Volynskyi"),
      p("Анетта", "Annette"),
      p("Емильчин", "Yemilchyne"),
      p("Ярунь", "Yarun"),
    ],
  },
  {
    ru: "Луцк",
    lat: "Lutsk",
    fond: "181",
    weight: 2,
    places: [p("Луцк", "Lutsk"), p("Подгайцы", "Pidhaitsi"), p("Торчин", "Torchyn"), p("Киверцы", "Kivertsi")],
  },
  {
    ru: "Геймталь",
    lat: "Heimtal",
    fond: "182",
    weight: 2,
    places: [p("Геймталь", "Heimtal"), p("Нейдорф", "Neudorf"), p("Богдановка", "Bohdanivka"), p("Гута", "Huta")],
  },
  {
    ru: "Тучин",
    lat: "Tuchin",
    fond: "183",
    weight: 1.5,
    places: [p("Тучин", "Tuchin"), p("Гоща", "Hoshcha"), p("Александрия", "Aleksandriia"), p("Бабин", "Babyn")],
  },
];

const YEARS = range(VOLHYNIAN_FIRST_YEAR, VOLHYNIAN_LAST_YEAR);
// War and evacuation (1915) thinned the books.
const YEAR_TABLE = new WeightedTable(
  YEARS,
  YEARS.map((y) => (y >= 1915 ? 0.4 : 1)),
);
const MONTHS = range(1, 12);
const MONTH_TABLES: Record<VolhynianCollectionId, WeightedTable<number>> = {
  "volhynian-birth": new WeightedTable(MONTHS, [10, 9, 9, 8, 8, 7, 7, 8, 8, 9, 9, 9]),
  "volhynian-death": new WeightedTable(MONTHS, [10, 11, 11, 10, 8, 7, 9, 9, 8, 7, 7, 8]),
  "volhynian-marriage": new WeightedTable(MONTHS, [16, 14, 2, 5, 8, 6, 4, 5, 8, 15, 16, 3]),
};
const PARISH_TABLE = new WeightedTable(
  VOLHYNIAN_PARISHES.map((_, i) => i),
  VOLHYNIAN_PARISHES.map((x) => x.weight),
);
// German colonist families with a Cyrillic spelling; Schmidt, Krüger, Radke, Ziebart, Kliewer… lead.
const FAVOURED = new Set(["Schmidt", "Krüger", "Bartel", "Radke", "Ziebart", "Fenske", "Kliewer", "Hoffmann"]);
const FAMILIES = SURNAMES.filter(
  (s) => s.origin === "german" && s.forms.cyrillic.m.length && s.forms.cyrillic.f.length,
);
const SURNAME_TABLE = new WeightedTable(
  FAMILIES,
  FAMILIES.map((s) => (FAVOURED.has(s.canonical) ? s.weight * 3 + 20 : s.weight)),
);
const GIVEN_NAMES = givenNameTables((n) => n.forms.cyrillic.length > 0);
const STATUS = new WeightedTable(
  [
    "colonist",
    "colonist's wife",
    "colonist's son",
    "colonist's daughter",
    "widow",
    "widower",
    "tenant farmer",
    "craftsman",
  ],
  [30, 20, 12, 12, 10, 6, 6, 4],
);
const CAUSES = new WeightedTable(
  ["old age", "consumption", "fever", "typhus", "measles", "scarlet fever", "in childbirth", "pneumonia", "unknown"],
  [18, 12, 10, 8, 8, 6, 4, 8, 6],
);
const BIRTH_REMARKS = new WeightedTable<string | null>(
  [null, "illegitimate", "baptised at home by the schoolmaster", "twin", "entry by the cantor"],
  [86, 3, 4, 3, 4],
);
const MARRIAGE_REMARKS = new WeightedTable<string | null>(
  [null, "groom a widower", "bride a widow", "banns in two parishes", "groom a reservist"],
  [84, 5, 3, 4, 4],
);

interface Act {
  parish: VolhynianParish;
  place: VolhynianPlace;
  date: SimpleDate;
  julianDate: SimpleDate | null;
  act: string;
  book: string;
  page: string;
}

export type VolhynianGenerateOptions = GenerateOptions;

/** Streams `count` Volhynian demo records of a seed. */
export function generateVolhynianRecords(options: VolhynianGenerateOptions): Generator<VolhynianRecord> {
  return streamRecords(options, volhynianRecordAt);
}

/** The Volhynian record at one position of a seed's sequence. */
export function volhynianRecordAt(index: number, seed: number, rng = new Rng()): VolhynianRecord {
  rng.reseed(seed ^ STREAM_SALT, index);
  switch (volhynianCollectionAt(index)) {
    case "volhynian-birth":
      return birth(rng);
    case "volhynian-death":
      return death(rng);
    case "volhynian-marriage":
      return marriage(rng);
  }
}

/** The Julian date of a Gregorian day in the books, or null once the Gregorian calendar was in use. */
export function bookJulianDate(date: SimpleDate): SimpleDate | null {
  return gregorianToJdn(date) >= gregorianToJdn(GREGORIAN_FROM) ? null : gregorianToJulian(date);
}

/** "27 Feb 1905 (Julian) = 12 Mar 1905 (Gregorian)", or the Gregorian day alone after the switch. */
export function bothCalendars(date: SimpleDate): string {
  const julian = bookJulianDate(date);
  const text = (d: SimpleDate) => formatDate(formatIsoDate(d), d.year);
  return julian ? `${text(julian)} (Julian) = ${text(date)} (Gregorian)` : text(date);
}

const KIND_CODE: Record<VolhynianCollectionId, number> = {
  "volhynian-birth": 1,
  "volhynian-death": 2,
  "volhynian-marriage": 3,
};

function drawAct(rng: Rng, collection: VolhynianCollectionId): Act {
  const parish = VOLHYNIAN_PARISHES[rng.weightedPick(PARISH_TABLE)] as VolhynianParish;
  const place = rng.chance(0.3) ? (parish.places[0] as VolhynianPlace) : rng.pick(parish.places);
  const year = rng.weightedPick(YEAR_TABLE);
  const month = rng.weightedPick(MONTH_TABLES[collection]);
  const day = rng.int(1, daysInMonth(year, month, "gregorian"));
  const date = { year, month, day };
  const perYear = Math.round(
    (collection === "volhynian-birth" ? 180 : collection === "volhynian-death" ? 110 : 45) * parish.weight,
  );
  const act = 1 + Math.floor((perYear * ((month - 1) * 31 + day - 1)) / 372);
  // One book (delo) per parish, year and kind; a page holds three acts.
  const delo = (year - VOLHYNIAN_FIRST_YEAR) * 3 + KIND_CODE[collection];
  return {
    parish,
    place,
    date,
    julianDate: bookJulianDate(date),
    act: String(act),
    book: `fond ${parish.fond}, opis 1, delo ${delo}`,
    page: String(1 + Math.floor((act - 1) / 3)),
  };
}

function surnameOf(family: SurnameEntry, sex: Sex): { surname: string; surnameDe: string } {
  return { surname: family.forms.cyrillic[sex][0] as string, surnameDe: family.forms.german[sex][0] as string };
}

function givenOf(rng: Rng, sex: Sex): { given: string; givenDe: string } {
  const e = rng.weightedPick(GIVEN_NAMES[sex]);
  return { given: e.forms.cyrillic[0] as string, givenDe: e.forms.german[0] as string };
}

function person(rng: Rng, sex: Sex, family = rng.weightedPick(SURNAME_TABLE)): Named {
  return { ...surnameOf(family, sex), ...givenOf(rng, sex) };
}

const fullName = (n: Named) => bothForms(`${n.given} ${n.surname}`, `${n.givenDe} ${n.surnameDe}`);

function source(a: Act) {
  return {
    parish: bothForms(a.parish.ru, a.parish.lat),
    archive: VOLHYNIAN_ARCHIVE,
    book: a.book,
    page: a.page,
    act: a.act,
  };
}

const addDays = (d: SimpleDate, days: number) => jdnToGregorian(gregorianToJdn(d) + days);

function birth(rng: Rng): VolhynianRecord {
  const a = drawAct(rng, "volhynian-birth");
  const family = rng.weightedPick(SURNAME_TABLE);
  const sex: Sex = rng.chance(0.515) ? "m" : "f";
  const child = person(rng, sex, family);
  const father = person(rng, "m", family);
  const mother = person(rng, "f");
  const remarks = rng.weightedPick(BIRTH_REMARKS);
  const illegitimate = remarks === "illegitimate";
  const name = illegitimate ? { surname: mother.surname, surnameDe: mother.surnameDe } : child;
  const godfather = person(rng, "m");
  const godmother = person(rng, "f");
  // Colonists brought a child to the pastor within days or weeks; he came round the colonies rarely.
  const baptism = addDays(a.date, rng.chance(0.7) ? rng.int(1, 14) : rng.int(15, 60));
  return {
    collection: "volhynian-birth",
    date: a.date,
    julianDate: a.julianDate,
    fields: {
      ...namedFields("", name, child),
      ...givenFields("father", illegitimate ? null : father),
      motherGivenName: mother.given,
      motherGivenNameDe: mother.givenDe,
      motherMaidenName: mother.surname,
      motherMaidenNameDe: mother.surnameDe,
      birthDate: bothCalendars(a.date),
      baptismDate: bothCalendars(baptism),
      placeRu: a.place.ru,
      place: a.place.lat,
      godfather: fullName(godfather),
      godmother: fullName(godmother),
      ...source(a),
      remarks,
    },
  };
}

function death(rng: Rng): VolhynianRecord {
  const a = drawAct(rng, "volhynian-death");
  const family = rng.weightedPick(SURNAME_TABLE);
  const sex: Sex = rng.chance(0.5) ? "m" : "f";
  const deceased = person(rng, sex, family);
  const child = rng.chance(0.4);
  const age = child ? rng.int(0, 14) : rng.int(18, 92);
  const born = rng.chance(0.8) ? a.place : rng.pick(rng.pick(VOLHYNIAN_PARISHES).places);
  const fields: Record<string, string | null> = {
    ...namedFields("", deceased, deceased),
    deathDate: bothCalendars(a.date),
    age: age === 0 ? `${rng.int(1, 11)} months` : String(age),
    birthplace: bothForms(born.ru, born.lat),
    status: child ? (sex === "m" ? "colonist's son" : "colonist's daughter") : rng.weightedPick(STATUS),
  };
  if (!child && rng.chance(0.8)) {
    const spouse = sex === "m" ? person(rng, "f") : person(rng, "m", family);
    const widowed = rng.chance(0.35);
    fields.spouseGivenName = spouse.given;
    fields.spouseGivenNameDe = spouse.givenDe;
    fields.spouse = `${widowed ? (sex === "m" ? "widower of " : "widow of ") : ""}${fullName(spouse)}`;
    if (widowed) fields.status = sex === "m" ? "widower" : "widow";
  }
  return {
    collection: "volhynian-death",
    date: a.date,
    julianDate: a.julianDate,
    fields: {
      ...fields,
      placeRu: a.place.ru,
      place: a.place.lat,
      buried: `${bothForms(a.place.ru, a.place.lat)} cemetery`,
      cause: child && rng.chance(0.4) ? "measles" : rng.weightedPick(CAUSES),
      ...source(a),
    },
  };
}

function marriage(rng: Rng): VolhynianRecord {
  const a = drawAct(rng, "volhynian-marriage");
  const groom = person(rng, "m");
  const bride = person(rng, "f");
  const groomAge = rng.int(19, 40);
  return {
    collection: "volhynian-marriage",
    date: a.date,
    julianDate: a.julianDate,
    fields: {
      ...namedFields("groom", groom, groom),
      groomAge: String(groomAge),
      ...namedFields("bride", bride, bride),
      brideAge: String(Math.max(17, groomAge - rng.int(0, 8))),
      marriageDate: bothCalendars(a.date),
      placeRu: a.place.ru,
      place: a.place.lat,
      ...source(a),
      remarks: rng.weightedPick(MARRIAGE_REMARKS),
    },
  };
}
