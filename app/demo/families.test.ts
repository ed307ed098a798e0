import { describe, expect, it } from "vitest";
import { type PartialDate, dateSort, mayBeLiving } from "~/families/dates";
import type { FamilyDataSet } from "~/families/input";
import { generateGenealogy, generateLodz } from "./families";

const lodz = generateLodz({ count: 1500, seed: 1838 });
const genealogy = generateGenealogy({ count: 1200, seed: 1838, lodz });

const day = (d: PartialDate) => dateSort({ year: d.year, month: d.month || 7, day: d.day || 1 });
const yearsBetween = (a: PartialDate, b: PartialDate) => (day(b) - day(a)) / 10000;

/** Every family's dates agree: both spouses old enough at the wedding and alive, children after it and before the mother's death. */
function checkConsistency(set: FamilyDataSet) {
  const by = new Map(set.people.map((p) => [p.number, p]));
  for (const p of set.people) {
    if (p.birth && p.death) expect(day(p.death)).toBeGreaterThanOrEqual(day(p.birth));
  }
  for (const f of set.families) {
    const husband = by.get(f.husband!)!;
    const wife = by.get(f.wife!)!;
    expect(husband.sex).toBe("m");
    expect(wife.sex).toBe("f");
    for (const spouse of [husband, wife]) {
      if (f.marriage && spouse.birth) expect(yearsBetween(spouse.birth, f.marriage)).toBeGreaterThanOrEqual(16);
      if (f.marriage && spouse.death) expect(day(spouse.death)).toBeGreaterThanOrEqual(day(f.marriage));
    }
    for (const n of f.children) {
      const child = by.get(n)!;
      expect(child.birth).not.toBeNull();
      if (f.marriage) expect(day(child.birth!)).toBeGreaterThan(day(f.marriage));
      // Parents are older than their children: the mother 16–46 at the birth.
      const age = yearsBetween(wife.birth!, child.birth!);
      expect(age).toBeGreaterThanOrEqual(16);
      expect(age).toBeLessThan(46);
      expect(day(husband.birth!)).toBeLessThan(day(child.birth!));
      if (wife.death) expect(day(wife.death)).toBeGreaterThanOrEqual(day(child.birth!));
    }
  }
}

describe("demo families", () => {
  it("are the same for the same seed and differ for another", () => {
    expect(generateLodz({ count: 1500, seed: 1838 })).toEqual(lodz);
    expect(generateGenealogy({ count: 1200, seed: 1838, lodz })).toEqual(genealogy);
    expect(generateLodz({ count: 1500, seed: 7 }).people[0]).not.toEqual(lodz.people[0]);
  });

  it("hold about the number of people asked for, numbered from 1", () => {
    expect(lodz.people.length).toBeGreaterThanOrEqual(1499);
    expect(lodz.people.length).toBeLessThanOrEqual(1500);
    expect(genealogy.people.length).toBeLessThanOrEqual(1200);
    expect(genealogy.people.length).toBeGreaterThan(1100);
    expect(lodz.people.map((p) => p.number)).toEqual(lodz.people.map((_, i) => i + 1));
    expect(generateLodz({ count: 0, seed: 1 }).people).toEqual([]);
  });

  it("keep every date consistent within a family", () => {
    checkConsistency(lodz);
    checkConsistency(genealogy);
  });

  it("place Lodz in 1826–1851: nobody born or dying after the register, baptisms and burials cited", () => {
    for (const p of lodz.people) {
      expect(p.birth!.year).toBeLessThanOrEqual(1851);
      if (p.death) expect(p.death.year).toBeLessThanOrEqual(1851);
    }
    const sources = lodz.people.flatMap((p) => p.sources);
    expect(sources.some((s) => /baptisms 18(2[6-9]|[34]\d)/.test(s))).toBe(true);
    expect(sources.some((s) => s.includes("marriages"))).toBe(true);
    expect(sources.some((s) => s.includes("burials"))).toBe(true);
    // Many families are linked: a child of one family marries a child of another.
    const children = new Set(lodz.families.flatMap((f) => f.children));
    expect(lodz.families.filter((f) => children.has(f.husband!) && children.has(f.wife!)).length).toBeGreaterThan(10);
  });

  it("spread the trees over 1750–1950, with some people also in Lodz and some who may be living", () => {
    const years = genealogy.people.map((p) => p.birth!.year);
    expect(Math.min(...years)).toBeLessThan(1760);
    expect(Math.max(...years)).toBeGreaterThan(1925);
    expect(Math.max(...years)).toBeLessThanOrEqual(1950);
    expect(new Set(genealogy.people.map((p) => p.tree)).size).toBe(genealogy.trees.length);
    expect(genealogy.trees.length).toBeGreaterThanOrEqual(3);
    const inLodz = new Set(lodz.people.map((p) => `${p.given}|${p.surname}|${p.birth?.year}`));
    expect(
      genealogy.people.filter((p) => inLodz.has(`${p.given}|${p.surname}|${p.birth?.year}`)).length,
    ).toBeGreaterThan(0);
    const now = new Date("2026-11-22T00:00:00Z");
    expect(
      genealogy.people.filter((p) => mayBeLiving({ birthYear: p.birth!.year, deathYear: p.death?.year ?? null }, now))
        .length,
    ).toBeGreaterThan(0);
  });
});
