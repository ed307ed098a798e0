/**
 * The two linked-person collections (decision 0017). A person's public id is
 * the collection's letter and its number: L1234 in Lodz, G5678 in the
 * Master Pedigree Database. Numbers come with the data and never change.
 */
export type FamilyCollectionId = "lodz" | "genealogy";

export interface FamilyCollection {
  id: FamilyCollectionId;
  /** The letter before a person's number. */
  prefix: "L" | "G";
  title: string;
  shortTitle: string;
  description: string;
  basePath: string;
  years: { from: number; to: number };
  /** How a source line is introduced on the person page. */
  sourceNote: string;
}

export const FAMILY_GROUP = "Families (members)";

export const FAMILY_COLLECTIONS: readonly FamilyCollection[] = [
  {
    id: "lodz",
    prefix: "L",
    title: "Łódź Holy Trinity Lutheran parish families 1826–1851",
    shortTitle: "Łódź families 1826–1851",
    description:
      "Every baptism, marriage and burial of the Lutheran parish of the Holy Trinity in Łódź from 1826 to 1851, linked into families: parents, children and spouses of each person.",
    basePath: "/members/lodz",
    years: { from: 1826, to: 1851 },
    sourceNote: "Parish register entries",
  },
  {
    id: "genealogy",
    prefix: "G",
    title: "Master Pedigree Database",
    shortTitle: "Master Pedigree Database",
    description:
      "Family trees submitted by members, linked person by person: pedigrees from Württemberg and Pomerania through Congress Poland and Volhynia to the twentieth century.",
    basePath: "/members/genealogy",
    years: { from: 1750, to: 1950 },
    sourceNote: "As given by the submitter",
  },
];

export function familySearchPath(c: FamilyCollection): string {
  return `${c.basePath}/search`;
}

export function personPath(c: FamilyCollection, number: number): string {
  return `${c.basePath}/person/${c.prefix}${number}`;
}

/** A person's descendants page; without a depth it shows the default one. */
export function descendantsPath(c: FamilyCollection, number: number, depth?: number): string {
  return `${personPath(c, number)}/descendants${depth === undefined ? "" : `?depth=${depth}`}`;
}

export function personPathPattern(c: FamilyCollection): string {
  return `${c.basePath}/person/:personId`;
}

export function getFamilyCollection(id: string): FamilyCollection | undefined {
  return FAMILY_COLLECTIONS.find((c) => c.id === id);
}

/** A public id (L1234, l1234 or 1234) as a number of this collection, or undefined. */
export function parsePersonId(c: FamilyCollection, raw: string): number | undefined {
  const m = /^([A-Za-z]?)0*([1-9]\d{0,8})$/.exec(raw.trim());
  if (!m) return undefined;
  if (m[1] && m[1].toUpperCase() !== c.prefix) return undefined;
  return Number(m[2]);
}

export function formatPersonId(c: FamilyCollection, number: number): string {
  return `${c.prefix}${number}`;
}
