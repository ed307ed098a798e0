import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvParser, type Delimiter, MAX_FIELD_CHARS, detectDelimiter, parseCsv } from "./csv";

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

  it("keeps at most MAX_FIELD_CHARS of a field, and tells the true length of what it cut, in any chunks", () => {
    const long = "x".repeat(MAX_FIELD_CHARS + 1000);
    const text = `a;b\n"${long}";${long}\nc;d\n`;
    const whole = parseCsv(text, ";");
    expect(whole[1]!.cells.map((c) => c.length)).toEqual([MAX_FIELD_CHARS, MAX_FIELD_CHARS]);
    expect(whole[1]!.lengths).toEqual({ 0: MAX_FIELD_CHARS + 1000, 1: MAX_FIELD_CHARS + 1000 });
    expect(whole[2]).toEqual({ row: 3, cells: ["c", "d"] });
    const parser = new CsvParser(";");
    const chunks = [];
    for (let i = 0; i < text.length; i += 7777) chunks.push(...parser.push(text.slice(i, i + 7777)));
    expect([...chunks, ...parser.end()]).toEqual(whole);
  });

  it("says that a quote that never closes swallowed the rest of the file when the field was cut", () => {
    const parser = new CsvParser(",");
    parser.push(`a,b\n1,"${"y\n".repeat(MAX_FIELD_CHARS)}`);
    parser.end();
    expect(parser.unclosed).toMatchObject({ row: 2, cell: 1, cut: true });
  });

  it("tells where the quote that never closes opens, and how many lines it swallowed", () => {
    const parser = new CsvParser(";");
    const rows = [
      ...parser.push('Name;Remarks\nSchulz;"fine"\nRadke;"never closed\nNowak;x\nLange;y\n'),
      ...parser.end(),
    ];
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(parser.unclosed).toEqual({ row: 3, cell: 1, lines: 2, cut: false });
    const closed = new CsvParser(";");
    closed.push('a;"b""c"\n');
    closed.end();
    expect(closed.unclosed).toBeNull();
  });

  it("reads any text, cut anywhere, as the character-by-character parser did", () => {
    const text = fc
      .array(fc.constantFrom("a", "Łódź", "x".repeat(20), ",", ";", '"', "\n", "\r", "\r\n", " "), { maxLength: 60 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, fc.constantFrom<Delimiter>(",", ";"), fc.array(fc.nat(), { maxLength: 4 }), (t, d, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (t.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...at].map((from, i) => t.slice(from, [...at, t.length][i]));
        const read = (parser: { push(s: string): unknown[]; end(): unknown[]; unterminated: boolean }) => {
          const rows = pieces.flatMap((p) => parser.push(p));
          return { rows: [...rows, ...parser.end()], unterminated: parser.unterminated };
        };
        expect(read(new CsvParser(d))).toEqual(read(new CharByCharParser(d)));
      }),
    );
  });
});

/** The parser as it was, character by character: what the faster one must still give. */
class CharByCharParser {
  private field = "";
  private cells: string[] = [];
  private quoted = false;
  /** After a closing quote: the next quote is an escaped quote, anything else ends the quoted part. */
  private quoteSeen = false;
  private fieldStarted = false;
  private rowNumber = 0;
  private lastWasCR = false;

  constructor(private readonly delimiter: Delimiter) {}

  push(text: string): { row: number; cells: string[] }[] {
    const rows: { row: number; cells: string[] }[] = [];
    const d = this.delimiter;
    let field = this.field;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (this.lastWasCR) {
        this.lastWasCR = false;
        if (ch === "\n") continue;
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (ch === '"') {
            field += '"';
            continue;
          }
          this.quoted = false;
          // falls through: the character after the closing quote is read as unquoted
        } else if (ch === '"') {
          this.quoteSeen = true;
          continue;
        } else {
          field += ch;
          continue;
        }
      }
      if (ch === d) {
        this.cells.push(field);
        field = "";
        this.fieldStarted = true;
      } else if (ch === "\n" || ch === "\r") {
        this.cells.push(field);
        field = "";
        const row = this.finishRow();
        if (row) rows.push(row);
        this.lastWasCR = ch === "\r";
      } else if (ch === '"' && field === "") {
        this.quoted = true;
        this.fieldStarted = true;
      } else {
        field += ch;
        this.fieldStarted = true;
      }
    }
    this.field = field;
    return rows;
  }

  end(): { row: number; cells: string[] }[] {
    if (this.quoted && this.quoteSeen) this.quoted = false;
    if (!this.fieldStarted && this.field === "" && !this.cells.length) return [];
    this.cells.push(this.field);
    this.field = "";
    const row = this.finishRow();
    return row ? [row] : [];
  }

  /** Whether the input ended inside a quoted field (a quote never closed). */
  get unterminated(): boolean {
    return this.quoted && !this.quoteSeen;
  }

  private finishRow(): { row: number; cells: string[] } | null {
    const cells = this.cells;
    this.cells = [];
    this.fieldStarted = false;
    this.rowNumber++;
    // A blank line is no row, but it keeps the numbering a spreadsheet shows.
    if (cells.length === 1 && cells[0] === "") return null;
    return { row: this.rowNumber, cells };
  }
}
