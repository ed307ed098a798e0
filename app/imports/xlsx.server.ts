import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { type CsvRow, MAX_COLUMNS } from "./csv";
import { ImportError } from "./import-error";
import { type AnalysisResult, headersOf, sampleOf, tooManyColumnsResult } from "./file.server";

/**
 * Reading an Excel workbook (.xlsx) as rows, streamed with exceljs's workbook reader: a sheet of a million rows
 * passes through without the workbook in memory. Cells become the text a volunteer sees: dates as yyyy-mm-dd,
 * numbers as written, rich text as its words, a formula as its result.
 */

const SAMPLE_ROWS = 5;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value && typeof value.text === "string") return value.text;
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("error" in value) return "";
    // Anything else (a shared string the workbook lacks) would become "[object Object]" in the records.
    throw new ImportError(
      "A cell of the workbook cannot be read: save the workbook again from the spreadsheet program, or as CSV.",
      { key: "file.problems.xlsxCell" },
    );
  }
  return String(value);
}

/**
 * The parts exceljs's streaming reader must meet before any sheet: met after a sheet, the sheet's text cells read
 * as "[object Object]" (exceljs 4.4 loses the shared strings of a sheet it set aside), or the reader fails.
 */
const PARTS_FIRST = ["xl/_rels/workbook.xml.rels", "xl/workbook.xml", "xl/sharedStrings.xml", "xl/styles.xml"];

/**
 * The workbook's zip as a stream whose entries come in the order exceljs needs, whatever order the program that
 * saved it chose: the central directory (at the end of the file) says where each entry is, and each entry's bytes
 * are passed on as they are, from the file, without unpacking them.
 */
async function partsInOrder(path: string): Promise<Readable> {
  const { Open } = await import("unzipper");
  const directory = await Open.file(path);
  const starts = directory.files.map((f) => f.offsetToLocalFileHeader).sort((a, b) => a - b);
  const { size } = await stat(path);
  const endOf = (start: number) => starts.find((s) => s > start) ?? directory.offsetToStartOfCentralDirectory;
  const rank = (p: string) => {
    const i = PARTS_FIRST.indexOf(p);
    return i === -1 ? PARTS_FIRST.length : i;
  };
  const entries = [...directory.files].sort(
    (a, b) => rank(a.path) - rank(b.path) || a.offsetToLocalFileHeader - b.offsetToLocalFileHeader,
  );
  const ranges = entries.map((e) => [e.offsetToLocalFileHeader, endOf(e.offsetToLocalFileHeader)] as const);
  // The central directory last, as a zip ends: the reader stops there.
  ranges.push([directory.offsetToStartOfCentralDirectory, size]);
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const [start, end] of ranges) {
      if (end > start) yield* createReadStream(path, { start, end: end - 1 }) as AsyncIterable<Buffer>;
    }
  }
  return Readable.from(bytes());
}

/**
 * exceljs and the many packages it brings are loaded on the first workbook, not when the server starts: loading them
 * was a good part of every restart (issue 12 item 6), and most servers never read a workbook.
 */
async function reader(path: string) {
  const { default: Excel } = await import("exceljs");
  return new Excel.stream.xlsx.WorkbookReader(await partsInOrder(path), {
    sharedStrings: "cache",
    worksheets: "emit",
    hyperlinks: "ignore",
    styles: "cache",
    entries: "ignore",
  });
}

/**
 * Every row of one sheet (the first, or the one named), the header first; rows the sheet skips (empty) keep their
 * numbers, as the spreadsheet shows them. `onSheet` hears every sheet's name as the reader meets it.
 */
export async function* readXlsxRows(
  path: string,
  sheet?: string | null,
  onSheet?: (name: string) => void,
): AsyncGenerator<CsvRow> {
  let chosen: string | null = null;
  for await (const worksheet of await reader(path)) {
    const name = (worksheet as unknown as { name: string }).name;
    onSheet?.(name);
    const wanted = chosen === null && (!sheet || sheet === name);
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      if (!wanted) continue;
      const values = row.values as ExcelJS.CellValue[];
      // exceljs numbers cells from 1: values[0] is always empty.
      yield { row: row.number, cells: values.slice(1).map(cellText) };
    }
    if (wanted) chosen = name;
  }
}

/** What a workbook holds: its sheets, the chosen sheet's header and first rows; or why it cannot be read. */
export async function analyseXlsx(
  path: string,
  sheet?: string | null,
): Promise<AnalysisResult & { sheets?: string[] }> {
  const { size } = await stat(path);
  if (size === 0) return { ok: false, message: "The file is empty.", say: { key: "file.problems.empty" } };
  const sheets: string[] = [];
  const rows: CsvRow[] = [];
  let count = 0;
  const hash = createHash("sha256");
  try {
    for await (const row of readXlsxRows(path, sheet, (name) => sheets.push(name))) {
      if (rows.length <= SAMPLE_ROWS) rows.push(row);
      if (row.cells.some((c) => c.trim() !== "")) count++;
    }
  } catch {
    return {
      ok: false,
      message:
        "This file is not an Excel workbook that can be read (.xlsx): save it again from the spreadsheet program, or as CSV.",
      say: { key: "file.problems.notXlsx" },
    };
  }
  if (sheet && !sheets.includes(sheet)) {
    return {
      ok: false,
      message: `The workbook has no sheet “${sheet}”.`,
      say: { key: "file.problems.noSheet", values: { sheet } },
    };
  }
  const [header, ...sample] = rows;
  if (!header) {
    return sheets.length
      ? { ok: false, message: "The sheet holds no rows.", say: { key: "file.problems.sheetEmpty" } }
      : { ok: false, message: "The workbook holds no sheets.", say: { key: "file.problems.noSheets" } };
  }
  if (header.cells.length > MAX_COLUMNS) return tooManyColumnsResult(header.cells.length);
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return {
    ok: true,
    sheets,
    analysis: {
      encoding: "utf-8",
      bom: false,
      delimiter: ",",
      headers: headersOf(header.cells),
      sample: sampleOf(sample),
      approximateRows: Math.max(0, count - 1),
      bytes: size,
      sha256: hash.digest("hex"),
      sheets,
      sheet: sheet ?? sheets[0] ?? null,
    },
  };
}
