import { createHash } from "node:crypto";
import type { CalendarKind } from "~/search/calendar";
import { formatIsoDate } from "~/search/calendar";
import type { CollectionDef } from "~/search/collections";
import type { ImportRecord } from "~/search/store.server";
import type { JobProblem } from "~/jobs/batch-rows.server";
import type { Say } from "~/jobs/said";
import type { CsvRow } from "./csv";
import { readRegisterDate } from "./dates";
import { DATE_TARGET, JULIAN_TARGET, SOURCE_KEY_TARGET, principalField } from "./fields";

/**
 * One row of a volunteer's file read into a record of the collection, or the problems that keep it out: each by
 * row and column, in words a volunteer can act on. Pure: the check (dry run) and the import both read rows here,
 * so what the check reports is exactly what the import would do.
 */

/** A problem of an import's row: the problem every job reports. */
export type RowProblem = JobProblem;

/** A problem's English words and its catalog key (app/jobs/said.ts), as a row's checks say it. */
export interface RowMessage {
  message: string;
  say?: Say;
}

export interface RecordRowSettings {
  /** The target of each column (a field name, "date", "julianDate", "sourceKey") or null to leave it out. */
  columns: readonly (string | null)[];
  /** How a single date in the file is written. */
  calendar: CalendarKind;
}

export interface ReadRow {
  row: number;
  record: ImportRecord | null;
  /** The row's key: the key column's value, or a digest of the record when no column is the key. */
  sourceKey: string | null;
  problems: RowProblem[];
  /** What may be wrong without keeping the row out (text that looks misread). */
  warnings?: RowProblem[];
}

/** Longest value of one cell: a remark, not a book. */
export const MAX_CELL_CHARS = 4000;

/** What a spreadsheet export put before a value that starts like a formula ('=…), taken off again. */
export function cellText(raw: string): string {
  const text = raw.trim();
  return text.charCodeAt(0) === APOSTROPHE && /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

const APOSTROPHE = 0x27;

/**
 * What keeps a cell's text out of an import: characters the file's encoding could not give, a NUL (a byte 0, which
 * is no text and which PostgreSQL cannot store), a value too long. A cell has one problem at most: the row's
 * other checks pass over a cell that has one.
 */
export function cellProblem(value: string, length = value.length): RowMessage | null {
  if (value.includes("\0")) {
    return {
      message:
        "This cell holds a NUL character (a zero byte), which is not text: the file may be damaged. Remove it, or save the file again from the spreadsheet program",
      say: { key: "problems.nul" },
    };
  }
  if (value.includes("\uFFFD")) {
    return {
      message:
        "Characters here cannot be read in the file's encoding: choose another encoding, or save the file as UTF-8",
      say: { key: "problems.unreadable" },
    };
  }
  if (length > MAX_CELL_CHARS) {
    return {
      message: `The value is ${length.toLocaleString("en")} characters long; a cell may hold at most ${MAX_CELL_CHARS.toLocaleString("en")}`,
      say: { key: "problems.tooLong", values: { length, max: MAX_CELL_CHARS } },
    };
  }
  return null;
}

/**
 * A row's problems and how to add one: a cell (its column) gets one message at most, the first, so a value too
 * long is not also "empty". Problems of the row as a whole (column "") are all kept.
 */
export function rowProblems(row: number): {
  problems: RowProblem[];
  problem: (column: string, message: string, say?: Say) => void;
} {
  const problems: RowProblem[] = [];
  const reported = new Set<string>();
  return {
    problems,
    problem(column, message, say) {
      if (column && reported.has(column)) return;
      reported.add(column);
      problems.push(say ? { row, column, message, say } : { row, column, message });
    },
  };
}

/** The warning for a row whose cell reads as UTF-8 text read in the file's code page. */
export function misreadWarning(input: CsvRow, headers: readonly string[]): RowProblem[] | undefined {
  if (!input.misread) return undefined;
  const { cell, reading } = input.misread;
  const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 60)}…` : text).replace(/\0/g, "");
  const [text, read] = [shown(input.cells[cell] ?? ""), shown(reading)];
  return [
    {
      row: input.row,
      column: headers[cell] ?? `Column ${cell + 1}`,
      message: `“${text}” looks like UTF-8 text read in the file's encoding: it would read “${read}”. The file mixes two encodings: save it again in one (UTF-8), and upload it again`,
      say: { key: "problems.misread", values: { text, read } },
    },
  ];
}

/**
 * The record as a comparable string: its dates as stored and its non-empty fields in a fixed order. Equal for a
 * record read from a file and the same record read back from the database, so a second import of a file finds
 * its rows unchanged.
 */
export function canonicalRecord(r: {
  dateSort: number;
  julianIso: string | null;
  fields: Record<string, string | null | undefined>;
}): string {
  const fields = Object.entries(r.fields)
    .filter(([, v]) => v != null && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([r.dateSort, r.julianIso ?? "", fields]);
}

export function canonicalOfImport(record: ImportRecord): string {
  const { date, julianDate } = record;
  return canonicalRecord({
    dateSort: date.year * 10000 + date.month * 100 + date.day,
    julianIso: julianDate?.month && julianDate.day ? formatIsoDate(julianDate) : null,
    fields: record.fields,
  });
}

export function canonicalOfStored(row: { date_sort: number; julian_date: string | null; data: string }): string {
  return canonicalRecord({
    dateSort: row.date_sort,
    julianIso: row.julian_date,
    fields: JSON.parse(row.data) as Record<string, string>,
  });
}

/** The key of a row without a key column: its content, so the same row imported twice is found again. */
export function contentKey(canonical: string): string {
  return `row:${createHash("sha1").update(canonical).digest("base64url")}`;
}

export function readRecordRow(
  collection: CollectionDef,
  settings: RecordRowSettings,
  headers: readonly string[],
  input: CsvRow,
): ReadRow {
  return recordRowReader(collection, settings, headers)(input);
}

/**
 * readRecordRow() for every row of one file: what depends only on the mapping (which column is the date, the
 * key, each field) is worked out once, not once a row.
 */
export function recordRowReader(
  collection: CollectionDef,
  settings: RecordRowSettings,
  headers: readonly string[],
): (input: CsvRow) => ReadRow {
  const { columns } = settings;
  const width = headers.length;
  const headerOf = (target: string, fallback: string) => headers[columns.indexOf(target)] ?? fallback;
  const mapped = columns.flatMap((target, i) =>
    target ? [{ target, i, header: headers[i] ?? `Column ${i + 1}` }] : [],
  );
  const hasDate = columns.includes(DATE_TARGET);
  const hasKey = columns.includes(SOURCE_KEY_TARGET);
  const dateHeader = headerOf(DATE_TARGET, "Date");
  const julianHeader = headerOf(JULIAN_TARGET, "Julian date");
  const keyHeader = headerOf(SOURCE_KEY_TARGET, "Source key");
  const principal = principalField(collection);
  const principalLabel = collection.searchFields[0]?.label ?? principal;
  const principalHeader = columns.includes(principal) ? headerOf(principal, principalLabel) : principalLabel;
  const choiceFields = collection.searchFields
    .filter((f) => f.choices)
    .map((f) => ({ name: f.name, values: f.choices!.map((c) => c.value), header: headerOf(f.name, f.label) }));
  const { from, to } = collection.years;

  return (input) => {
    const { row, cells } = input;
    const { problems, problem } = rowProblems(row);
    const warnings = misreadWarning(input, headers);
    if (cells.length > width && cells.slice(width).some((c) => c.trim() !== "")) {
      problem(
        "",
        `This row has ${cells.length} cells but the header has ${width}: a delimiter too many, or a quote missing?`,
        { key: "problems.cellsMore", values: { count: cells.length, width } },
      );
    } else if (cells.length < width) {
      problem(
        "",
        `This row has ${cells.length} cells but the header has ${width}: is part of the row on the next line?`,
        { key: "problems.cellsFewer", values: { count: cells.length, width } },
      );
    }
    const fields: Record<string, string> = {};
    let dateText = "";
    let julianText = "";
    let sourceKey: string | null = null;
    for (const { target, i, header } of mapped) {
      const value = cellText(cells[i] ?? "");
      const wrong = cellProblem(value, input.lengths?.[i]);
      if (wrong) {
        problem(header, wrong.message, wrong.say);
        continue;
      }
      if (target === DATE_TARGET) dateText = value;
      else if (target === JULIAN_TARGET) julianText = value;
      else if (target === SOURCE_KEY_TARGET) sourceKey = value;
      else if (value) fields[target] = value;
    }

    let record: ImportRecord | null = null;
    const date = hasDate
      ? readRegisterDate(dateText, settings.calendar)
      : ({ ok: false, message: "No column is the date", say: { key: "problems.noDateColumn" } } as const);
    if (!date.ok) problem(dateHeader, date.message, date.say);
    let julian = date.ok ? date.value.julian : null;
    if (julianText) {
      const j = readRegisterDate(julianText, "julian");
      if (!j.ok) problem(julianHeader, j.message, j.say);
      else julian = j.value.julian ?? j.value.date;
    }
    if (date.ok) {
      const { year } = date.value.date;
      if (year < from || year > to) {
        problem(dateHeader, `The year ${year} is outside this collection's years, ${from}–${to}`, {
          key: "problems.yearOutside",
          values: { year, from, to },
        });
      } else {
        // A qualified date ("abt 1850") keeps its words for the record page; the year is what is searched.
        if (date.value.qualifier) fields[DATE_TARGET] = dateText;
        record = { collection: collection.id, date: date.value.date, julianDate: julian, fields };
      }
    }

    if (!fields[principal]) {
      problem(principalHeader, `${principalLabel} is empty: every record needs it`, {
        key: "problems.principalEmpty",
        values: { label: principalLabel },
      });
    }
    for (const f of choiceFields) {
      const value = fields[f.name];
      if (value && !f.values.includes(value)) {
        const choices = f.values.join(", ");
        problem(f.header, `“${value}” is not one of ${choices}`, {
          key: "problems.notOneOf",
          values: { value, choices },
        });
      }
    }
    if (hasKey && !sourceKey) problem(keyHeader, "The source key is empty", { key: "problems.keyEmpty" });
    if (problems.length) return { row, record: null, sourceKey, problems, warnings };
    return { row, record, sourceKey: sourceKey ?? contentKey(canonicalOfImport(record!)), problems, warnings };
  };
}
