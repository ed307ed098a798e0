import { type GedcomDate, parseGedcomDate } from "./date";
import { type GedcomEncoding, decodeGedcom, describeText, recognizeNonGedcom } from "./encoding";
import { type GedcomNode, type GedcomProblem, type ParsedGedcom, parseGedcom, pointerOf } from "./parse";
import { KNOWN_TAGS } from "./tags";

/**
 * From GEDCOM records to the people and families a family collection keeps,
 * with everything found wrong on the way as problems. Errors are what the
 * upload must not go on with (links to nothing, duplicate ids, a person who is
 * their own ancestor, a file that is not GEDCOM); warnings are what a member
 * may want to know (unknown tags, dates that could not be read, no TRLR).
 */

export interface GedcomEvent {
  /** Null when the event has no date or the date could not be read (then its text is in the notes). */
  date: GedcomDate | null;
  place: string;
  line: number;
}

export type Sex = "m" | "f" | "u";

export interface GedcomPerson {
  xref: string;
  line: number;
  surname: string;
  given: string;
  sex: Sex;
  birth: GedcomEvent | null;
  death: GedcomEvent | null;
  christening: GedcomEvent | null;
  burial: GedcomEvent | null;
  notes: string[];
  /** Citations as text: the source's title and the page. */
  sources: string[];
  /** Families this person is a child of, then families where they are a spouse. */
  famc: string[];
  fams: string[];
}

export interface GedcomFamily {
  xref: string;
  line: number;
  husband: string | null;
  wife: string | null;
  /** In the order of the file's CHIL lines. */
  children: string[];
  marriage: GedcomEvent | null;
  notes: string[];
  sources: string[];
}

export interface GedcomHeader {
  /** HEAD.SOUR: the program's registered id (FTM, ANCESTRIS). */
  sourceProgram: string;
  /** HEAD.SOUR.NAME, or the id when there is none. */
  sourceName: string;
  sourceVersion: string;
  /** HEAD.CHAR as written ("" in 7.0, which is always UTF-8). */
  charset: string;
  /** What the bytes were decoded as (null when text was given). */
  encoding: GedcomEncoding | null;
  gedcomVersion: string;
  /** The submitter's name (HEAD.SUBM → SUBM.NAME). */
  submitter: string;
  /** GEDCOM 7.0 SCHMA: extension tag → its URI. */
  extensionTags: Record<string, string>;
}

export interface GedcomTree {
  header: GedcomHeader;
  people: GedcomPerson[];
  families: GedcomFamily[];
  /** Sorted by line. */
  problems: GedcomProblem[];
}

export function hasErrors(tree: GedcomTree): boolean {
  return tree.problems.some((p) => p.severity === "error");
}

/** Reads a GEDCOM file (bytes, or text already decoded) into a tree with its problems. Never throws on input. */
export function readGedcom(input: Uint8Array | string): GedcomTree {
  if (typeof input === "string") return buildTree(parseGedcom(input), { encoding: null, warnings: [] });
  if (input.length === 0) return notGedcom("The file is empty.");
  const binary = recognizeNonGedcom(input);
  if (binary) return notGedcom(`This is not a GEDCOM file: it looks like ${binary}.`);
  const decoded = decodeGedcom(input);
  return buildTree(parseGedcom(decoded.text), decoded, decoded.text);
}

function notGedcom(message: string): GedcomTree {
  return { header: emptyHeader(null), people: [], families: [], problems: [{ line: 1, message, severity: "error" }] };
}

export function emptyHeader(encoding: GedcomEncoding | null): GedcomHeader {
  return {
    sourceProgram: "",
    sourceName: "",
    sourceVersion: "",
    charset: "",
    encoding,
    gedcomVersion: "",
    submitter: "",
    extensionTags: {},
  };
}

const child = (node: GedcomNode, tag: string) => node.children.find((c) => c.tag === tag);
export const childValue = (node: GedcomNode | undefined, tag: string) => (node ? (child(node, tag)?.value ?? "") : "");

/** `Brookline, , Norfolk County` → `Brookline, Norfolk County`: programs leave empty jurisdictions. */
function cleanPlace(value: string): string {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

const EVENT_LABELS: Record<string, string> = {
  BIRT: "Birth",
  DEAT: "Death",
  CHR: "Christening",
  BAPM: "Baptism",
  BURI: "Burial",
  CREM: "Cremation",
  MARR: "Marriage",
};

export function buildTree(
  parsed: ParsedGedcom,
  decoded: { encoding: GedcomEncoding | null; warnings: string[] },
  text?: string,
): GedcomTree {
  const problems: GedcomProblem[] = [...parsed.problems];
  const header = emptyHeader(decoded.encoding);
  const { records } = parsed;
  const error = (line: number, message: string, xref?: string, tag?: string) =>
    problems.push({ line, ...(xref ? { xref } : {}), ...(tag ? { tag } : {}), message, severity: "error" });
  const warning = (line: number, message: string, xref?: string, tag?: string) =>
    problems.push({ line, ...(xref ? { xref } : {}), ...(tag ? { tag } : {}), message, severity: "warning" });
  const result = (people: GedcomPerson[] = [], families: GedcomFamily[] = []): GedcomTree => ({
    header,
    people,
    families,
    problems: problems.sort((a, b) => a.line - b.line),
  });

  if (records.length === 0 && parsed.problems.length === 0) {
    error(1, "The file is empty.");
    return result();
  }
  if (records[0]?.tag !== "HEAD" || records[0].level !== 0) {
    problems.length = 0;
    const looks = text === undefined ? "a text file" : describeText(text);
    error(1, `This is not a GEDCOM file: it does not start with "0 HEAD" (it looks like ${looks}).`);
    return result();
  }
  for (const w of decoded.warnings) warning(1, w);

  readHeader(records[0], parsed.version, header, warning);

  // Index of records by xref; a second record with the same xref is an error and is left out.
  const byXref = new Map<string, GedcomNode>();
  const kept: GedcomNode[] = [];
  let trailer: GedcomNode | undefined;
  for (const record of records.slice(1)) {
    if (trailer) {
      warning(record.line, `A record after TRLR (the end of the file): ignored.`, record.xref ?? undefined, record.tag);
      continue;
    }
    if (record.tag === "TRLR") {
      trailer = record;
      continue;
    }
    if (record.tag === "HEAD") {
      error(record.line, "A second HEAD: one file holds one header.", undefined, "HEAD");
      continue;
    }
    if (record.xref) {
      const first = byXref.get(record.xref);
      if (first) {
        error(
          record.line,
          `@${record.xref}@ is used again (first on line ${first.line}): each record needs its own id.`,
          record.xref,
          record.tag,
        );
        continue;
      }
      byXref.set(record.xref, record);
    } else if (record.tag === "INDI" || record.tag === "FAM") {
      error(record.line, `A ${record.tag} record without an id (@…@): nothing can link to it.`, undefined, record.tag);
      continue;
    }
    kept.push(record);
  }
  if (!trailer) warning(parsed.lines, "The file has no TRLR line at its end: it may have been cut short.");

  const subm = pointerOf(childValue(records[0], "SUBM"));
  if (subm) header.submitter = childValue(byXref.get(subm), "NAME");

  const unknownTags = new UnknownTags(header.extensionTags);
  for (const record of records) unknownTags.add(record);
  unknownTags.report(warning);

  const { readPerson, readFamily } = recordReaders(byXref, warning, error);
  const people: GedcomPerson[] = [];
  const families: GedcomFamily[] = [];
  for (const record of kept) {
    if (record.tag === "INDI") people.push(readPerson(record));
    else if (record.tag === "FAM") families.push(readFamily(record));
  }

  reconcileLinks(people, families, warning);
  findCycles(people, families, error);
  return result(people, families);
}

type Report = (line: number, message: string, xref?: string, tag?: string) => void;

/** The header's program, version, character set, GEDCOM version and extension tags (not the submitter). */
export function readHeader(head: GedcomNode, version: string | null, header: GedcomHeader, warning: Report): void {
  const sour = child(head, "SOUR");
  header.sourceProgram = sour?.value ?? "";
  header.sourceName = childValue(sour, "NAME") || header.sourceProgram;
  header.sourceVersion = childValue(sour, "VERS");
  header.charset = childValue(head, "CHAR");
  header.gedcomVersion = version ?? "";
  if (!version) warning(head.line, "The header has no GEDC VERS: read as GEDCOM 5.5.1.", undefined, "HEAD");
  for (const tag of child(head, "SCHMA")?.children ?? []) {
    if (tag.tag !== "TAG") continue;
    const [name, uri = ""] = tag.value.trim().split(/\s+/, 2);
    if (name) header.extensionTags[name] = uri;
  }
}

/** The records a person's or family's links and citations point to, by xref. */
export interface RecordLookup {
  get(xref: string): GedcomNode | undefined;
}

/** Reading INDI and FAM records into people and families, their links checked against `byXref`. */
export function recordReaders(byXref: RecordLookup, warning: Report, error: Report) {
  // Shared notes and sources, read on demand.
  const noteText = (node: GedcomNode, owner: string): string | null => {
    const target = pointerOf(node.value);
    if (target === null) return node.value.trim() || null;
    if (target === "VOID") return null;
    const record = byXref.get(target);
    if (!record || (record.tag !== "NOTE" && record.tag !== "SNOTE")) {
      warning(node.line, `${node.tag} @${target}@ points to no note record.`, owner, node.tag);
      return null;
    }
    return record.value.trim() || null;
  };
  const citation = (node: GedcomNode, owner: string): string | null => {
    const target = pointerOf(node.value);
    const page = childValue(node, "PAGE").trim();
    let title: string;
    if (target === null) title = node.value.trim() || childValue(node, "TEXT").trim();
    else if (target === "VOID") title = "";
    else {
      const record = byXref.get(target);
      if (!record || record.tag !== "SOUR") {
        warning(node.line, `SOUR @${target}@ points to no source record.`, owner, "SOUR");
        return null;
      }
      title = (childValue(record, "TITL") || childValue(record, "ABBR") || childValue(record, "TEXT")).trim();
    }
    const text = [title, page].filter(Boolean).join(", ");
    return text ? text.replace(/\s*\n\s*/g, " ") : null;
  };
  const citationsIn = (node: GedcomNode, owner: string, into: string[]) => {
    // Citations sit on the record and on its events and names: gather them all, once each.
    // In file order: the stack holds children reversed, so the first comes off first.
    const walk: GedcomNode[] = [...node.children].reverse();
    const seen = new Set(into);
    while (walk.length) {
      const n = walk.pop() as GedcomNode;
      if (n.tag === "SOUR") {
        const text = citation(n, owner);
        if (text && !seen.has(text)) {
          seen.add(text);
          into.push(text);
        }
        continue;
      }
      for (let i = n.children.length - 1; i >= 0; i--) walk.push(n.children[i]);
    }
  };
  const event = (node: GedcomNode, owner: string, notes: string[]): GedcomEvent => {
    const dateNode = child(node, "DATE");
    const label = EVENT_LABELS[node.tag] ?? node.tag;
    let date: GedcomDate | null = null;
    if (dateNode && dateNode.value.trim()) {
      date = parseGedcomDate(dateNode.value);
      if (!date) {
        warning(dateNode.line, `Unreadable date "${dateNode.value.trim()}": kept in the notes.`, owner, "DATE");
        notes.push(`${label} date as given: ${dateNode.value.trim()}`);
      }
      // 7.0 puts the free text of a date in a PHRASE under it.
      const phrase = childValue(dateNode, "PHRASE").trim();
      if (date && phrase && !date.phrase) date = { ...date, phrase };
    }
    return { date, place: cleanPlace(childValue(node, "PLAC")), line: node.line };
  };

  function readPerson(record: GedcomNode): GedcomPerson {
    const xref = record.xref as string;
    const person: GedcomPerson = {
      xref,
      line: record.line,
      surname: "",
      given: "",
      sex: "u",
      birth: null,
      death: null,
      christening: null,
      burial: null,
      notes: [],
      sources: [],
      famc: [],
      fams: [],
    };
    const name = child(record, "NAME");
    if (name) Object.assign(person, splitName(name));
    const sex = childValue(record, "SEX").trim().toUpperCase();
    person.sex = sex.startsWith("M") ? "m" : sex.startsWith("F") ? "f" : "u";
    // The first event of a kind with a date counts; without any dated one, the first.
    const first = (tags: string[]) => {
      const nodes = record.children.filter((c) => tags.includes(c.tag));
      return nodes.find((n) => child(n, "DATE")?.value.trim()) ?? nodes[0];
    };
    const birth = first(["BIRT"]);
    const death = first(["DEAT"]);
    const christening = first(["CHR", "BAPM"]);
    const burial = first(["BURI", "CREM"]);
    if (birth) person.birth = event(birth, xref, person.notes);
    if (death) person.death = event(death, xref, person.notes);
    if (christening) person.christening = event(christening, xref, person.notes);
    if (burial) person.burial = event(burial, xref, person.notes);
    for (const c of record.children) {
      if (c.tag === "NOTE" || c.tag === "SNOTE") {
        const text = noteText(c, xref);
        if (text) person.notes.push(text);
      } else if (c.tag === "FAMC" || c.tag === "FAMS") {
        const target = pointerOf(c.value);
        if (target === null || target === "VOID") {
          warning(c.line, `${c.tag} without a family id: ignored.`, xref, c.tag);
          continue;
        }
        const linked = byXref.get(target);
        if (!linked) error(c.line, `${c.tag} @${target}@ points to a family that is not in the file.`, xref, c.tag);
        else if (linked.tag !== "FAM")
          error(c.line, `${c.tag} @${target}@ is a ${linked.tag}, not a family.`, xref, c.tag);
        else {
          const list = c.tag === "FAMC" ? person.famc : person.fams;
          if (!list.includes(target)) list.push(target);
        }
      }
    }
    citationsIn(record, xref, person.sources);
    return person;
  }

  function readFamily(record: GedcomNode): GedcomFamily {
    const xref = record.xref as string;
    const family: GedcomFamily = {
      xref,
      line: record.line,
      husband: null,
      wife: null,
      children: [],
      marriage: null,
      notes: [],
      sources: [],
    };
    const childSet = new Set<string>();
    for (const c of record.children) {
      if (c.tag === "HUSB" || c.tag === "WIFE" || c.tag === "CHIL") {
        const target = pointerOf(c.value);
        if (target === null || target === "VOID") {
          if (c.value.trim()) warning(c.line, `${c.tag} without a person id: ignored.`, xref, c.tag);
          continue;
        }
        const linked = byXref.get(target);
        if (!linked) {
          error(c.line, `${c.tag} @${target}@ points to a person who is not in the file.`, xref, c.tag);
          continue;
        }
        if (linked.tag !== "INDI") {
          error(c.line, `${c.tag} @${target}@ is a ${linked.tag}, not a person.`, xref, c.tag);
          continue;
        }
        if (c.tag === "CHIL") {
          // A set, not the list: a family of 200,000 children must not take 200,000² comparisons.
          if (childSet.has(target)) warning(c.line, `@${target}@ is listed twice as a child.`, xref, c.tag);
          else {
            childSet.add(target);
            family.children.push(target);
          }
        } else {
          const role = c.tag === "HUSB" ? "husband" : "wife";
          if (family[role] && family[role] !== target) {
            error(c.line, `A second ${role} (@${target}@) in one family.`, xref, c.tag);
          } else family[role] = target;
        }
      } else if (c.tag === "NOTE" || c.tag === "SNOTE") {
        const text = noteText(c, xref);
        if (text) family.notes.push(text);
      }
    }
    const marriage = record.children.find((c) => c.tag === "MARR" && child(c, "DATE")) ?? child(record, "MARR");
    if (marriage) family.marriage = event(marriage, xref, family.notes);
    citationsIn(record, xref, family.sources);
    return family;
  }

  return { readPerson, readFamily };
}

/** "John /Kennedy/ Jr." → given John, surname Kennedy; GIVN and SURN fill what NAME leaves out. */
function splitName(name: GedcomNode): { given: string; surname: string } {
  const tidy = (s: string) => s.replace(/\s+/g, " ").trim();
  const value = name.value;
  const open = value.indexOf("/");
  let given: string;
  let surname: string;
  if (open >= 0) {
    const close = value.indexOf("/", open + 1);
    surname = tidy(close >= 0 ? value.slice(open + 1, close) : value.slice(open + 1));
    given = tidy(value.slice(0, open));
  } else {
    given = tidy(value);
    surname = "";
  }
  const givn = tidy(childValue(name, "GIVN").replace(/,/g, " "));
  const surn = tidy(childValue(name, "SURN").split(",")[0] ?? "");
  if (!surname && surn) {
    surname = surn;
    // A NAME without slashes that ends with the SURN: the rest is the given name.
    if (given.toLowerCase().endsWith(` ${surn.toLowerCase()}`)) given = tidy(given.slice(0, -surn.length));
    else if (given.toLowerCase() === surn.toLowerCase()) given = "";
  }
  if (!given && givn) given = givn;
  return { given, surname };
}

/** Each link is written twice (INDI FAMC/FAMS and FAM CHIL/HUSB/WIFE): take either, warn when one is missing. */
function reconcileLinks(
  people: GedcomPerson[],
  families: GedcomFamily[],
  warning: (line: number, message: string, xref?: string, tag?: string) => void,
): void {
  const person = new Map(people.map((p) => [p.xref, p]));
  const family = new Map(families.map((f) => [f.xref, f]));
  for (const f of families) {
    for (const id of f.children) {
      const p = person.get(id) as GedcomPerson;
      if (!p.famc.includes(f.xref)) p.famc.push(f.xref);
    }
    for (const id of [f.husband, f.wife]) {
      if (!id) continue;
      const p = person.get(id) as GedcomPerson;
      if (!p.fams.includes(f.xref)) p.fams.push(f.xref);
    }
  }
  for (const p of people) {
    for (const id of p.famc) {
      const f = family.get(id) as GedcomFamily;
      if (f.children.includes(p.xref)) continue;
      warning(
        p.line,
        `@${p.xref}@ says FAMC @${id}@, but the family does not list them as a child: added.`,
        p.xref,
        "FAMC",
      );
      f.children.push(p.xref);
    }
    for (const id of p.fams) {
      const f = family.get(id) as GedcomFamily;
      if (f.husband === p.xref || f.wife === p.xref) continue;
      const role = f.husband === null && p.sex !== "f" ? "husband" : f.wife === null && p.sex !== "m" ? "wife" : null;
      if (role) {
        warning(
          p.line,
          `@${p.xref}@ says FAMS @${id}@, but the family does not name them: added as ${role}.`,
          p.xref,
          "FAMS",
        );
        f[role] = p.xref;
      } else {
        warning(
          p.line,
          `@${p.xref}@ says FAMS @${id}@, but that family has other spouses: link ignored.`,
          p.xref,
          "FAMS",
        );
        p.fams = p.fams.filter((x) => x !== id);
      }
    }
  }
}

/**
 * A person who is their own ancestor, found with an iterative depth-first
 * walk from parents to children (no recursion: a 10,000-generation line must
 * not overflow the stack). An edge back to a person still on the walk closes
 * a cycle.
 */
function findCycles(
  people: GedcomPerson[],
  families: GedcomFamily[],
  error: (line: number, message: string, xref?: string, tag?: string) => void,
): void {
  const index = new Map(people.map((p, i) => [p.xref, i]));
  const childrenOf: number[][] = people.map(() => []);
  for (const f of families) {
    const kids = f.children.map((x) => index.get(x) as number);
    for (const parent of [f.husband, f.wife]) {
      if (parent) for (const kid of kids) childrenOf[index.get(parent) as number].push(kid);
    }
  }
  const WHITE = 0;
  const GREY = 1;
  const BLACK = 2;
  const colour = new Uint8Array(people.length);
  const reported = new Set<number>();
  const stack: number[] = [];
  const next: number[] = [];
  for (let root = 0; root < people.length; root++) {
    if (colour[root] !== WHITE) continue;
    stack.push(root);
    next.push(0);
    colour[root] = GREY;
    while (stack.length) {
      const top = stack.length - 1;
      const node = stack[top];
      const kids = childrenOf[node];
      if (next[top] >= kids.length) {
        colour[node] = BLACK;
        stack.pop();
        next.pop();
        continue;
      }
      const kid = kids[next[top]++];
      if (colour[kid] === GREY) {
        if (!reported.has(kid)) {
          reported.add(kid);
          const p = people[kid];
          const name = [p.given, p.surname].filter(Boolean).join(" ") || "this person";
          error(p.line, `@${p.xref}@ (${name}) is their own ancestor: the family links form a loop.`, p.xref, "INDI");
        }
      } else if (colour[kid] === WHITE) {
        colour[kid] = GREY;
        stack.push(kid);
        next.push(0);
      }
    }
  }
}

/** One warning per unknown tag, with how often it occurs and where first. Extension tags (`_X`) are welcome. */
export class UnknownTags {
  private readonly seen = new Map<string, { line: number; xref?: string; count: number }>();

  constructor(private readonly extensionTags: Record<string, string>) {}

  add(record: GedcomNode): void {
    const walk: GedcomNode[] = [record];
    while (walk.length) {
      const n = walk.pop() as GedcomNode;
      if (!n.tag.startsWith("_") && !KNOWN_TAGS.has(n.tag) && !(n.tag in this.extensionTags)) {
        const s = this.seen.get(n.tag);
        if (s) {
          s.count++;
          if (n.line < s.line) Object.assign(s, { line: n.line, xref: record.xref ?? undefined });
        } else this.seen.set(n.tag, { line: n.line, xref: record.xref ?? undefined, count: 1 });
      }
      for (const c of n.children) walk.push(c);
    }
  }

  report(warning: Report): void {
    for (const [tag, s] of this.seen) {
      const times = s.count === 1 ? "once" : `${s.count} times`;
      warning(s.line, `Unknown tag ${tag} (${times}): kept but not read.`, s.xref, tag);
    }
  }
}
