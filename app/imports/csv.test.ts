import { describe, expect, it } from "vitest";
import { CsvParser, detectDelimiter, parseCsv } from "./csv";

describe("detectDelimiter", () => {
  it("picks the delimiter that splits every line alike", () => {
    expect(detectDelimiter("a;b;c\n1;2;3\n")).toBe(";");
    expect(detectDelimiter("a\tb\n1\t2\n")).toBe("\t");
    expect(detectDelimiter("a,b\n1,2\n")).toBe(",");
    // Commas inside a field of a semicolon file vary from line to line.
    expect(detectDelimiter("Surname;Register\nSchulz;Fond 828, Opis 1\nRadke;Fond 828, Opis 1, Delo 9\n")).toBe(";");
  });
});

describe("CsvParser", () => {
  it("reads quoted fields with delimiters, quotes and line breaks, and numbers rows as a spreadsheet does", () => {
    const rows = parseCsv('Name;Remarks\r\n"Schulz; Johann";"said ""Hans""\r\nsecond line"\r\n\r\nRadke;\r\n', ";");
    expect(rows).toEqual([
      { row: 1, cells: ["Name", "Remarks"] },
      { row: 2, cells: ["Schulz; Johann", 'said "Hans"\r\nsecond line'] },
      { row: 4, cells: ["Radke", ""] },
    ]);
  });

  it("gives the same rows however the text is cut into chunks", () => {
    const text = 'a,b,c\n"x,1","y""2",z\n3,4,5';
    const whole = parseCsv(text, ",");
    for (let cut = 1; cut < text.length; cut++) {
      const parser = new CsvParser(",");
      const rows = [...parser.push(text.slice(0, cut)), ...parser.push(text.slice(cut)), ...parser.end()];
      expect(rows).toEqual(whole);
    }
  });

  it("tells when a quote never closes", () => {
    const parser = new CsvParser(",");
    parser.push('a,"b\nc,d\n');
    expect(parser.unterminated).toBe(true);
  });
});
