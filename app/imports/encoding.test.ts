import { describe, expect, it } from "vitest";
import { binaryKind, detectEncoding, misreadUtf8, textDecoder } from "./encoding";
import { inCodePage } from "./test-files";

const POLISH =
  "Nazwisko;Imię;Miejscowość\nKowalczyk;Józef;Łódź\nŚliwińska;Małgorzata;Zduńska Wola\nŻak;Bogumił;Źródła\n";
const RUSSIAN = "Фамилия;Имя;Место\nШмидт;Иоганн;Юзефин\nРадке;Екатерина;Рожище\n";
const GERMAN = "Nachname;Vorname;Ort\nMüller;Jürgen;Großwald\nSchäfer;Käthe;Königsberg\n";

describe("detectEncoding", () => {
  it("finds UTF-8 with and without a byte-order mark", () => {
    const bytes = new TextEncoder().encode(POLISH);
    expect(detectEncoding(bytes)).toEqual({ encoding: "utf-8", bom: false });
    expect(detectEncoding(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]))).toEqual({ encoding: "utf-8", bom: true });
  });

  it("tells the code pages apart by the words they make", () => {
    expect(detectEncoding(inCodePage(POLISH, "windows-1250")).encoding).toBe("windows-1250");
    expect(detectEncoding(inCodePage(POLISH, "iso-8859-2")).encoding).toBe("iso-8859-2");
    expect(detectEncoding(inCodePage(RUSSIAN, "windows-1251")).encoding).toBe("windows-1251");
    // German letters sit at the same bytes in Windows-1250 and 1252: either reads the file right.
    expect(
      new TextDecoder(detectEncoding(inCodePage(GERMAN, "windows-1252")).encoding).decode(
        inCodePage(GERMAN, "windows-1252"),
      ),
    ).toBe(GERMAN);
  });

  it("forgives a character cut off at the end of a UTF-8 sample", () => {
    const bytes = new TextEncoder().encode("Łódź");
    expect(detectEncoding(bytes.subarray(0, bytes.length - 1)).encoding).toBe("utf-8");
  });

  it("decodes in chunks, splitting a character between them", () => {
    const bytes = new TextEncoder().encode("Śliwińska");
    const decode = textDecoder("utf-8");
    expect(decode(bytes.subarray(0, 1)) + decode(bytes.subarray(1)) + decode()).toBe("Śliwińska");
  });
});

describe("binaryKind", () => {
  it("names files that are not text", () => {
    expect(binaryKind(new TextEncoder().encode("%PDF-1.7\n"))).toBe("a PDF document");
    expect(binaryKind(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toMatch(/ZIP/);
    expect(binaryKind(new Uint8Array([0x41, 0, 0x42, 0]))).toMatch(/binary|UTF-16/);
    expect(binaryKind(new TextEncoder().encode(POLISH))).toBeNull();
  });
});

describe("misreadUtf8", () => {
  /** UTF-8 text read in a code page, as a file mixing both is read. */
  const misread = (text: string, encoding: string) => new TextDecoder(encoding).decode(new TextEncoder().encode(text));

  it("gives the UTF-8 reading of UTF-8 text read in a code page", () => {
    const check = misreadUtf8("windows-1250");
    expect(misread("Zieliński", "windows-1250")).toBe("ZieliĹ„ski");
    expect(check("ZieliĹ„ski")).toBe("Zieliński");
    expect(check(misread("Łęczna, Wąwolnica", "windows-1250"))).toBe("Łęczna, Wąwolnica");
    expect(misreadUtf8("windows-1251")(misread("Шмидт Иоганн", "windows-1251"))).toBe("Шмидт Иоганн");
    expect(misreadUtf8("windows-1252")(misread("Müller", "windows-1252"))).toBe("Müller");
  });

  it("leaves text of the code page itself alone, capitals side by side too", () => {
    const check = misreadUtf8("windows-1250");
    for (const text of ["Zieliński", "GÓŁKA", "ŚLIWIŃSKI", "Łódź", "Kowalski", "ŻÓŁW", "Ąę"])
      expect(check(text)).toBeNull();
    const cyrillic = misreadUtf8("windows-1251");
    for (const text of ["ПІДГАЙЦІ", "ЦІ", "Шмидт", "Ёлкин"]) expect(cyrillic(text)).toBeNull();
    expect(misreadUtf8("windows-1252")("Müller Jürgen Großwald")).toBeNull();
  });
});
