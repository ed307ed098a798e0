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
  sex: "m" | "f";
  birth: PartialDate | null;
  birthPlace: string;
  death: PartialDate | null;
  deathPlace: string;
  notes: string;
  sources: string[];
  /** Index into the data set's trees (genealogy only). */
  tree: number | null;
}

export interface FamilyInput {
  husband: number;
  wife: number;
  marriage: PartialDate | null;
  marriagePlace: string;
  children: number[];
}

export interface TreeInput {
  title: string;
  submitter: string;
  submittedOn: string;
}

export interface FamilyDataSet {
  people: PersonInput[];
  families: FamilyInput[];
  trees: TreeInput[];
}
