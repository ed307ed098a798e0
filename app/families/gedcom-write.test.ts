import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { FamilyInput } from "./input";
import { toFamilyData } from "./gedcom-convert";
import { parseGedcom } from "~/gedcom/parse";
import { readGedcom } from "~/gedcom/tree";
import { MAX_VALUE, type WritablePerson, cut, writeGedcom } from "./gedcom-write";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../gedcom/fixtures/${name}`, import.meta.url)));

const person = (number: number, over: Partial<WritablePerson> = {}): WritablePerson => ({
  number,
  surname: "Kowalski",
  given: "Jan",
  sex: "m",
  birth: null,
  birthPlace: "",
  death: null,
  deathPlace: "",
  notes: "",
  sources: [],
  ...over,
});

const people: WritablePerson[] = [
  person(123, {
    birth: { year: 1858, month: 3, day: 12 },
    birthPlace: "Łódź, Piotrków",
    death: { year: 1901, month: 5, day: 0 },
    deathPlace: "Zgierz",
    notes: `A long note ${"with many words ".repeat(40)}\nsecond line\n\nafter an empty one, mail jan@example.org`,
    sources: ["Holy Trinity Łódź, births 1858, no. 12", "Family bible"],
  }),
  person(124, { given: "Anna Maria", surname: "Nowak", sex: "f", birth: { year: 1860, month: 0, day: 0 } }),
  person(125, { given: "Józef", sex: "u" }),
  person(126, { given: "Ewa", sex: "f", surname: "" }),
];
const families: FamilyInput[] = [
  { husband: 123, wife: 124, marriage: { year: 1880, month: 5, day: 5 }, marriagePlace: "Łódź", children: [125, 126] },
  { husband: 0, wife: 126, marriage: null, marriagePlace: "", children: [] },
];

describe("writeGedcom", () => {
  const text = writeGedcom(
    { people, families },
    { date: new Date("2026-03-12T10:00:00Z"), submitter: "Ewa Zielińska" },
  );

  it("writes a GEDCOM 5.5.1 UTF-8 header, the records and a trailer", () => {
    expect(text.split("\n").slice(0, 12)).toEqual([
      "0 HEAD",
      "1 SOUR Metryka",
      "2 NAME Metryka",
      "1 DATE 12 MAR 2026",
      "1 SUBM @U1@",
      "1 GEDC",
      "2 VERS 5.5.1",
      "2 FORM LINEAGE-LINKED",
      "1 CHAR UTF-8",
      "0 @U1@ SUBM",
      "1 NAME Ewa Zielińska",
      "0 @I123@ INDI",
    ]);
    expect(text.endsWith("0 TRLR\n")).toBe(true);
    expect(text).toContain(
      "1 NAME Jan /Kowalski/\n2 GIVN Jan\n2 SURN Kowalski\n1 SEX M\n1 BIRT\n2 DATE 12 MAR 1858\n2 PLAC Łódź, Piotrków\n1 DEAT\n2 DATE MAY 1901",
    );
    expect(text).toContain(
      "0 @F1@ FAM\n1 HUSB @I123@\n1 WIFE @I124@\n1 CHIL @I125@\n1 CHIL @I126@\n1 MARR\n2 DATE 5 MAY 1880\n2 PLAC Łódź",
    );
    expect(text).toContain("0 @F2@ FAM\n1 WIFE @I126@\n0");
    expect(text).toContain("jan@@example.org");
  });

  it("keeps every line within 255 characters, cutting long values with CONC", () => {
    const lines = text.split("\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(255);
    expect(lines.filter((l) => l.startsWith("2 CONC")).length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.startsWith("2 CONT")).length).toBe(3);
  });

  it("reads back to the same people, families, names, dates and links, with no problems", () => {
    const tree = readGedcom(new TextEncoder().encode(text));
    expect(tree.problems).toEqual([]);
    expect(tree.header).toMatchObject({
      sourceProgram: "Metryka",
      gedcomVersion: "5.5.1",
      charset: "UTF-8",
      submitter: "Ewa Zielińska",
    });
    const existing = new Map(people.map((p) => [`I${p.number}`, p.number]));
    const back = toFamilyData(tree, { firstNumber: 1000, existing });
    expect(back.people.map(({ tree: _tree, ...p }) => p)).toEqual(people);
    expect(back.families).toEqual(families);
  });

  it("round-trips the presidents file: same people, dates and links", () => {
    const original = toFamilyData(readGedcom(fixture("pres2020.ged")), { firstNumber: 1 });
    const written = writeGedcom(original);
    const tree = readGedcom(new TextEncoder().encode(written));
    expect(tree.problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(tree.problems).toEqual([]);
    const existing = new Map(original.people.map((p) => [`I${p.number}`, p.number]));
    const back = toFamilyData(tree, { firstNumber: 100_000, existing });
    expect(back.people).toEqual(original.people);
    expect(back.families).toEqual(original.families);
  });
});

describe("cut", () => {
  // Pieces are of the value before escaping; the writer escapes each piece.
  it("cuts long values into pieces that rejoin to the value, never beside a space", () => {
    const value = "word ".repeat(200) + "x".repeat(600);
    const pieces = cut(value, MAX_VALUE);
    expect(pieces.join("")).toBe(value);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(MAX_VALUE);
      expect(p.endsWith(" ") || p.startsWith(" ")).toBe(false);
    }
    expect(cut("short", MAX_VALUE)).toEqual(["short"]);
  });

  it("does not cut a surrogate pair or an @@ escape in two", () => {
    const emoji = "a" + "😀".repeat(300);
    for (const p of cut(emoji, 11)) {
      const first = p.charCodeAt(0);
      const last = p.charCodeAt(p.length - 1);
      expect(first >= 0xdc00 && first <= 0xdfff).toBe(false);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
    // Each @ is written @@: seven units hold three of them.
    const ats = "@".repeat(10);
    expect(cut(ats, 7)).toEqual(["@@@", "@@@", "@@@", "@"]);
  });

  it("writes values that parse back exactly through CONC and CONT", () => {
    const notes = `${"x".repeat(1000)} ${"@".repeat(301)}\n  indented\n`;
    const text = writeGedcom({ people: [person(1, { notes })], families: [] });
    const note = parseGedcom(text).records[2].children.find((c) => c.tag === "NOTE");
    expect(note?.value).toBe(notes);
  });
});
