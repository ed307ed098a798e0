import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { importPlaces } from "~/places/store.server";
import type { PlaceInput } from "~/places/spellings";
import { type ImportRecord, importRecords } from "./store.server";
import { getCollection } from "./collections";
import { type Criteria, parseCriteria } from "./criteria";
import { countMatches, searchCollection, semiJoinIsCheaper, streamMatches } from "./engine.server";
import { resolvePlaceFilter } from "./place-filter.server";
import { placeMentions } from "./place-mentions.server";
import { recordPlaceCounts } from "./place-counts.server";

const member = { isMember: true };
const visitor = { isMember: false };
const births = getCollection("stpete-birth")!;
const deaths = getCollection("stpete-death")!;

const place = (name: string, lat: number, lon: number, spellings: PlaceInput["spellings"] = []): PlaceInput => ({
  name,
  lat,
  lon,
  spellings,
  province: "Volhynia",
  sheet: "M-35-1",
  square: "",
  notes: "",
});

const rec = (collection: string, surname: string, year: number, placeName: string, parish = ""): ImportRecord => ({
  collection,
  date: { year, month: 5, day: 1 },
  fields: { surname, givenName: "Anna", place: placeName, parish },
});

// Luzk and Kiwerzy lie 13 km apart; Shitomir 240 km east; Lodz is on Breyer's (public) map.
const RECORDS: ImportRecord[] = [
  rec("stpete-birth", "Schmidt", 1850, "Luzk", "Roshischtsche"),
  rec("stpete-birth", "Schmidt", 1861, "Луцк"),
  rec("stpete-birth", "Müller", 1855, "Kiwerzy"),
  rec("stpete-birth", "Schmidt", 1870, "Shitomir"),
  rec("stpete-birth", "Weber", 1860, "Lodz"),
  rec("stpete-birth", "Schmidt", 1852, "Nirgendwo", "Luzk"),
  // Another collection's record at Luzk must never count among the births (they share field definitions).
  rec("stpete-death", "Schmidt", 1850, "Luzk"),
];

for (const dialect of testDialects()) {
  describe(`records near a place on ${dialect}`, () => {
    let t: TestDatabase;
    let ids: { lutsk: number; lodz: number };
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await importPlaces(t.database, "breyer", [place("Lodz", 51.7592, 19.456, [{ kind: "polish", name: "Łódź" }])]);
      await importPlaces(t.database, "ukraine", [
        place("Lutsk", 50.7472, 25.3254, [
          { kind: "german", name: "Luzk" },
          { kind: "russian", name: "Луцк" },
        ]),
        place("Kivertsi", 50.83, 25.46, [{ kind: "german", name: "Kiwerzy" }]),
        place("Zhytomyr", 50.2547, 28.6587, [{ kind: "german", name: "Shitomir" }]),
      ]);
      await importRecords(t.database, RECORDS);
      const rows = await t.database.db.selectFrom("places").select(["id", "name"]).execute();
      ids = {
        lutsk: rows.find((r) => r.name === "Lutsk")!.id,
        lodz: rows.find((r) => r.name === "Lodz")!.id,
      };
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    async function resolved(qs: string, viewer = member, collection = births) {
      const parsed = parseCriteria(collection, new URLSearchParams(qs));
      expect(parsed.errors).toEqual({});
      return resolvePlaceFilter(t.database, parsed.criteria, viewer, (near) => `?nearId=${near.id}`);
    }
    async function surnames(qs: string, viewer = member, collection = births) {
      const { criteria, errors } = await resolved(qs, viewer, collection);
      expect(errors).toEqual({});
      const result = await searchCollection(t.database, collection, criteria as Criteria, viewer);
      return result.rows.map((r) => `${r.data.surname} ${r.year}`).sort();
    }

    it("finds the records whose place or parish lies within the radius, by any spelling", async () => {
      expect(await surnames("near=Luzk&radius=25")).toEqual([
        "Müller 1855",
        "Schmidt 1850",
        "Schmidt 1852",
        "Schmidt 1861",
      ]);
      expect(await surnames("near=Lutsk&radius=5")).toEqual(["Schmidt 1850", "Schmidt 1852", "Schmidt 1861"]);
      expect(await surnames("near=Luzk&radius=300")).toHaveLength(5);
      expect(await surnames("surname=Schmidt&near=%D0%9B%D1%83%D1%86%D0%BA&radius=25")).toEqual([
        "Schmidt 1850",
        "Schmidt 1852",
        "Schmidt 1861",
      ]);
      expect(await surnames("near=50.75, 25.33&radius=25")).toHaveLength(4);
      expect(await surnames("near=Luzk&radius=25", member, deaths)).toEqual(["Schmidt 1850"]);
    });

    it("counts and streams the same records as it pages", async () => {
      const { criteria } = await resolved("near=Luzk&radius=25&yearFrom=1851");
      expect(await countMatches(t.database, births, criteria, member)).toEqual({ total: 3, lowerBound: false });
      const streamed = [];
      for await (const r of streamMatches(t.database, births, criteria as Criteria, member)) streamed.push(r.year);
      expect(streamed.sort()).toEqual([1852, 1855, 1861]);
    });

    it("names the place in its chip and refuses an unknown place beside the field", async () => {
      expect((await resolved("near=Luzk&radius=25")).criteria.placeName).toBe("Lutsk");
      const unknown = await resolved("near=Nowhere&radius=25");
      expect(unknown.errors.near).toMatch(/No place called “Nowhere”/);
      // A visitor reads only the public index: the members' Ukraine index does not answer.
      expect((await resolved("near=Luzk&radius=25", visitor)).errors.near).toMatch(/No place/);
      expect(await surnames("near=Lodz&radius=10", visitor)).toEqual(["Weber 1860"]);
      const missing = await resolved(`placeId=${ids.lutsk}`, visitor);
      expect(missing.errors.placeId).toBeDefined();
    });

    it("finds a place's own records by placeId, and unresolved place terms find nothing", async () => {
      expect(await surnames(`placeId=${ids.lutsk}`)).toEqual(["Schmidt 1850", "Schmidt 1852", "Schmidt 1861"]);
      const { criteria } = parseCriteria(births, new URLSearchParams("near=Luzk"));
      expect(await countMatches(t.database, births, criteria, member)).toEqual({ total: 0, lowerBound: false });
    });

    it("counts a place's records per collection for the place page", async () => {
      const mentions = await placeMentions(t.database, { id: ids.lutsk, name: "Lutsk" }, member);
      expect(mentions.map((m) => [m.id, m.count, m.href])).toEqual([
        ["stpete-birth", 3, `/stpete/birth/search?placeId=${ids.lutsk}`],
        ["stpete-death", 1, `/stpete/death/search?placeId=${ids.lutsk}`],
      ]);
    });

    it("counts a surname's records per known place and decade", async () => {
      const { criteria } = parseCriteria(births, new URLSearchParams("surname=Schmidt"));
      const counts = await recordPlaceCounts(t.database, [{ collection: births, criteria }], member);
      expect(counts.records).toBe(4);
      expect(counts.unplaced).toBe(0);
      expect(counts.partial).toBe(false);
      expect(counts.places.map((p) => [p.place.name, p.total, p.decades])).toEqual([
        [
          "Lutsk",
          3,
          [
            { decade: 1850, count: 2 },
            { decade: 1860, count: 1 },
          ],
        ],
        ["Zhytomyr", 1, [{ decade: 1870, count: 1 }]],
      ]);
      expect(counts.decades).toEqual([1850, 1860, 1870]);
      const forVisitor = await recordPlaceCounts(t.database, [{ collection: births, criteria }], visitor);
      expect(forVisitor.places).toEqual([]);
      expect(forVisitor.unplaced).toBe(4);
      // /Search asks once per role: the same record found twice counts once.
      const twice = await recordPlaceCounts(
        t.database,
        [
          { collection: births, criteria },
          { collection: births, criteria },
        ],
        member,
      );
      expect(twice.records).toBe(4);
      expect(twice.places.map((p) => p.total)).toEqual([3, 1]);
      const capped = await recordPlaceCounts(t.database, [{ collection: births, criteria }], member, 2);
      expect(capped.partial).toBe(true);
      expect(capped.records).toBe(2);
    });
  });
}

describe("semiJoinIsCheaper", () => {
  it("probes a place group of few values under a small driver, and reads a large radius whole", () => {
    // A surname of 1,322 postings near a town of 4 values holding 23,297 postings (the 200,000-record benchmark).
    expect(semiJoinIsCheaper({ n: 1322 }, { n: 23_297, ids: [1, 2, 3, 4] })).toBe(false);
    // A common name under a radius of 300 values.
    expect(semiJoinIsCheaper({ n: 50_000 }, { n: 200_000, ids: Array.from({ length: 300 }, (_, i) => i) })).toBe(true);
  });
});

for (const dialect of testDialects()) {
  describe(`a rare surname near a busy place on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await importPlaces(t.database, "ukraine", [
        place("Lutsk", 50.7472, 25.3254, [{ kind: "german", name: "Luzk" }]),
        place("Zhytomyr", 50.2547, 28.6587, [{ kind: "german", name: "Shitomir" }]),
      ]);
      // Many records at Luzk, few Schmidts: the place group is probed per Schmidt posting, not read whole.
      const busy = Array.from({ length: 60 }, (_, i) => rec("stpete-birth", "Weber", 1850 + (i % 40), "Luzk"));
      await importRecords(t.database, [
        ...busy,
        rec("stpete-birth", "Schmidt", 1850, "Luzk"),
        rec("stpete-birth", "Schmidt", 1850, "Shitomir"),
        rec("stpete-birth", "Schmidt", 1862, "Nirgendwo", "Luzk"),
        rec("stpete-death", "Schmidt", 1850, "Luzk"),
      ]);
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    it("finds the same records as the semi-join would, counted and paged alike", async () => {
      const parsed = parseCriteria(
        births,
        new URLSearchParams("surname=Schmidt&surnameMode=exact&near=Luzk&radius=25"),
      );
      const { criteria, errors } = await resolvePlaceFilter(t.database, parsed.criteria, member, () => "");
      expect(errors).toEqual({});
      const result = await searchCollection(t.database, births, criteria as Criteria, member);
      expect(result.rows.map((r) => `${r.data.surname} ${r.year} ${r.data.place}`).sort()).toEqual([
        "Schmidt 1850 Luzk",
        "Schmidt 1862 Nirgendwo",
      ]);
      expect(result.total).toBe(2);
      expect(await countMatches(t.database, births, criteria, member)).toEqual({ total: 2, lowerBound: false });
    });
  });
}
