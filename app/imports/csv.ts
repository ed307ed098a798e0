/**
 * Reading CSV as spreadsheets write it (RFC 4180 and its habits): a delimiter of `,` `;` or tab, fields in double
 * quotes that may hold the delimiter, quotes ("") and line breaks, CRLF or LF line ends. The parser is fed text in
 * chunks, so a file of any size passes through in constant memory.
 */

export const DELIMITERS = [
  { id: ",", label: "Comma (,)" },
  { id: ";", label: "Semicolon (;)" },
  { id: "\t", label: "Tab" },
] as const;

export type Delimiter = (typeof DELIMITERS)[number]["id"];

export function isDelimiter(value: unknown): value is Delimiter {
  return DELIMITERS.some((d) => d.id === value);
}

export function delimiterLabel(d: string): string {
  return DELIMITERS.find((x) => x.id === d)?.label ?? d;
}

/** Counts of each delimiter per line of the sample, outside quotes. */
function countsPerLine(text: string, delimiter: string): number[] {
  const counts: number[] = [];
  let n = 0;
  let quoted = false;
  for (let i = 0; i < text.length && counts.length < 50; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === delimiter) n++;
    else if (!quoted && ch === "\n") {
      counts.push(n);
      n = 0;
    }
  }
  if (n) counts.push(n);
  return counts;
}

/**
 * The delimiter of a sample: the one that splits the most lines into the same number of fields (a comma inside a
 * "Fond 828, Opis 1" field of a semicolon file varies from line to line; the real delimiter does not).
 */
export function detectDelimiter(sample: string): Delimiter {
  let best: Delimiter = ",";
  let bestScore = 0;
  for (const { id } of DELIMITERS) {
    const counts = countsPerLine(sample, id);
    if (!counts.length) continue;
    const first = counts[0]!;
    if (!first) continue;
    const steady = counts.filter((c) => c === first).length;
    const score = steady * 1000 + first;
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}

/** The most columns a file may have: the batch page shows a field for each, and its form sends them all. */
export const MAX_COLUMNS = 500;

export function tooManyColumns(count: number): string {
  return `The file has ${count.toLocaleString("en")} columns; an import reads at most ${MAX_COLUMNS.toLocaleString("en")}. Is the delimiter right? Otherwise remove the columns that are not imported, and upload the file again.`;
}

/** Characters of a value shown as a sample beside the mapping (a cell may be a megabyte). */
export const SAMPLE_CHARS = 80;

export function sampleText(value: string): string {
  return value.length > SAMPLE_CHARS ? `${value.slice(0, SAMPLE_CHARS)}…` : value;
}

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
  /** The true lengths of the cells (by their index) cut at MAX_FIELD_CHARS. */
  lengths?: Record<number, number>;
  /** A cell (from 0) that reads as UTF-8 text read in the file's code page, and how it reads as UTF-8. */
  misread?: { cell: number; reading: string };
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
/** V8 makes a slice of this many characters or more a view of the whole text it was cut from. */
const SLICE_VIEW_CHARS = 13;

/**
 * A cell as a string of its own. A longer slice would keep the whole megabyte of text it was cut from alive
 * for as long as the cell is kept (an importer remembers values), so it is copied; the copy is flat.
 */
function ownCopy(cell: string): string {
  return cell.length < SLICE_VIEW_CHARS ? cell : (cell + " ").slice(0, -1);
}

export interface UnclosedQuote {
  /** The row and cell (from 0) the quote opens. */
  row: number;
  cell: number;
  /** Line breaks read into the field after the quote (in the part of it kept, when `cut`). */
  lines: number;
  /** The field was longer than MAX_FIELD_CHARS: `lines` counts only its beginning. */
  cut: boolean;
}

/**
 * The most characters of one field the parser keeps; the rest is counted, not kept (CsvRow.lengths). A cell may hold
 * MAX_CELL_CHARS, far fewer: this only bounds the memory of a field that runs on, such as one whose quote never
 * closes in a file of 500 MB.
 */
export const MAX_FIELD_CHARS = 64 * 1024;

/** A push parser: `push(text)` returns the rows completed so far, `end()` the last one. */
export class CsvParser {
  private field = "";
  private cells: string[] = [];
  private quoted = false;
  /** After a closing quote: the next quote is an escaped quote, anything else ends the quoted part. */
  private quoteSeen = false;
  private fieldStarted = false;
  private rowNumber = 0;
  private lastWasCR = false;
  /** Where the quoted field being read began: its row and its cell (from 0). */
  private quoteRow = 0;
  private quoteCell = 0;
  /** Characters of the field being read that were beyond MAX_FIELD_CHARS, and the true lengths of the row's cut cells. */
  private dropped = 0;
  private lengths: Record<number, number> | null = null;

  constructor(private readonly delimiter: Delimiter) {}

  push(text: string): CsvRow[] {
    const rows: CsvRow[] = [];
    const d = this.delimiter.charCodeAt(0);
    const n = text.length;
    let field = this.field;
    let i = 0;
    // Runs of ordinary characters are taken as slices, not character by character: string concatenation per
    // character was most of the parser's time.
    while (i < n) {
      const ch = text.charCodeAt(i);
      if (this.lastWasCR) {
        this.lastWasCR = false;
        if (ch === LF) {
          i++;
          continue;
        }
      }
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (ch === QUOTE) {
            field = this.grow(field, '"', 0, 1);
            i++;
            continue;
          }
          this.quoted = false;
          // falls through: the character after the closing quote is read as unquoted
        } else {
          const close = text.indexOf('"', i);
          const end = close === -1 ? n : close;
          field = this.grow(field, text, i, end);
          if (close !== -1) this.quoteSeen = true;
          i = end + 1;
          continue;
        }
      }
      if (ch === d) {
        this.endCell(field);
        field = "";
        this.fieldStarted = true;
        i++;
      } else if (ch === LF || ch === CR) {
        this.endCell(field);
        field = "";
        const row = this.finishRow();
        if (row) rows.push(row);
        this.lastWasCR = ch === CR;
        i++;
      } else if (ch === QUOTE && field === "") {
        this.quoted = true;
        this.quoteRow = this.rowNumber + 1;
        this.quoteCell = this.cells.length;
        this.fieldStarted = true;
        i++;
      } else {
        // A quote inside an unquoted field is kept as it is.
        let j = i + 1;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === d || c === LF || c === CR || c === QUOTE) break;
          j++;
        }
        field = this.grow(field, text, i, j);
        this.fieldStarted = true;
        i = j;
      }
    }
    this.field = field;
    return rows;
  }

  end(): CsvRow[] {
    if (this.quoted && this.quoteSeen) this.quoted = false;
    if (this.quoted) {
      let lines = 0;
      for (let i = this.field.indexOf("\n"); i !== -1; i = this.field.indexOf("\n", i + 1)) lines++;
      // The file's last line break ends its last line, not a line of its own.
      if (this.field.endsWith("\n")) lines--;
      this.unclosed = { row: this.quoteRow, cell: this.quoteCell, lines, cut: this.dropped > 0 };
    }
    if (!this.fieldStarted && this.field === "" && !this.cells.length) return [];
    this.endCell(this.field);
    this.field = "";
    const row = this.finishRow();
    return row ? [row] : [];
  }

  /** The field with text[from, to) added, as far as MAX_FIELD_CHARS; what is beyond is counted in `dropped`. */
  private grow(field: string, text: string, from: number, to: number): string {
    const room = MAX_FIELD_CHARS - field.length;
    if (to - from <= room) return field + text.slice(from, to);
    this.dropped += to - from - Math.max(room, 0);
    return room > 0 ? field + text.slice(from, from + room) : field;
  }

  private endCell(field: string): void {
    if (this.dropped) {
      (this.lengths ??= {})[this.cells.length] = field.length + this.dropped;
      this.dropped = 0;
    }
    this.cells.push(ownCopy(field));
  }

  /** Whether the input ended inside a quoted field (a quote never closed). */
  get unterminated(): boolean {
    return this.quoted && !this.quoteSeen;
  }

  /**
   * After end(): the quote that opened a field and never closed, so that the rest of the text (`lines` line
   * breaks) was read into that one field; null when every quote closed.
   */
  unclosed: UnclosedQuote | null = null;

  private finishRow(): CsvRow | null {
    const { cells, lengths } = this;
    this.cells = [];
    this.lengths = null;
    this.fieldStarted = false;
    this.rowNumber++;
    // A blank line is no row, but it keeps the numbering a spreadsheet shows.
    if (cells.length === 1 && cells[0] === "") return null;
    return lengths ? { row: this.rowNumber, cells, lengths } : { row: this.rowNumber, cells };
  }
}

/** Parses a whole text (tests, samples). */
export function parseCsv(text: string, delimiter: Delimiter): CsvRow[] {
  const parser = new CsvParser(delimiter);
  return [...parser.push(text), ...parser.end()];
}
