import { describe, expect, it } from "vitest";
import { Rng } from "~/demo/prng";
import {
  QUERY_KINDS,
  ROUGH_YEAR_SPAN,
  type TargetRecord,
  TRANSLIT_SYSTEMS,
  buildQuerySet,
  makeQuery,
  otherGenderForm,
  transliterate,
  typo,
} from "./known-items";

const record = (id: number, data: TargetRecord["data"], year = 1860): TargetRecord => ({ id, year, data });

describe("transliterate", () => {
  it("writes Мария and Щербаков in the five systems", () => {
    expect(TRANSLIT_SYSTEMS.map((s) => transliterate("Мария", s))).toEqual([
      "Marija",
      "Marija",
      "Mariya",
      "Mariâ",
      "Maria",
    ]);
    expect(TRANSLIT_SYSTEMS.map((s) => transliterate("Щербаков", s))).toEqual([
      "Schtscherbakow",
      "Szczerbakow",
      "Shcherbakov",
      "Ŝerbakov",
      "Chtcherbakov",
    ]);
    expect(transliterate("Иван", "german")).toBe("Iwan");
  });
});

describe("otherGenderForm", () => {
  it("turns -ski/-ska, -cki/-cka and -ow/-owa, and leaves German names alone", () => {
    expect(otherGenderForm("Kowalski", "m", "polish")).toBe("Kowalska");
    expect(otherGenderForm("Nowicka", "f", "polish")).toBe("Nowicki");
    expect(otherGenderForm("Iwanowa", "f", "eastSlavic")).toBe("Iwanow");
    expect(otherGenderForm("Rosenow", "m", "german")).toBeUndefined();
    expect(otherGenderForm("Nowak", "m", "polish")).toBeUndefined();
  });
});

describe("typo", () => {
  it("makes one edit to names of five letters or more, none to shorter ones", () => {
    const rng = new Rng(1);
    for (let i = 0; i < 200; i++) {
      const t = typo("Schmidt", rng);
      expect(t).toBeDefined();
      expect(t).not.toBe("Schmidt");
      expect(Math.abs(t!.length - 7)).toBeLessThanOrEqual(1);
      expect(t!.charAt(0)).toBe("S");
    }
    expect(typo("Radk", rng)).toBeUndefined();
  });
});

describe("makeQuery", () => {
  const kowalska = record(7, {
    surname: "Kowalska",
    givenName: "Maria",
    fatherGivenName: "Johann",
    motherGivenName: "Anna",
    motherMaidenName: "Schmidt",
  });

  it("labels every query with the record meant", () => {
    for (const kind of QUERY_KINDS) {
      const q = makeQuery(kind, kowalska, new Rng(3));
      if (q) expect(q).toMatchObject({ kind, targetId: 7, targetYear: 1860 });
    }
  });

  it("makes each kind's transformation", () => {
    expect(makeQuery("gender-form", kowalska, new Rng(1))?.params).toMatchObject({
      surname: "Kowalski",
      givenName: "Maria",
    });
    expect(makeQuery("russian-translit", kowalska, new Rng(1), 0)?.params.givenName).toBe("Marija");
    expect(makeQuery("russian-translit", kowalska, new Rng(1), 2)?.params.givenName).toBe("Mariya");
    const other = makeQuery("given-name-language", kowalska, new Rng(1))!.params.givenName;
    expect(other.toLowerCase()).not.toBe("maria");
    const year = makeQuery("approx-year", kowalska, new Rng(1))!.params;
    expect(Number(year.yearTo) - Number(year.yearFrom)).toBe(4);
    expect(Number(year.yearFrom)).toBeLessThanOrEqual(1860);
    expect(Number(year.yearTo)).toBeGreaterThanOrEqual(1860);
    const parents = makeQuery("parents", kowalska, new Rng(1))!.params;
    expect(parents.fatherGivenName).toBe("Johann");
    expect(parents.givenName).toBeUndefined();
  });

  it("gives about half the name queries a rough year whose range holds the true year", () => {
    const queries = Array.from({ length: 200 }, (_, i) => makeQuery("as-recorded", kowalska, new Rng(i))!);
    const rough = queries.filter((q) => q.roughYear);
    expect(rough.length).toBeGreaterThan(70);
    expect(rough.length).toBeLessThan(130);
    for (const q of rough) {
      expect(Number(q.params.yearTo) - Number(q.params.yearFrom)).toBe(2 * ROUGH_YEAR_SPAN);
      expect(Number(q.params.yearFrom)).toBeLessThanOrEqual(1860);
      expect(Number(q.params.yearTo)).toBeGreaterThanOrEqual(1860);
    }
    for (const q of queries.filter((x) => !x.roughYear)) expect(q.params.yearFrom).toBeUndefined();
    expect(makeQuery("parents", kowalska, new Rng(1))!.roughYear).toBe(false);
  });

  it("makes nothing where the record offers nothing to transform", () => {
    const german = record(1, { surname: "Schmidt", givenName: "Johann" });
    expect(makeQuery("gender-form", german, new Rng(1))).toBeUndefined();
    expect(makeQuery("german-spelling", german, new Rng(1))).toBeUndefined();
    expect(makeQuery("parents", german, new Rng(1))).toBeUndefined();
    expect(makeQuery("as-recorded", record(2, { surname: "Schmidt", givenName: null }), new Rng(1))).toBeUndefined();
  });
});

describe("buildQuerySet", () => {
  it("is deterministic and stops at the number asked per kind", () => {
    const records = Array.from({ length: 50 }, (_, i) =>
      record(
        i + 1,
        {
          surname: i % 2 ? "Kowalski" : "Schmidt",
          givenName: "Johann",
          fatherGivenName: "Karl",
          motherGivenName: "Anna",
        },
        1840 + (i % 40),
      ),
    );
    const a = buildQuerySet(records, 5);
    expect(a).toEqual(buildQuerySet(records, 5));
    for (const kind of QUERY_KINDS) expect(a.filter((q) => q.kind === kind).length).toBeLessThanOrEqual(5);
    expect(a.filter((q) => q.kind === "as-recorded")).toHaveLength(5);
    expect(buildQuerySet(records, 5, 28)).not.toEqual(a);
  });
});
