import type { Columns } from "~/db/bulk-insert.server";
import { encodeRows } from "~/db/encoded-rows";
import type { FamiliesTable, FamilyChildrenTable, PeopleTable, PersonKeysTable, PersonSourcesTable } from "~/db/schema";
import { dateSort, dateText } from "./dates";
import type { FamilyInput } from "./input";
import type { KeyedTreePerson } from "./tree-messages";

/**
 * A member's tree as the rows of its tables, worked out and encoded by the tree's worker (decision 0054) once it
 * knows the ids the tree starts at: the server's thread passes each buffer on to the job's connection without
 * reading it (decision 0075). The columns are those insertPeople() and insertFamilies() (store.server.ts) write.
 */

export interface TreeIds {
  collection: string;
  /** The number of the first person; the others count up from it, and so do their ids from `firstPerson`. */
  firstNumber: number;
  firstPerson: number;
  firstFamily: number;
  treeId: number;
}

const PEOPLE: Columns<PeopleTable> = [
  ["id", "integer"],
  ["collection", "text"],
  ["number", "integer"],
  ["tree_id", "integer"],
  ["surname", "text"],
  ["given", "text"],
  ["sort_surname", "text"],
  ["sort_given", "text"],
  ["sex", "text"],
  ["birth_date", "text"],
  ["birth_sort", "integer"],
  ["birth_year", "integer"],
  ["birth_place", "text"],
  ["death_date", "text"],
  ["death_sort", "integer"],
  ["death_year", "integer"],
  ["death_place", "text"],
  ["notes", "text"],
  ["xref", "text"],
];
const KEYS: Columns<PersonKeysTable> = [
  ["person_id", "integer"],
  ["field", "text"],
  ["exact_key", "text"],
  ["folded", "text"],
];
const CODES: Columns<{ person_id: number; field: string; code: string }> = [
  ["person_id", "integer"],
  ["field", "text"],
  ["code", "text"],
];
const SOURCES: Columns<PersonSourcesTable> = [
  ["person_id", "integer"],
  ["position", "integer"],
  ["citation", "text"],
];
const FAMILIES: Columns<FamiliesTable> = [
  ["id", "integer"],
  ["collection", "text"],
  ["husband_id", "integer"],
  ["wife_id", "integer"],
  ["marriage_date", "text"],
  ["marriage_sort", "integer"],
  ["marriage_place", "text"],
];
const CHILDREN: Columns<FamilyChildrenTable> = [
  ["family_id", "integer"],
  ["child_id", "integer"],
  ["position", "integer"],
];

/** The tables of a tree, with their columns in the order their rows' values come. */
export const TREE_TABLES: Readonly<Record<TreeTable, Columns<Record<string, unknown>>>> = {
  people: PEOPLE,
  person_keys: KEYS,
  person_codes: CODES,
  person_sources: SOURCES,
  families: FAMILIES,
  family_children: CHILDREN,
};
export type TreeTable = "people" | "person_keys" | "person_codes" | "person_sources" | "families" | "family_children";

/** Rows of one table, encoded (encoded-rows.ts). */
export interface EncodedTable {
  table: TreeTable;
  bytes: Uint8Array;
}

export class TreeRows {
  #families = 0;

  constructor(private readonly ids: TreeIds) {}

  /** Numbers and ids both count up from the first: a person's id is found without a map of a million. */
  #idOf(number: number): number {
    return this.ids.firstPerson + (number - this.ids.firstNumber);
  }

  /** People with their keys, codes and sources. */
  people(people: readonly KeyedTreePerson[]): EncodedTable[] {
    const { collection, treeId } = this.ids;
    const rows: unknown[] = [];
    const keys: unknown[] = [];
    const codes: unknown[] = [];
    const sources: unknown[] = [];
    for (const p of people) {
      const id = this.#idOf(p.number);
      rows.push(
        id,
        collection,
        p.number,
        p.tree === null ? null : treeId + p.tree,
        p.surname,
        p.given,
        p.keyed.sortSurname,
        p.keyed.sortGiven,
        p.sex,
        p.birth ? dateText(p.birth) : null,
        p.birth ? dateSort(p.birth) : null,
        p.birth?.year ?? null,
        p.birthPlace,
        p.death ? dateText(p.death) : null,
        p.death ? dateSort(p.death) : null,
        p.death?.year ?? null,
        p.deathPlace,
        p.notes,
        p.xref ?? null,
      );
      for (const k of p.keyed.keys) keys.push(id, k.field, k.exact_key, k.folded);
      for (const c of p.keyed.codes) codes.push(id, c.field, c.code);
      p.sources.forEach((citation, position) => sources.push(id, position, citation));
    }
    return encoded({ people: rows, person_keys: keys, person_codes: codes, person_sources: sources });
  }

  /** Families and their children, their ids counting on from the last family given. */
  families(families: readonly FamilyInput[]): EncodedTable[] {
    const { collection, firstFamily } = this.ids;
    const rows: unknown[] = [];
    const children: unknown[] = [];
    for (const f of families) {
      const id = firstFamily + this.#families++;
      rows.push(
        id,
        collection,
        f.husband === null ? null : this.#idOf(f.husband),
        f.wife === null ? null : this.#idOf(f.wife),
        f.marriage ? dateText(f.marriage) : null,
        f.marriage ? dateSort(f.marriage) : null,
        f.marriagePlace,
      );
      f.children.forEach((number, position) => children.push(id, this.#idOf(number), position));
    }
    return encoded({ families: rows, family_children: children });
  }
}

function encoded(tables: Partial<Record<TreeTable, unknown[]>>): EncodedTable[] {
  const out: EncodedTable[] = [];
  for (const [table, values] of Object.entries(tables) as [TreeTable, unknown[]][]) {
    if (values.length) out.push({ table, bytes: encodeRows(values) });
  }
  return out;
}
