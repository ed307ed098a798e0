import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/viewer.server";
import { type TestDatabase, createTestDatabase, storedPostings, testDialects } from "~/db/test-database";
import { getCollection } from "./collections";
import { parseCriteria } from "./criteria";
import { searchCollection, streamMatches } from "./engine.server";
import { generateRecords } from "~/demo/generator";
import { RecordImporter, importRecords } from "./store.server";

const births = getCollection("stpete-birth")!;
const deaths = getCollection("stpete-death")!;
const visitor = { user: null } as unknown as Viewer;

describe.each(testDialects())("the records importer (%s)", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test.drop());

  // Births and deaths share their field definitions but not their dictionaries: a value remembered for one
  // collection's field must not be given to the other's (the seed's search counts and exports once disagreed).
  it("keys the same name in two collections that share fields to each collection's own dictionary", async () => {
    const record = (collection: string, year: number) => ({
      collection,
      date: { year, month: 1, day: 2 },
      julianDate: null,
      fields: { surname: "Schmidt", givenName: "Anna", place: "Rowno" },
    });
    await importRecords(test.database, [record(births.id, 1850), record(deaths.id, 1851), record(births.id, 1852)]);
    for (const [collection, expected] of [
      [births, 2],
      [deaths, 1],
    ] as const) {
      const { criteria } = parseCriteria(collection, new URLSearchParams({ surname: "Schmidt", place: "Rowno" }));
      const found = await searchCollection(test.database, collection, criteria, visitor);
      let streamed = 0;
      for await (const _ of streamMatches(test.database, collection, criteria, visitor)) streamed++;
      expect([found.total, streamed]).toEqual([expected, expected]);
    }
  });

  // A large import writes each sorted run of postings a slice at a time between the next records, and more of it
  // while it waits for its keying worker (writeAhead); a run must come out exactly as it would have been written at
  // once, signatures included, whatever is still buffered at the end.
  it("writes every posting with its signature when runs are written in slices between records", async () => {
    const records = [...generateRecords({ count: 3000 })];
    const atOnce = await createTestDatabase(dialect);
    const sliced = await createTestDatabase(dialect);
    const ahead = await createTestDatabase(dialect);
    const importSliced = (target: TestDatabase, waits: boolean) =>
      target.database.db.transaction().execute(async (trx) => {
        const importer = new RecordImporter(target.database, 500, trx, 400);
        await importer.init();
        let aheadWrites = 0;
        for (const [i, record] of records.entries()) {
          await importer.add(record);
          // Waits of every length: none, one slice, or until the run is written.
          if (waits && i % 7 === 0) while (importer.writeAhead() && ++aheadWrites % 3 !== 0);
        }
        await importer.finish();
        return aheadWrites;
      });
    try {
      await importRecords(atOnce.database, records);
      expect(await importSliced(sliced, false)).toBe(0);
      // Only SQLite writes a run in slices, so only there is anything written ahead.
      expect((await importSliced(ahead, true)) > 0).toBe(dialect === "sqlite");
      const expected = await storedPostings(atOnce.database);
      expect(expected.length).toBeGreaterThan(10 * 400);
      expect(await storedPostings(sliced.database)).toEqual(expected);
      expect(await storedPostings(ahead.database)).toEqual(expected);
    } finally {
      await atOnce.drop();
      await sliced.drop();
      await ahead.drop();
    }
  });
});
