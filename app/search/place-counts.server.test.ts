import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { importPlaces } from "~/places/store.server";
import type { PlaceInput } from "~/places/spellings";
import { type ImportRecord, importRecords } from "./store.server";
import { getCollection } from "./collections";
import { parseCriteria } from "./criteria";
import { recordPlaceCounts } from "./place-counts.server";
import { recordPlaceLinks } from "./record-page.server";
import { getRecord } from "./engine.server";

/**
 * A village name shared by places of two map indexes (decision 0040): a record means the one near its parish; with
 * no parish to go by, the record page offers each and the map counts it at the indexes' first.
 */
const member = { isMember: true };
const births = getCollection("stpete-birth")!;

const place = (name: string, province: string, lat: number, lon: number): PlaceInput => ({
  name,
  lat,
  lon,
  spellings: [],
  province,
  sheet: "M-35-1",
  square: "",
  notes: "",
});

const rec = (year: number, placeName: string, parish: string): ImportRecord => ({
  collection: "stpete-birth",
  date: { year, month: 5, day: 1 },
  fields: { surname: "Neumann", givenName: "Anna", place: placeName, parish },
});

for (const dialect of testDialects()) {
  describe(`a place name shared by two map indexes on ${dialect}`, () => {
    let t: TestDatabase;
    let ids: Record<string, number>;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      // Breyer's index comes first: the one the first-found rule took for every Neudorf.
      await importPlaces(t.database, "breyer", [
        place("Neudorf", "Lodz", 51.8, 19.5),
        place("Lodz", "Lodz", 51.76, 19.46),
      ]);
      await importPlaces(t.database, "ukraine", [
        place("Neudorf", "Volhynia", 50.9, 25.1),
        place("Lutsk", "Volhynia", 50.7472, 25.3254),
      ]);
      await importRecords(t.database, [
        rec(1880, "Neudorf", "Lutsk"),
        rec(1881, "Neudorf", "Lodz"),
        rec(1882, "Neudorf", ""),
      ]);
      const rows = await t.database.db.selectFrom("places").select(["id", "name", "map_index"]).execute();
      ids = Object.fromEntries(rows.map((r) => [`${r.name}@${r.map_index}`, Number(r.id)]));
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    it("counts each record at the Neudorf near its parish on the surname's map", async () => {
      const { criteria } = parseCriteria(births, new URLSearchParams("surname=Neumann"));
      const counts = await recordPlaceCounts(t.database, [{ collection: births, criteria }], member);
      expect(counts.places.map((p) => [p.place.name, p.place.index, p.decades.map((d) => d.decade)])).toEqual([
        // The Lodz record and the one without a parish (the indexes' first)…
        ["Neudorf", "breyer", [1880]],
        // …and the Volhynian one, at the Volhynian Neudorf.
        ["Neudorf", "ukraine", [1880]],
      ]);
      expect(counts.places.map((p) => p.total)).toEqual([2, 1]);
    });

    it("links a record's place to the Neudorf near its parish, or offers both when it has none", async () => {
      const records = await t.database.db.selectFrom("records").select(["id", "year"]).orderBy("year").execute();
      const linkOf = async (id: number) => {
        const record = await getRecord(t.database, births, id, member);
        return (await recordPlaceLinks(t.database, births, record!.data, member))("place");
      };
      const [volhynian, lodz, none] = await Promise.all(records.map((r) => linkOf(Number(r.id))));
      expect(volhynian).toEqual({ href: `/members/ukraine/map/place/${ids["Neudorf@ukraine"]}`, choices: [] });
      expect(lodz).toEqual({ href: `/breyer/map/place/${ids["Neudorf@breyer"]}`, choices: [] });
      expect(none?.href).toBeNull();
      expect(none?.choices.map((c) => c.href)).toEqual([
        `/breyer/map/place/${ids["Neudorf@breyer"]}`,
        `/members/ukraine/map/place/${ids["Neudorf@ukraine"]}`,
      ]);
      expect(none?.choices[1]!.label).toBe("Neudorf, Volhynia (Ukraine map index)");
    });
  });
}
