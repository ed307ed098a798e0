import type { GedcomEncoding } from "~/gedcom/encoding";
import type { GedcomNode, GedcomProblem } from "~/gedcom/parse";
import { pointerOf } from "~/gedcom/parse";
import {
  type GedcomHeader,
  type RecordLookup,
  UnknownTags,
  childValue,
  emptyHeader,
  readHeader,
  recordReaders,
} from "~/gedcom/tree";
import { type ConvertedPerson, convertPerson, familyNotes, familyOf } from "./gedcom-convert";
import type { FamilyInput } from "./input";

/**
 * A member's GEDCOM read as a stream of records, in passes over the file (decision 0054), holding what links the
 * records together in typed arrays rather than the file's tree of nodes, so a million people fit in a bounded
 * heap:
 *
 * 1. `index`: every record's xref, tag and line; shared notes and sources; the header; the people counted
 *    (reading stops past the limit).
 * 2. `check`: each person and family read as `readGedcom` reads them (the same problems, by line), their links
 *    kept as numbers; at its end the links written on one side only are completed, loops found.
 * 3. `person`: each person converted for the collection, numbered from the first free number.
 * 4. `family`: each family, its spouses and children by those numbers.
 *
 * Only a file without errors goes on past the second pass; nothing is written before.
 */

/** How many of a refused file's errors are listed; the rest are counted. */
export const SHOWN_ERRORS = 50;
/** How many warnings a submitted tree keeps (its preview shows the first). */
export const KEPT_WARNINGS = 10_000;
/** A file whose first lines hold no record is not read to its end to say it is not GEDCOM. */
const LINES_BEFORE_HEAD = 1_000;

/** The problems of a file, every one counted and the first `keep` by line kept, whatever the file holds. */
export class ProblemList {
  count = 0;
  private list: GedcomProblem[] = [];

  constructor(readonly keep: number) {}

  add(problem: GedcomProblem): void {
    this.count++;
    this.list.push(problem);
    if (this.list.length >= 4 * this.keep + 1_000) this.trim();
  }

  private trim(): void {
    this.list.sort((a, b) => a.line - b.line);
    if (this.list.length > this.keep) this.list.length = this.keep;
  }

  first(): GedcomProblem[] {
    this.trim();
    return this.list;
  }

  clear(): void {
    this.count = 0;
    this.list = [];
  }
}

/** A list of 32-bit integers that grows: a million links take 4 MB, not an array of boxed numbers. */
class Int32List {
  data = new Int32Array(1024);
  length = 0;

  push(n: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = n;
  }

  /** Two values: a pair of a list of pairs. */
  pair(a: number, b: number): void {
    this.push(a);
    this.push(b);
  }

  at(i: number): number {
    return this.data[i];
  }
}

/**
 * The file's xrefs and their record ids, without a string per xref: a million people and half a million families
 * in a Map of strings took over 100 MB of the worker's heap; here their characters sit in one growing array and an
 * open-addressing table of ids (about 30 bytes a record).
 */
export class XrefIndex {
  /** One byte a character while every xref is Latin-1 (they are nearly always ASCII), two once one is not. */
  private chars: Uint8Array | Uint16Array = new Uint8Array(1 << 16);
  private used = 0;
  /** Where each id's characters start; the next id's start (or `used`) is where they end. */
  private readonly starts = new Int32List();
  /** id + 1 by hash, 0 for an empty slot; never more than half full. */
  private table = new Int32Array(1 << 12);

  get size(): number {
    return this.starts.length;
  }

  private end(id: number): number {
    return id + 1 < this.starts.length ? this.starts.at(id + 1) : this.used;
  }

  /** FNV-1a of the characters of `xref`, or of id `id`'s when `xref` is null. */
  private hash(xref: string | null, id = 0): number {
    let h = 0x811c9dc5;
    if (xref !== null) for (let i = 0; i < xref.length; i++) h = Math.imul(h ^ xref.charCodeAt(i), 0x01000193);
    else
      for (let i = this.starts.at(id), end = this.end(id); i < end; i++) h = Math.imul(h ^ this.chars[i], 0x01000193);
    return h >>> 0;
  }

  private equals(id: number, xref: string): boolean {
    const start = this.starts.at(id);
    if (this.end(id) - start !== xref.length) return false;
    for (let i = 0; i < xref.length; i++) if (this.chars[start + i] !== xref.charCodeAt(i)) return false;
    return true;
  }

  /** The slot of `xref`'s id in the table, or of the empty slot where it would go. */
  private slot(xref: string): number {
    const mask = this.table.length - 1;
    let i = this.hash(xref) & mask;
    while (this.table[i] !== 0 && !this.equals(this.table[i] - 1, xref)) i = (i + 1) & mask;
    return i;
  }

  get(xref: string): number | undefined {
    const found = this.table[this.slot(xref)];
    return found === 0 ? undefined : found - 1;
  }

  /** Adds an xref that is not there yet as the next id, and answers that id. */
  add(xref: string): number {
    const id = this.starts.length;
    let wide = this.chars instanceof Uint16Array;
    if (!wide) for (let i = 0; i < xref.length && !wide; i++) wide = xref.charCodeAt(i) > 0xff;
    if (this.used + xref.length > this.chars.length || wide !== this.chars instanceof Uint16Array) {
      const size = Math.max(
        this.used + xref.length > this.chars.length ? 2 * this.chars.length : 0,
        this.used + xref.length,
        this.chars.length,
      );
      const bigger = wide ? new Uint16Array(size) : new Uint8Array(size);
      bigger.set(this.chars.subarray(0, this.used));
      this.chars = bigger;
    }
    const at = this.slot(xref);
    for (let i = 0; i < xref.length; i++) this.chars[this.used + i] = xref.charCodeAt(i);
    this.starts.push(this.used);
    this.used += xref.length;
    this.table[at] = id + 1;
    if (2 * (id + 1) > this.table.length) this.grow();
    return id;
  }

  /** Twice the slots, every id placed again by the hash of its stored characters (no strings made). */
  private grow(): void {
    const table = new Int32Array(2 * this.table.length);
    const mask = table.length - 1;
    for (let id = 0; id < this.starts.length; id++) {
      let i = this.hash(null, id) & mask;
      while (table[i] !== 0) i = (i + 1) & mask;
      table[i] = id + 1;
    }
    this.table = table;
  }

  /** The xref of an id, as a string again (for messages and the people written). */
  xref(id: number): string {
    let text = "";
    // In pieces: an argument list has a limit, and a hostile file's xref may be long.
    for (let i = this.starts.at(id), end = this.end(id); i < end; i += 8192) {
      text += String.fromCharCode.apply(null, this.chars.subarray(i, Math.min(end, i + 8192)) as unknown as number[]);
    }
    return text;
  }
}

/** Compressed rows: the values of `pairs` (row, value) grouped by row, in the order they were added. */
function groupPairs(rows: number, pairs: Int32List): { start: Int32Array; values: Int32Array } {
  const start = new Int32Array(rows + 1);
  for (let i = 0; i < pairs.length; i += 2) start[pairs.at(i) + 1]++;
  for (let r = 0; r < rows; r++) start[r + 1] += start[r];
  const fill = start.slice(0, rows);
  const values = new Int32Array(pairs.length / 2);
  for (let i = 0; i < pairs.length; i += 2) values[fill[pairs.at(i)]++] = pairs.at(i + 1);
  return { start, values };
}

const SEX = { u: 0, m: 1, f: 2 } as const;
const NONE = -1;

export interface ScanLimits {
  maxPeople: number;
}

export type ConvertedTreePerson = ConvertedPerson & { xref: string };

export class TreeScan {
  readonly header: GedcomHeader;
  readonly errors = new ProblemList(SHOWN_ERRORS);
  readonly warnings = new ProblemList(KEPT_WARNINGS);
  /** Set when reading stops early: the file is not GEDCOM, or it has too many people. */
  stopped = false;
  people = 0;
  families = 0;

  // Pass 1: the records by xref.
  private readonly ids = new XrefIndex();
  /** Each record's tag, as its place in `tags` (a few distinct tags for a million records). */
  private readonly tagOf = new Int32List();
  private readonly tags: string[] = [];
  private readonly tagCodes = new Map<string, number>();
  private readonly lineOf = new Int32List();
  /** A record's person or family number (its place among the file's people or families). */
  private readonly ordinalOf = new Int32List();
  /** Each person's and family's record id (its xref and line are the record's). */
  private readonly personId = new Int32List();
  private readonly familyId = new Int32List();
  private readonly shared = new Map<number, GedcomNode>();
  private readonly unknownTags: UnknownTags;
  private records = 0;
  private trailer = false;
  private submitterXref: string | null = null;

  // Pass 2: the links, by person and family number.
  private sex = new Uint8Array(0);
  private husband = new Int32Array(0);
  private wife = new Int32Array(0);
  // Let go at the end of pass 2, once grouped (about 30 MB at a million people).
  private childPairs = new Int32List();
  private famcPairs = new Int32List();
  private famsPairs = new Int32List();
  private readonly familyExtra = new Map<number, string[]>();
  private children: { start: Int32Array; values: Int32Array } | null = null;
  private spouseOf: { start: Int32Array; values: Int32Array } | null = null;
  private trailerAgain = false;
  private recordsAgain = 0;

  private readonly lookup: RecordLookup = {
    get: (xref) => {
      const id = this.ids.get(xref);
      if (id === undefined) return undefined;
      return (
        this.shared.get(id) ?? {
          level: 0,
          xref,
          tag: this.tags[this.tagOf.at(id)],
          value: "",
          line: this.lineOf.at(id),
          children: [],
        }
      );
    },
  };
  private readonly check = recordReaders(
    this.lookup,
    (line, message, xref, tag) => this.report("warning", line, message, xref, tag),
    (line, message, xref, tag) => this.report("error", line, message, xref, tag),
  );
  private readonly quiet = recordReaders(
    this.lookup,
    () => undefined,
    () => undefined,
  );

  constructor(
    encoding: GedcomEncoding | null,
    private readonly limits: ScanLimits,
  ) {
    this.header = emptyHeader(encoding);
    this.unknownTags = new UnknownTags(this.header.extensionTags);
  }

  private report(severity: "error" | "warning", line: number, message: string, xref?: string, tag?: string) {
    (severity === "error" ? this.errors : this.warnings).add({
      line,
      ...(xref ? { xref } : {}),
      ...(tag ? { tag } : {}),
      message,
      severity,
    });
  }

  /** A problem of the reader (malformed lines, values cut, NULs). */
  readerProblem(p: GedcomProblem): void {
    (p.severity === "error" ? this.errors : this.warnings).add(p);
  }

  /** Stops reading: the file cannot be taken, whatever else it holds. */
  refuse(message: string, line = 1): void {
    this.errors.clear();
    this.warnings.clear();
    this.report("error", line, message);
    this.stopped = true;
  }

  /** Pass 1 after `linesRead` lines: no record begun this far is not GEDCOM. */
  noRecordYet(linesRead: number, recordOpen: boolean, looks: () => string): void {
    if (this.records === 0 && !recordOpen && linesRead > LINES_BEFORE_HEAD) this.notGedcom(looks());
  }

  private notGedcom(looks: string): void {
    this.refuse(`This is not a GEDCOM file: it does not start with "0 HEAD" (it looks like ${looks}).`);
  }

  /** Pass 1: one record of the file. `looks` names what a file that is not GEDCOM looks like. */
  index(record: GedcomNode, version: string | null, looks: () => string): void {
    if (this.stopped) return;
    if (this.records++ === 0) {
      if (record.tag !== "HEAD" || record.level !== 0) return this.notGedcom(looks());
      readHeader(record, version, this.header, (line, message, xref, tag) =>
        this.report("warning", line, message, xref, tag),
      );
      this.submitterXref = pointerOf(childValue(record, "SUBM"));
    }
    this.unknownTags.add(record);
    if (this.records === 1) return;
    if (this.trailer) {
      return this.report(
        "warning",
        record.line,
        `A record after TRLR (the end of the file): ignored.`,
        record.xref ?? undefined,
        record.tag,
      );
    }
    if (record.tag === "TRLR") {
      this.trailer = true;
      return;
    }
    if (record.tag === "HEAD") {
      return this.report("error", record.line, "A second HEAD: one file holds one header.", undefined, "HEAD");
    }
    if (!record.xref) {
      if (record.tag === "INDI" || record.tag === "FAM") {
        this.report(
          "error",
          record.line,
          `A ${record.tag} record without an id (@…@): nothing can link to it.`,
          undefined,
          record.tag,
        );
      }
      return;
    }
    const first = this.ids.get(record.xref);
    if (first !== undefined) {
      return this.report(
        "error",
        record.line,
        `@${record.xref}@ is used again (first on line ${this.lineOf.at(first)}): each record needs its own id.`,
        record.xref,
        record.tag,
      );
    }
    const id = this.ids.add(record.xref);
    let tag = this.tagCodes.get(record.tag);
    if (tag === undefined) {
      tag = this.tags.push(record.tag) - 1;
      this.tagCodes.set(record.tag, tag);
    }
    this.tagOf.push(tag);
    this.lineOf.push(record.line);
    if (record.tag === "INDI") {
      this.ordinalOf.push(this.people++);
      this.personId.push(id);
      if (this.people > this.limits.maxPeople) {
        const max = this.limits.maxPeople.toLocaleString("en");
        this.refuse(
          `The file has more than ${max} people, and a tree may have at most ${max}: submit it in parts (one branch of the family each).`,
          record.line,
        );
      }
      return;
    }
    this.ordinalOf.push(record.tag === "FAM" ? this.families++ : NONE);
    if (record.tag === "FAM") this.familyId.push(id);
    if (record.tag === "NOTE" || record.tag === "SNOTE") {
      this.shared.set(id, { ...record, children: [] });
    } else if (record.tag === "SOUR") {
      const title = record.children
        .filter((c) => c.tag === "TITL" || c.tag === "ABBR" || c.tag === "TEXT")
        .map((c) => ({ ...c, children: [] }));
      this.shared.set(id, { ...record, children: title });
    } else if (record.tag === "SUBM" && record.xref === this.submitterXref) {
      this.header.submitter = childValue(record, "NAME");
    }
  }

  /** The end of pass 1: what the whole file says (no TRLR, no people, the decoder's warnings). */
  endIndex(lines: number, decodingWarnings: readonly string[], empty: boolean): void {
    if (this.stopped) return;
    if (this.records === 0) {
      if (empty) this.refuse("The file is empty.");
      else this.notGedcom("a text file");
      return;
    }
    for (const w of decodingWarnings) this.report("warning", 1, w);
    if (!this.trailer)
      this.report("warning", lines, "The file has no TRLR line at its end: it may have been cut short.");
    this.unknownTags.report((line, message, xref, tag) => this.report("warning", line, message, xref, tag));
    if (this.people === 0) {
      this.report(
        "error",
        1,
        "The file has no people (no INDI records): export the tree again with its people and upload that file.",
      );
    }
    this.sex = new Uint8Array(this.people);
    this.husband = new Int32Array(this.families).fill(NONE);
    this.wife = new Int32Array(this.families).fill(NONE);
  }

  /** Whether a record is one of the people and families read (not a duplicate, nor after TRLR). */
  private kept(record: GedcomNode): number | null {
    if (this.recordsAgain++ === 0 || this.trailerAgain) return null;
    if (record.tag === "TRLR") {
      this.trailerAgain = true;
      return null;
    }
    if (!record.xref || (record.tag !== "INDI" && record.tag !== "FAM")) return null;
    const id = this.ids.get(record.xref);
    return id !== undefined && this.lineOf.at(id) === record.line ? id : null;
  }

  private ordinal(xref: string): number {
    return this.ordinalOf.at(this.ids.get(xref) as number);
  }

  /** Starts a pass after the first over the file's records. */
  again(): void {
    this.recordsAgain = 0;
    this.trailerAgain = false;
  }

  /** Pass 2: a person's or family's record read and checked, its links kept. */
  checkRecord(record: GedcomNode): void {
    const id = this.kept(record);
    if (id === null) return;
    const at = this.ordinalOf.at(id);
    if (record.tag === "INDI") {
      const p = this.check.readPerson(record);
      this.sex[at] = SEX[p.sex];
      for (const f of p.famc) this.famcPairs.pair(at, this.ordinal(f));
      for (const f of p.fams) this.famsPairs.pair(at, this.ordinal(f));
      return;
    }
    const f = this.check.readFamily(record);
    if (f.husband) this.husband[at] = this.ordinal(f.husband);
    if (f.wife) this.wife[at] = this.ordinal(f.wife);
    for (const c of f.children) this.childPairs.pair(at, this.ordinal(c));
    const extra = familyNotes(f);
    if (extra.length) this.familyExtra.set(at, extra);
  }

  /** The end of pass 2: links completed from either side, loops found. True when the file has no errors. */
  endCheck(): boolean {
    if (this.stopped || this.errors.count) return false;
    this.reconcileLinks();
    this.children = groupPairs(this.families, this.childPairs);
    this.childPairs = this.famcPairs = this.famsPairs = new Int32List();
    const spouses = new Int32List();
    for (let f = 0; f < this.families; f++) {
      if (this.husband[f] !== NONE) spouses.pair(this.husband[f], f);
      if (this.wife[f] !== NONE) spouses.pair(this.wife[f], f);
    }
    this.spouseOf = groupPairs(this.people, spouses);
    this.findCycles();
    return this.errors.count === 0;
  }

  /** As `readGedcom` does: each link is written twice (FAMC/FAMS and CHIL/HUSB/WIFE); one side is enough. */
  private reconcileLinks(): void {
    const P = this.people;
    // Who each family lists as its children, sorted for a binary search (a Set of a million pairs took some 60 MB).
    const listed = groupPairs(this.families, this.childPairs);
    for (let f = 0; f < this.families; f++) listed.values.subarray(listed.start[f], listed.start[f + 1]).sort();
    const lists = (f: number, p: number) => {
      let lo = listed.start[f];
      let hi = listed.start[f + 1];
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (listed.values[mid] < p) lo = mid + 1;
        else hi = mid;
      }
      return lo < listed.start[f + 1] && listed.values[lo] === p;
    };
    // The person last added to each family as a child: a FAMC written twice adds them once.
    const lastAdded = new Int32Array(this.families).fill(NONE);
    const famc = groupPairs(P, this.famcPairs);
    const fams = groupPairs(P, this.famsPairs);
    for (let p = 0; p < P; p++) {
      const line = this.personLine(p);
      for (let i = famc.start[p]; i < famc.start[p + 1]; i++) {
        const f = famc.values[i];
        if (lastAdded[f] === p || lists(f, p)) continue;
        const xref = this.personXref(p);
        this.report(
          "warning",
          line,
          `@${xref}@ says FAMC @${this.familyXref(f)}@, but the family does not list them as a child: added.`,
          xref,
          "FAMC",
        );
        lastAdded[f] = p;
        this.childPairs.push(f);
        this.childPairs.push(p);
      }
      for (let i = fams.start[p]; i < fams.start[p + 1]; i++) {
        const f = fams.values[i];
        if (this.husband[f] === p || this.wife[f] === p) continue;
        const role =
          this.husband[f] === NONE && this.sex[p] !== SEX.f
            ? "husband"
            : this.wife[f] === NONE && this.sex[p] !== SEX.m
              ? "wife"
              : null;
        const xref = this.personXref(p);
        const says = `@${xref}@ says FAMS @${this.familyXref(f)}@, but`;
        if (role) {
          this.report("warning", line, `${says} the family does not name them: added as ${role}.`, xref, "FAMS");
          this[role][f] = p;
        } else {
          this.report("warning", line, `${says} that family has other spouses: link ignored.`, xref, "FAMS");
        }
      }
    }
  }

  private familyXref(f: number): string {
    return this.ids.xref(this.familyId.at(f));
  }

  private personXref(p: number): string {
    return this.ids.xref(this.personId.at(p));
  }

  private personLine(p: number): number {
    return this.lineOf.at(this.personId.at(p));
  }

  /** A person who is their own ancestor: an iterative depth-first walk from parents to children, as readGedcom. */
  private findCycles(): void {
    const children = this.children!;
    const spouseOf = this.spouseOf!;
    const colour = new Uint8Array(this.people);
    const GREY = 1;
    const BLACK = 2;
    const reported = new Set<number>();
    // Each entry: a person, the index of their next family (among spouseOf) and of the next child in it.
    const stack: number[] = [];
    for (let root = 0; root < this.people; root++) {
      if (colour[root]) continue;
      colour[root] = GREY;
      stack.push(root, spouseOf.start[root], NONE);
      while (stack.length) {
        const top = stack.length - 3;
        const node = stack[top];
        let fam = stack[top + 1];
        let kid = stack[top + 2];
        let next = NONE;
        while (fam < spouseOf.start[node + 1]) {
          const f = spouseOf.values[fam];
          if (kid === NONE) kid = children.start[f];
          if (kid < children.start[f + 1]) {
            next = children.values[kid++];
            break;
          }
          fam++;
          kid = NONE;
        }
        stack[top + 1] = fam;
        stack[top + 2] = kid;
        if (next === NONE) {
          colour[node] = BLACK;
          stack.length = top;
        } else if (colour[next] === GREY) {
          if (!reported.has(next)) {
            reported.add(next);
            const xref = this.personXref(next);
            this.report(
              "error",
              this.personLine(next),
              `@${xref}@ is their own ancestor: the family links form a loop.`,
              xref,
              "INDI",
            );
          }
        } else if (colour[next] === 0) {
          colour[next] = GREY;
          stack.push(next, spouseOf.start[next], NONE);
        }
      }
    }
  }

  /** Pass 3: a person of the file as the collection keeps them, numbered from `firstNumber`; null for others. */
  person(record: GedcomNode, firstNumber: number): ConvertedTreePerson | null {
    const id = this.kept(record);
    if (id === null || record.tag !== "INDI") return null;
    const at = this.ordinalOf.at(id);
    const spouseOf = this.spouseOf!;
    const fromFamilies: string[] = [];
    for (let i = spouseOf.start[at]; i < spouseOf.start[at + 1]; i++) {
      for (const note of this.familyExtra.get(spouseOf.values[i]) ?? []) fromFamilies.push(note);
    }
    const p = this.quiet.readPerson(record);
    return { ...convertPerson(p, firstNumber + at, 0, fromFamilies), xref: this.personXref(at) };
  }

  /** Pass 4: a family of the file, its spouses and children by their numbers; null for other records. */
  family(record: GedcomNode, firstNumber: number): FamilyInput | null {
    const id = this.kept(record);
    if (id === null || record.tag !== "FAM") return null;
    const at = this.ordinalOf.at(id);
    const children = this.children!;
    const kids: number[] = [];
    for (let i = children.start[at]; i < children.start[at + 1]; i++) kids.push(firstNumber + children.values[i]);
    const numberOf = (p: number) => (p === NONE ? null : firstNumber + p);
    return {
      ...familyOf(this.quiet.readFamily(record)),
      husband: numberOf(this.husband[at]),
      wife: numberOf(this.wife[at]),
      children: kids,
    };
  }
}
