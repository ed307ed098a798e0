import { describe, expect, it } from "vitest";
import { gregorianToJdn, julianToGregorian, julianToJdn } from "~/search/calendar";
import {
  COLLECTION_IDS,
  DEFAULT_DEMO_SEED,
  FIELD_NAMES,
  FIRST_YEAR,
  LAST_YEAR,
  MISSING_YEARS,
  collectionAt,
  countsByCollection,
  generateRecords,
  recordAt,
  type CollectionId,
  type DemoRecord,
} from "./generator";
import {
  FEMALE_NAMES,
  MALE_NAMES,
  SURNAMES,
  SURNAME_TOP_SHARE,
  feminineSurname,
  surnameFormIndex,
  transliterateCyrillic,
} from "./names";
import { PARISHES } from "./places";

const take = (count: number, seed?: number, startId?: number): DemoRecord[] => [
  ...generateRecords({ count, seed, startId }),
];

// One shared sample keeps the statistical tests fast.
const SAMPLE = take(20_000);

/** The subject's surname: the person born or buried, or the groom. */
const subjectSurname = (r: DemoRecord): string | null | undefined =>
  r.collection === "stpete-marriage" ? r.fields.groomSurname : r.fields.surname;

describe("determinism", () => {
  it("gives the same records for the same seed", () => {
    expect(take(1000)).toEqual(take(1000, DEFAULT_DEMO_SEED));
    expect(take(1000, 77)).toEqual(take(1000, 77));
  });

  it("gives different records for a different seed", () => {
    const a = take(200, 1);
    const b = take(200, 2);
    const same = a.filter((r, i) => JSON.stringify(r) === JSON.stringify(b[i])).length;
    expect(same).toBe(0);
  });

  it("is a prefix of a longer run and can start anywhere", () => {
    const long = take(3000);
    expect(take(1000)).toEqual(long.slice(0, 1000));
    expect(take(700, undefined, 1300)).toEqual(long.slice(1300, 2000));
    expect(recordAt(2345)).toEqual(long[2345]);
    expect(SAMPLE.slice(0, 3000)).toEqual(long);
  });
});

describe("record shape", () => {
  it("carries exactly the collection's field names", () => {
    for (const r of SAMPLE.slice(0, 2000)) {
      expect(Object.keys(r.fields)).toEqual(FIELD_NAMES[r.collection]);
      for (const value of Object.values(r.fields)) {
        expect(value === null || (typeof value === "string" && value.length > 0)).toBe(true);
      }
    }
  });

  it("always names the subject, the place and the parish, and cites the source", () => {
    const places = new Map(PARISHES.map((p) => [p.name, new Set(p.places.map((x) => x.name))]));
    const bad = SAMPLE.filter((r) => {
      const page = Number(r.fields.page);
      return !(
        subjectSurname(r) &&
        places.get(r.fields.parish ?? "")?.has(r.fields.place ?? "") &&
        /^\d{7}$/.test(r.fields.film ?? "") &&
        /^Fond 828, Opis 1, Delo \d+$/.test(r.fields.register ?? "") &&
        Number.isInteger(page) &&
        page >= 1 &&
        page <= 400
      );
    });
    expect(bad).toEqual([]);
  });

  it("gives deaths an age and adults mostly no parents", () => {
    const deaths = SAMPLE.filter((r) => r.collection === "stpete-death");
    const adults = deaths.filter((r) => /^\d+$/.test(r.fields.age ?? "") && Number(r.fields.age) >= 15);
    const withParents = adults.filter((r) => r.fields.fatherGivenName !== null).length;
    expect(withParents / adults.length).toBeLessThan(0.25);
    expect(deaths.some((r) => /^\d+ months$/.test(r.fields.age ?? ""))).toBe(true);
    for (const r of deaths) {
      if (r.fields.age !== null) {
        expect(r.fields.age).toMatch(/^(\d+|1 year( \d+ months?)?|\d+ (days?|weeks?|months?))$/);
      }
    }
  });

  it("describes marriage parents and previous spouses", () => {
    const marriages = SAMPLE.filter((r) => r.collection === "stpete-marriage");
    const groomParents = marriages.map((r) => r.fields.groomParents ?? "");
    expect(groomParents.some((s) => / and .+ née /.test(s))).toBe(true);
    expect(groomParents.some((s) => /^widower of .+ née /.test(s))).toBe(true);
    const widows = marriages.filter((r) => r.fields.brideParents?.startsWith("widow of "));
    expect(widows.length).toBeGreaterThan(0);
    for (const r of widows) {
      // She marries under her late husband's name, in its feminine form.
      const husbandSurname = (r.fields.brideParents ?? "").split(" ").pop() ?? "";
      expect([husbandSurname, feminineSurname(husbandSurname)]).toContain(r.fields.brideSurname);
    }
  });
});

describe("dates", () => {
  it("stays within 1833–1885 and skips the missing years", () => {
    const ok = (year: number) => year >= FIRST_YEAR && year <= LAST_YEAR && !MISSING_YEARS.includes(year);
    const bad = SAMPLE.filter((r) => !ok(r.date.year) || !ok(r.julianDate.year));
    expect(bad).toEqual([]);
    const years = new Set(SAMPLE.map((r) => r.date.year));
    expect(years.size).toBe(LAST_YEAR - FIRST_YEAR + 1 - MISSING_YEARS.length);
  });

  it("has the Gregorian date 12 days after the Julian one", () => {
    const bad = SAMPLE.filter((r) => {
      const g = julianToGregorian(r.julianDate);
      return (
        g.year !== r.date.year ||
        g.month !== r.date.month ||
        g.day !== r.date.day ||
        gregorianToJdn(r.date) !== julianToJdn(r.julianDate) ||
        gregorianToJdn(r.date) - gregorianToJdn(r.julianDate) !== 12
      );
    });
    expect(bad).toEqual([]);
  });

  it("grows over time", () => {
    const early = SAMPLE.filter((r) => r.date.year < 1850).length / 15;
    const late = SAMPLE.filter((r) => r.date.year > 1870).length / 15;
    expect(late).toBeGreaterThan(early * 1.5);
  });
});

describe("collections", () => {
  it("splits births 55 %, deaths 30 %, marriages 15 %, interleaved", () => {
    const counts = new Map<CollectionId, number>();
    for (const r of SAMPLE) counts.set(r.collection, (counts.get(r.collection) ?? 0) + 1);
    expect((counts.get("stpete-birth") ?? 0) / SAMPLE.length).toBeCloseTo(0.55, 1);
    expect(Math.abs((counts.get("stpete-birth") ?? 0) / SAMPLE.length - 0.55)).toBeLessThan(0.02);
    expect(Math.abs((counts.get("stpete-death") ?? 0) / SAMPLE.length - 0.3)).toBeLessThan(0.02);
    expect(Math.abs((counts.get("stpete-marriage") ?? 0) / SAMPLE.length - 0.15)).toBeLessThan(0.02);
    // Every 20 consecutive records contain all three collections.
    for (let i = 0; i + 20 <= 200; i += 20) {
      expect(new Set(SAMPLE.slice(i, i + 20).map((r) => r.collection)).size).toBe(3);
    }
  });

  it("countsByCollection predicts what generateRecords yields", () => {
    for (const [count, startId] of [
      [0, 0],
      [1, 0],
      [19, 0],
      [20_000, 0],
      [777, 13],
      [5, 999_999],
    ] as const) {
      const actual: Record<CollectionId, number> = {
        "stpete-birth": 0,
        "stpete-death": 0,
        "stpete-marriage": 0,
      };
      for (let i = startId; i < startId + count; i++) actual[collectionAt(i)]++;
      expect(countsByCollection(count, startId)).toEqual(actual);
    }
    const sampleCounts = countsByCollection(SAMPLE.length);
    for (const id of COLLECTION_IDS) {
      expect(SAMPLE.filter((r) => r.collection === id).length).toBe(sampleCounts[id]);
    }
  });
});

describe("names", () => {
  it("keeps the most common surname near 1 % of records", () => {
    const literal = new Map<string, number>();
    const family = new Map<string, number>();
    const canonicalOf = surnameFormIndex();
    for (const r of SAMPLE) {
      const s = subjectSurname(r) ?? "";
      literal.set(s, (literal.get(s) ?? 0) + 1);
      const c = canonicalOf.get(s) ?? s;
      family.set(c, (family.get(c) ?? 0) + 1);
    }
    const topLiteral = Math.max(...literal.values()) / SAMPLE.length;
    const [topFamily, topFamilyCount] = [...family].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    expect(topLiteral).toBeGreaterThanOrEqual(0.005);
    expect(topLiteral).toBeLessThanOrEqual(0.015);
    expect(topFamilyCount / SAMPLE.length).toBeLessThanOrEqual(0.015);
    expect(topFamilyCount / SAMPLE.length).toBeGreaterThanOrEqual(0.005);
    expect(["Schmidt", "Müller", "Schulz", "Wagner", "Krüger"]).toContain(topFamily);
  });

  it("spells a family in German, Polish, Russian and (rarely) Cyrillic forms", () => {
    const surnames = SAMPLE.map((r) => subjectSurname(r) ?? "");
    const count = (s: string) => surnames.filter((x) => x === s).length;
    expect(count("Schmidt")).toBeGreaterThan(count("Szmidt"));
    expect(count("Szmidt") + count("Szmit")).toBeGreaterThan(0);
    expect(count("Shmidt")).toBeGreaterThan(0);
    const cyrillic = surnames.filter((s) => /[\u0400-\u04ff]/.test(s)).length / surnames.length;
    expect(cyrillic).toBeGreaterThan(0.003);
    expect(cyrillic).toBeLessThan(0.02);
  });

  it("uses -ska/-cka forms for women and never for men", () => {
    const births = SAMPLE.filter((r) => r.collection === "stpete-birth");
    const feminine = /(sk|ck|zk)a$/;
    expect(births.some((r) => feminine.test(r.fields.surname ?? ""))).toBe(true);
    expect(births.some((r) => feminine.test(r.fields.motherMaidenName ?? ""))).toBe(true);
    const marriages = SAMPLE.filter((r) => r.collection === "stpete-marriage");
    expect(marriages.some((r) => feminine.test(r.fields.brideSurname ?? ""))).toBe(true);
    for (const r of marriages) {
      expect(r.fields.groomSurname).not.toMatch(feminine);
      expect(r.fields.brideSurname).not.toMatch(/(sk|ck|zk)i$/);
    }
    for (const r of births) expect(r.fields.motherMaidenName).not.toMatch(/(sk|ck|zk)[iy]$/);
  });

  it("gives many people two given names and some in Polish or Russian form", () => {
    const births = SAMPLE.filter((r) => r.collection === "stpete-birth");
    const doubles = births.filter((r) => (r.fields.givenName ?? "").includes(" ")).length;
    expect(doubles / births.length).toBeGreaterThan(0.15);
    const fathers = births.map((r) => r.fields.fatherGivenName ?? "");
    expect(fathers.some((f) => f === "Jan")).toBe(true);
    expect(fathers.some((f) => f === "Iogann" || f === "Ivan")).toBe(true);
    expect(fathers.filter((f) => f === "Johann").length).toBeGreaterThan(fathers.filter((f) => f === "Jan").length);
  });

  it("marks illegitimate births without a father, under the mother's name", () => {
    const births = SAMPLE.filter((r) => r.collection === "stpete-birth");
    const illegitimate = births.filter((r) => r.fields.remarks?.startsWith("illegitimate"));
    expect(illegitimate.length).toBeGreaterThan(0);
    for (const r of illegitimate) {
      expect(r.fields.fatherGivenName).toBeNull();
      expect(feminineSurname(r.fields.surname ?? "")).toBe(r.fields.motherMaidenName);
    }
  });

  it("puts twins in consecutive births with the same parents and date", () => {
    const births = SAMPLE.filter((r) => r.collection === "stpete-birth");
    let pairs = 0;
    for (let i = 1; i < births.length; i++) {
      const a = births[i - 1] as DemoRecord;
      const b = births[i] as DemoRecord;
      if (!a.fields.remarks?.includes("twin") || !b.fields.remarks?.includes("twin")) continue;
      if (a.fields.motherGivenName !== b.fields.motherGivenName) continue;
      pairs++;
      expect(b.date).toEqual(a.date);
      expect(b.fields.motherMaidenName).toBe(a.fields.motherMaidenName);
      expect(b.fields.fatherGivenName).toBe(a.fields.fatherGivenName);
      expect(b.fields.place).toBe(a.fields.place);
      expect(b.fields.page).toBe(a.fields.page);
    }
    expect(pairs).toBeGreaterThan(births.length * 0.008);
  });
});

describe("name and place tables", () => {
  it("has enough surnames, with the most common capped near 1.2 %", () => {
    expect(SURNAMES.filter((s) => s.origin === "german").length).toBeGreaterThanOrEqual(250);
    const polish = SURNAMES.filter((s) => s.origin === "polish");
    expect(polish.length).toBeGreaterThanOrEqual(60);
    expect(polish.filter((s) => /(ski|cki)$/.test(s.canonical)).length).toBeGreaterThan(40);
    const total = SURNAMES.reduce((sum, s) => sum + s.weight, 0);
    const top = Math.max(...SURNAMES.map((s) => s.weight)) / total;
    expect(top).toBeGreaterThan(SURNAME_TOP_SHARE * 0.85);
    expect(top).toBeLessThan(SURNAME_TOP_SHARE * 1.1);
    expect(new Set(SURNAMES.map((s) => s.canonical)).size).toBe(SURNAMES.length);
  });

  it("derives feminine and transliterated forms", () => {
    expect(feminineSurname("Kowalski")).toBe("Kowalska");
    expect(feminineSurname("Nowicki")).toBe("Nowicka");
    expect(feminineSurname("Zawadzki")).toBe("Zawadzka");
    expect(feminineSurname("Nowitzki")).toBe("Nowitzka");
    expect(feminineSurname("Ковальский")).toBe("Ковальская");
    expect(feminineSurname("Иванов")).toBe("Иванова");
    expect(feminineSurname("Schmidt")).toBe("Schmidt");
    expect(feminineSurname("Nowak")).toBe("Nowak");
    expect(feminineSurname("Koval'skiy")).toBe("Koval'skaya");
    expect(feminineSurname("Ivanov")).toBe("Ivanova");
    expect(transliterateCyrillic("Шульц")).toBe("Shul'ts");
    expect(transliterateCyrillic("Вильгельм")).toBe("Vil'gel'm");
    expect(transliterateCyrillic("Шмидт")).toBe("Shmidt");
    expect(transliterateCyrillic("Екатерина")).toBe("Ekaterina");
    expect(transliterateCyrillic("Ковальская")).toBe("Koval'skaya");
    const zielinski = SURNAMES.find((s) => s.canonical === "Zieliński");
    expect(zielinski?.forms.german.f).toContain("Zielińska");
    expect(zielinski?.forms.russian.f).toContain("Zelinskaya");
    const schmidt = SURNAMES.find((s) => s.canonical === "Schmidt");
    expect(schmidt?.forms.polish.m).toEqual(["Szmidt", "Szmit"]);
    expect(schmidt?.forms.cyrillic.f).toEqual(["Шмидт"]);
  });

  it("has enough given names in every language", () => {
    expect(MALE_NAMES.length).toBeGreaterThanOrEqual(60);
    expect(FEMALE_NAMES.length).toBeGreaterThanOrEqual(50);
    for (const entry of [...MALE_NAMES, ...FEMALE_NAMES]) {
      for (const forms of Object.values(entry.forms)) expect(forms.length).toBeGreaterThan(0);
    }
    const johann = MALE_NAMES.find((n) => n.canonical === "Johann");
    expect(johann?.forms.polish).toContain("Jan");
    expect(johann?.forms.russian).toContain("Ivan");
    expect(johann?.forms.latin).toContain("Joannes");
    const gottlieb = MALE_NAMES.find((n) => n.canonical === "Gottlieb");
    expect(gottlieb?.forms.polish).toContain("Bogumił");
  });

  it("lists real parishes with places in the region", () => {
    expect(PARISHES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(PARISHES.map((p) => p.name)).size).toBe(PARISHES.length);
    for (const parish of PARISHES) {
      expect(parish.places.length).toBeGreaterThanOrEqual(4);
      for (const place of parish.places) {
        expect(place.lat).toBeGreaterThan(47);
        expect(place.lat).toBeLessThan(60);
        expect(place.lon).toBeGreaterThan(23);
        expect(place.lon).toBeLessThan(38);
      }
    }
    const total = PARISHES.reduce((sum, p) => sum + p.weight, 0);
    const volhynia = PARISHES.filter((p) => p.governorate === "Volhynia");
    expect(volhynia.reduce((sum, p) => sum + p.weight, 0) / total).toBeGreaterThan(0.6);
    const parishes = new Map<string, number>();
    for (const r of SAMPLE) {
      const name = r.fields.parish ?? "";
      parishes.set(name, (parishes.get(name) ?? 0) + 1);
    }
    expect(parishes.size).toBe(PARISHES.length);
  });
});

describe("speed", () => {
  it("streams 200,000 records quickly and lazily", () => {
    const started = performance.now();
    let days = 0;
    for (const r of generateRecords({ count: 200_000, startId: 1_000_000 })) days += r.date.day;
    const seconds = (performance.now() - started) / 1000;
    expect(days).toBeGreaterThan(0);
    // A sanity bound, not a benchmark: about 0.5 s on the development machine.
    expect(seconds).toBeLessThan(10);
  });

  it("does not build the records before they are asked for", () => {
    const iterator = generateRecords({ count: Number.MAX_SAFE_INTEGER });
    expect(iterator.next().done).toBe(false);
    expect(iterator.next().value).toEqual(recordAt(1));
  });
});
