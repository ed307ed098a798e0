import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeGedcom } from "~/gedcom/encoding";
import { type GedcomNode, GedcomRecordReader } from "~/gedcom/parse";
import { readGedcom } from "~/gedcom/tree";
import { NO_SPOUSE, toFamilyData } from "./gedcom-convert";
import type { FamilyInput } from "./input";
import { type ConvertedTreePerson, TreeScan, XrefIndex } from "./tree-scan";

const FIXTURES = path.join(__dirname, "../gedcom/fixtures");

/** The worker's passes over a file's text, in this thread. */
function scanText(text: string, maxPeople = 1_000_000, decodingWarnings: string[] = []) {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  const scan = new TreeScan("utf-8", { maxPeople });
  const pass = (onRecord: (r: GedcomNode, reader: GedcomRecordReader) => void, first = false) => {
    const reader: GedcomRecordReader = new GedcomRecordReader(
      (r) => onRecord(r, reader),
      first ? (p) => scan.readerProblem(p) : () => undefined,
    );
    for (const line of lines) if (!scan.stopped) reader.line(line);
    if (!scan.stopped) reader.end();
  };
  pass((r, reader) => scan.index(r, reader.version, () => "a text file"), true);
  scan.endIndex(lines.length, decodingWarnings, text.length === 0);
  if (scan.stopped || scan.errors.count) return { scan, ok: false, people: [], families: [] };
  scan.again();
  pass((r) => scan.checkRecord(r));
  const ok = scan.endCheck();
  const people: ConvertedTreePerson[] = [];
  const families: FamilyInput[] = [];
  if (ok) {
    scan.again();
    pass((r) => {
      const p = scan.person(r, 100);
      if (p) people.push(p);
    });
    scan.again();
    pass((r) => {
      const f = scan.family(r, 100);
      if (f) families.push(f);
    });
  }
  return { scan, ok, people, families };
}

describe("a tree read in passes", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".ged"));
  it.each(files)("gives what readGedcom gives for %s", (name) => {
    const bytes = readFileSync(path.join(FIXTURES, name));
    const whole = readGedcom(bytes);
    const decoded = decodeGedcom(bytes);
    const { scan, ok, people, families } = scanText(decoded.text, 1_000_000, decoded.warnings);
    const errors = whole.problems.filter((p) => p.severity === "error");
    if (errors.length || whole.people.length === 0) {
      expect(ok).toBe(false);
      if (errors.length) expect(scan.errors.first().map((e) => e.line)).toEqual(errors.map((e) => e.line).slice(0, 50));
      return;
    }
    expect(ok).toBe(true);
    const data = toFamilyData(whole, { firstNumber: 100, tree: 0 });
    expect(people).toEqual(data.people.map((p, i) => ({ ...p, xref: data.xrefs[i] })));
    expect(families).toEqual(
      data.families.map((f) => ({
        ...f,
        husband: f.husband === NO_SPOUSE ? null : f.husband,
        wife: f.wife === NO_SPOUSE ? null : f.wife,
      })),
    );
    expect(scan.warnings.count).toBe(whole.problems.length);
  });

  it("refuses a file with no people", () => {
    const { ok, scan } = scanText(["0 HEAD", "1 GEDC", "2 VERS 5.5.1", "0 @N1@ NOTE hello", "0 TRLR"].join("\n"));
    expect(ok).toBe(false);
    expect(scan.errors.first()).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringMatching(/no people/) }),
    ]);
  });

  it("stops reading past the limit of people, saying so", () => {
    const people = Array.from({ length: 5 }, (_, i) => [`0 @I${i}@ INDI`, `1 NAME A /B${i}/`]).flat();
    const { ok, scan } = scanText(["0 HEAD", ...people, "0 TRLR"].join("\n"), 3);
    expect(ok).toBe(false);
    expect(scan.stopped).toBe(true);
    expect(scan.errors.first()).toEqual([
      expect.objectContaining({ line: 8, message: expect.stringMatching(/more than 3 people, and a tree may have/) }),
    ]);
  });

  it("reads 200,000 people in one family and a 100,000-generation line without a RangeError", () => {
    const n = 200_000;
    const lines = ["0 HEAD", "1 GEDC", "2 VERS 5.5.1"];
    for (let i = 0; i < n; i++) lines.push(`0 @I${i}@ INDI`, `1 NAME P${i} /Long/`, "1 SEX M");
    lines.push("0 @F0@ FAM", "1 HUSB @I0@");
    for (let i = 1; i < n; i++) lines.push(`1 CHIL @I${i}@`);
    for (let i = 1; i < 100_000; i++) lines.push(`0 @G${i}@ FAM`, `1 HUSB @I${i}@`, `1 CHIL @I${i + 1}@`);
    lines.push("0 TRLR");
    const { ok, people, families } = scanText(lines.join("\n"));
    expect(ok).toBe(true);
    expect(people).toHaveLength(n);
    expect(families[0].children).toHaveLength(n - 1);
  });

  it("completes a child's link written on the child's side only, once however often it is written", () => {
    const { ok, families, scan } = scanText(
      [
        "0 HEAD",
        "1 GEDC",
        "2 VERS 5.5.1",
        "0 @I1@ INDI",
        "1 FAMS @F1@",
        "0 @I2@ INDI",
        "1 FAMC @F1@",
        "0 @I3@ INDI",
        "1 FAMC @F1@",
        "1 FAMC @F1@",
        "0 @F1@ FAM",
        "1 HUSB @I1@",
        "1 CHIL @I2@",
        "0 TRLR",
      ].join("\n"),
    );
    expect(ok).toBe(true);
    expect(families[0]!.children).toEqual([101, 102]);
    expect(scan.warnings.first().map((w) => w.message)).toEqual([
      "@I3@ says FAMC @F1@, but the family does not list them as a child: added.",
    ]);
  });
});

describe("the index of xrefs", () => {
  it("finds every xref it was given, by its id, and no other, past many growths and a character beyond Latin-1", () => {
    const index = new XrefIndex();
    const xrefs = Array.from({ length: 50_000 }, (_, i) => (i === 30_000 ? "Ośoba1" : i % 7 ? `I${i}` : `FAM-${i}`));
    xrefs.push("x".repeat(20_000));
    for (const [i, xref] of xrefs.entries()) expect(index.add(xref)).toBe(i);
    expect(index.size).toBe(xrefs.length);
    for (const [i, xref] of xrefs.entries()) {
      if (index.get(xref) !== i) expect(index.get(xref), xref).toBe(i);
      if (i % 1000 === 0 || i === 30_000) expect(index.xref(i)).toBe(xref);
    }
    expect(index.xref(xrefs.length - 1)).toBe(xrefs[xrefs.length - 1]);
    for (const missing of ["I7", "I50000", "", "Ośoba", "FAM-1"]) expect(index.get(missing), missing).toBeUndefined();
  });
});
