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

export function parseGedcom(text: string): ParsedGedcom {
  const records: GedcomNode[] = [];
  const problems: GedcomProblem[] = [];
  // Pieces of values continued by CONC/CONT, joined at the end.
  const pieces = new Map<GedcomNode, string[]>();
  const stack: GedcomNode[] = [];
  let version: string | null = null;
  let v7 = false;
  let lineNo = 0;
  /** After a line is dropped, its deeper lines are dropped with it (only the first is reported). */
  let skipDeeperThan = -1;
  let warnedConc7 = false;

  const problem = (message: string, severity: Severity = "error", tag?: string) => {
    const record = stack[0];
    problems.push({
      line: lineNo,
      ...(record?.xref ? { xref: record.xref } : {}),
      ...(tag ? { tag } : {}),
      message,
      severity,
    });
  };

  for (const raw of linesOf(text)) {
    lineNo++;
    const line = lineNo === 1 ? raw.replace(/^\ufeff/, "") : raw;
    // Leading white space was allowed before 7.0 and some programs indent their output.
    const trimmed = line.replace(/^[ \t]+/, "");
    if (trimmed === "") continue;

    const sp1 = trimmed.search(/[ \t]/);
    const levelText = sp1 < 0 ? trimmed : trimmed.slice(0, sp1);
    if (!/^\d{1,2}$/.test(levelText)) {
      problem(`Line ${lineNo} does not start with a level number: "${clip(trimmed)}".`);
      continue;
    }
    const level = Number(levelText);
    if (skipDeeperThan >= 0 && level > skipDeeperThan) continue;
    skipDeeperThan = -1;

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
      problem(`Line ${lineNo} has no tag: "${clip(trimmed)}".`);
      skipDeeperThan = level;
      continue;
    }
    // One delimiter only: spaces after it belong to the value (they matter in CONC pieces).
    let value = sp2 < 0 ? "" : rest.slice(sp2 + 1);

    if (level > stack.length) {
      problem(
        stack.length === 0
          ? `Line ${lineNo} is at level ${level} outside any record (a record starts at level 0).`
          : `Line ${lineNo} jumps from level ${stack.length - 1} to level ${level}.`,
        "error",
        tag,
      );
      skipDeeperThan = level;
      continue;
    }
    stack.length = level;
    const parent = level > 0 ? stack[level - 1] : undefined;

    if ((tag === "CONC" || tag === "CONT") && parent) {
      if (tag === "CONC" && v7 && !warnedConc7) {
        problem("CONC is not part of GEDCOM 7.0; joined anyway.", "warning", tag);
        warnedConc7 = true;
      }
      let list = pieces.get(parent);
      if (!list) pieces.set(parent, (list = [parent.value]));
      list.push(tag === "CONT" ? "\n" : "", unescape(value, v7));
      // A CONC/CONT line has no children of its own; anything under it is malformed.
      skipDeeperThan = level;
      continue;
    }

    if (pointerOf(value) === null) value = unescape(value, v7);
    const node: GedcomNode = { level, xref, tag, value, line: lineNo, children: [] };
    if (parent) parent.children.push(node);
    else records.push(node);
    stack.push(node);

    if (tag === "VERS" && level === 2 && stack[1]?.tag === "GEDC" && stack[0]?.tag === "HEAD") {
      version = value.trim();
      v7 = isMajorVersion7(version);
    }
  }

  for (const [node, list] of pieces) node.value = list.join("");
  return { records, version, lines: lineNo, problems };
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

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}
