import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import {
  type CsvRow,
  CsvParser,
  type Delimiter,
  MAX_COLUMNS,
  type UnclosedQuote,
  detectDelimiter,
  sampleText,
  tooManyColumns,
} from "./csv";
import { type ImportEncoding, binaryKind, detectEncoding, misreadUtf8, textDecoder } from "./encoding";
import { ImportError } from "./import-error";
import type { RowProblem } from "./rows.server";
import type { Say } from "~/jobs/said";

/**
 * Reading an uploaded file from disk: what it is (analysis) and its rows, streamed. Nothing here holds the file
 * in memory: 1 MB chunks are decoded and parsed as they come.
 */

const SAMPLE_BYTES = 64 * 1024;
const CHUNK_BYTES = 1024 * 1024;
/** Rows shown beside the mapping, so the administrator sees what each column holds. */
export const SAMPLE_ROWS = 5;

export interface CsvSettings {
  encoding: ImportEncoding;
  delimiter: Delimiter;
}

export interface FileAnalysis {
  encoding: ImportEncoding;
  bom: boolean;
  delimiter: Delimiter;
  headers: string[];
  sample: string[][];
  /** Line breaks in the file less the header: the row count until a check counts rows exactly. */
  approximateRows: number;
  bytes: number;
  sha256: string;
  /** A workbook's sheets, and the one read. */
  sheets?: string[];
  sheet?: string | null;
  /** The check's warnings (rows that look misread), the first KEPT_WARNINGS of them, and the rows that have one. */
  warnings?: RowProblem[];
  warningRows?: number;
}

/** A file that cannot be imported says why: in English, and by its key in the `imports` catalogs. */
export type AnalysisResult = { ok: true; analysis: FileAnalysis } | { ok: false; message: string; say?: Say };

/** The catalog's word for what a file that is not text is (./encoding.ts binaryKind), by its English. */
const KIND_KEYS: Readonly<Record<string, string>> = {
  "a PDF document": "pdf",
  "a ZIP archive (or an Office document)": "zip",
  "an old Excel (.xls) or Word document": "oldOffice",
  "a picture": "picture",
  "a gzip archive": "gzip",
};

/** A file with more columns than an import reads, with its key. */
export function tooManyColumnsResult(count: number): { ok: false; message: string; say: Say } {
  return {
    ok: false,
    message: tooManyColumns(count),
    say: { key: "refusal.tooManyColumns", values: { count, n: count, max: MAX_COLUMNS } },
  };
}

async function readSample(path: string): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The file's SHA-256 and its line breaks, in one pass. */
async function digestAndLines(path: string): Promise<{ sha256: string; lines: number; endsWithBreak: boolean }> {
  const hash = createHash("sha256");
  let lines = 0;
  let last = -1;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    if (chunk.length) last = chunk[chunk.length - 1]!;
  }
  return { sha256: hash.digest("hex"), lines, endsWithBreak: last === 10 };
}

/** What a CSV file is: encoding, delimiter, header, a sample; or why it cannot be imported. */
export async function analyseCsv(path: string, overrides: Partial<CsvSettings> = {}): Promise<AnalysisResult> {
  const { size } = await stat(path);
  if (size === 0) return { ok: false, message: "The file is empty.", say: { key: "file.problems.empty" } };
  const sample = await readSample(path);
  const kind = binaryKind(sample);
  if (kind)
    return {
      ok: false,
      message: `This file is ${kind}, not a CSV file. Save the spreadsheet as CSV (or upload the .xlsx itself).`,
      say: { key: `file.problems.notCsv.${KIND_KEYS[kind] ?? "binary"}` },
    };
  const detected = detectEncoding(sample);
  const encoding = overrides.encoding ?? detected.encoding;
  const text = new TextDecoder(encoding).decode(sample);
  if (!text.trim()) {
    return { ok: false, message: "The file holds no text: it is empty.", say: { key: "file.problems.noText" } };
  }
  const delimiter = overrides.delimiter ?? detectDelimiter(text);
  const rows: CsvRow[] = [];
  try {
    for await (const row of readCsvRows(path, { encoding, delimiter })) {
      rows.push(row);
      if (rows.length > SAMPLE_ROWS) break;
    }
  } catch (error) {
    // A small file's quote that never closes is found here already; a large file's, by the check.
    if (error instanceof ImportError) return { ok: false, message: error.message, say: error.say };
    throw error;
  }
  const [header, ...sampleRows] = rows;
  if (!header) return { ok: false, message: "The file holds no rows.", say: { key: "file.problems.noRows" } };
  if (header.cells.length > MAX_COLUMNS) return tooManyColumnsResult(header.cells.length);
  const { sha256, lines, endsWithBreak } = await digestAndLines(path);
  return {
    ok: true,
    analysis: {
      encoding,
      bom: detected.bom,
      delimiter,
      headers: headersOf(header.cells),
      sample: sampleOf(sampleRows),
      approximateRows: Math.max(0, lines + (endsWithBreak ? 0 : 1) - 1),
      bytes: size,
      sha256,
    },
  };
}

/** The first rows as the batch page shows them: as many cells as a header may have, each cut short. */
export function sampleOf(rows: readonly CsvRow[]): string[][] {
  return rows.map((r) => r.cells.slice(0, MAX_COLUMNS).map(sampleText));
}

/** The header row's cells as column names: a blank one named by its place, a NUL (no text) left out. */
export function headersOf(cells: readonly string[]): string[] {
  return cells.map((h, i) => h.replace(/\0/g, "").trim() || `Column ${i + 1}`);
}

function unclosedQuoteError(quote: UnclosedQuote, header: readonly string[] | null): ImportError {
  const column = header?.[quote.cell]?.trim() || `Column ${quote.cell + 1}`;
  const swallowed = quote.cut
    ? "the rest of the file was"
    : `the ${quote.lines.toLocaleString("en")} lines after it were`;
  return new ImportError(
    `Row ${quote.row}, column “${column}”: a quote (") opens this cell and is never closed, so ${swallowed} read into this one cell. Close the quote or remove it, and upload the file again.`,
    quote.cut
      ? { key: "file.problems.unclosedRest", values: { row: quote.row, column } }
      : { key: "file.problems.unclosedLines", values: { row: quote.row, column, count: quote.lines } },
  );
}

/**
 * Every row of a CSV file, the header first, in the given encoding and delimiter. A row of a file read in a code
 * page that is UTF-8 text read wrongly (the file mixes encodings) says so in `misread`. A quote that never closes
 * ends the rows with an ImportError: it swallowed the rest of the file into one cell.
 */
export async function* readCsvRows(path: string, settings: CsvSettings): AsyncGenerator<CsvRow> {
  const decode = textDecoder(settings.encoding);
  const parser = new CsvParser(settings.delimiter);
  const misread = settings.encoding === "utf-8" ? null : misreadUtf8(settings.encoding);
  let header: string[] | null = null;
  function* marked(rows: CsvRow[]): Generator<CsvRow> {
    for (const row of rows) {
      header ??= row.cells;
      if (misread) {
        for (let cell = 0; cell < row.cells.length; cell++) {
          const reading = misread(row.cells[cell]!);
          if (reading !== null) {
            row.misread = { cell, reading };
            break;
          }
        }
      }
      yield row;
    }
  }
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>) {
    yield* marked(parser.push(decode(chunk)));
  }
  yield* marked(parser.push(decode()));
  yield* marked(parser.end());
  if (parser.unclosed) throw unclosedQuoteError(parser.unclosed, header);
}

/** The SHA-256 of a file (to see that the file a batch imports is the one it checked). */
export async function fileDigest(path: string): Promise<string> {
  return (await digestAndLines(path)).sha256;
}
