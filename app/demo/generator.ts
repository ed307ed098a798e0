// Deterministic demo records for the St. Petersburg Lutheran Consistory
// collections (births, deaths, marriages, 1833–1885).
//
// Record i of a seed is a pure function of (seed, i): the generator re-seeds
// its PRNG per record instead of running one long sequence. That lets a seed
// script start anywhere (`startId`) or split 10 million records over workers
// and still produce exactly the records a single run would, and it keeps
// memory flat because nothing is remembered between records. The one link
// between records — a twin is the next birth after its sibling — is rebuilt
// by looking back at the previous birth's seed.

import { daysInMonth, julianToGregorian, type SimpleDate } from "~/search/calendar";
import { SURNAMES, type GivenNameEntry, type NameStyle, type Sex, type SurnameEntry, givenNameTables } from "./names";
import { PARISHES, type Parish, type Place } from "./places";
import { Rng, WeightedTable } from "./prng";

export type CollectionId = "stpete-birth" | "stpete-death" | "stpete-marriage";

export interface DemoRecord {
  collection: CollectionId;
  /** Gregorian event date (the one searched and sorted). */
  date: SimpleDate;
  /** Julian date as written in the register (Russian Empire). */
  julianDate: SimpleDate;
  /** Field values by camelCase field name; absent or null when the register gave nothing. */
  fields: Record<string, string | null>;
}

export interface GenerateOptions {
  /** Same seed, same records. Defaults to DEFAULT_DEMO_SEED. */
  seed?: number;
  /** How many records to yield. */
  count: number;
  /** Position of the first record in the seed's endless sequence (default 0). */
  startId?: number;
}

export const DEFAULT_DEMO_SEED = 1838;
export const FIRST_YEAR = 1833;
export const LAST_YEAR = 1885;
/** Years whose duplicate registers are missing from the consistory archive. */
export const MISSING_YEARS: readonly number[] = [1842, 1849, 1870];

export const COLLECTION_IDS: readonly CollectionId[] = ["stpete-birth", "stpete-death", "stpete-marriage"];

export const COLLECTION_SHARES: Readonly<Record<CollectionId, number>> = {
  "stpete-birth": 0.55,
  "stpete-death": 0.3,
  "stpete-marriage": 0.15,
};

const BIRTH_NAMES = [
  "surname",
  "givenName",
  "fatherGivenName",
  "motherGivenName",
  "motherMaidenName",
  "place",
  "parish",
];
const SOURCE_NAMES = ["film", "register", "page", "remarks"];

/** The keys of `fields`, in display order, per collection. */
export const FIELD_NAMES: Readonly<Record<CollectionId, readonly string[]>> = {
  "stpete-birth": [...BIRTH_NAMES, ...SOURCE_NAMES],
  "stpete-death": [...BIRTH_NAMES, "age", ...SOURCE_NAMES],
  "stpete-marriage": [
    "groomSurname",
    "groomGivenName",
    "brideSurname",
    "brideGivenName",
    "place",
    "parish",
    "groomParents",
    "brideParents",
    ...SOURCE_NAMES,
  ],
};

// Collections repeat in a fixed 20-record cycle (11 births, 6 deaths, 3
// marriages, spread evenly), so the proportions are exact, counts are known
// without generating, and record i's collection needs no random draw.
const CYCLE_SHARES: readonly [CollectionId, number][] = [
  ["stpete-birth", 11],
  ["stpete-death", 6],
  ["stpete-marriage", 3],
];
const CYCLE: readonly CollectionId[] = buildCycle(CYCLE_SHARES);

/** Collection of the record at a position in the sequence. */
export function collectionAt(index: number): CollectionId {
  return CYCLE[index % CYCLE.length] as CollectionId;
}

/** How many records of each collection generateRecords yields for these options. */
export function countsByCollection(count: number, startId = 0): Record<CollectionId, number> {
  const upTo = (n: number) => {
    const counts: Record<CollectionId, number> = {
      "stpete-birth": 0,
      "stpete-death": 0,
      "stpete-marriage": 0,
    };
    const cycles = Math.floor(n / CYCLE.length);
    for (const [id, share] of CYCLE_SHARES) counts[id] = cycles * share;
    for (let i = cycles * CYCLE.length; i < n; i++) counts[collectionAt(i)]++;
    return counts;
  };
  const end = upTo(startId + count);
  const start = upTo(startId);
  return {
    "stpete-birth": end["stpete-birth"] - start["stpete-birth"],
    "stpete-death": end["stpete-death"] - start["stpete-death"],
    "stpete-marriage": end["stpete-marriage"] - start["stpete-marriage"],
  };
}

/**
 * Streams `count` demo records. Holds only one record's worth of state, so
 * 10 million records need no more memory than ten.
 */
export function* generateRecords(options: GenerateOptions): Generator<DemoRecord> {
  const factory = new RecordFactory(options.seed ?? DEFAULT_DEMO_SEED);
  const start = Math.max(0, Math.floor(options.startId ?? 0));
  const end = start + Math.max(0, Math.floor(options.count));
  for (let index = start; index < end; index++) yield factory.build(index);
}

/** The record at one position of a seed's sequence, without generating the ones before it. */
export function recordAt(index: number, seed = DEFAULT_DEMO_SEED): DemoRecord {
  return new RecordFactory(seed).build(index);
}

// ---------------------------------------------------------------------------
// Tables prepared once per process.

const YEARS: readonly number[] = range(FIRST_YEAR, LAST_YEAR).filter((year) => !MISSING_YEARS.includes(year));
// Uniform-ish with growth: the colonies filled up through the century.
const YEAR_TABLE = new WeightedTable(
  YEARS,
  YEARS.map((year) => 1 + (1.5 * (year - FIRST_YEAR)) / (LAST_YEAR - FIRST_YEAR)),
);
const ALLOWED_YEARS = new Set(YEARS);

// Julian months. Weddings avoided Lent and Advent and crowded after harvest
// and before Lent; deaths peaked in late winter.
const MONTHS = range(1, 12);
const MONTH_TABLES: Readonly<Record<CollectionId, WeightedTable<number>>> = {
  "stpete-birth": new WeightedTable(MONTHS, [10, 9, 9, 8, 8, 7, 7, 8, 8, 9, 9, 9]),
  "stpete-death": new WeightedTable(MONTHS, [10, 11, 11, 10, 8, 7, 9, 9, 8, 7, 7, 8]),
  "stpete-marriage": new WeightedTable(MONTHS, [15, 14, 3, 6, 8, 6, 4, 5, 8, 14, 15, 4]),
};

const PARISH_TABLE = new WeightedTable(
  PARISHES.map((_, i) => i),
  PARISHES.map((parish) => parish.weight),
);
// The parish seat gets twice the share of each village.
const PLACE_TABLES: readonly WeightedTable<Place>[] = PARISHES.map(
  (parish) =>
    new WeightedTable(
      parish.places,
      parish.places.map((_, i) => (i === 0 ? 2 : 1)),
    ),
);

// One film per parish and six-year span, one archival file (delo) per parish
// and year; both are formatted once here instead of per record.
const FILM_BASE = 1_886_051;
const FILM_SPAN_YEARS = 6;
// Film numbers of one span leave room for parishes added to the list later.
const FILMS_PER_SPAN = PARISHES.length + 11;
const FILMS: readonly (readonly string[])[] = PARISHES.map((_, parishIndex) =>
  range(FIRST_YEAR, LAST_YEAR).map((year) =>
    String(FILM_BASE + Math.floor((year - FIRST_YEAR) / FILM_SPAN_YEARS) * FILMS_PER_SPAN + parishIndex),
  ),
);
const REGISTERS: readonly (readonly string[])[] = PARISHES.map((_, parishIndex) =>
  range(FIRST_YEAR, LAST_YEAR).map((year) => `Fond 828, Opis 1, Delo ${(year - FIRST_YEAR) * 40 + parishIndex + 101}`),
);
// Pages per parish-year volume: births first, then deaths, then marriages.
const SECTION_STARTS: Readonly<Record<CollectionId, number>> = {
  "stpete-birth": 0,
  "stpete-death": 0.55,
  "stpete-marriage": 0.85,
};

const SURNAME_TABLE = new WeightedTable(
  SURNAMES,
  SURNAMES.map((entry) => entry.weight),
);
const GIVEN_NAMES = givenNameTables();

// The clerk's language decides how every name of a record is spelled:
// the German pastor's form, a Polish-written form, a Latin transliteration of
// a Russian-language entry, or (rarely) the Cyrillic itself.
const STYLE_TABLE = new WeightedTable<NameStyle>(["german", "polish", "russian", "cyrillic"], [70, 20, 9, 1]);

const BIRTH_REMARKS = new WeightedTable<string | null>(
  [
    null,
    "illegitimate",
    "baptized at home",
    "emergency baptism",
    "father deceased",
    "godparents illegible",
    "entry added later",
    "parents from another parish",
  ],
  [90, 3, 2.5, 1.2, 0.8, 0.6, 0.9, 1],
);
const DEATH_CAUSES = new WeightedTable<string | null>(
  [null, "drowned", "smallpox", "consumption", "fever", "accident", "buried without pastor"],
  [88, 1.2, 2, 3, 3.5, 0.8, 1.5],
);
const MARRIAGE_REMARKS = new WeightedTable<string | null>(
  [
    null,
    "banns waived",
    "bride Roman Catholic",
    "with consent of guardian",
    "groom from another parish",
    "married at the bride's home",
  ],
  [90, 2, 2.5, 1.5, 3, 1],
);
/** Cholera years: deaths then often carry the cause. */
const CHOLERA_YEARS = new Set([1848, 1853, 1855, 1866, 1872]);

const TWIN_RATE = 0.015;
const ILLEGITIMATE = "illegitimate";

// ---------------------------------------------------------------------------

interface EventContext {
  parishIndex: number;
  place: string;
  julianDate: SimpleDate;
  date: SimpleDate;
  film: string;
  register: string;
  page: string;
  style: NameStyle;
}

interface BirthFamily {
  event: EventContext;
  family: SurnameEntry;
  /** Spelling choice for the family name, reused for every child of a twin birth. */
  variant: number;
  fatherGivenName: string | null;
  motherGivenName: string;
  mother: SurnameEntry;
  motherVariant: number;
  remark: string | null;
}

class RecordFactory {
  private readonly rng = new Rng();

  constructor(private readonly seed: number) {}

  build(index: number): DemoRecord {
    switch (collectionAt(index)) {
      case "stpete-birth":
        return this.birth(index);
      case "stpete-death":
        return this.death(index);
      case "stpete-marriage":
        return this.marriage(index);
    }
  }

  private birth(index: number): DemoRecord {
    const rng = this.rng.reseed(this.seed, index);
    const isTwinLead = rng.next() < TWIN_RATE;
    // Draw a family even for a second twin so the draws that follow stay aligned.
    const own = drawBirthFamily(rng, "stpete-birth");
    const previous = previousBirth(index);
    const isTwinFollower = previous >= 0 && isTwinLeadAt(this.seed, previous);
    const family = isTwinFollower ? birthFamilyAt(this.seed, previous) : own;

    const sex: Sex = rng.chance(0.515) ? "m" : "f";
    const givenName = drawGivenName(rng, sex, family.event.style, family.family, 0.02, 0.3);
    const illegitimate = family.remark === ILLEGITIMATE;
    // An illegitimate child bears the mother's name.
    const surname = illegitimate
      ? surnameForm(family.mother, family.event.style, sex, family.motherVariant)
      : surnameForm(family.family, family.event.style, sex, family.variant);
    const twin = isTwinLead || isTwinFollower;
    const remarks = twin ? (family.remark ? family.remark + ", twin" : "twin") : family.remark;

    return {
      collection: "stpete-birth",
      date: family.event.date,
      julianDate: family.event.julianDate,
      fields: {
        surname,
        givenName,
        fatherGivenName: family.fatherGivenName,
        motherGivenName: family.motherGivenName,
        motherMaidenName: surnameForm(family.mother, family.event.style, "f", family.motherVariant),
        place: family.event.place,
        parish: parishName(family.event.parishIndex),
        film: family.event.film,
        register: family.event.register,
        page: family.event.page,
        remarks,
      },
    };
  }

  private death(index: number): DemoRecord {
    const rng = this.rng.reseed(this.seed, index);
    const event = drawEvent(rng, "stpete-death");
    const style = event.style;
    const sex: Sex = rng.chance(0.5) ? "m" : "f";
    const family = rng.weightedPick(SURNAME_TABLE);
    const variant = rng.uint32();
    const ageRoll = rng.next();

    let age: string | null;
    let adult = false;
    let remarks: string | null = null;
    if (ageRoll < 0.02) {
      age = null;
      remarks = "stillborn";
    } else if (ageRoll < 0.3) {
      age = infantAge(rng);
    } else if (ageRoll < 0.47) {
      age = childAge(rng);
    } else {
      adult = true;
      age = String(adultAge(rng));
    }

    const givenName = remarks === "stillborn" ? null : drawGivenName(rng, sex, style, family, 0.02, 0.25);
    // Adults were usually entered without parents; children always with them.
    const withParents = !adult || rng.chance(0.15);
    let fatherGivenName: string | null = null;
    let motherGivenName: string | null = null;
    let motherMaidenName: string | null = null;
    if (withParents) {
      fatherGivenName = drawGivenName(rng, "m", style, family, 0.12, 0.12);
      motherGivenName = drawGivenName(rng, "f", style, family, 0.12, 0.12);
      motherMaidenName = surnameForm(rng.weightedPick(SURNAME_TABLE), style, "f", rng.uint32());
    }

    if (adult && remarks === null) {
      remarks = this.spouseRemark(rng, sex, style, family, variant, Number(age));
    }
    if (remarks === null) {
      remarks =
        CHOLERA_YEARS.has(event.julianDate.year) && rng.chance(0.25) ? "cholera" : rng.weightedPick(DEATH_CAUSES);
    }

    return {
      collection: "stpete-death",
      date: event.date,
      julianDate: event.julianDate,
      fields: {
        surname: surnameForm(family, style, sex, variant),
        givenName,
        fatherGivenName,
        motherGivenName,
        motherMaidenName,
        place: event.place,
        parish: parishName(event.parishIndex),
        age,
        film: event.film,
        register: event.register,
        page: event.page,
        remarks,
      },
    };
  }

  private spouseRemark(
    rng: Rng,
    sex: Sex,
    style: NameStyle,
    family: SurnameEntry,
    variant: number,
    age: number,
  ): string | null {
    const roll = rng.next();
    if (sex === "f") {
      if (age >= 18 && age <= 45 && roll < 0.06) return "died in childbirth";
      if (roll < 0.22) {
        const husband = drawGivenName(rng, "m", style, family, 0.05, 0.1);
        const prefix = age >= 50 && rng.chance(0.6) ? "widow of " : "wife of ";
        return prefix + husband + " " + surnameForm(family, style, "m", variant);
      }
      return null;
    }
    if (roll < 0.18) {
      const wife = drawGivenName(rng, "f", style, family, 0.05, 0.1);
      const maiden = surnameForm(rng.weightedPick(SURNAME_TABLE), style, "f", rng.uint32());
      return (age >= 50 && rng.chance(0.4) ? "widower of " : "husband of ") + wife + " née " + maiden;
    }
    return null;
  }

  private marriage(index: number): DemoRecord {
    const rng = this.rng.reseed(this.seed, index);
    const event = drawEvent(rng, "stpete-marriage");
    const style = event.style;

    const groomFamily = rng.weightedPick(SURNAME_TABLE);
    const groomVariant = rng.uint32();
    const groomSurname = surnameForm(groomFamily, style, "m", groomVariant);
    const groomGivenName = drawGivenName(rng, "m", style, groomFamily, 0.02, 0.3);

    let groomParents: string | null = null;
    const groomRoll = rng.next();
    if (groomRoll < 0.1) {
      const late = drawGivenName(rng, "f", style, groomFamily, 0.05, 0.1);
      const maiden = surnameForm(rng.weightedPick(SURNAME_TABLE), style, "f", rng.uint32());
      groomParents = "widower of " + late + " née " + maiden;
    } else if (groomRoll < 0.9) {
      groomParents = parentsText(rng, style, groomFamily, groomSurname);
    }

    let brideFamily = rng.weightedPick(SURNAME_TABLE);
    let brideVariant = rng.uint32();
    const brideGivenName = drawGivenName(rng, "f", style, brideFamily, 0.02, 0.3);
    let brideParents: string | null = null;
    const brideRoll = rng.next();
    if (brideRoll < 0.08) {
      // A widow marries under her late husband's name.
      brideFamily = rng.weightedPick(SURNAME_TABLE);
      brideVariant = rng.uint32();
      const late = drawGivenName(rng, "m", style, brideFamily, 0.05, 0.1);
      brideParents = "widow of " + late + " " + surnameForm(brideFamily, style, "m", brideVariant);
    } else if (brideRoll < 0.9) {
      brideParents = parentsText(rng, style, brideFamily, surnameForm(brideFamily, style, "m", brideVariant));
    }
    const brideSurname = surnameForm(brideFamily, style, "f", brideVariant);

    return {
      collection: "stpete-marriage",
      date: event.date,
      julianDate: event.julianDate,
      fields: {
        groomSurname,
        groomGivenName,
        brideSurname,
        brideGivenName,
        place: event.place,
        parish: parishName(event.parishIndex),
        groomParents,
        brideParents,
        film: event.film,
        register: event.register,
        page: event.page,
        remarks: rng.weightedPick(MARRIAGE_REMARKS),
      },
    };
  }
}

// ---------------------------------------------------------------------------
// Record parts.

function drawEvent(rng: Rng, collection: CollectionId): EventContext {
  const parishIndex = rng.weightedPick(PARISH_TABLE);
  const parish = PARISHES[parishIndex] as Parish;
  const place = (PLACE_TABLES[parishIndex] as WeightedTable<Place>).at(rng.next()).name;
  const year = rng.weightedPick(YEAR_TABLE);
  const month = rng.weightedPick(MONTH_TABLES[collection]);
  let day = rng.int(1, daysInMonth(year, month, "julian"));
  // Julian 20–31 December is already January by the Gregorian calendar; keep
  // it out of the missing years and past the end of the collection.
  if (month === 12 && day >= 20 && !ALLOWED_YEARS.has(year + 1)) day = rng.int(1, 19);
  const julianDate = { year, month, day };
  const yearIndex = year - FIRST_YEAR;
  return {
    parishIndex,
    place,
    julianDate,
    date: julianToGregorian(julianDate),
    film: FILMS[parishIndex]?.[yearIndex] ?? "",
    register: REGISTERS[parishIndex]?.[yearIndex] ?? "",
    page: String(pageOf(parish, collection, julianDate)),
    style: rng.weightedPick(STYLE_TABLE),
  };
}

/** Entries run in date order, so the page follows the day of the year. */
function pageOf(parish: Parish, collection: CollectionId, d: SimpleDate): number {
  const growth = 1 + (1.5 * (d.year - FIRST_YEAR)) / (LAST_YEAR - FIRST_YEAR);
  const volume = Math.min(400, Math.round((30 + parish.weight * 12) * growth));
  const start = SECTION_STARTS[collection];
  const length = COLLECTION_SHARES[collection];
  const fractionOfYear = ((d.month - 1) * 31 + d.day - 1) / 372;
  return 1 + Math.floor(volume * (start + length * fractionOfYear));
}

function drawBirthFamily(rng: Rng, collection: CollectionId): BirthFamily {
  const event = drawEvent(rng, collection);
  const family = rng.weightedPick(SURNAME_TABLE);
  const variant = rng.uint32();
  const remark = rng.weightedPick(BIRTH_REMARKS);
  const illegitimate = remark === ILLEGITIMATE;
  const fatherGivenName = drawGivenName(rng, "m", event.style, family, 0.12, 0.15);
  const motherGivenName = drawGivenName(rng, "f", event.style, family, 0.12, 0.15);
  let mother = rng.weightedPick(SURNAME_TABLE);
  if (mother === family) mother = rng.weightedPick(SURNAME_TABLE);
  return {
    event,
    family,
    variant,
    fatherGivenName: illegitimate ? null : fatherGivenName,
    motherGivenName,
    mother,
    motherVariant: rng.uint32(),
    remark,
  };
}

// Only the first draw of another record is needed to know whether it starts
// a twin pair, so one scratch generator serves every look-back.
const lookBack = new Rng();

function isTwinLeadAt(seed: number, index: number): boolean {
  return lookBack.reseed(seed, index).next() < TWIN_RATE;
}

/** The family drawn by the birth at `index`, or by its twin sibling before it. */
function birthFamilyAt(seed: number, index: number): BirthFamily {
  const previous = previousBirth(index);
  if (previous >= 0 && isTwinLeadAt(seed, previous)) return birthFamilyAt(seed, previous);
  const rng = new Rng(seed, index);
  rng.next();
  return drawBirthFamily(rng, "stpete-birth");
}

function previousBirth(index: number): number {
  for (let i = index - 1; i >= 0 && i >= index - CYCLE.length; i--) {
    if (collectionAt(i) === "stpete-birth") return i;
  }
  return -1;
}

function parentsText(rng: Rng, style: NameStyle, family: SurnameEntry, surname: string): string {
  const father = drawGivenName(rng, "m", style, family, 0.12, 0.12);
  const mother = drawGivenName(rng, "f", style, family, 0.12, 0.12);
  const maiden = surnameForm(rng.weightedPick(SURNAME_TABLE), style, "f", rng.uint32());
  const late = rng.chance(0.15) ? "the late " : "";
  return late + father + " " + surname + " and " + mother + " née " + maiden;
}

/**
 * A family name in the record's style. `variant` is a random 32-bit number
 * drawn once per person so that a name and its feminine form (Kowalski /
 * Kowalska) come out in the same spelling.
 */
function surnameForm(entry: SurnameEntry, style: NameStyle, sex: Sex, variant: number): string {
  const forms = entry.forms[style][sex];
  if (forms.length === 1) return forms[0] as string;
  // German-writing pastors mostly used the family's usual spelling.
  if (style === "german" && variant % 10 !== 0) return forms[0] as string;
  return forms[(variant >>> 4) % forms.length] as string;
}

function drawGivenName(
  rng: Rng,
  sex: Sex,
  style: NameStyle,
  family: SurnameEntry,
  foreignShare: number,
  doubleShare: number,
): string {
  const table = GIVEN_NAMES[sex];
  // Polish families' names were written in Polish more often, whoever the clerk.
  const mix = family.origin === "polish" ? Math.max(foreignShare, 0.4) : foreignShare;
  const language = nameLanguage(rng, style, mix);
  const first = rng.weightedPick(table);
  let text = givenForm(rng, first, language);
  if (rng.chance(doubleShare)) {
    const second = rng.weightedPick(table);
    if (second !== first) text += " " + givenForm(rng, second, language);
  }
  return text;
}

type GivenLanguage = NameStyle | "latin";

function nameLanguage(rng: Rng, style: NameStyle, mix: number): GivenLanguage {
  const roll = rng.next();
  switch (style) {
    case "german":
      if (roll < mix * 0.6) return "polish";
      if (roll < mix) return "russian";
      if (roll < mix + 0.01) return "latin";
      return "german";
    case "polish":
      return roll < 0.85 ? "polish" : "german";
    case "russian":
      return roll < 0.85 ? "russian" : "german";
    case "cyrillic":
      return "cyrillic";
  }
}

function givenForm(rng: Rng, entry: GivenNameEntry, language: GivenLanguage): string {
  const forms = entry.forms[language];
  if (forms.length === 1 || rng.chance(0.85)) return forms[0] as string;
  return forms[1 + Math.floor(rng.next() * (forms.length - 1))] as string;
}

function infantAge(rng: Rng): string {
  const roll = rng.next();
  if (roll < 0.3) return plural(rng.int(1, 27), "day");
  if (roll < 0.45) return plural(rng.int(1, 3), "week");
  return plural(rng.int(1, 11), "month");
}

function childAge(rng: Rng): string {
  const years = rng.int(1, 14);
  if (years === 1 && rng.chance(0.5)) return "1 year " + plural(rng.int(1, 11), "month");
  return years === 1 ? "1 year" : String(years);
}

/** 15–95, mostly old age with a share of young adults. */
function adultAge(rng: Rng): number {
  if (rng.chance(0.35)) return rng.int(15, 45);
  // Triangular on 45–95 peaking in the late sixties.
  const u = rng.next();
  const peak = (68 - 45) / (95 - 45);
  const x = u < peak ? Math.sqrt(u * peak) : 1 - Math.sqrt((1 - u) * (1 - peak));
  return 45 + Math.round(x * 50);
}

function plural(n: number, unit: string): string {
  return n === 1 ? "1 " + unit : n + " " + unit + "s";
}

function parishName(index: number): string {
  return PARISHES[index]?.name ?? "";
}

function buildCycle(shares: readonly [CollectionId, number][]): CollectionId[] {
  // Smooth weighted round-robin: interleaves 11/6/3 as evenly as possible.
  const total = shares.reduce((sum, [, w]) => sum + w, 0);
  const current = shares.map(() => 0);
  const cycle: CollectionId[] = [];
  for (let n = 0; n < total; n++) {
    let best = 0;
    for (let i = 0; i < shares.length; i++) {
      current[i] = (current[i] ?? 0) + (shares[i]?.[1] ?? 0);
      if ((current[i] ?? 0) > (current[best] ?? 0)) best = i;
    }
    current[best] = (current[best] ?? 0) - total;
    cycle.push(shares[best]?.[0] as CollectionId);
  }
  return cycle;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
