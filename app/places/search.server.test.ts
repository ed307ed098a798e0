import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { parsePlaceCriteria } from "./criteria";
import { generatePlaces } from "~/demo/breyer";
import { haversineKm } from "./geo";
import { type Centre, resolveCentre, searchPlaces } from "./search.server";
import { placesWereSeeded, seedDemoPlaces } from "~/demo/seed.server";
import { importPlaces, placeCounts } from "./store.server";

const visitor = { isMember: false };

const criteria = (qs: string) => {
  const parsed = parsePlaceCriteria(new URLSearchParams(qs));
  expect(parsed.errors).toEqual({});
  return parsed.criteria;
};

for (const dialect of testDialects()) {
  describe(`place index on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await seedDemoPlaces(t.database, { count: 1500, indexes: ["breyer"] });
    }, 60_000);
    afterAll(async () => {
      await t.drop();
    });

    it("migrates and seeds the place tables once", async () => {
      expect((await placeCounts(t.database)).get("breyer")).toBe(1500);
      expect(await placesWereSeeded(t.database)).toBe(true);
      const codes = await t.database.db.selectFrom("place_name_codes").select("code").limit(1).execute();
      expect(codes.length).toBe(1);
    });

    it("finds Lodz by every spelling, in every folding mode", async () => {
      for (const qs of [
        "name=Lodz",
        "name=%C5%81%C3%B3d%C5%BA",
        "name=Lodsch",
        "name=LODZ&nameMode=normalized",
        "name=litzmann",
        "name=%C5%82%C3%B3d%C5%BA&nameMode=exact",
        "name=odz&nameMode=contains",
        "name=Lodsch&nameMode=sounds",
      ]) {
        const result = await searchPlaces(t.database, criteria(qs), visitor);
        expect(
          result.rows.map((r) => r.name),
          qs,
        ).toContain("Lodz");
      }
      const exact = await searchPlaces(t.database, criteria("name=Lodz&nameMode=exact"), visitor);
      expect(exact.rows.map((r) => r.name)).toEqual(["Lodz"]);
      expect(exact.rows[0].spellings.map((s) => s.name)).toEqual(["Łódź", "Lodsch", "Litzmannstadt"]);
    });

    it("matches any word of a name with starts-with, and Polish spellings find German names", async () => {
      const sulz = await searchPlaces(t.database, criteria("name=Sulzfeld"), visitor);
      expect(sulz.rows.map((r) => r.name)).toContain("Neu-Sulzfeld");
      const nowosolna = await searchPlaces(t.database, criteria("name=Nowosolna&nameMode=normalized"), visitor);
      expect(nowosolna.rows.map((r) => r.name)).toEqual(["Neu-Sulzfeld"]);
    });

    it("filters by province, sheet and square, and sorts and pages", async () => {
      const r = await searchPlaces(t.database, criteria("province=Petrikau&sheet=Lodz&perPage=10&sort=-name"), visitor);
      expect(r.total).toBeGreaterThan(10);
      expect(r.rows).toHaveLength(10);
      expect(r.rows.every((x) => x.province === "Petrikau" && x.sheet === "Lodz")).toBe(true);
      const names = r.rows.map((x) => x.sortName);
      expect([...names].sort().reverse()).toEqual(names);
      const square = await searchPlaces(t.database, criteria(`sheet=Lodz&square=${r.rows[0].square}`), visitor);
      expect(square.rows.every((x) => x.square === r.rows[0].square)).toBe(true);
      const last = await searchPlaces(t.database, criteria("province=Petrikau&page=9999"), visitor);
      expect(last.correctedFromPage).toBe(9999);
      expect(last.page).toBe(last.pageCount);
    });

    it("a radius search finds exactly the places within the distance, nearest first", async () => {
      const c = criteria("near=%C5%81%C3%B3d%C5%BA&radius=15&perPage=50");
      const resolved = await resolveCentre(t.database, "breyer", c.near!, visitor);
      expect(resolved.centre?.name).toBe("Lodz");
      const centre = resolved.centre as Centre;
      const r = await searchPlaces(t.database, c, visitor, centre);
      const distances = r.rows.map((x) => x.distanceKm!);
      expect(distances[0]).toBe(0);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
      expect(distances.every((d) => d <= 15)).toBe(true);
      expect(r.all!.map((x) => x.name)).toEqual(expect.arrayContaining(["Pabianitz", "Zgierz", "Konstantynow"]));
      // Brute force over every place: the bounding box loses nothing.
      const all = [...generatePlaces({ count: 1500 })];
      const expected = all.filter((p) => haversineKm(centre, p) <= 15).length;
      expect(r.total).toBe(expected);
      // Neu-Sulzfeld lies about 10.8 km east-north-east of Lodz.
      const sulz = r.all!.find((x) => x.name === "Neu-Sulzfeld");
      expect(sulz?.distanceKm).toBeGreaterThan(10);
      expect(sulz?.distanceKm).toBeLessThan(12);
    });

    it("asks which place is meant when several share a name, and says when none is known", async () => {
      const none = await resolveCentre(t.database, "breyer", { value: "Nowhereville", radiusKm: 10 }, visitor);
      expect(none.centre).toBeUndefined();
      const common = await resolveCentre(t.database, "breyer", { value: "Josefow", radiusKm: 10 }, visitor);
      expect(common.centre).toBeUndefined();
      if (!common.centre) {
        expect(common.candidates.length).toBeGreaterThan(1);
        const chosen = await resolveCentre(
          t.database,
          "breyer",
          { value: "Josefow", radiusKm: 10, id: common.candidates[1].id },
          visitor,
        );
        expect(chosen.centre?.id).toBe(common.candidates[1].id);
      }
    });

    it("appends further places after the existing ids", async () => {
      const [extra] = generatePlaces({ count: 1 });
      expect(await importPlaces(t.database, "breyer", [{ ...extra, name: "Testdorf", spellings: [] }])).toBe(1);
      const r = await searchPlaces(t.database, criteria("name=Testdorf&nameMode=exact"), visitor);
      expect(r.rows[0].id).toBe(1501);
    });
  });
}
