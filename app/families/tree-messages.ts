import type { GedcomProblem } from "~/gedcom/parse";
import type { PersonKeys } from "./person-keys";
import type { EncodedTable, TreeIds } from "./tree-rows";
import type { ConvertedTreePerson } from "./tree-scan";

/** What the main thread and the tree worker (decision 0054) say to each other. */

/** The worker's passes over the file: the bytes, the index, the check, the people, the families. */
export const TREE_PASSES = 5;
/**
 * People or families per message. On SQLite the job's worker inserts a message's rows in one go, holding nobody but
 * the job; where the rows are read on the main thread (PostgreSQL, an in-memory SQLite) a message is read in one go
 * (2,000 people with their keys took 150–300 ms there on a loaded machine), so they are small.
 */
export const TREE_CHUNK = 400;
/** Chunks the worker may be ahead of the writer: the writer's turn comes often, the memory stays small. */
export const TREE_IN_FLIGHT = 8;

export interface TreeWorkerJob {
  filePath: string;
  bytes: number;
  maxPeople: number;
}

/** A person as the worker sends it: with its search keys worked out. */
export type KeyedTreePerson = ConvertedTreePerson & { keyed: PersonKeys };

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
  /**
   * A chunk of people (with their keys, codes and sources) or of families (with their children) as the rows of
   * their tables, encoded: the main thread passes them on to the job's connection without reading them.
   */
  | { kind: "rows"; people: number; families: number; tables: EncodedTable[] }
  | { kind: "end" }
  | { kind: "error"; message: string };

export type TreeFromMain = { kind: "write"; ids: TreeIds } | { kind: "credit" } | { kind: "stop" };
