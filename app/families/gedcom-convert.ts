import type { PartialDate } from "./dates";
import type { FamilyInput, PersonInput } from "./input";
import { type GedcomDate, isPlainDate } from "~/gedcom/date";
import type { GedcomEvent, GedcomFamily, GedcomPerson, GedcomTree, Sex } from "~/gedcom/tree";

/**
 * A read GEDCOM tree as the people and families of a family collection
 * (app/families/input.ts). Numbers: a person whose xref is in `existing`
 * keeps that number (a replaced tree keeps its public ids); everyone else
 * gets the next free number from `firstNumber` on.
 *
 * What the input shape cannot hold goes to the person's notes rather than
 * being lost: a date's qualifier, range, calendar or double year (the
 * PartialDate holds only year, month and day), a christening or burial used
 * in place of a missing birth or death, and the marriage date as written
 * (a FamilyInput has no notes, so it goes to both spouses).
 */

/**
 * PersonInput with a sex that may be unknown: PersonInput.sex allows only "m" | "f", while the people table,
 * the search and the person page already take "u". Widening PersonInput.sex makes the two the same.
 */
export type ConvertedPerson = Omit<PersonInput, "sex"> & { sex: Sex };

export interface ConvertedFamilies {
  people: ConvertedPerson[];
  families: FamilyInput[];
  /** The GEDCOM xref of each person, parallel to `people`. */
  xrefs: string[];
}

export interface ConvertOptions {
  /** The number for the first person without one; later ones count up, skipping numbers in `existing`. */
  firstNumber: number;
  /** Xref → the number that person already has (from an earlier upload of the same tree). */
  existing?: ReadonlyMap<string, number>;
  /** Index into the data set's trees, copied to every person. */
  tree?: number | null;
}

/**
 * The number FamilyInput uses for a missing husband or wife. FamilyInput.husband and .wife are plain numbers;
 * no person has number 0 (public ids start at 1), and the store writes a number it does not know as null.
 */
export const NO_SPOUSE = 0;

const QUALIFIER_WORDS: Partial<Record<GedcomDate["qualifier"], string>> = {
  about: "about",
  calculated: "calculated",
  estimated: "estimated",
  before: "before",
  after: "after",
  interpreted: "interpreted as",
};

/** What the notes say about a date the PartialDate does not fully hold, or null when it does. */
function dateNote(label: string, d: GedcomDate | null): string | null {
  if (!d || isPlainDate(d)) return null;
  const said: string[] = [];
  if (QUALIFIER_WORDS[d.qualifier]) said.push(QUALIFIER_WORDS[d.qualifier] as string);
  if (d.qualifier === "between" || d.qualifier === "from-to") said.push("a range");
  if (d.calendar !== "gregorian") said.push(`${d.calendar} calendar`);
  if (d.dualYear) said.push("double year");
  const why = said.length ? ` (${said.join(", ")})` : "";
  return `${label} date as given: ${d.text}${why}`;
}

function dateOf(e: GedcomEvent | null): PartialDate | null {
  return e?.date?.date ?? null;
}

export function toFamilyData(tree: GedcomTree, options: ConvertOptions): ConvertedFamilies {
  const existing = options.existing ?? new Map<string, number>();
  const taken = new Set(existing.values());
  let next = options.firstNumber;
  const numberOf = new Map<string, number>();
  for (const p of tree.people) {
    let n = existing.get(p.xref);
    if (n === undefined) {
      while (taken.has(next)) next++;
      n = next++;
    }
    taken.add(n);
    numberOf.set(p.xref, n);
  }

  const notesOf = new Map<string, string[]>();
  const people: ConvertedPerson[] = tree.people.map((p) => {
    notesOf.set(p.xref, personNotes(p));
    return convertPerson(p, numberOf.get(p.xref) as number, options.tree ?? null, []);
  });

  const families: FamilyInput[] = tree.families.map((f) => {
    const husband = f.husband ? (numberOf.get(f.husband) as number) : NO_SPOUSE;
    const wife = f.wife ? (numberOf.get(f.wife) as number) : NO_SPOUSE;
    const extra = familyNotes(f);
    for (const spouse of [f.husband, f.wife]) {
      if (spouse) for (const note of extra) notesOf.get(spouse)?.push(note);
    }
    return { ...familyOf(f), husband, wife, children: f.children.map((x) => numberOf.get(x) as number) };
  });

  people.forEach((p, i) => {
    p.notes = [...new Set(notesOf.get(tree.people[i].xref))].join("\n\n");
  });
  return { people, families, xrefs: tree.people.map((p) => p.xref) };
}

/**
 * One person of a read tree as a family collection keeps them. `familyNotes` are what their families' records
 * say for the spouses (`familyNotes` of each family where they are a husband or wife).
 */
export function convertPerson(
  p: GedcomPerson,
  number: number,
  tree: number | null,
  fromFamilies: readonly string[],
): ConvertedPerson {
  const birth = dateOf(p.birth)
    ? p.birth
    : p.christening && (dateOf(p.christening) || p.christening.place)
      ? p.christening
      : p.birth;
  const death = dateOf(p.death) ? p.death : p.burial && (dateOf(p.burial) || p.burial.place) ? p.burial : p.death;
  return {
    number,
    surname: p.surname,
    given: p.given,
    sex: p.sex,
    birth: dateOf(birth),
    birthPlace: birth?.place || p.birth?.place || "",
    death: dateOf(death),
    deathPlace: death?.place || p.death?.place || "",
    notes: [...new Set([...personNotes(p), ...fromFamilies])].join("\n\n"),
    sources: [...p.sources],
    tree,
  };
}

/** What a family's record says that FamilyInput cannot hold: the marriage date as written, the family's notes. */
export function familyNotes(f: GedcomFamily): string[] {
  return [dateNote("Marriage", f.marriage?.date ?? null), ...f.notes.map((n) => `Family: ${n}`)].filter(
    (n): n is string => n !== null,
  );
}

/** A family's marriage as FamilyInput keeps it; the spouses and children are numbered by the caller. */
export function familyOf(f: GedcomFamily): Pick<FamilyInput, "marriage" | "marriagePlace"> {
  return { marriage: dateOf(f.marriage), marriagePlace: f.marriage?.place ?? "" };
}

function personNotes(p: GedcomPerson): string[] {
  const notes: string[] = [];
  // Christening and burial stand in for a missing birth or death: say so, with what the file gave.
  const birthFromChristening = !dateOf(p.birth) && p.christening && (dateOf(p.christening) || p.christening.place);
  const deathFromBurial = !dateOf(p.death) && p.burial && (dateOf(p.burial) || p.burial.place);
  if (birthFromChristening) notes.push("Birth date and place are those of the christening.");
  if (deathFromBurial) notes.push("Death date and place are those of the burial.");
  for (const [label, e] of [
    ["Birth", p.birth],
    ["Death", p.death],
    ["Christening", p.christening],
    ["Burial", p.burial],
  ] as const) {
    const note = dateNote(label, e?.date ?? null);
    if (note) notes.push(note);
  }
  for (const note of p.notes) notes.push(note);
  return notes;
}
