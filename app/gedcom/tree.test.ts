import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type GedcomTree, hasErrors, readGedcom } from "./tree";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const errors = (t: GedcomTree) => t.problems.filter((p) => p.severity === "error");
const warnings = (t: GedcomTree) => t.problems.filter((p) => p.severity === "warning");
const person = (t: GedcomTree, xref: string) => t.people.find((p) => p.xref === xref)!;
const nameOf = (t: GedcomTree, xref: string | null) => {
  const p = xref ? person(t, xref) : undefined;
  return p ? `${p.given} ${p.surname}` : null;
};

describe("the public sample files", () => {
  it("reads Family Tree Maker's presidents file with no errors and every person and family", () => {
    const tree = readGedcom(fixture("pres2020.ged"));
    expect(errors(tree)).toEqual([]);
    expect(tree.people.length).toBe(2322);
    expect(tree.families.length).toBe(1115);
    expect(tree.header).toMatchObject({
      sourceProgram: "FTM",
      sourceName: "Family Tree Maker for Windows",
      sourceVersion: "24.0.1.1252",
      charset: "UTF-8",
      encoding: "utf-8",
      gedcomVersion: "5.5.1",
      submitter: "Paul E Stobbe",
    });
    // FamilySearch ids without an underscore: one warning for all of them; one note longer than values are kept.
    expect(warnings(tree).map((w) => w.tag)).toEqual(["FSID", "NOTE"]);
    expect(warnings(tree)[1].message).toMatch(/characters long: the first 4,000 are kept/);

    const lincoln = tree.people.find(
      (p) => p.given === "Abraham" && p.surname === "Lincoln" && p.birth?.date?.date?.year === 1809,
    )!;
    expect(lincoln).toMatchObject({ xref: "I317", sex: "m" });
    expect(lincoln.birth).toMatchObject({
      date: { date: { year: 1809, month: 2, day: 12 } },
      place: "Sinking Spring, Hodgenville, Larue, Kentucky, USA",
    });
    expect(lincoln.death?.date?.date).toEqual({ year: 1865, month: 4, day: 15 });
    expect(lincoln.burial?.place).toBe("Springfield, Sangamon, Illinois, USA");
    const parents = tree.families.find((f) => f.xref === lincoln.famc[0])!;
    expect([nameOf(tree, parents.husband), nameOf(tree, parents.wife)]).toEqual(["Thomas Lincoln", "Nancy Hanks"]);
    expect(parents.children).toContain("I317");
    // The shared note @N14@ is read into the notes, the citations under NAME and events into the sources.
    expect(lincoln.notes.length).toBe(1);
    expect(lincoln.sources.length).toBeGreaterThan(0);

    const washington = tree.people.find((p) => p.given === "George" && p.surname === "Washington" && p.fams.length)!;
    expect(washington.birth?.date).toMatchObject({ date: { year: 1732, month: 2, day: 11 } });
  });

  it("reads Ancestris's Kennedy file with no errors and every person and family", () => {
    const tree = readGedcom(fixture("kennedy.ged"));
    expect(errors(tree)).toEqual([]);
    expect(tree.people.length).toBe(208);
    expect(tree.families.length).toBe(75);
    expect(tree.header).toMatchObject({ sourceProgram: "ANCESTRIS", gedcomVersion: "5.5.1", charset: "UTF-8" });
    const jfk = tree.people.find((p) => p.given === "John Fitzgerald" && p.surname === "KENNEDY")!;
    expect(jfk.sex).toBe("m");
    expect(jfk.birth).toMatchObject({
      date: { date: { year: 1917, month: 5, day: 29 } },
      place: "Brookline, Norfolk County, MA, USA",
    });
    expect(jfk.death?.date?.date).toEqual({ year: 1963, month: 11, day: 22 });
    const parents = tree.families.find((f) => f.xref === jfk.famc[0])!;
    expect(nameOf(tree, parents.husband)).toMatch(/^Joseph Patrick/);
    expect(nameOf(tree, parents.wife)).toMatch(/^Rose Elizabeth/);
    // His children in the order the family lists them, and his wife.
    const own = tree.families.find((f) => f.xref === jfk.fams[0])!;
    expect(nameOf(tree, own.wife)).toMatch(/Jacqueline/);
    expect(own.children.map((x) => person(tree, x).given)).toContain("John Fitzgerald");
  });
});

describe("files that are not GEDCOM", () => {
  it("says a file is empty", () => {
    for (const name of ["empty.ged", "blank.ged"]) {
      const tree = readGedcom(fixture(name));
      expect(tree.problems).toEqual([{ line: 1, message: "The file is empty.", severity: "error" }]);
    }
  });

  it("says what a PDF, a zip or a table renamed .ged looks like", () => {
    expect(errors(readGedcom(fixture("pdf.ged")))[0].message).toBe(
      "This is not a GEDCOM file: it looks like a PDF document.",
    );
    expect(errors(readGedcom(fixture("zip.ged")))[0].message).toMatch(/looks like a ZIP archive/);
    const table = readGedcom(fixture("table.ged"));
    expect(table.problems).toEqual([
      {
        line: 1,
        message:
          'This is not a GEDCOM file: it does not start with "0 HEAD" (it looks like a table (CSV or tab-separated text)).',
        severity: "error",
      },
    ]);
  });
});

describe("validation", () => {
  it("reports every link to a missing record with its line and xref", () => {
    const tree = readGedcom(fixture("missing-links.ged"));
    expect(errors(tree).map((e) => [e.line, e.xref, e.tag])).toEqual([
      [9, "I1", "FAMC"],
      [13, "I2", "FAMS"],
      [16, "F1", "WIFE"],
      [17, "F1", "CHIL"],
      [20, "F2", "HUSB"],
      [21, "F2", "CHIL"],
    ]);
    expect(errors(tree)[0].message).toBe("FAMC @F9@ points to a family that is not in the file.");
    expect(errors(tree)[5].message).toBe("CHIL @S1@ is a SOUR, not a person.");
    expect(hasErrors(tree)).toBe(true);
  });

  it("reports duplicate xrefs and keeps the first record", () => {
    const tree = readGedcom(fixture("duplicate-xref.ged"));
    expect(errors(tree).map((e) => [e.line, e.xref])).toEqual([
      [7, "I1"],
      [11, "F1"],
    ]);
    expect(errors(tree)[0].message).toBe("@I1@ is used again (first on line 5): each record needs its own id.");
    expect(tree.people.map((p) => p.given)).toEqual(["Jan"]);
  });

  it("reports a person who is their own ancestor", () => {
    const tree = readGedcom(fixture("cycle.ged"));
    expect(errors(tree)).toHaveLength(1);
    expect(errors(tree)[0]).toMatchObject({ xref: "I1", tag: "INDI", line: 5 });
    expect(errors(tree)[0].message).toMatch(/Adam Loop\) is their own ancestor/);
  });

  it("walks a 10,000-generation line without overflowing the stack, and finds a loop at its end", () => {
    const lines = ["0 HEAD", "1 GEDC", "2 VERS 5.5.1"];
    const n = 10_000;
    for (let i = 1; i <= n; i++) lines.push(`0 @I${i}@ INDI`, `1 NAME G${i} /Line/`);
    for (let i = 1; i < n; i++) lines.push(`0 @F${i}@ FAM`, `1 HUSB @I${i}@`, `1 CHIL @I${i + 1}@`);
    const clean = readGedcom([...lines, "0 TRLR"].join("\n"));
    expect(errors(clean)).toEqual([]);
    expect(person(clean, "I5000").famc).toEqual(["F4999"]);
    const loop = readGedcom([...lines, `0 @F${n}@ FAM`, `1 HUSB @I${n}@`, "1 CHIL @I1@", "0 TRLR"].join("\n"));
    expect(errors(loop).map((e) => e.xref)).toEqual(["I1"]);
  });

  it("warns about a missing TRLR, unreadable dates (kept in the notes) and unknown tags; extension tags are kept quietly", () => {
    const noTrailer = readGedcom(fixture("no-trlr.ged"));
    expect(errors(noTrailer)).toEqual([]);
    expect(warnings(noTrailer).map((w) => [w.line, w.message])).toEqual([
      [8, "The file has no TRLR line at its end: it may have been cut short."],
    ]);
    const custom = readGedcom(fixture("custom-tags.ged"));
    expect(errors(custom)).toEqual([]);
    expect(warnings(custom).map((w) => [w.line, w.tag, w.message])).toEqual([
      [10, "FSID", "Unknown tag FSID (2 times): kept but not read."],
    ]);
    expect(person(custom, "I1").birth?.date?.date).toEqual({ year: 1850, month: 0, day: 0 });
  });

  it("reports malformed lines from the parser and goes on reading", () => {
    const tree = readGedcom(fixture("malformed.ged"));
    expect(errors(tree).map((e) => e.line)).toEqual([7, 10, 11, 12]);
    expect(person(tree, "I1")).toMatchObject({ sex: "m", birth: { date: { date: { year: 1850, month: 1, day: 1 } } } });
  });

  it("adds a link written on one side only, with a warning", () => {
    const tree = readGedcom(
      "0 HEAD\n0 @I1@ INDI\n1 SEX M\n1 FAMS @F1@\n0 @I2@ INDI\n1 FAMC @F1@\n0 @F1@ FAM\n0 TRLR\n",
    );
    expect(errors(tree)).toEqual([]);
    expect(tree.families[0]).toMatchObject({ husband: "I1", children: ["I2"] });
    // The header has no GEDC VERS either: that is the first warning.
    expect(warnings(tree).map((w) => w.tag)).toEqual(["HEAD", "FAMS", "FAMC"]);
  });
});

describe("people and families", () => {
  it("reads names from NAME, GIVN and SURN", () => {
    const tree = readGedcom(
      [
        "0 HEAD",
        "1 GEDC",
        "2 VERS 5.5.1",
        "0 @I1@ INDI",
        "1 NAME John  Fitzgerald /Kennedy/ Jr.",
        "0 @I2@ INDI",
        "1 NAME Maria Nowak",
        "2 SURN Nowak",
        "0 @I3@ INDI",
        "1 NAME /Smith/",
        "2 GIVN Anna",
        "0 @I4@ INDI",
        "1 NAME Unknown",
        "0 TRLR",
      ].join("\n"),
    );
    expect(tree.people.map((p) => [p.given, p.surname])).toEqual([
      ["John Fitzgerald", "Kennedy"],
      ["Maria", "Nowak"],
      ["Anna", "Smith"],
      ["Unknown", ""],
    ]);
  });

  it("reads every date form, keeping what a PartialDate cannot hold", () => {
    const tree = readGedcom(fixture("dates.ged"));
    expect(errors(tree)).toEqual([]);
    expect(person(tree, "I1").birth?.date?.date).toEqual({ year: 1858, month: 3, day: 12 });
    expect(person(tree, "I1").death?.date?.date).toEqual({ year: 1901, month: 3, day: 0 });
    expect(person(tree, "I2").birth?.date).toMatchObject({ qualifier: "about", date: { year: 1850 } });
    expect(person(tree, "I2").death?.date).toMatchObject({ qualifier: "between", until: { year: 1905 } });
    expect(person(tree, "I3").birth?.date).toMatchObject({
      calendar: "julian",
      date: { year: 1858, month: 3, day: 1 },
    });
    expect(person(tree, "I3").death?.date).toMatchObject({ dualYear: true, date: { year: 1732, month: 2, day: 11 } });
    expect(person(tree, "I4").birth?.date).toMatchObject({
      qualifier: "interpreted",
      phrase: "in the year of the great flood",
    });
    expect(person(tree, "I4").death?.date).toBeNull();
    expect(person(tree, "I4").notes).toEqual(["Death date as given: the spring after the war"]);
    expect(warnings(tree)).toMatchObject([{ line: 28, xref: "I4", tag: "DATE" }]);
    expect(person(tree, "I5")).toMatchObject({
      birth: null,
      christening: { date: { date: { year: 1840, month: 4, day: 3 } }, place: "Zgierz" },
      burial: { date: { qualifier: "from-to" }, place: "Łódź" },
    });
  });

  it("reads a GEDCOM 7.0 file: SNOTE, EXID, SCHMA, the JULIAN keyword, PHRASE and sex X", () => {
    const tree = readGedcom(fixture("v7.ged"));
    expect(tree.problems).toEqual([]);
    expect(tree.header).toMatchObject({
      gedcomVersion: "7.0",
      sourceProgram: "Gramps",
      submitter: "Ewa Zielińska",
      extensionTags: { _SKYPEID: "http://xmlns.com/foaf/0.1/skypeID" },
    });
    const jan = person(tree, "I1");
    expect(jan.birth?.date).toMatchObject({ calendar: "julian", date: { year: 1858, month: 3, day: 1 } });
    expect(jan.death?.date).toMatchObject({ date: { year: 1901 }, phrase: "early in the year" });
    expect(jan.notes).toEqual(["A shared note\nabout the family", "@handle on the old forum"]);
    expect(person(tree, "I2").sex).toBe("u");
    expect(tree.families[0]).toMatchObject({
      husband: "I1",
      wife: "I2",
      marriage: { date: { date: { year: 1880, month: 5, day: 5 } } },
    });
  });

  it("reads files in every character set to the same names", () => {
    expect(person(readGedcom(fixture("ansel.ged")), "I1")).toMatchObject({
      given: "Stanisław",
      surname: "Zieliński",
      birth: { place: "Łódź" },
    });
    expect(readGedcom(fixture("ansel.ged")).header).toMatchObject({ charset: "ANSEL", encoding: "ansel" });
    expect(person(readGedcom(fixture("utf16le-bom.ged")), "I1").birth?.place).toBe("Łódź");
    expect(person(readGedcom(fixture("utf16be.ged")), "I1").birth?.place).toBe("Łódź");
    expect(person(readGedcom(fixture("cp1252.ged")), "I1")).toMatchObject({ given: "Jürgen", surname: "Gärtner" });
    expect(person(readGedcom(fixture("ibmpc.ged")), "I1")).toMatchObject({ given: "René", surname: "Müller" });
  });

  it("reads citations as a title and page, and notes inline or by reference", () => {
    const tree = readGedcom(
      [
        "0 HEAD",
        "1 GEDC",
        "2 VERS 5.5.1",
        "0 @S1@ SOUR",
        "1 TITL Łódź Holy Trinity, births",
        "0 @N1@ NOTE Emigrated",
        "1 CONT to Volhynia",
        "0 @I1@ INDI",
        "1 NOTE Inline",
        "1 NOTE @N1@",
        "1 NOTE @N9@",
        "1 SOUR @S1@",
        "2 PAGE 1850, no. 12",
        "1 BIRT",
        "2 SOUR @S1@",
        "3 PAGE 1850, no. 12",
        "1 SOUR Family bible",
        "0 TRLR",
      ].join("\n"),
    );
    expect(person(tree, "I1").sources).toEqual(["Łódź Holy Trinity, births, 1850, no. 12", "Family bible"]);
    expect(person(tree, "I1").notes).toEqual(["Inline", "Emigrated\nto Volhynia"]);
    expect(warnings(tree).map((w) => w.message)).toContain("NOTE @N9@ points to no note record.");
  });
});

describe("damaged files", () => {
  it("never throws on a damaged sample: lines dropped, doubled, swapped, bytes changed", () => {
    const original = fixture("kennedy.ged");
    let seed = 20260312;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 60; round++) {
      const bytes = Uint8Array.from(original);
      for (let k = 0; k < 40; k++) bytes[random(bytes.length)] = random(256);
      const lines = new TextDecoder().decode(bytes).split("\n");
      for (let k = 0; k < 20; k++) {
        const i = random(lines.length);
        const j = random(lines.length);
        [lines[i], lines[j]] = [lines[j], lines[i]];
        if (k % 3 === 0) lines.splice(random(lines.length), 1);
        if (k % 5 === 0) lines.splice(random(lines.length), 0, lines[random(lines.length)]);
      }
      const tree = readGedcom(new TextEncoder().encode(lines.join("\n")));
      for (const p of tree.problems) expect(p.line).toBeGreaterThanOrEqual(1);
      expect(tree.people.length).toBeLessThanOrEqual(210);
    }
  });
});
