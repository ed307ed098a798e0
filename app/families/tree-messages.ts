import type { GedcomProblem } from "~/gedcom/parse";
import type { FamilyInput } from "./input";
import type { ConvertedTreePerson } from "./tree-scan";

/** What the main thread and the tree worker (decision 0054) say to each other. */

/** The worker's passes over the file: the bytes, the index, the check, the people, the families. */
export const TREE_PASSES = 5;
/** People or families per message. */
export const TREE_CHUNK = 2_000;
/** Chunks the worker may be ahead of the writer: the writer's turn comes often, the memory stays small. */
export const TREE_IN_FLIGHT = 4;

export interface TreeWorkerJob {
  filePath: string;
  bytes: number;
  maxPeople: number;
}

export type TreeFromWorker =
  | { kind: "progress"; done: number; total: number }
  | {
      kind: "checked";
      ok: boolean;
      /** The first errors by line, and how many there are in all. */
      errors: GedcomProblem[];
      errorCount: number;
      warnings: GedcomProblem[];
      warningCount: number;
      people: number;
      families: number;
      encoding: string;
      program: string;
      sha256: string;
    }
  | { kind: "people"; people: ConvertedTreePerson[] }
  | { kind: "families"; families: FamilyInput[] }
  | { kind: "end" }
  | { kind: "error"; message: string };

export type TreeFromMain = { kind: "write"; firstNumber: number } | { kind: "credit" } | { kind: "stop" };
