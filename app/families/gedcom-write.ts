import type { FamilyInput, PersonInput } from "./input";
import { formatGedcomDate } from "~/gedcom/date";

/**
 * Writing GEDCOM 5.5.1 (UTF-8, lineage-linked) from a family collection's
 * people and families: people as `@I<number>@`, families as `@F<n>@` in the
 * order given. Long values are cut into CONC pieces of at most 248
 * characters, never next to a space (some readers trim pieces), and line
 * breaks become CONT lines.
 */

export type WritablePerson = Omit<PersonInput, "sex" | "tree"> & { sex: "m" | "f" | "u" };

export interface WriteOptions {
  /** The submitter's name for the SUBM record. */
  submitter?: string;
  /** The HEAD date; today when left out. */
  date?: Date;
  /** A title for the file, written as HEAD.NOTE. */
  title?: string;
}

/** The longest value piece on one line: GEDCOM 5.5.1 allows 255 characters a line, level and tag included. */
export const MAX_VALUE = 248;

export function personXref(number: number): string {
  return `I${number}`;
}

export function writeGedcom(
  data: { people: readonly WritablePerson[]; families: readonly FamilyInput[] },
  options: WriteOptions = {},
): string {
  const out: string[] = [];
  const line = (level: number, tag: string, value = "", xref?: string) => {
    const head = xref ? `${level} @${xref}@ ${tag}` : `${level} ${tag}`;
    const paragraphs = value.replace(/\r\n?/g, "\n").split("\n");
    paragraphs.forEach((paragraph, i) => {
      const tagHere = i === 0 ? head : `${level + 1} CONT`;
      cut(paragraph, MAX_VALUE).forEach((piece, j) => {
        const start = j === 0 ? tagHere : `${level + 1} CONC`;
        out.push(piece ? `${start} ${escape(piece)}` : start);
      });
    });
  };
  // Pointers are written as they are: their at signs are not text to escape.
  const pointer = (level: number, tag: string, xref: string) => out.push(`${level} ${tag} @${xref}@`);
  const event = (tag: string, date: PersonInput["birth"], place: string) => {
    if (!date && !place) return;
    line(1, tag);
    if (date) line(2, "DATE", formatGedcomDate(date));
    if (place) line(2, "PLAC", place);
  };

  const day = options.date ?? new Date();
  line(0, "HEAD");
  line(1, "SOUR", "Metryka");
  line(2, "NAME", "Metryka");
  line(
    1,
    "DATE",
    formatGedcomDate({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }),
  );
  pointer(1, "SUBM", "U1");
  line(1, "GEDC");
  line(2, "VERS", "5.5.1");
  line(2, "FORM", "LINEAGE-LINKED");
  line(1, "CHAR", "UTF-8");
  if (options.title) line(1, "NOTE", options.title);
  line(0, "SUBM", "", "U1");
  line(1, "NAME", options.submitter || "Metryka");

  const known = new Set(data.people.map((p) => p.number));
  const famc = new Map<number, number[]>();
  const fams = new Map<number, number[]>();
  const add = (map: Map<number, number[]>, person: number | null, family: number) => {
    if (person === null || !known.has(person)) return;
    const list = map.get(person);
    if (list) list.push(family);
    else map.set(person, [family]);
  };
  data.families.forEach((f, i) => {
    add(fams, f.husband, i + 1);
    add(fams, f.wife, i + 1);
    for (const c of f.children) add(famc, c, i + 1);
  });

  for (const p of data.people) {
    // Slashes delimit the surname in NAME: one inside a name would end it early.
    const given = p.given.replace(/\//g, " ").trim();
    const surname = p.surname.replace(/\//g, " ").trim();
    out.push(`0 @${personXref(p.number)}@ INDI`);
    line(1, "NAME", `${given}${given ? " " : ""}/${surname}/`);
    if (given) line(2, "GIVN", given);
    if (surname) line(2, "SURN", surname);
    line(1, "SEX", p.sex.toUpperCase());
    event("BIRT", p.birth, p.birthPlace);
    event("DEAT", p.death, p.deathPlace);
    if (p.notes.trim()) line(1, "NOTE", p.notes);
    for (const s of p.sources) if (s.trim()) line(1, "SOUR", s);
    for (const f of famc.get(p.number) ?? []) pointer(1, "FAMC", `F${f}`);
    for (const f of fams.get(p.number) ?? []) pointer(1, "FAMS", `F${f}`);
  }
  data.families.forEach((f, i) => {
    out.push(`0 @F${i + 1}@ FAM`);
    if (f.husband !== null && known.has(f.husband)) pointer(1, "HUSB", personXref(f.husband));
    if (f.wife !== null && known.has(f.wife)) pointer(1, "WIFE", personXref(f.wife));
    for (const c of f.children) if (known.has(c)) pointer(1, "CHIL", personXref(c));
    event("MARR", f.marriage, f.marriagePlace);
  });
  out.push("0 TRLR");
  return out.join("\n") + "\n";
}

/** GEDCOM 5.5.1 writes an at sign in text as two. */
function escape(text: string): string {
  return text.replace(/@/g, "@@");
}

/**
 * Cuts a value into pieces whose escaped form (`@` written `@@`) has at most
 * `max` UTF-16 units, each cut between two characters that are not spaces and
 * not inside a surrogate pair (readers that trim a piece's ends would
 * otherwise lose a space). Each piece is escaped on its own, so no escape is
 * ever cut in two.
 */
export function cut(value: string, max: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < value.length) {
    // The longest piece that fits once escaped.
    let end = start;
    let size = 0;
    while (end < value.length) {
      const add = value[end] === "@" ? 2 : 1;
      if (size + add > max) break;
      size += add;
      end++;
    }
    if (end === value.length) break;
    if (end === start) end++; // a max below one escaped character: one character a piece
    const fine = (i: number) =>
      value[i - 1] !== " " && value[i] !== " " && !(value.charCodeAt(i) >= 0xdc00 && value.charCodeAt(i) <= 0xdfff);
    let at = end;
    while (at > start + (end - start) / 2 && !fine(at)) at--;
    // A run of spaces has no good cut: cut it anyway, only not inside a pair.
    if (!fine(at)) {
      at = end;
      const c = value.charCodeAt(at);
      if (c >= 0xdc00 && c <= 0xdfff) at--;
    }
    pieces.push(value.slice(start, at));
    start = at;
  }
  pieces.push(value.slice(start));
  return pieces;
}
