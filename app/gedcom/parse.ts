/**
 * GEDCOM lines to a tree of records. Each line is `level [@xref@] TAG [value]`;
 * a line one level deeper than the one before is its child. CONC and CONT
 * lines are folded into their parent's value (CONT with a newline), their
 * pieces gathered in arrays and joined once, so a 50 MB file stays linear.
 * A line that cannot be read becomes a problem with its line number; the
 * parser never throws on input.
 */

export interface GedcomNode {
  level: number;
  /** `@I1@` without the at signs, or null. */
  xref: string | null;
  tag: string;
  /** The value with CONC/CONT joined and the `@@` escape undone; "" when there is none. */
  value: string;
  /** 1-based line number in the file. */
  line: number;
  children: GedcomNode[];
}

export type Severity = "error" | "warning";

export interface GedcomProblem {
  line: number;
  xref?: string;
  tag?: string;
  message: string;
  severity: Severity;
}

export interface ParsedGedcom {
  /** The level-0 records in file order, HEAD and TRLR included. */
  records: GedcomNode[];
  /** "5.5.1", "5.5", "7.0", … from HEAD.GEDC.VERS, or null when the header has none. */
  version: string | null;
  /** Lines read (the last line number). */
  lines: number;
  problems: GedcomProblem[];
}

const TAG = /^[A-Za-z0-9_]+$/;
const XREF = /^@([^@\s][^@]*)@$/;
/** A value that is a pointer to a record: `@I1@`. */
const POINTER = /^@([^@#\s][^@]*)@$/;

/** The xref a pointer value names (`@F1@` → `F1`), or null when the value is not a pointer. */
export function pointerOf(value: string): string | null {
  const m = POINTER.exec(value.trim());
  return m ? m[1] : null;
}

export function isMajorVersion7(version: string | null): boolean {
  return version !== null && /^7(\.|$)/.test(version.trim());
}

/** Splits text into lines at CR LF, LF or CR, without one big split of a 50 MB string into regexp matches. */
function* linesOf(text: string): Generator<string> {
  let start = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      yield text.slice(start, i);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
  }
  if (start < n) yield text.slice(start);
}

/**
 * The longest value kept, as CSV imports keep cells (app/imports/rows.server.ts): a 20 MB NAME line or a million
 * CONC lines would otherwise become a person page or a note of that size.
 */
export const MAX_VALUE_CHARS = 4000;

/**
 * Reads GEDCOM lines one at a time and hands on each level-0 record as it ends, so a file of any size is read
 * holding one record at a time. Values longer than MAX_VALUE_CHARS are cut (a warning each, with the line), and
 * NUL characters are removed (one warning with the count): PostgreSQL cannot store them.
 */
export class GedcomRecordReader {
  readonly problems: GedcomProblem[] = [];
  version: string | null = null;
  lines = 0;
  private v7 = false;
  private stack: GedcomNode[] = [];
  // Pieces of values continued by CONC/CONT, joined when the record ends; their length, to cut them.
  private pieces = new Map<GedcomNode, { list: string[]; length: number; cut: boolean }>();
  /** After a line is dropped, its deeper lines are dropped with it (only the first is reported). */
  private skipDeeperThan = -1;
  private warnedConc7 = false;
  private nuls = 0;
  private firstNulLine = 0;

  /** `onProblem` takes each problem instead of `problems` keeping them (a reader of a large file bounds them). */
  constructor(
    private readonly onRecord: (record: GedcomNode) => void,
    private readonly onProblem: (problem: GedcomProblem) => void = (p) => this.problems.push(p),
  ) {}

  /** A record is being read (its level-0 line has come). */
  get open(): boolean {
    return this.stack.length > 0;
  }

  private problem(message: string, severity: Severity = "error", tag?: string) {
    const record = this.stack[0];
    this.onProblem({
      line: this.lines,
      ...(record?.xref ? { xref: record.xref } : {}),
      ...(tag ? { tag } : {}),
      message,
      severity,
    });
  }

  private cutWarning(node: { tag: string; line: number }, length: number, xref = this.stack[0]?.xref) {
    this.onProblem({
      line: node.line,
      ...(xref ? { xref } : {}),
      tag: node.tag,
      message: `The ${node.tag} value is ${length.toLocaleString("en")} characters long: the first ${MAX_VALUE_CHARS.toLocaleString("en")} are kept.`,
      severity: "warning",
    });
  }

  private endRecord() {
    const record = this.stack[0];
    for (const [node, p] of this.pieces) {
      node.value = p.list.join("");
      if (p.cut) this.cutWarning(node, p.length, record?.xref);
    }
    this.pieces.clear();
    this.stack.length = 0;
    if (record) this.onRecord(record);
  }

  line(raw: string): void {
    const lineNo = ++this.lines;
    let line = lineNo === 1 ? raw.replace(/^\ufeff/, "") : raw;
    if (line.includes("\u0000")) {
      if (!this.nuls) this.firstNulLine = lineNo;
      this.nuls += line.split("\u0000").length - 1;
      line = line.replaceAll("\u0000", "");
    }
    // Leading white space was allowed before 7.0 and some programs indent their output.
    const trimmed = line.replace(/^[ \t]+/, "");
    if (trimmed === "") return;

    const sp1 = trimmed.search(/[ \t]/);
    const levelText = sp1 < 0 ? trimmed : trimmed.slice(0, sp1);
    if (!/^\d{1,2}$/.test(levelText)) {
      this.problem(`Line ${lineNo} does not start with a level number: "${clip(trimmed)}".`);
      return;
    }
    const level = Number(levelText);
    if (this.skipDeeperThan >= 0 && level > this.skipDeeperThan) return;
    this.skipDeeperThan = -1;

    let rest = sp1 < 0 ? "" : trimmed.slice(sp1 + 1).replace(/^[ \t]+/, "");
    let xref: string | null = null;
    if (rest.startsWith("@")) {
      const end = rest.search(/[ \t]/);
      const token = end < 0 ? rest : rest.slice(0, end);
      const m = XREF.exec(token);
      if (m) {
        xref = m[1];
        rest = end < 0 ? "" : rest.slice(end + 1).replace(/^[ \t]+/, "");
      }
    }
    const sp2 = rest.search(/[ \t]/);
    const tag = sp2 < 0 ? rest : rest.slice(0, sp2);
    if (!tag || !TAG.test(tag)) {
      this.problem(`Line ${lineNo} has no tag: "${clip(trimmed)}".`);
      if (level === 0) this.endRecord();
      this.skipDeeperThan = level;
      return;
    }
    // One delimiter only: spaces after it belong to the value (they matter in CONC pieces).
    let value = sp2 < 0 ? "" : rest.slice(sp2 + 1);
    const stack = this.stack;

    if (level > stack.length) {
      this.problem(
        stack.length === 0
          ? `Line ${lineNo} is at level ${level} outside any record (a record starts at level 0).`
          : `Line ${lineNo} jumps from level ${stack.length - 1} to level ${level}.`,
        "error",
        tag,
      );
      this.skipDeeperThan = level;
      return;
    }
    if (level === 0) this.endRecord();
    stack.length = level;
    const parent = level > 0 ? stack[level - 1] : undefined;

    if ((tag === "CONC" || tag === "CONT") && parent) {
      if (tag === "CONC" && this.v7 && !this.warnedConc7) {
        this.problem("CONC is not part of GEDCOM 7.0; joined anyway.", "warning", tag);
        this.warnedConc7 = true;
      }
      let p = this.pieces.get(parent);
      if (!p) this.pieces.set(parent, (p = { list: [parent.value], length: parent.value.length, cut: false }));
      const piece = (tag === "CONT" ? "\n" : "") + unescape(value, this.v7);
      if (p.length + piece.length > MAX_VALUE_CHARS && !p.cut) {
        p.list.push(detached(piece.slice(0, Math.max(0, MAX_VALUE_CHARS - p.length))));
        p.cut = true;
      } else if (!p.cut) p.list.push(piece);
      p.length += piece.length;
      // A CONC/CONT line has no children of its own; anything under it is malformed.
      this.skipDeeperThan = level;
      return;
    }

    if (pointerOf(value) === null) value = unescape(value, this.v7);
    if (value.length > MAX_VALUE_CHARS) {
      this.cutWarning({ tag, line: lineNo }, value.length);
      value = detached(value.slice(0, MAX_VALUE_CHARS));
    }
    const node: GedcomNode = { level, xref, tag, value, line: lineNo, children: [] };
    if (parent) parent.children.push(node);
    stack.push(node);

    if (tag === "VERS" && level === 2 && stack[1]?.tag === "GEDC" && stack[0]?.tag === "HEAD") {
      this.version = value.trim();
      this.v7 = isMajorVersion7(this.version);
    }
  }

  /** Ends the file: the last record is handed on, and the NULs removed are reported. */
  end(): void {
    this.endRecord();
    if (this.nuls) {
      this.onProblem({
        line: this.firstNulLine,
        message: `The file has ${this.nuls.toLocaleString("en")} NUL characters (from line ${this.firstNulLine} on): removed.`,
        severity: "warning",
      });
    }
  }
}

export function parseGedcom(text: string): ParsedGedcom {
  const records: GedcomNode[] = [];
  const reader = new GedcomRecordReader((record) => records.push(record));
  for (const raw of linesOf(text)) reader.line(raw);
  reader.end();
  return { records, version: reader.version, lines: reader.lines, problems: reader.problems };
}

/*
 * `@@` stands for one `@`. GEDCOM 5.5.1 escapes every `@` in a value; 7.0
 * only a leading one. Escapes such as `@#DJULIAN@` stay as they are: they
 * start with `@#` and the date reader knows them.
 */
function unescape(value: string, v7: boolean): string {
  if (!value.includes("@@")) return value;
  if (v7) return value.startsWith("@@") ? value.slice(1) : value;
  return value.replace(/@@/g, "@");
}

/** A copy of a slice, so that the long line it was cut from is not kept alive with it (V8 slices share). */
function detached(s: string): string {
  return JSON.parse(JSON.stringify(s)) as string;
}

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
