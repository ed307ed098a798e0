import type { PartialDate } from "./dates";

/*
 * What a family collection stores, whoever supplies it (a GEDCOM, a register, the demo): people, the families
 * that join them, the trees they came in.
 */

/** One person of a family collection, as a tree or a register gives it (numbers L… or G… come with the data). */
export interface PersonInput {
  /** The public number (L… or G…). */
  number: number;
  surname: string;
  given: string;
  /** "u" when the source does not say (a GEDCOM without SEX, or with SEX U). */
  sex: "m" | "f" | "u";
  birth: PartialDate | null;
  birthPlace: string;
  death: PartialDate | null;
  deathPlace: string;
  notes: string;
  sources: string[];
  /** Index into the data set's trees (genealogy only). */
  tree: number | null;
  /** The person's xref in a submitted GEDCOM ("I12"), which a newer file of the same tree keeps. */
  xref?: string | null;
}

export interface FamilyInput {
  /** Null when the source names no husband (or no wife). */
  husband: number | null;
  wife: number | null;
  marriage: PartialDate | null;
  marriagePlace: string;
  children: number[];
}

export interface TreeInput {
  title: string;
  submitter: string;
  submittedOn: string;
  /** A member's upload waits as "pending"; the demo's and the society's own trees are "approved" (the default). */
  status?: "pending" | "approved";
  submitterId?: number | null;
  batchId?: number | null;
  /** The approved tree a newer file of the same tree replaces once approved. */
  replacesId?: number | null;
}

export interface FamilyDataSet {
  people: PersonInput[];
  families: FamilyInput[];
  trees: TreeInput[];
}
