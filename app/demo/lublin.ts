// Deterministic demo records for the members' Lublin collections: acts of the
// Lutheran parishes of the Lublin governorate (Congress Poland), 1826–1900.
//
// Congress Poland's parishes kept civil-status acts in the 1808 format:
// Lutherans their own from 1826, written in Polish until 1868 and in Russian
// after. The index gives every name as the act has it (the Polish form;
// Russian acts are indexed in Polish too) and in its Germanised form
// (Jan / Johann, Bogumił / Gottlieb, Szmidt / Schmidt). Russian-language acts
// carry both dates, the Julian first; Polish-language acts only the Gregorian
// one.
//
// As in generator.ts, record i of a seed is a pure function of (seed, i), so
// the sequence can start anywhere and needs no memory between records.

import { daysInMonth, gregorianToJulian, type SimpleDate } from "~/search/calendar";
import type { DemoRecord } from "./generator";
import { SURNAMES, type GivenNameEntry, type Sex, type SurnameEntry, givenNameTables } from "./names";
import { Rng, WeightedTable } from "./prng";
import type { GenerateOptions, Named } from "./sequence";
import { bothForms, givenFields, namedFields, range, streamRecords } from "./sequence";

export type LublinCollectionId = "lublin-birth" | "lublin-death" | "lublin-marriage";

export interface LublinRecord extends Omit<DemoRecord, "collection" | "julianDate"> {
  collection: LublinCollectionId;
  /** The Julian date of a Russian-language act; null for a Polish one (Gregorian only). */
  julianDate: SimpleDate | null;
}

export const LUBLIN_FIRST_YEAR = 1826;
export const LUBLIN_LAST_YEAR = 1900;
/** The first year whose acts were written in Russian. */
export const RUSSIAN_FROM = 1868;
/** Lublin records per St. Petersburg record in the demo data set (≈ 12 % of all records). */
export const LUBLIN_SHARE = 0.14;

/** Keeps Lublin's random streams apart from St. Petersburg's under the same seed. */
const STREAM_SALT = 0x4c55_424c; // "LUBL"

// 11 births, 6 deaths, 3 marriages in every 20 records, interleaved.
const CYCLE = "bdbmbdbbdbmbdbbdbmbd";
const KIND: Record<string, LublinCollectionId> = { b: "lublin-birth", d: "lublin-death", m: "lublin-marriage" };

export function lublinCollectionAt(index: number): LublinCollectionId {
  return KIND[CYCLE[index % CYCLE.length] as string] as LublinCollectionId;
}

interface LublinParish {
  name: string;
  archive: string;
  fond: string;
  weight: number;
  /** The parish seat first, then villages and colonies of its area. */
  villages: readonly string[];
}

export const LUBLIN_PARISHES: readonly LublinParish[] = [
  {
    name: "Lublin",
    archive: "Archiwum Państwowe w Lublinie",
    fond: "35/1780",
    weight: 3,
    villages: ["Lublin", "Czechów", "Konopnica", "Bystrzyca", "Piaski", "Świdnik"],
  },
  {
    name: "Cyców",
    archive: "Archiwum Państwowe w Lublinie",
    fond: "35/1781",
    weight: 2,
    villages: ["Cyców", "Stefanów", "Wólka Cycowska", "Ludwinów", "Malinówka", "Zagórze", "Adamów"],
  },
  {
    name: "Kamionka",
    archive: "Archiwum Państwowe w Lublinie",
    fond: "35/1783",
    weight: 1.5,
    villages: ["Kamionka", "Lubartów", "Samoklęski", "Michów", "Annobór"],
  },
  {
    name: "Zamość",
    archive: "Archiwum Państwowe w Lublinie, Oddział w Zamościu",
    fond: "86/1206",
    weight: 2.5,
    villages: ["Zamość", "Sitaniec", "Kalinowice", "Zawada", "Białowola", "Bortatycze", "Majdan Sopocki", "Horyszów"],
  },
  {
    name: "Chełm",
    archive: "Archiwum Państwowe w Lublinie, Oddział w Chełmie",
    fond: "67/352",
    weight: 1.5,
    villages: ["Chełm", "Pniówno", "Depułtycze", "Rejowiec", "Kamień"],
  },
];

const YEARS = range(LUBLIN_FIRST_YEAR, LUBLIN_LAST_YEAR);
const YEAR_TABLE = new WeightedTable(
  YEARS,
  YEARS.map((y) => 1 + (y - LUBLIN_FIRST_YEAR) / (LUBLIN_LAST_YEAR - LUBLIN_FIRST_YEAR)),
);
const MONTHS = range(1, 12);
const MONTH_TABLES: Record<LublinCollectionId, WeightedTable<number>> = {
  "lublin-birth": new WeightedTable(MONTHS, [10, 9, 9, 8, 8, 7, 7, 8, 8, 9, 9, 9]),
  "lublin-death": new WeightedTable(MONTHS, [10, 11, 11, 10, 8, 7, 9, 9, 8, 7, 7, 8]),
  "lublin-marriage": new WeightedTable(MONTHS, [16, 14, 2, 5, 8, 6, 4, 5, 8, 15, 16, 3]),
};
const PARISH_TABLE = new WeightedTable(
  LUBLIN_PARISHES.map((_, i) => i),
  LUBLIN_PARISHES.map((p) => p.weight),
);
// Lublin's Lutherans: German colonists mostly, with more Polish families than in Volhynia.
const SURNAME_TABLE = new WeightedTable(
  SURNAMES.filter((s) => s.origin !== "eastSlavic"),
  SURNAMES.filter((s) => s.origin !== "eastSlavic").map((s) => (s.origin === "polish" ? s.weight * 3 : s.weight)),
);
const GIVEN_NAMES = givenNameTables((n) => n.forms.polish.length > 0);
const OCCUPATIONS = new WeightedTable(
  ["colonist", "farmer", "day labourer", "smith", "miller", "weaver", "shoemaker", "carpenter", "innkeeper", "teacher"],
  [40, 20, 12, 5, 4, 6, 4, 4, 2, 1],
);
const BIRTH_NOTES = new WeightedTable<string | null>(
  [null, "illegitimate", "baptized at home", "father absent", "entry added later", "godparents from Lublin"],
  [88, 3, 3, 2, 2, 2],
);
const DEATH_NOTES = new WeightedTable<string | null>(
  [null, "consumption", "fever", "smallpox", "drowned", "buried in the colony cemetery"],
  [86, 3, 4, 2, 1, 4],
);
const MARRIAGE_NOTES = new WeightedTable<string | null>(
  [null, "banns in two parishes", "bride Roman Catholic", "with consent of guardian", "groom a widower"],
  [88, 4, 3, 2, 3],
);

interface Act {
  parish: LublinParish;
  place: string;
  date: SimpleDate;
  julianDate: SimpleDate | null;
  russian: boolean;
  act: string;
}

export type LublinGenerateOptions = GenerateOptions;

/** Streams `count` Lublin demo records of a seed. */
export function generateLublinRecords(options: LublinGenerateOptions): Generator<LublinRecord> {
  return streamRecords(options, lublinRecordAt);
}

/** The Lublin record at one position of a seed's sequence. */
export function lublinRecordAt(index: number, seed: number, rng = new Rng()): LublinRecord {
  rng.reseed(seed ^ STREAM_SALT, index);
  const collection = lublinCollectionAt(index);
  switch (collection) {
    case "lublin-birth":
      return birth(rng);
    case "lublin-death":
      return death(rng);
    case "lublin-marriage":
      return marriage(rng);
  }
}

function drawAct(rng: Rng, collection: LublinCollectionId): Act {
  const parish = LUBLIN_PARISHES[rng.weightedPick(PARISH_TABLE)] as LublinParish;
  const place = rng.chance(0.35) ? (parish.villages[0] as string) : rng.pick(parish.villages);
  const year = rng.weightedPick(YEAR_TABLE);
  const month = rng.weightedPick(MONTH_TABLES[collection]);
  const day = rng.int(1, daysInMonth(year, month, "gregorian"));
  const date = { year, month, day };
  const russian = year >= RUSSIAN_FROM;
  // Acts are numbered through the year: the number follows the day of the year.
  const perYear = Math.round(
    (collection === "lublin-birth" ? 60 : collection === "lublin-death" ? 35 : 15) * parish.weight,
  );
  const act = 1 + Math.floor((perYear * ((month - 1) * 31 + day - 1)) / 372);
  return { parish, place, date, julianDate: russian ? gregorianToJulian(date) : null, russian, act: String(act) };
}

function surnameOf(rng: Rng, family: SurnameEntry, sex: Sex): { surname: string; surnameDe: string } {
  const polish = family.forms.polish[sex];
  const german = family.forms.german[sex];
  // A Polish family's Germanised form is its German spelling (Kowalsky); a German one's is the first.
  const germanised = (family.origin === "polish" ? (german[1] ?? german[0]) : german[0]) as string;
  // Clerks wrote a German family's name in the German spelling now and then.
  const written = family.origin === "german" && rng.chance(0.3) ? (german[0] as string) : (rng.pick(polish) as string);
  return { surname: written, surnameDe: germanised };
}

function givenOf(rng: Rng, sex: Sex): { given: string; givenDe: string } {
  const table = GIVEN_NAMES[sex];
  const entries: GivenNameEntry[] = [rng.weightedPick(table)];
  if (rng.chance(0.15)) {
    const second = rng.weightedPick(table);
    if (second !== entries[0]) entries.push(second);
  }
  return {
    given: entries.map((e) => e.forms.polish[0] as string).join(" "),
    givenDe: entries.map((e) => e.forms.german[0] as string).join(" "),
  };
}

function person(rng: Rng, sex: Sex, family = rng.weightedPick(SURNAME_TABLE)): Named {
  return { ...surnameOf(rng, family, sex), ...givenOf(rng, sex) };
}

function parentsText(rng: Rng, father: Named, mother: Named): string {
  const late = rng.chance(0.12) ? "the late " : "";
  return `${late}${bothForms(father.given, father.givenDe)} ${father.surname} and ${bothForms(mother.given, mother.givenDe)} née ${bothForms(mother.surname, mother.surnameDe)}`;
}

function source(a: Act) {
  return {
    archive: a.parish.archive,
    fond: a.parish.fond,
    parish: a.parish.name,
    registerYear: String(a.date.year),
    act: a.act,
    language: a.russian ? "Russian" : "Polish",
  };
}

function birth(rng: Rng): LublinRecord {
  const a = drawAct(rng, "lublin-birth");
  const family = rng.weightedPick(SURNAME_TABLE);
  const sex: Sex = rng.chance(0.515) ? "m" : "f";
  const child = person(rng, sex, family);
  const father = person(rng, "m", family);
  const motherFamily = rng.weightedPick(SURNAME_TABLE);
  const mother = person(rng, "f", motherFamily);
  const notes = rng.weightedPick(BIRTH_NOTES);
  const illegitimate = notes === "illegitimate";
  // An illegitimate child bears the mother's name.
  const name = illegitimate ? surnameOf(rng, motherFamily, sex) : child;
  const motherAge = rng.int(18, 44);
  return {
    collection: "lublin-birth",
    date: a.date,
    julianDate: a.julianDate,
    fields: {
      ...namedFields("", name, child),
      ...givenFields("father", illegitimate ? null : father),
      fatherAge: illegitimate ? null : String(motherAge + rng.int(0, 12)),
      fatherOccupation: illegitimate ? null : rng.weightedPick(OCCUPATIONS),
      motherGivenName: mother.given,
      motherGivenNameDe: mother.givenDe,
      motherMaidenName: mother.surname,
      motherMaidenNameDe: mother.surnameDe,
      motherAge: String(motherAge),
      place: a.place,
      ...source(a),
      notes,
    },
  };
}

function death(rng: Rng): LublinRecord {
  const a = drawAct(rng, "lublin-death");
  const family = rng.weightedPick(SURNAME_TABLE);
  const sex: Sex = rng.chance(0.5) ? "m" : "f";
  const deceased = person(rng, sex, family);
  const roll = rng.next();
  const child = roll < 0.45;
  const age = child ? String(rng.int(0, 14)) : String(rng.int(18, 92));
  const fields: Record<string, string | null> = {
    ...namedFields("", deceased, deceased),
    age: age === "0" ? `${rng.int(1, 11)} months` : age,
  };
  if (child || rng.chance(0.2)) {
    const father = person(rng, "m", family);
    const mother = person(rng, "f");
    Object.assign(fields, {
      fatherGivenName: father.given,
      fatherGivenNameDe: father.givenDe,
      motherGivenName: mother.given,
      motherGivenNameDe: mother.givenDe,
      motherMaidenName: mother.surname,
      motherMaidenNameDe: mother.surnameDe,
    });
  }
  if (!child && rng.chance(0.75)) {
    // A married man's wife keeps her maiden name in the act; a wife is named with her husband.
    const spouse = sex === "m" ? person(rng, "f") : person(rng, "m", family);
    const role = sex === "m" ? "wife" : "husband";
    const widowed = rng.chance(0.4);
    fields[`${role}GivenName`] = spouse.given;
    fields[`${role}GivenNameDe`] = spouse.givenDe;
    fields.spouse = `${widowed ? (sex === "m" ? "widower of " : "widow of ") : `${role} `}${bothForms(spouse.given, spouse.givenDe)} ${
      sex === "m" ? `née ${bothForms(spouse.surname, spouse.surnameDe)}` : spouse.surname
    }`;
  }
  return {
    collection: "lublin-death",
    date: a.date,
    julianDate: a.julianDate,
    fields: { ...fields, place: a.place, ...source(a), notes: rng.weightedPick(DEATH_NOTES) },
  };
}

function marriage(rng: Rng): LublinRecord {
  const a = drawAct(rng, "lublin-marriage");
  const groomFamily = rng.weightedPick(SURNAME_TABLE);
  const brideFamily = rng.weightedPick(SURNAME_TABLE);
  const groom = person(rng, "m", groomFamily);
  const bride = person(rng, "f", brideFamily);
  // The fathers bear the names as the act spells the couple's.
  const groomParents = parentsText(rng, { ...person(rng, "m", groomFamily), surname: groom.surname }, person(rng, "f"));
  const brideFather = { ...person(rng, "m", brideFamily), surname: surnameOf(rng, brideFamily, "m").surname };
  const brideParents = parentsText(rng, brideFather, person(rng, "f"));
  const groomAge = rng.int(19, 40);
  return {
    collection: "lublin-marriage",
    date: a.date,
    julianDate: a.julianDate,
    fields: {
      ...namedFields("groom", groom, groom),
      groomAge: String(groomAge),
      groomParents,
      ...namedFields("bride", bride, bride),
      brideAge: String(Math.max(17, groomAge - rng.int(0, 8))),
      brideParents,
      place: a.place,
      ...source(a),
      notes: rng.weightedPick(MARRIAGE_NOTES),
    },
  };
}
