import { SURNAMES, type GivenNameEntry, type Sex, type SurnameEntry, givenNameTables } from "./names";
import { Rng, WeightedTable } from "./prng";
import { type PartialDate, dateText } from "~/families/dates";
import type { FamilyDataSet, FamilyInput, PersonInput, TreeInput } from "~/families/input";

/**
 * Deterministic demo people linked into families (decision 0017).
 *
 * Lodz: couples married 1800–1849 around Łódź, their children born up to the
 * end of the register in 1851, the children's own marriages (often to a
 * child of another family of the parish) and grandchildren. Genealogy: a few
 * members' trees, each from a couple of the 1750s down to people born by
 * 1950, moving from Württemberg or Pomerania to Congress Poland, Volhynia and
 * after 1915 to Germany or Canada; some spouses are people of the Lodz
 * families, by name and birth.
 *
 * Every date is consistent: children are born after their parents' marriage,
 * while the mother is 17–45 and before (or within nine months after) the
 * father's death; nobody marries before 17 or after death.
 */

export const DEFAULT_LODZ_COUNT = 3000;
export const DEFAULT_GENEALOGY_COUNT = 2000;
export const LODZ_FIRST_YEAR = 1826;
export const LODZ_LAST_YEAR = 1851;
export const GENEALOGY_FIRST_YEAR = 1750;
export const GENEALOGY_LAST_YEAR = 1950;

const LODZ_SALT = 0x4c4f_445a; // "LODZ"
const GENEALOGY_SALT = 0x4745_4e45; // "GENE"
const DAY_MS = 86_400_000;

// ---- days ------------------------------------------------------------------

type Day = number;

function toDay(d: PartialDate): Day {
  return Math.floor(Date.UTC(d.year, Math.max(d.month, 1) - 1, Math.max(d.day, 1)) / DAY_MS);
}

function fromDay(day: Day): PartialDate {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function dayOf(year: number, rng: Rng): Day {
  return toDay({ year, month: 1, day: 1 }) + rng.int(0, 364);
}

const years = (n: number): number => Math.round(n * 365.25);

// ---- names -----------------------------------------------------------------

const GERMAN_SURNAMES = SURNAMES.filter((s) => s.origin === "german");
const POLISH_SURNAMES = SURNAMES.filter((s) => s.origin === "polish");
const GERMAN_TABLE = new WeightedTable(
  GERMAN_SURNAMES,
  GERMAN_SURNAMES.map((s) => s.weight),
);
const POLISH_TABLE = new WeightedTable(
  POLISH_SURNAMES,
  POLISH_SURNAMES.map((s) => s.weight),
);
/** A person born in the parish: no death yet (recordDeath adds it), in no member's tree. */
const BORN_HERE = { death: null, deathDay: null, deathPlace: "", tree: null } as const;
const GIVEN_NAMES = givenNameTables();

interface Lineage {
  family: SurnameEntry;
  polish: boolean;
}

function drawLineage(rng: Rng, polishShare: number): Lineage {
  const polish = rng.chance(polishShare);
  return { family: rng.weightedPick(polish ? POLISH_TABLE : GERMAN_TABLE), polish };
}

function surnameOf(l: Lineage, sex: Sex): string {
  return (l.polish ? l.family.forms.polish[sex][0] : l.family.forms.german[sex][0]) ?? l.family.canonical;
}

function givenOf(rng: Rng, sex: Sex, polish: boolean): string {
  const table = GIVEN_NAMES[sex];
  const form = (e: GivenNameEntry) => ((polish ? e.forms.polish[0] : e.forms.german[0]) ?? e.canonical) as string;
  const first = rng.weightedPick(table);
  if (rng.chance(0.25)) {
    const second = rng.weightedPick(table);
    if (second !== first) return `${form(first)} ${form(second)}`;
  }
  return form(first);
}

// ---- the shared builder ----------------------------------------------------

interface Person extends PersonInput {
  lineage: Lineage;
  birthDay: Day;
  deathDay: Day | null;
  married: boolean;
  /** The death (or its absence) is already decided, as for a child of the register. */
  deathFixed: boolean;
  /** The family the person was born into, when known. */
  parents: number | null;
}

interface Pending {
  person: Person;
  day: Day;
}

abstract class Builder {
  readonly people: Person[] = [];
  readonly families: FamilyInput[] = [];

  constructor(
    protected readonly rng: Rng,
    protected readonly limit: number,
  ) {}

  get full(): boolean {
    return this.people.length >= this.limit;
  }

  protected add(
    p: Omit<Person, "number" | "married" | "deathFixed" | "sources" | "notes"> & { notes?: string },
  ): Person {
    const person: Person = {
      ...p,
      number: this.people.length + 1,
      married: false,
      deathFixed: false,
      sources: [],
      notes: p.notes ?? "",
    };
    this.people.push(person);
    return person;
  }

  protected setDeath(p: Person, day: Day | null, lastDay: Day, place: string): void {
    if (day === null || day > lastDay) {
      p.death = null;
      p.deathDay = null;
      return;
    }
    p.deathDay = day;
    p.death = fromDay(day);
    p.deathPlace = place;
  }

  /** A lifetime: some children die young, the rest at 20–90. */
  protected lifespanDays(rng: Rng, infantShare: number): number {
    if (rng.chance(infantShare)) return rng.int(3, years(6));
    return rng.int(years(20), years(90));
  }
}

// ---- Lodz ------------------------------------------------------------------

const LODZ_PLACES = new WeightedTable(
  ["Łódź", "Zgierz", "Konstantynów", "Aleksandrów", "Pabianice", "Nowosolna", "Rzgów", "Brzeziny", "Ozorków"],
  [14, 3, 2, 2, 2, 2, 1, 1, 1],
);
const ORIGINS = [
  "Grünberg, Silesia",
  "Schwiebus, Brandenburg",
  "Züllichau, Brandenburg",
  "Reichenbach, Saxony",
  "Glauchau, Saxony",
  "Chemnitz, Saxony",
  "Zduńska Wola",
  "Kalisz",
  "Turek",
  "Ozorków",
];
const PARISH = "Łódź, Holy Trinity Lutheran parish";
const LODZ_END: Day = toDay({ year: LODZ_LAST_YEAR, month: 12, day: 31 });
const LODZ_START: Day = toDay({ year: LODZ_FIRST_YEAR, month: 1, day: 1 });

class LodzBuilder extends Builder {
  private readonly pending: Pending[] = [];
  private readonly acts = new Map<string, number>();

  run(): FamilyDataSet {
    // Founding couples marry through 1800–1849 in date order, and the parish's children marry in between,
    // so that a child of one family can marry a child of another. A founding couple needs two places: the set
    // holds `count` people, or one fewer.
    const first = toDay({ year: 1800, month: 1, day: 1 });
    const last = toDay({ year: LODZ_LAST_YEAR - 2, month: 12, day: 31 });
    let cursor = first;
    while (this.people.length + 2 <= this.limit) {
      cursor += this.rng.int(20, 160);
      if (cursor > last) {
        this.weddingsUntil(Infinity);
        cursor = first + this.rng.int(0, 60);
        continue;
      }
      this.weddingsUntil(cursor);
      if (this.people.length + 2 > this.limit) break;
      const husband = this.newcomer("m", cursor, drawLineage(this.rng, 0.2));
      const wife = this.newcomer("f", cursor, drawLineage(this.rng, 0.2));
      this.marry(husband, wife, cursor);
    }
    this.weddingsUntil(Infinity);
    return { people: this.people.map(strip), families: this.families, trees: [] };
  }

  /** The weddings of the parish's own children due by `day`, earliest first. */
  private weddingsUntil(day: Day): void {
    this.pending.sort((a, b) => a.day - b.day || a.person.number - b.person.number);
    while (this.pending.length && (this.pending[0] as Pending).day <= day && !this.full) {
      const next = this.pending.shift() as Pending;
      if (next.person.married) continue;
      const partner = this.partnerFor(next) ?? this.newcomer(next.person.sex === "m" ? "f" : "m", next.day);
      if (next.person.sex === "m") this.marry(next.person, partner, next.day);
      else this.marry(partner, next.person, next.day);
    }
  }

  /** Someone who came into the parish to marry: born elsewhere (older people mostly abroad). */
  private newcomer(sex: Sex, marriageDay: Day, lineage?: Lineage): Person {
    const rng = this.rng;
    const age = sex === "m" ? rng.int(years(20), years(34)) : rng.int(years(17), years(29));
    const birthDay = marriageDay - age;
    const line = lineage ?? drawLineage(rng, 0.25);
    const born = fromDay(birthDay);
    const place = born.year < 1815 && rng.chance(0.6) ? rng.pick(ORIGINS) : rng.weightedPick(LODZ_PLACES);
    return this.add({
      lineage: line,
      surname: surnameOf(line, sex),
      given: givenOf(rng, sex, line.polish),
      sex,
      birth: born,
      birthDay,
      birthPlace: place,
      ...BORN_HERE,
      parents: null,
    });
  }

  /** Another parishioner waiting to marry about then: of the other sex, not a sibling, of a fitting age. */
  private partnerFor(p: Pending): Person | undefined {
    if (!this.rng.chance(0.45)) return undefined;
    const index = this.pending.findIndex(
      (o) =>
        !o.person.married &&
        o.person.sex !== p.person.sex &&
        o.person.parents !== p.person.parents &&
        Math.abs(o.person.birthDay - p.person.birthDay) < years(8) &&
        p.day - o.person.birthDay > years(17) &&
        (o.person.deathDay === null || o.person.deathDay > p.day),
    );
    if (index < 0) return undefined;
    const [found] = this.pending.splice(index, 1);
    return found?.person;
  }

  private act(kind: string, day: Day): string {
    const year = fromDay(day).year;
    const key = `${kind}${year}`;
    const n = (this.acts.get(key) ?? 0) + 1;
    this.acts.set(key, n);
    return `${PARISH}, ${kind} ${year}, act ${n}`;
  }

  private marry(husband: Person, wife: Person, day: Day): void {
    const rng = this.rng;
    husband.married = true;
    wife.married = true;
    const place = rng.chance(0.85) ? "Łódź" : rng.weightedPick(LODZ_PLACES);
    const family: FamilyInput = {
      husband: husband.number,
      wife: wife.number,
      marriage: fromDay(day),
      marriagePlace: place,
      children: [],
    };
    const familyIndex = this.families.push(family) - 1;
    if (day >= LODZ_START && place === "Łódź") {
      const source = this.act("marriages", day);
      husband.sources.push(source);
      wife.sources.push(source);
    }
    // Death dates of the couple: after the wedding, the husband possibly before his last child's birth.
    // A child of the register whose death is not in it lived past its end.
    const endOf = (p: Person) =>
      p.deathDay ?? (p.deathFixed ? LODZ_END + years(5) + rng.int(0, years(40)) : day + rng.int(years(1), years(45)));
    const husbandEnd = endOf(husband);
    const wifeEnd = endOf(wife);
    const lastBirth = Math.min(wife.birthDay + years(45), wifeEnd - 1, husbandEnd + 270, LODZ_END);
    const count = rng.int(0, 9);
    let birthDay = day + rng.int(280, 700);
    let lastChild = day;
    for (let i = 0; i < count && birthDay <= lastBirth && !this.full; i++) {
      const child = this.child(husband, wife, familyIndex, birthDay);
      family.children.push(child.number);
      lastChild = birthDay;
      birthDay += rng.int(430, 1100);
    }
    if (!husband.deathFixed) this.recordDeath(husband, Math.max(husbandEnd, lastChild - 260), "Łódź");
    if (!wife.deathFixed) this.recordDeath(wife, Math.max(wifeEnd, lastChild + 1), "Łódź");
  }

  private recordDeath(p: Person, day: Day, place: string): void {
    p.deathFixed = true;
    this.setDeath(p, day, LODZ_END, place);
    if (p.deathDay !== null && p.deathDay >= LODZ_START) p.sources.push(this.act("burials", p.deathDay));
  }

  private child(father: Person, mother: Person, familyIndex: number, birthDay: Day): Person {
    const rng = this.rng;
    const sex: Sex = rng.chance(0.51) ? "m" : "f";
    // A child is named after a parent now and then.
    const given = rng.chance(0.2)
      ? sex === "m"
        ? father.given
        : mother.given
      : givenOf(rng, sex, father.lineage.polish);
    const place = rng.chance(0.9) ? "Łódź" : rng.weightedPick(LODZ_PLACES);
    const child = this.add({
      lineage: father.lineage,
      surname: surnameOf(father.lineage, sex),
      given,
      sex,
      birth: fromDay(birthDay),
      birthDay,
      birthPlace: place,
      ...BORN_HERE,
      parents: familyIndex,
    });
    if (birthDay >= LODZ_START && place === "Łódź") child.sources.push(this.act("baptisms", birthDay));
    const end = birthDay + this.lifespanDays(rng, 0.3);
    this.recordDeath(child, end, rng.chance(0.9) ? "Łódź" : place);
    const wedding = birthDay + (sex === "m" ? rng.int(years(20), years(30)) : rng.int(years(17), years(26)));
    if (wedding <= LODZ_END - 280 && wedding < end && rng.chance(0.7))
      this.pending.push({ person: child, day: wedding });
    return child;
  }
}

function strip(p: Person): PersonInput {
  return {
    number: p.number,
    surname: p.surname,
    given: p.given,
    sex: p.sex,
    birth: p.birth,
    birthPlace: p.birthPlace,
    death: p.death,
    deathPlace: p.deathPlace,
    notes: p.notes,
    sources: p.sources,
    tree: p.tree,
  };
}

export function generateLodz(opts: { count: number; seed: number }): FamilyDataSet {
  if (opts.count <= 0) return { people: [], families: [], trees: [] };
  return new LodzBuilder(new Rng(opts.seed ^ LODZ_SALT, 0), opts.count).run();
}

// ---- Master Pedigree Database ----------------------------------------------

interface TreePlan {
  title: string;
  submitter: string;
  submittedOn: string;
  homeland: readonly string[];
  /** Where the family lived from the year given, in order. */
  moves: readonly { from: number; places: readonly string[] }[];
  polishShare: number;
}

const CONGRESS_POLAND = ["Łódź", "Zgierz", "Pabianice", "Konstantynów", "Aleksandrów", "Kalisz", "Nowosolna"];
const VOLHYNIA = ["Rożyszcze", "Heimtal", "Żytomierz", "Łuck", "Tuczyn", "Emilin", "Wladimir-Wolynsk"];

const TREE_PLANS: readonly TreePlan[] = [
  {
    title: "From Nagold to Łódź and Rożyszcze",
    submitter: "Helga Krüger (member 1042)",
    submittedOn: "2019-03-14",
    homeland: ["Nagold, Württemberg", "Calw, Württemberg", "Wildberg, Württemberg"],
    moves: [
      { from: 1800, places: CONGRESS_POLAND },
      { from: 1865, places: VOLHYNIA },
      { from: 1920, places: ["Winnipeg, Manitoba", "Edmonton, Alberta", "Regina, Saskatchewan"] },
    ],
    polishShare: 0.05,
  },
  {
    title: "Descendants of a Pomeranian weaver",
    submitter: "Robert Schendel (member 2217)",
    submittedOn: "2021-11-02",
    homeland: ["Stolp, Pomerania", "Kolberg, Pomerania", "Neustettin, Pomerania"],
    moves: [
      { from: 1810, places: CONGRESS_POLAND },
      { from: 1880, places: VOLHYNIA },
      { from: 1940, places: ["Posen", "Litzmannstadt", "Bremen"] },
    ],
    polishShare: 0.1,
  },
  {
    title: "Weber, Hoffmann and allied families of Zgierz",
    submitter: "Anna Weber-Nowak (member 0877)",
    submittedOn: "2017-06-30",
    homeland: ["Reichenbach, Saxony", "Glauchau, Saxony", "Zittau, Saxony"],
    moves: [
      { from: 1805, places: CONGRESS_POLAND },
      { from: 1930, places: ["Łódź", "Warszawa", "Berlin"] },
    ],
    polishShare: 0.2,
  },
  {
    title: "The Volhynian colonists of Heimtal",
    submitter: "Donald Rempel (member 3150)",
    submittedOn: "2022-01-19",
    homeland: ["Bietigheim, Württemberg", "Marbach, Württemberg"],
    moves: [
      { from: 1795, places: ["Płock", "Gostynin", "Włocławek"] },
      { from: 1860, places: VOLHYNIA },
      { from: 1915, places: ["Stuttgart", "Kitchener, Ontario", "Winnipeg, Manitoba"] },
    ],
    polishShare: 0.05,
  },
  {
    title: "A Kalisz family and its Polish branches",
    submitter: "Krystyna Lange (member 1499)",
    submittedOn: "2020-08-08",
    homeland: ["Züllichau, Brandenburg", "Schwiebus, Brandenburg"],
    moves: [
      { from: 1800, places: ["Kalisz", "Turek", "Zduńska Wola", "Łódź"] },
      { from: 1925, places: ["Łódź", "Poznań", "Toruń"] },
    ],
    polishShare: 0.35,
  },
  {
    title: "Schulz and Fenske of Pabianice",
    submitter: "Michael Fenske (member 2790)",
    submittedOn: "2023-05-21",
    homeland: ["Grünberg, Silesia", "Sagan, Silesia"],
    moves: [
      { from: 1815, places: ["Pabianice", "Łódź", "Rzgów"] },
      { from: 1890, places: VOLHYNIA },
      { from: 1945, places: ["Hannover", "Bielefeld"] },
    ],
    polishShare: 0.1,
  },
];

const GENEALOGY_END: Day = toDay({ year: GENEALOGY_LAST_YEAR, month: 12, day: 31 });
/** Submitters record deaths up to about when they sent their trees. */
const RECORDED_UNTIL: Day = toDay({ year: 2016, month: 12, day: 31 });

const GENEALOGY_SOURCES = [
  "Church book, baptisms",
  "Church book, marriages",
  "Church book, burials",
  "Family Bible",
  "Letter of a relative",
  "Civil register extract",
  "Emigration papers",
  "Gravestone",
];

/** How likely the first, second, … child who could marry is followed into the next generation. */
const MARRYING_CHANCE = [0.95, 0.8, 0.5, 0.25];

class TreeBuilder extends Builder {
  private treeIndex = 0;
  private treeCount = 0;
  private treeLimit = 0;
  private plan: TreePlan = TREE_PLANS[0] as TreePlan;
  private readonly shared: PersonInput[];

  constructor(rng: Rng, limit: number, lodz: FamilyDataSet | undefined) {
    super(rng, limit);
    // Unmarried Lodz children still living at the end of the register: they married later, elsewhere.
    const married = new Set(lodz?.families.flatMap((f) => [f.husband, f.wife]));
    this.shared = (lodz?.people ?? []).filter(
      (p) => p.death === null && p.birth && p.birth.year >= 1826 && !married.has(p.number),
    );
  }

  run(treeCount: number): FamilyDataSet {
    const trees: TreeInput[] = [];
    const per = Math.ceil(this.limit / treeCount);
    for (let t = 0; t < treeCount && !this.full; t++) {
      this.plan = TREE_PLANS[t % TREE_PLANS.length] as TreePlan;
      this.treeIndex = t;
      this.treeCount = 0;
      this.treeLimit = Math.min(per, this.limit - this.people.length);
      trees.push({
        title:
          t < TREE_PLANS.length ? this.plan.title : `${this.plan.title} (${Math.floor(t / TREE_PLANS.length) + 1})`,
        submitter: this.plan.submitter,
        submittedOn: this.plan.submittedOn,
      });
      this.tree();
    }
    return { people: this.people.map(strip), families: this.families, trees };
  }

  private get treeFull(): boolean {
    return this.full || this.treeCount >= this.treeLimit;
  }

  private placeIn(year: number): string {
    let places = this.plan.homeland;
    for (const m of this.plan.moves) if (year >= m.from + this.rng.int(-5, 5)) places = m.places;
    return this.rng.pick(places);
  }

  private date(day: Day): PartialDate {
    const d = fromDay(day);
    // Old entries often give the year alone.
    if (d.year < 1800 && this.rng.chance(0.35)) return { year: d.year, month: 0, day: 0 };
    return d;
  }

  private person(sex: Sex, birthDay: Day, lineage: Lineage, parents: number | null, given?: string): Person {
    const rng = this.rng;
    const born = fromDay(birthDay);
    const p = this.add({
      lineage,
      surname: surnameOf(lineage, sex),
      given: given ?? givenOf(rng, sex, lineage.polish),
      sex,
      birth: this.date(birthDay),
      birthDay,
      birthPlace: this.placeIn(born.year),
      death: null,
      deathDay: null,
      deathPlace: "",
      tree: this.treeIndex,
      parents,
    });
    this.treeCount++;
    const end = birthDay + this.lifespanDays(rng, born.year < 1900 ? 0.2 : 0.05);
    // The living and the recently dead are often left without a death in submitted trees.
    if (end <= RECORDED_UNTIL && (born.year < 1900 || rng.chance(0.5))) {
      this.setDeath(p, end, RECORDED_UNTIL, this.placeIn(fromDay(end).year));
      if (p.death) p.death = this.date(end);
    }
    p.sources.push(rng.pick(GENEALOGY_SOURCES));
    if (rng.chance(0.3)) {
      const other = rng.pick(GENEALOGY_SOURCES);
      if (!p.sources.includes(other)) p.sources.push(other);
    }
    return p;
  }

  /** A spouse from outside the tree; between 1826 and 1840 sometimes a person of the Lodz families. */
  private spouse(of: Person, day: Day): Person {
    const rng = this.rng;
    const sex: Sex = of.sex === "m" ? "f" : "m";
    const born = fromDay(of.birthDay).year;
    if (born >= 1822 && born <= 1840 && rng.chance(0.5)) {
      const index = this.shared.findIndex(
        (s) =>
          s.sex === sex && s.birth !== null && Math.abs(s.birth.year - born) <= 6 && day - toDay(s.birth) > years(17),
      );
      if (index >= 0) {
        const s = this.shared[index] as PersonInput;
        this.shared.splice(index, 1);
        const lineage = drawLineage(rng, 0);
        const p = this.person(sex, toDay(s.birth as PartialDate), lineage, null, s.given);
        p.surname = s.surname;
        p.birth = s.birth;
        p.birthPlace = s.birthPlace;
        p.notes = `Born in Łódź; the Łódź parish families list ${s.given} ${s.surname}, born ${dateText(s.birth as PartialDate)}.`;
        if (p.deathDay !== null && p.deathDay <= day)
          this.setDeath(p, day + rng.int(years(5), years(40)), RECORDED_UNTIL, p.deathPlace);
        return p;
      }
    }
    const age = sex === "m" ? rng.int(years(20), years(32)) : rng.int(years(17), years(28));
    const p = this.person(
      sex,
      Math.min(day - age, of.birthDay + years(8)),
      drawLineage(rng, this.plan.polishShare),
      null,
    );
    if (p.deathDay !== null && p.deathDay <= day) {
      this.setDeath(
        p,
        day + rng.int(years(3), years(40)),
        RECORDED_UNTIL,
        p.deathPlace || this.placeIn(fromDay(day).year),
      );
    }
    return p;
  }

  /** A tree: one founding line, and another when a line dies out early (each adds at least its founder). */
  private tree(): void {
    while (!this.treeFull) this.line();
  }

  private line(): void {
    const rng = this.rng;
    const lineage = drawLineage(rng, this.plan.polishShare);
    const birthDay = dayOf(rng.int(1745, 1758), rng);
    const root = this.person("m", birthDay, lineage, null);
    const queue: Pending[] = [{ person: root, day: birthDay + rng.int(years(21), years(28)) }];
    while (queue.length && !this.treeFull) {
      const { person, day } = queue.shift() as Pending;
      if (person.deathDay !== null && person.deathDay <= day) continue;
      const partner = this.spouse(person, day);
      const [husband, wife] = person.sex === "m" ? [person, partner] : [partner, person];
      husband.married = wife.married = true;
      const family: FamilyInput = {
        husband: husband.number,
        wife: wife.number,
        marriage: this.date(day),
        marriagePlace: this.placeIn(fromDay(day).year),
        children: [],
      };
      const familyIndex = this.families.push(family) - 1;
      const lastBirth = Math.min(
        wife.birthDay + years(44),
        (wife.deathDay ?? Infinity) - 1,
        (husband.deathDay ?? Infinity) + 270,
        GENEALOGY_END,
      );
      let birth = day + rng.int(280, 800);
      let marrying = 0;
      const count = rng.int(2, 9);
      for (let i = 0; i < count && birth <= lastBirth && !this.treeFull; i++) {
        const sex: Sex = rng.chance(0.5) ? "m" : "f";
        // Sons carry the name; a daughter's line continues under her husband's.
        const child = this.person(sex, birth, husband.lineage, familyIndex);
        family.children.push(child.number);
        const wedding = birth + rng.int(years(19), years(29));
        const lives = child.deathDay === null || child.deathDay > wedding;
        if (lives && wedding <= GENEALOGY_END - years(1) && rng.chance(MARRYING_CHANCE[marrying] ?? 0)) {
          marrying++;
          queue.push({ person: child, day: wedding });
        }
        birth += rng.int(430, 1200);
      }
    }
  }
}

export const DEFAULT_TREE_COUNT = 6;

export function generateGenealogy(opts: {
  count: number;
  seed: number;
  trees?: number;
  /** The Lodz data set, some of whose people marry into the trees. */
  lodz?: FamilyDataSet;
}): FamilyDataSet {
  if (opts.count <= 0) return { people: [], families: [], trees: [] };
  const trees = Math.max(1, Math.min(opts.trees ?? DEFAULT_TREE_COUNT, Math.ceil(opts.count / 50)));
  return new TreeBuilder(new Rng(opts.seed ^ GENEALOGY_SALT, 0), opts.count, opts.lodz).run(trees);
}
