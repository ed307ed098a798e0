import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeAnsel, decodeGedcom, describeText, recognizeNonGedcom } from "./encoding";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

describe("decodeGedcom", () => {
  it("reads UTF-8 with a byte-order mark, removing the mark", () => {
    const d = decodeGedcom(fixture("kennedy.ged"));
    expect(d).toMatchObject({ encoding: "utf-8", bom: true, declared: "UTF-8", warnings: [] });
    expect(d.text.startsWith("0 HEAD")).toBe(true);
  });

  it("lets a UTF-8 byte-order mark win over the header's CHAR", () => {
    const d = decodeGedcom(fixture("utf8-bom-says-ansi.ged"));
    expect(d.encoding).toBe("utf-8");
    expect(d.declared).toBe("ANSI");
    expect(d.text).toContain("Józef /Wiśniewski/");
    expect(d.warnings[0]).toMatch(/CHAR ANSI.*byte-order mark/);
  });

  it("reads UTF-8 without a mark", () => {
    const d = decodeGedcom(new TextEncoder().encode("0 HEAD\n1 CHAR UTF-8\n0 @I1@ INDI\n1 NAME Łucja /Żak/\n0 TRLR\n"));
    expect(d).toMatchObject({ encoding: "utf-8", bom: false, declared: "UTF-8" });
    expect(d.text).toContain("Łucja /Żak/");
  });

  it("reads UTF-16 little-endian with a mark and big-endian by the NUL pattern of 0 HEAD", () => {
    const le = decodeGedcom(fixture("utf16le-bom.ged"));
    expect(le).toMatchObject({ encoding: "utf-16le", bom: true, declared: "UNICODE" });
    expect(le.text.startsWith("0 HEAD\r\n")).toBe(true);
    expect(le.text).toContain("PLAC Łódź");
    const be = decodeGedcom(fixture("utf16be.ged"));
    expect(be).toMatchObject({ encoding: "utf-16be", bom: false });
    expect(be.text).toBe(le.text);
  });

  it("reads ANSEL, putting each accent after its letter and composing (NFC)", () => {
    const d = decodeGedcom(fixture("ansel.ged"));
    expect(d).toMatchObject({ encoding: "ansel", declared: "ANSEL", warnings: [] });
    expect(d.text).toContain("NAME Stanisław /Zieliński/");
    expect(d.text).toContain("PLAC Łódź");
    expect(d.text).toContain("NAME Gertrud /Müller/");
    // Two accents on one letter: circumflex and tilde on e.
    expect(d.text).toContain("NOTE Straße © Nguyễn");
    expect(d.text).toBe(d.text.normalize("NFC"));
    expect(d.text.includes("\u0301")).toBe(false);
  });

  it("reads ANSI as Windows-1252, with the characters ISO 8859-1 lacks", () => {
    const d = decodeGedcom(fixture("cp1252.ged"));
    expect(d).toMatchObject({ encoding: "windows-1252", declared: "ANSI", warnings: [] });
    expect(d.text).toContain("NAME Jürgen /Gärtner/");
    expect(d.text).toContain("NOTE Žana šime owed 5 €, Zoë");
  });

  it("reads IBMPC as code page 437", () => {
    const d = decodeGedcom(fixture("ibmpc.ged"));
    expect(d.encoding).toBe("ibm437");
    expect(d.text).toContain("NAME René /Müller/");
    expect(d.text).toContain("NOTE Straße");
  });

  it("reads a file labelled ANSEL whose bytes are UTF-8 as UTF-8, and says so", () => {
    const d = decodeGedcom(fixture("utf8-says-ansel.ged"));
    expect(d.encoding).toBe("utf-8");
    expect(d.text).toContain("Józef /Wiśniewski/");
    expect(d.warnings[0]).toMatch(/CHAR ANSEL.*UTF-8/);
  });

  it("falls back to Windows-1252 when the label says UTF-8 and the bytes are not", () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode("0 HEAD\n1 CHAR UTF-8\n1 NOTE M"), 0xfc, 0x6c]);
    const d = decodeGedcom(bytes);
    expect(d.encoding).toBe("windows-1252");
    expect(d.text).toContain("NOTE Mül");
    expect(d.warnings[0]).toMatch(/not valid UTF-8/);
  });

  it("takes ASCII and a header without CHAR, guessing from the bytes", () => {
    expect(decodeGedcom(new TextEncoder().encode("0 HEAD\n1 CHAR ASCII\n0 TRLR\n"))).toMatchObject({
      encoding: "ascii",
      warnings: [],
    });
    expect(decodeGedcom(new TextEncoder().encode("0 HEAD\n0 @I1@ INDI\n1 NAME Zoë\n")).encoding).toBe("utf-8");
    expect(decodeGedcom(Uint8Array.from([0x30, 0x20, 0x48, 0x45, 0x41, 0x44, 0x0a, 0x31, 0x20, 0xe9])).encoding).toBe(
      "windows-1252",
    );
  });

  it("reads the CHAR of the header only, not a later record's", () => {
    const d = decodeGedcom(new TextEncoder().encode("0 HEAD\n1 SOUR X\n0 @N1@ NOTE x\n1 CHAR ANSEL\n"));
    expect(d.declared).toBeNull();
  });
});

describe("decodeAnsel", () => {
  it("keeps ASCII as it is and replaces bytes ANSEL does not define", () => {
    const { text, unknown } = decodeAnsel(Uint8Array.from([0x41, 0x42, 0x90, 0x43]));
    expect(text).toBe("AB\ufffdC");
    expect(unknown).toBe(1);
  });

  it("puts an accent with no letter after it (end of line, end of text) on a space", () => {
    expect(decodeAnsel(Uint8Array.from([0x61, 0xe2, 0x0a, 0x62])).text).toBe("a \u0301\nb".normalize("NFC"));
    expect(decodeAnsel(Uint8Array.from([0x61, 0xe8])).text).toBe("a \u0308");
  });

  it("decodes a long ASCII run without running out of stack", () => {
    const big = new Uint8Array(3_000_000).fill(0x61);
    expect(decodeAnsel(big).text.length).toBe(3_000_000);
  });
});

describe("what a file that is not GEDCOM looks like", () => {
  it("recognises PDF and ZIP files by their first bytes", () => {
    expect(recognizeNonGedcom(fixture("pdf.ged"))).toBe("a PDF document");
    expect(recognizeNonGedcom(fixture("zip.ged"))).toMatch(/^a ZIP archive/);
    expect(recognizeNonGedcom(fixture("minimal.ged"))).toBeNull();
  });

  it("names text that is not GEDCOM", () => {
    expect(describeText("<!DOCTYPE html><html>")).toBe("a web page (HTML)");
    expect(describeText("Surname,Given,Born\nKowalski,Jan,1850")).toBe("a table (CSV or tab-separated text)");
    expect(describeText("Dear cousin,\nhere is the tree")).toBe("a text file");
  });
});
