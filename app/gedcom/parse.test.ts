import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_VALUE_CHARS, parseGedcom, pointerOf } from "./parse";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("parseGedcom", () => {
  it("builds records with levels, xrefs, tags, values, line numbers and children", () => {
    const parsed = parseGedcom(fixture("minimal.ged"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.version).toBe("5.5.1");
    expect(parsed.lines).toBe(10);
    expect(parsed.records.map((r) => r.tag)).toEqual(["HEAD", "INDI", "TRLR"]);
    const person = parsed.records[1];
    expect(person).toMatchObject({ level: 0, xref: "I1", tag: "INDI", value: "", line: 7 });
    expect(person.children.map((c) => [c.level, c.tag, c.value, c.line])).toEqual([
      [1, "NAME", "Jan /Kowalski/", 8],
      [1, "SEX", "M", 9],
    ]);
  });

  it("joins a chain of 20 CONC lines and CONT lines, keeping spaces inside pieces and undoing @@", () => {
    const parsed = parseGedcom(fixture("conc-chain.ged"));
    expect(parsed.problems).toEqual([]);
    const note = parsed.records[1].children[1];
    const pieces = Array.from({ length: 20 }, (_, i) => `-Piece${String(i + 1).padStart(2, "0")}`).join("");
    expect(note.value).toBe(`Piece00${pieces}\nsecond line\n\n  indented fourth, email jan@example.org`);
    expect(note.children).toEqual([]);
  });

  it("reads CR LF, LF and CR line ends alike", () => {
    for (const end of ["\r\n", "\n", "\r"]) {
      const parsed = parseGedcom(["0 HEAD", "0 @I1@ INDI", "1 NAME A /B/", "0 TRLR"].join(end));
      expect(parsed.records[1].children[0]).toMatchObject({ value: "A /B/", line: 3 });
    }
  });

  it("turns malformed lines into errors with their line numbers, not exceptions", () => {
    const parsed = parseGedcom(fixture("malformed.ged"));
    expect(parsed.problems.map((p) => [p.line, p.severity, p.message])).toEqual([
      [7, "error", "Line 7 jumps from level 1 to level 3."],
      [10, "error", 'Line 10 does not start with a level number: "X NOTE level is not a number".'],
      [11, "error", 'Line 11 has no tag: "1".'],
      [12, "error", 'Line 12 has no tag: "1 @@@ ?bad".'],
    ]);
    expect(parsed.problems[0]).toMatchObject({ xref: "I1", tag: "DATE" });
    // The line under the dropped one goes with it; the record goes on after them.
    const person = parsed.records[1];
    expect(person.children.map((c) => c.tag)).toEqual(["NAME", "SEX", "BIRT"]);
    expect(parsed.records.at(-1)?.tag).toBe("TRLR");
  });

  it("reports a line before any record", () => {
    const parsed = parseGedcom("1 NAME nobody\n0 HEAD\n0 TRLR\n");
    expect(parsed.problems[0]).toMatchObject({ line: 1, severity: "error" });
    expect(parsed.records.map((r) => r.tag)).toEqual(["HEAD", "TRLR"]);
  });

  it("reads GEDCOM 7.0: version, leading @@ only, extension tags and structures kept", () => {
    const parsed = parseGedcom(fixture("v7.ged"));
    expect(parsed.problems).toEqual([]);
    expect(parsed.version).toBe("7.0");
    const person = parsed.records.find((r) => r.xref === "I1");
    expect(person?.children.find((c) => c.tag === "NOTE")?.value).toBe("@handle on the old forum");
    expect(person?.children.find((c) => c.tag === "_SKYPEID")?.value).toBe("jan.kowalski");
    expect(person?.children.find((c) => c.tag === "EXID")?.children[0]).toMatchObject({ tag: "TYPE" });
    expect(parsed.records.find((r) => r.xref === "N1")).toMatchObject({
      tag: "SNOTE",
      value: "A shared note\nabout the family",
    });
    // 7.0 keeps a later @@ as it is (only a leading one is an escape).
    expect(parseGedcom("0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @N1@ SNOTE a@@b\n").records[1].value).toBe("a@@b");
  });

  it("warns about CONC in a 7.0 file but still joins it", () => {
    const parsed = parseGedcom("0 HEAD\n1 GEDC\n2 VERS 7.0\n0 @N1@ SNOTE ab\n1 CONC cd\n0 TRLR\n");
    expect(parsed.records[1].value).toBe("abcd");
    expect(parsed.problems).toMatchObject([{ line: 5, severity: "warning", tag: "CONC" }]);
  });

  it("keeps pointers and @#D calendar escapes as they are", () => {
    const parsed = parseGedcom("0 HEAD\n0 @I1@ INDI\n1 FAMS @F1@\n1 BIRT\n2 DATE @#DJULIAN@ 1 MAR 1858\n");
    const person = parsed.records[1];
    expect(person.children[0].value).toBe("@F1@");
    expect(person.children[1].children[0].value).toBe("@#DJULIAN@ 1 MAR 1858");
  });

  it("parses a 50 MB file in linear time", () => {
    const person = (i: number) =>
      `0 @I${i}@ INDI\n1 NAME Jan${i} /Kowalski/\n1 SEX M\n1 BIRT\n2 DATE 12 MAR 1858\n2 PLAC Łódź, Poland\n1 NOTE ${"x".repeat(60)}\n2 CONC ${"y".repeat(60)}\n2 CONT ${"z".repeat(60)}\n1 FAMS @F${i}@\n`;
    const chunks = ["0 HEAD\n"];
    let size = 0;
    let n = 0;
    while (size < 50_000_000) {
      const p = person(n++);
      chunks.push(p);
      size += p.length;
    }
    chunks.push("0 TRLR\n");
    const text = chunks.join("");
    const start = performance.now();
    const parsed = parseGedcom(text);
    const ms = performance.now() - start;
    expect(parsed.records.length).toBe(n + 2);
    expect(parsed.records[n].children[3].value).toBe(`${"x".repeat(60)}${"y".repeat(60)}\n${"z".repeat(60)}`);
    // A quadratic join or split would take minutes on this input.
    expect(ms).toBeLessThan(30_000);
  });
});

describe("pointerOf", () => {
  it("reads @X@ pointers and nothing else", () => {
    expect(pointerOf("@F12@")).toBe("F12");
    expect(pointerOf(" @I1@ ")).toBe("I1");
    expect(pointerOf("@#DJULIAN@")).toBeNull();
    expect(pointerOf("jan@example.org")).toBeNull();
    expect(pointerOf("@@")).toBeNull();
  });
});

describe("values at import", () => {
  it("cuts a long value and a long CONC chain at 4,000 characters, saying so with the line", () => {
    const long = "x".repeat(20_000);
    const conc = Array.from({ length: 5_000 }, () => "2 CONC abcdefghij");
    const text = ["0 HEAD", "0 @I1@ INDI", `1 NAME ${long} /Nowak/`, "1 NOTE start", ...conc, "0 TRLR"].join("\n");
    const parsed = parseGedcom(text);
    const person = parsed.records[1];
    expect(person.children[0].value).toHaveLength(MAX_VALUE_CHARS);
    expect(person.children[1].value).toHaveLength(MAX_VALUE_CHARS);
    expect(parsed.problems).toEqual([
      expect.objectContaining({ line: 3, tag: "NAME", severity: "warning", message: expect.stringMatching(/20,008/) }),
      expect.objectContaining({ line: 4, tag: "NOTE", severity: "warning" }),
    ]);
    expect(parsed.problems[1].message).toMatch(/50,005 characters long: the first 4,000 are kept/);
  });

  it("removes NUL characters, with one warning that counts them", () => {
    const parsed = parseGedcom(["0 HEAD", "0 @I1@ INDI", "1 NAME Jan\u0000 /No\u0000wak/", "0 TRLR"].join("\n"));
    expect(parsed.records[1].children[0].value).toBe("Jan /Nowak/");
    expect(parsed.problems).toEqual([
      expect.objectContaining({ line: 3, severity: "warning", message: expect.stringMatching(/2 NUL characters/) }),
    ]);
  });
});
