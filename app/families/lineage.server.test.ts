import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getFamilyCollection } from "./collections";
import type { FamilyDataSet, FamilyInput, PersonInput } from "./input";
import {
  type DescendantNode,
  MAX_DESCENDANTS,
  PEDIGREE_GENERATIONS,
  findPerson,
  loadDescendants,
  loadPedigree,
} from "./lineage.server";
import type { FamilyViewer } from "./search.server";
import { importFamilies } from "./store.server";

const genealogy = getFamilyCollection("genealogy")!;
const lodz = getFamilyCollection("lodz")!;
const member: FamilyViewer = { isMember: true, isAdmin: false };
const admin: FamilyViewer = { isMember: true, isAdmin: true };
const visitor: FamilyViewer = { isMember: false, isAdmin: false };
const NOW = new Date("2026-11-22T12:00:00Z");

/** A person born (and, when given, dead) in these years; `given` doubles as the name the test looks for. */
function person(number: number, given: string, sex: "m" | "f", born: number | null, died: number | null): PersonInput {
  return {
    number,
    given,
    surname: "Schulz",
    sex,
    birth: born === null ? null : { year: born, month: 0, day: 0 },
    birthPlace: "Rożyszcze",
    death: died === null ? null : { year: died, month: 0, day: 0 },
    deathPlace: "",
    notes: "",
    sources: [],
    tree: 0,
  };
}

const family = (husband: number, wife: number, children: number[], year: number | null = null): FamilyInput => ({
  husband,
  wife,
  marriage: year === null ? null : { year, month: 0, day: 0 },
  marriagePlace: year === null ? "" : "Rożyszcze",
  children,
});

/**
 * Six generations above Root (1) with gaps, and four below, through two marriages of Root's. Ancestors are
 * named by their Ahnentafel number from Root (A2 is the father, A3 the mother, A6 the mother's father…).
 */
const TREE: FamilyDataSet = {
  trees: [{ title: "Schulz of Rożyszcze", submitter: "A. Member", submittedOn: "2020-01-01" }],
  people: [
    person(1, "Root", "m", 1880, 1950),
    person(2, "A2", "m", 1850, 1920),
    person(3, "A3", "f", 1855, 1925),
    person(4, "A4", "m", 1820, 1890),
    person(5, "A5", "f", 1825, 1895),
    person(6, "A6", "m", 1830, 1900),
    person(8, "A8", "m", 1790, 1860),
    person(9, "A9", "f", 1795, 1865),
    person(12, "A12", "m", 1800, 1870),
    person(13, "A13", "f", 1805, 1875),
    person(16, "A16", "m", 1760, 1830),
    person(17, "A17", "f", 1765, 1835),
    person(24, "A24", "m", 1770, 1840),
    // The sixth generation, beyond the chart.
    person(32, "A32", "m", 1730, 1800),
    // Root's first wife and their children, his second wife and hers.
    person(40, "Wife One", "f", 1885, 1915),
    person(41, "Son One", "m", 1906, 1970),
    person(42, "Daughter One", "f", 1910, 1990),
    person(43, "Wife Two", "f", 1890, 1960),
    person(44, "Son Two", "m", 1920, 1999),
    // Son One's wife may be living (no death, born after 1926); their son, his son (living) and grandson.
    person(45, "In-law", "f", 1930, null),
    person(46, "Grandson", "m", 1950, 2010),
    person(47, "Great-grandson", "m", 1990, null),
    person(48, "Great-great-grandson", "m", 2015, null),
  ],
  families: [
    family(2, 3, [1], 1878),
    family(4, 5, [2], 1848),
    family(6, 0, [3]),
    family(8, 9, [4]),
    family(12, 13, [6]),
    family(16, 17, [8]),
    family(24, 0, [12]),
    family(32, 0, [16]),
    family(1, 40, [41, 42], 1905),
    family(1, 43, [44], 1919),
    family(41, 45, [46], 1949),
    family(46, 0, [47]),
    family(47, 0, [48]),
  ],
};

/** The database as the code under test sees it, counting the statements it runs. */
function counting(database: Database) {
  const seen = { statements: 0 };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      seen.statements++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { database: { ...database, db: database.db.withPlugin(plugin) }, seen };
}

/** The outline as text, one line per person, indented by generation: "Root m. Wife One 1905". */
function outline(node: DescendantNode, indent = ""): string[] {
  const lines = [`${indent}${node.person.name}${node.repeated ? " (repeated)" : ""}`];
  for (const m of node.marriages) {
    lines.push(
      `${indent}  m. ${m.spouse?.name ?? "?"}${m.date ? ` ${m.date}` : ""}${m.childrenBeyond ? ` (+${m.childrenBeyond})` : ""}`,
    );
    for (const c of m.children) lines.push(...outline(c, `${indent}    `));
  }
  return lines;
}

for (const dialect of testDialects()) {
  describe(`a person's line on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      // Lodz first, so that internal ids and public numbers differ in the genealogy collection.
      await importFamilies(t.database, "lodz", {
        trees: [],
        people: [{ ...person(1, "Other", "m", 1800, 1850), tree: null }],
        families: [],
      });
      await importFamilies(t.database, "genealogy", TREE);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    const root = async (number: number, viewer = member) =>
      (await findPerson(t.database, genealogy, number, viewer, NOW))!;

    it("finds a person by the number of their own collection, for members only", async () => {
      expect((await root(1)).name).toBe("Root Schulz");
      expect((await findPerson(t.database, lodz, 1, member, NOW))?.name).toBe("Other Schulz");
      expect(await findPerson(t.database, genealogy, 99, member, NOW)).toBeUndefined();
      expect(await findPerson(t.database, genealogy, 1, visitor, NOW)).toBeUndefined();
    });

    it("loads five generations of ancestors in Ahnentafel order, one query per generation above the person", async () => {
      const { database, seen } = counting(t.database);
      const pedigree = await loadPedigree(database, await root(1), member, NOW);
      expect(seen.statements).toBe(PEDIGREE_GENERATIONS - 1);
      expect(pedigree.generations).toBe(5);
      expect(pedigree.ancestors).toHaveLength(32);
      const named = pedigree.ancestors.flatMap((p, n) => (p ? [`${n}:${p.given}`] : []));
      // Not recorded: A3's mother (7), A5's parents (10, 11), A9's (18, 19) and more; A32 is the sixth generation.
      expect(named).toEqual([
        "1:Root",
        "2:A2",
        "3:A3",
        "4:A4",
        "5:A5",
        "6:A6",
        "8:A8",
        "9:A9",
        "12:A12",
        "13:A13",
        "16:A16",
        "17:A17",
        "24:A24",
      ]);
      expect(pedigree.ancestors[7]).toBeNull();
      expect(pedigree.ancestors[2]).toMatchObject({ number: 2, birthDate: "1850", deathDate: "1920" });
    });

    it("stops asking when a generation has nobody recorded", async () => {
      const { database, seen } = counting(t.database);
      const pedigree = await loadPedigree(database, await root(40), member, NOW);
      expect(seen.statements).toBe(1);
      expect(pedigree.ancestors.filter(Boolean)).toHaveLength(1);
    });

    it("shows a person who may be living as Living, with their ancestors, to members; in full to administrators", async () => {
      const living = await root(47);
      expect(living).toMatchObject({ name: "Living", hidden: true, birthDate: null });
      const pedigree = await loadPedigree(t.database, living, member, NOW);
      expect(pedigree.ancestors.slice(1, 5).map((p) => p?.name ?? null)).toEqual([
        "Living",
        "Grandson Schulz",
        null,
        "Son One Schulz",
      ]);
      expect(pedigree.ancestors[5]).toMatchObject({ name: "Living", birthDate: null, hidden: true });
      const seenByAdmin = await loadPedigree(t.database, await root(47, admin), admin, NOW);
      expect(seenByAdmin.ancestors[1]?.name).toBe("Great-grandson Schulz");
      expect(seenByAdmin.ancestors[5]?.name).toBe("In-law Schulz");
    });

    it("lists descendants under each marriage to the depth asked, one query per generation", async () => {
      const { database, seen } = counting(t.database);
      const one = await loadDescendants(database, await root(1), 1, member, NOW);
      expect(seen.statements).toBe(2);
      expect(outline(one.root)).toEqual([
        "Root Schulz",
        "  m. Wife One Schulz 1905",
        "    Son One Schulz",
        "      m. Living (+1)",
        "    Daughter One Schulz",
        "  m. Wife Two Schulz 1919",
        "    Son Two Schulz",
      ]);
      expect(one).toMatchObject({ depth: 1, count: 3, truncated: false });

      const two = await loadDescendants(t.database, await root(1), 2, member, NOW);
      expect(outline(two.root)).toEqual([
        "Root Schulz",
        "  m. Wife One Schulz 1905",
        "    Son One Schulz",
        // A marriage is a detail of both lives: its year is hidden with the living spouse.
        "      m. Living",
        "        Grandson Schulz",
        "          m. ? (+1)",
        "    Daughter One Schulz",
        "  m. Wife Two Schulz 1919",
        "    Son Two Schulz",
      ]);
      expect(two.count).toBe(4);
    });

    it("goes no deeper than recorded, and hides living descendants from members only", async () => {
      const { database, seen } = counting(t.database);
      const all = await loadDescendants(database, await root(41), 10, member, NOW);
      // Son One, Grandson, Great-grandson, Great-great-grandson: and the one after finds no marriage.
      expect(seen.statements).toBe(4);
      expect(outline(all.root)).toEqual([
        "Son One Schulz",
        "  m. Living",
        "    Grandson Schulz",
        "      m. ?",
        "        Living",
        "          m. ?",
        "            Living",
      ]);
      expect(all.count).toBe(3);
      const byAdmin = await loadDescendants(t.database, await root(41, admin), 10, admin, NOW);
      expect(outline(byAdmin.root)).toEqual([
        "Son One Schulz",
        "  m. In-law Schulz 1949",
        "    Grandson Schulz",
        "      m. ?",
        "        Great-grandson Schulz",
        "          m. ?",
        "            Great-great-grandson Schulz",
      ]);
    });

    it("follows a child of two descendants (cousins who married) once, and marks the second mention", async () => {
      const cousins = await createTestDatabase(dialect);
      try {
        // Two grandchildren of 1 (cousins, 4 and 5) marry; their child 6 is shown once, then as a repeat.
        const people = [1, 2, 3, 4, 5, 6].map((n) => ({
          ...person(n, `P${n}`, n % 2 ? "f" : "m", 1800 + n, 1880 + n),
          tree: null,
        }));
        people[0] = { ...people[0]!, sex: "m" };
        await importFamilies(cousins.database, "lodz", {
          trees: [],
          people,
          families: [family(1, 0, [2, 3]), family(2, 0, [4]), family(0, 3, [5]), family(4, 5, [6], 1830)],
        });
        const p1 = (await findPerson(cousins.database, lodz, 1, member, NOW))!;
        const tree = await loadDescendants(cousins.database, p1, 4, member, NOW);
        expect(outline(tree.root)).toEqual([
          "P1 Schulz",
          "  m. ?",
          "    P2 Schulz",
          "      m. ?",
          "        P4 Schulz",
          "          m. P5 Schulz 1830",
          "            P6 Schulz",
          "    P3 Schulz",
          "      m. ?",
          "        P5 Schulz",
          "          m. P4 Schulz 1830",
          "            P6 Schulz (repeated)",
        ]);
        expect(tree.count).toBe(5);
      } finally {
        await cousins.drop();
      }
    });

    it(`stops the outline at ${MAX_DESCENDANTS} people and says so`, async () => {
      const big = await createTestDatabase(dialect);
      try {
        const n = MAX_DESCENDANTS + 5;
        const people = Array.from({ length: n + 1 }, (_, i) => ({
          ...person(i + 1, `C${i}`, "m", 1800, 1870),
          tree: null,
        }));
        await importFamilies(big.database, "lodz", {
          trees: [],
          people,
          families: [
            family(
              1,
              0,
              people.slice(1).map((p) => p.number),
            ),
          ],
        });
        const p1 = (await findPerson(big.database, lodz, 1, member, NOW))!;
        const tree = await loadDescendants(big.database, p1, 2, member, NOW);
        expect(tree).toMatchObject({ count: MAX_DESCENDANTS, truncated: true });
        expect(tree.root.marriages[0]!.children).toHaveLength(MAX_DESCENDANTS);
      } finally {
        await big.drop();
      }
    }, 60_000);
  });
}
