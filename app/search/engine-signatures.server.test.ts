import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { generateRecords } from "~/demo/generator";
import { generateLublinRecords } from "~/demo/lublin";
import { type ImportRecord, importRecords } from "./store.server";
import { type CollectionDef, fieldSources, getCollection } from "./collections";
import { parseCriteria } from "./criteria";
import { countMatches, knownPageYears, searchCollection } from "./engine.server";

/**
 * Decision 0046 changes how several names are intersected (signature bit tests before lookups, ids read once,
 * a page's years found from the ids), on SQLite and, since decision 0050, on PostgreSQL. These properties hold the
 * new engine to the old one on demo data: the same rows, totals and pages for random combinations of names, modes,
 * years, sorts and pages.
 */

/** The name fields of each collection the properties combine. */
const FIELDS: [collection: string, fields: string[]][] = [
  ["stpete-birth", ["surname", "givenName", "fatherGivenName", "motherGivenName", "motherMaidenName"]],
  ["stpete-marriage", ["groomSurname", "groomGivenName", "brideSurname", "brideGivenName"]],
  ["lublin-death", ["surname", "givenName", "fatherOrSpouse", "motherOrSpouse"]],
];

const RECORDS = [
  ...generateRecords({ count: 4_000, seed: 46 }),
  ...generateLublinRecords({ count: 2_000, seed: 46 }),
] as ImportRecord[];

const query = (fields: string[]) =>
  fc.record({
    // The names of one stored record (so that many queries find something), each in a random mode.
    record: fc.nat(),
    names: fc.uniqueArray(fc.record({ field: fc.constantFrom(...fields), mode: fc.nat() }), {
      minLength: 2,
      maxLength: 4,
      selector: (n) => n.field,
    }),
    // Years around the record's (so that it stays in range), before and after it.
    years: fc.option(fc.tuple(fc.integer({ min: -5, max: 10 }), fc.integer({ min: -5, max: 10 })), { freq: 2 }),
    parish: fc.constantFrom(false, false, false, true),
    sort: fc.constantFrom("year", "-year", "surname,-year", ""),
    page: fc.integer({ min: 1, max: 4 }),
    perPage: fc.constantFrom("10", "25"),
    member: fc.boolean(),
  });

/** A record's value of a search field, cut for the modes that take part of a name. */
function nameOf(record: ImportRecord, collection: CollectionDef, field: string, mode: string): string | undefined {
  const def = collection.searchFields.find((f) => f.name === field)!;
  const value = fieldSources(def)
    .map((source) => record.fields[source])
    .find((v) => v);
  if (!value) return undefined;
  if (mode === "starts") return value.slice(0, 3);
  if (mode === "contains") return value.slice(1, 5);
  return value;
}

for (const dialect of testDialects()) {
  describe(`several names on ${dialect}: the engine of decision 0046 answers as the one before it`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await importRecords(t.database, RECORDS);
    }, 120_000);
    afterAll(async () => {
      await t?.drop();
    });

    for (const [id, fields] of FIELDS) {
      const collection: CollectionDef = getCollection(id)!;
      const stored = RECORDS.filter((r) => r.collection === id);
      it(`${id}: same rows, totals and pages`, async () => {
        let compared = 0;
        let matched = 0;
        await fc.assert(
          fc.asyncProperty(query(fields), async (q) => {
            const params = new URLSearchParams();
            const record = stored[q.record % stored.length]!;
            for (const n of q.names) {
              // One of the field's own modes, or none (its default).
              const modes = collection.searchFields.find((f) => f.name === n.field)!.modes;
              const mode = n.mode % (modes.length + 1) < modes.length ? modes[n.mode % (modes.length + 1)]! : "";
              const name = nameOf(record, collection, n.field, mode);
              if (!name) continue;
              params.set(n.field, name);
              if (mode) params.set(`${n.field}Mode`, mode);
            }
            if (q.years) {
              params.set("yearFrom", String(record.date.year - q.years[0]));
              params.set("yearTo", String(record.date.year + q.years[1]));
            }
            if (q.parish && id !== "lublin-death") params.set("parish", "Zhitomir");
            if (q.sort) params.set("sort", q.sort);
            params.set("page", String(q.page));
            params.set("perPage", q.perPage);
            const { criteria, errors } = parseCriteria(collection, params);
            if (Object.keys(errors).length) return;
            const viewer = { isMember: q.member };
            // A small year walk threshold so that small results take the date-ordered paging paths too.
            const tuning = { yearWalkMin: 5 };
            const now = await searchCollection(t.database, collection, criteria, viewer, tuning);
            const before = await searchCollection(t.database, collection, criteria, viewer, {
              ...tuning,
              signatures: false,
            });
            expect(now).toEqual(before);
            expect(await countMatches(t.database, collection, criteria, viewer)).toEqual(
              await countMatches(t.database, collection, criteria, viewer, { signatures: false }),
            );
            compared++;
            if (now.total > 0) matched++;
          }),
          { numRuns: 80, seed: 46 },
        );
        // Not a property that holds vacuously: most random queries are compared and many find something.
        expect(compared).toBeGreaterThan(40);
        expect(matched).toBeGreaterThan(20);
      }, 120_000);
    }
  });
}

for (const dialect of testDialects()) {
  // The properties above would hold just as well if a dialect never tested the bits: both sides would be the old
  // path. A posting whose signature lacks its record's names tells whether the engine reads them.
  it(`several names on ${dialect} are tested against the postings' signatures`, async () => {
    const t = await createTestDatabase(dialect);
    try {
      const births = getCollection("stpete-birth")!;
      const record = (i: number) => ({
        collection: births.id,
        date: { year: 1850 + i, month: 1, day: 1 },
        fields: { surname: "Schmidt", givenName: "Johann" },
      });
      await importRecords(t.database, [record(0), record(1)]);
      await t.database.db.updateTable("postings").set({ sig: 0 }).where("record_id", "=", 1).execute();
      const { criteria } = parseCriteria(
        births,
        new URLSearchParams({ surname: "Schmidt", surnameMode: "exact", givenName: "Johann", givenNameMode: "exact" }),
      );
      const viewer = { isMember: true };
      const ids = async (signatures: boolean) =>
        (await searchCollection(t.database, births, criteria, viewer, { signatures })).rows.map((r) => r.id);
      expect(await ids(false)).toEqual([1, 2]);
      expect(await ids(true)).toEqual([2]);
    } finally {
      await t.drop();
    }
  }, 60_000);
}

describe("knownPageYears", () => {
  const known = [
    { id: 1, year: 1850 },
    { id: 2, year: 1851 },
    { id: 3, year: 1851 },
    { id: 4, year: 1853 },
    { id: 5, year: 1853 },
    { id: 6, year: 1853 },
  ];

  it("takes the years a page falls in and how many of their records come before it", () => {
    expect(knownPageYears(known, false, 0, 2)).toEqual({ ids: [1, 2, 3], skip: 0 });
    expect(knownPageYears(known, false, 2, 2)).toEqual({ ids: [2, 3, 4, 5, 6], skip: 1 });
    expect(knownPageYears(known, false, 3, 3)).toEqual({ ids: [4, 5, 6], skip: 0 });
  });

  it("walks the years from the last when the page is sorted newest first", () => {
    expect(knownPageYears(known, true, 0, 2)).toEqual({ ids: [4, 5, 6], skip: 0 });
    expect(knownPageYears(known, true, 3, 2)).toEqual({ ids: [2, 3], skip: 0 });
    expect(knownPageYears(known, true, 5, 2)).toEqual({ ids: [1], skip: 0 });
  });

  it("gives nothing for a page beyond the last", () => {
    expect(knownPageYears(known, false, 6, 2)).toEqual({ ids: [], skip: 0 });
  });
});
