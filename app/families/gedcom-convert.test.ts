import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NO_SPOUSE, toFamilyData } from "./gedcom-convert";
import { readGedcom } from "~/gedcom/tree";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../gedcom/fixtures/${name}`, import.meta.url)));

describe("toFamilyData", () => {
  it("numbers people from the first number, keeping the numbers of known xrefs", () => {
    const tree = readGedcom(fixture("v7.ged"));
    const fresh = toFamilyData(tree, { firstNumber: 100 });
    expect(fresh.xrefs).toEqual(["I1", "I2"]);
    expect(fresh.people.map((p) => p.number)).toEqual([100, 101]);
    expect(fresh.families).toEqual([
      { husband: 100, wife: 101, marriage: { year: 1880, month: 5, day: 5 }, marriagePlace: "", children: [] },
    ]);
    // I2 keeps 7; I1 is new and gets the first free number, skipping 7 had it come up.
    const again = toFamilyData(tree, { firstNumber: 7, existing: new Map([["I2", 7]]), tree: 3 });
    expect(again.people.map((p) => [p.number, p.tree])).toEqual([
      [8, 3],
      [7, 3],
    ]);
    expect(again.families[0]).toMatchObject({ husband: 8, wife: 7 });
  });

  it("gives each person the PersonInput fields, sex u included", () => {
    const tree = readGedcom(fixture("v7.ged"));
    const [jan, maria] = toFamilyData(tree, { firstNumber: 1 }).people;
    expect(jan).toEqual({
      number: 1,
      surname: "Kowalski",
      given: "Jan",
      sex: "m",
      birth: { year: 1858, month: 3, day: 1 },
      birthPlace: "Warszawa",
      death: { year: 1901, month: 0, day: 0 },
      deathPlace: "",
      notes:
        "Birth date as given: JULIAN 1 MAR 1858 (julian calendar)\n\nA shared note\nabout the family\n\n@handle on the old forum",
      sources: [],
      tree: null,
    });
    expect(maria.sex).toBe("u");
  });

  it("uses christening and burial when birth and death are missing, and says so", () => {
    const tree = readGedcom(fixture("dates.ged"));
    const people = toFamilyData(tree, { firstNumber: 1 }).people;
    const only = people[4];
    expect(only).toMatchObject({
      birth: { year: 1840, month: 4, day: 3 },
      birthPlace: "Zgierz",
      death: { year: 1900, month: 0, day: 0 },
      deathPlace: "Łódź",
    });
    expect(only.notes.split("\n\n")).toEqual([
      "Birth date and place are those of the christening.",
      "Death date and place are those of the burial.",
      "Burial date as given: FROM 1900 TO 1901 (a range)",
    ]);
    expect(people[1].notes).toBe(
      "Birth date as given: ABT 1850 (about)\n\nDeath date as given: BET 1900 AND 1905 (a range)",
    );
    expect(people[2].notes).toBe(
      "Birth date as given: @#DJULIAN@ 1 MAR 1858 (julian calendar)\n\nDeath date as given: 11 FEB 1731/32 (double year)",
    );
    expect(people[3]).toMatchObject({ birth: { year: 1850 }, death: null });
    expect(people[3].notes).toContain("Death date as given: the spring after the war");
    expect(people[0].notes).toBe("");
  });

  it("writes a missing spouse as NO_SPOUSE and a marriage date the PartialDate cannot hold into the spouses' notes", () => {
    const tree = readGedcom(
      "0 HEAD\n0 @I1@ INDI\n1 SEX F\n0 @I2@ INDI\n0 @F1@ FAM\n1 WIFE @I1@\n1 CHIL @I2@\n1 MARR\n2 DATE ABT 1850\n2 PLAC Zgierz\n0 TRLR\n",
    );
    const data = toFamilyData(tree, { firstNumber: 1 });
    expect(data.families).toEqual([
      {
        husband: NO_SPOUSE,
        wife: 1,
        marriage: { year: 1850, month: 0, day: 0 },
        marriagePlace: "Zgierz",
        children: [2],
      },
    ]);
    expect(data.people[0].notes).toBe("Marriage date as given: ABT 1850 (about)");
    expect(data.people[1].notes).toBe("");
  });

  it("converts the presidents file: every person once, every link to a number", () => {
    const tree = readGedcom(fixture("pres2020.ged"));
    const data = toFamilyData(tree, { firstNumber: 1 });
    expect(data.people).toHaveLength(2322);
    expect(new Set(data.people.map((p) => p.number)).size).toBe(2322);
    const numbers = new Set(data.people.map((p) => p.number));
    for (const f of data.families) {
      for (const n of [...f.children, f.husband, f.wife].filter((n): n is number => n !== null && n !== NO_SPOUSE))
        expect(numbers.has(n)).toBe(true);
    }
    const lincoln = data.people[data.xrefs.indexOf("I317")];
    expect(lincoln).toMatchObject({ given: "Abraham", surname: "Lincoln", birth: { year: 1809, month: 2, day: 12 } });
  });
});
