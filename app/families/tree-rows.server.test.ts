import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertEncodedRows } from "~/db/bulk-insert.server";
import type { Database } from "~/db/connection.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import type { FamilyInput } from "./input";
import { personKeys } from "./person-keys";
import { insertFamilies, insertPeople, insertTrees, nextId } from "./store.server";
import { TREE_TABLES, TreeRows } from "./tree-rows";
import type { ConvertedTreePerson } from "./tree-scan";

const person = (number: number, extra: Partial<ConvertedTreePerson> = {}): ConvertedTreePerson => ({
  number,
  surname: "Kowalski",
  given: "Jan Łukasz",
  sex: "m",
  birth: { year: 1880, month: 3, day: 0 },
  birthPlace: "Łódź",
  death: null,
  deathPlace: "",
  notes: "",
  sources: [],
  tree: 0,
  xref: `I${number}`,
  ...extra,
});
const PEOPLE = [
  person(501),
  person(502, { surname: "Nowak", given: "Anna", sex: "f", birth: null, sources: ["Parish book 1901", "Census"] }),
  person(503, { given: "Piotr", death: { year: 1950, month: 1, day: 2 }, deathPlace: "Warszawa" }),
];
const FAMILIES: FamilyInput[] = [
  { husband: 501, wife: 502, marriage: { year: 1900, month: 0, day: 0 }, marriagePlace: "Łódź", children: [503] },
  { husband: null, wife: 502, marriage: null, marriagePlace: "", children: [] },
];
const TABLES = Object.keys(TREE_TABLES) as (keyof typeof TREE_TABLES)[];

/** Every row of the tree's tables, in a fixed order. */
async function stored(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const columns = TREE_TABLES[table].map(([name]) => name);
    const rows = await database.db
      .selectFrom(table)
      .select(columns as never[])
      .execute();
    out[table] = rows.map((r) => JSON.stringify(columns.map((c) => (r as Record<string, unknown>)[c] ?? null))).sort();
  }
  return out;
}

for (const dialect of testDialects()) {
  describe(`a tree's rows worked out by its worker, on ${dialect}`, () => {
    let kysely: TestDatabase;
    let encoded: TestDatabase;
    beforeAll(async () => {
      [kysely, encoded] = await Promise.all([createTestDatabase(dialect), createTestDatabase(dialect)]);
    }, 60_000);
    afterAll(async () => {
      await kysely?.drop();
      await encoded?.drop();
    });

    it("are the rows insertPeople() and insertFamilies() write", async () => {
      const tree = { title: "T", submitter: "alice", submittedOn: "2026-11-30" };
      const firstFamily = 7;
      await kysely.database.db.transaction().execute(async (trx) => {
        const treeId = await nextId(trx, "family_trees");
        await insertTrees(trx, [tree], treeId);
        const idOf = (n: number) => 40 + (n - 501);
        await insertPeople(trx, "genealogy", PEOPLE, idOf, treeId);
        await insertFamilies(trx, "genealogy", FAMILIES, firstFamily, idOf);
      });
      const database = encoded.database;
      await database.db.transaction().execute(async (trx) => {
        const treeId = await nextId(trx, "family_trees");
        await insertTrees(trx, [tree], treeId);
        const rows = new TreeRows({ collection: "genealogy", firstNumber: 501, firstPerson: 40, firstFamily, treeId });
        const keyed = PEOPLE.map((p) => ({ ...p, keyed: personKeys(p) }));
        // Families in two messages: their ids count on across them.
        const tables = [
          ...rows.people(keyed),
          ...rows.families(FAMILIES.slice(0, 1)),
          ...rows.families(FAMILIES.slice(1)),
        ];
        for (const { table, bytes } of tables) await insertEncodedRows(database, trx, table, TREE_TABLES[table], bytes);
      });
      const expected = await stored(kysely.database);
      expect(expected.people).toHaveLength(3);
      expect(expected.person_sources).toHaveLength(2);
      expect(expected.family_children).toHaveLength(1);
      expect(await stored(database)).toEqual(expected);
    });
  });
}
