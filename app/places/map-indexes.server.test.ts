import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { parsePlaceCriteria } from "./criteria";
import { MAP_INDEXES, type MapIndexId, mapIndex } from "./indexes";
import { getPlace, resolveCentre, searchPlaces } from "./search.server";
import { placesWereSeeded, seedDemoPlaces, unseededIndexes } from "~/demo/seed.server";
import { placeCounts } from "./store.server";

const visitor = { isMember: false };
const member = { isMember: true };

const criteria = (index: MapIndexId, qs: string) => {
  const parsed = parsePlaceCriteria(new URLSearchParams(qs), mapIndex(index));
  expect(parsed.errors, qs).toEqual({});
  return parsed.criteria;
};

describe("place criteria per index", () => {
  it("reads each index's coordinate scheme and gubernias", () => {
    const rp = parsePlaceCriteria(
      new URLSearchParams("sheet=xix 10&province=Łomża&square=C4"),
      mapIndex("russia-poland"),
    );
    expect(rp.errors).toEqual({});
    // No squares on the 3-verst sheets: the parameter is ignored like any unknown one.
    expect(rp.criteria).toMatchObject({ index: "russia-poland", sheet: "XIX-10", province: "Łomża" });
    expect(rp.criteria.square).toBeUndefined();
    const ua = parsePlaceCriteria(new URLSearchParams("sheet=m 35 070&province=Volhynia"), mapIndex("ukraine"));
    expect(ua.criteria).toMatchObject({ index: "ukraine", sheet: "M-35-70", province: "Volhynia" });
  });

  it("says what is wrong in the index's own words", () => {
    const rp = parsePlaceCriteria(new URLSearchParams("sheet=Lodz&province=Petrikau"), mapIndex("russia-poland"));
    expect(rp.errors.sheet).toMatch(/3-verst sheet .* XIX-10/);
    expect(rp.errors.province).toBe("Choose a gubernia from the list.");
    expect(rp.values).toMatchObject({ sheet: "Lodz", province: "Petrikau" });
    const ua = parsePlaceCriteria(new URLSearchParams("sheet=XIX-10"), mapIndex("ukraine"));
    expect(ua.errors.sheet).toMatch(/M-35-70/);
    // Breyer's sheets are a closed list, as before.
    expect(parsePlaceCriteria(new URLSearchParams("sheet=M-35-70")).errors.sheet).toBe(
      "Choose a map sheet from the list.",
    );
  });
});

for (const dialect of testDialects()) {
  describe(`map indexes on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      await seedDemoPlaces(t.database, { count: 800 });
    }, 90_000);
    afterAll(async () => {
      await t.drop();
    });

    it("seeds each index with its own places and marker", async () => {
      const counts = await placeCounts(t.database);
      for (const i of MAP_INDEXES) {
        expect(counts.get(i.id), i.id).toBe(800);
        expect(await placesWereSeeded(t.database, i.id)).toBe(true);
      }
      expect(await unseededIndexes(t.database)).toEqual([]);
    });

    it("a place row written without an index (before migration 0006) belongs to Breyer's", async () => {
      await sql`insert into places (id, name, sort_name, province, sheet, square, lat, lon)
        values (999999, 'Altdorf', 'altdorf', 'Kalisch', 'Kalisch', 'A1', 51.5, 18.5)`.execute(t.database.db);
      const row = await t.database.db
        .selectFrom("places")
        .select("map_index")
        .where("id", "=", 999999)
        .executeTakeFirst();
      expect(row?.map_index).toBe("breyer");
      await t.database.db.deleteFrom("places").where("id", "=", 999999).execute();
    });

    it("Russia-Poland: a member finds Łódź by its Russian, German and plain spellings, on its 3-verst sheet", async () => {
      for (const qs of [
        "name=Lodz&nameMode=exact",
        "name=%D0%9B%D0%BE%D0%B4%D0%B7%D1%8C", // Лодзь
        "name=Lodsch&nameMode=sounds",
        "name=litzmann",
        "name=%C5%81%C3%B3d%C5%BA&nameMode=normalized", // Łódź
      ]) {
        const r = await searchPlaces(t.database, criteria("russia-poland", qs), member);
        expect(
          r.rows.map((x) => x.name),
          qs,
        ).toContain("Lodz");
      }
      const exact = await searchPlaces(t.database, criteria("russia-poland", "name=Lodz&nameMode=exact"), member);
      expect(exact.rows).toHaveLength(1);
      expect(exact.rows[0]).toMatchObject({ sheet: "XIX-10", square: "", province: "Piotrków" });
      expect(exact.rows[0].spellings.map((s) => `${s.kind}:${s.name}`)).toEqual([
        "polish:Łódź",
        "russian:Лодзь",
        "german:Lodsch",
        "later:Litzmannstadt",
      ]);
      const sheet = await searchPlaces(t.database, criteria("russia-poland", "sheet=XIX-10&perPage=50"), member);
      expect(sheet.rows.map((x) => x.name)).toEqual(expect.arrayContaining(["Lodz", "Nowosolna", "Zgierz"]));
      expect(sheet.rows.every((x) => x.sheet === "XIX-10")).toBe(true);
    });

    it("Ukraine: renamings and every language's spelling find the same town", async () => {
      const find = async (qs: string) =>
        (await searchPlaces(t.database, criteria("ukraine", qs), member)).rows.map((x) => x.name);
      for (const name of ["Zhytomyr", "Житомир", "Shitomir", "Żytomierz", "Zhitomir"]) {
        expect(await find(`name=${encodeURIComponent(name)}&nameMode=normalized`), name).toEqual(["Zhytomyr"]);
      }
      expect(await find("name=Zwiahel&nameMode=normalized")).toEqual(["Novohrad-Volynskyi"]);
      expect(await find("name=Zviahel&nameMode=normalized")).toEqual(["Novohrad-Volynskyi"]);
      expect(await find("name=Rowno")).toEqual(["Rivne"]);
      expect(await find("name=Luzk&nameMode=sounds")).toContain("Lutsk");
      expect(await find("name=Lustdorf")).toEqual(["Chornomorka"]);
      const sheet = await searchPlaces(t.database, criteria("ukraine", "sheet=M-35-70&perPage=50"), member);
      expect(sheet.rows.map((x) => x.name)).toContain("Zhytomyr");
      expect(sheet.rows.every((x) => x.sheet === "M-35-70")).toBe(true);
    });

    it("each index searches only its own places, also within a radius", async () => {
      // Lodz is in Breyer's index and in the Russia-Poland index: two entries, one per index.
      const breyer = await searchPlaces(t.database, criteria("breyer", "name=Lodz&nameMode=exact"), visitor);
      const rp = await searchPlaces(t.database, criteria("russia-poland", "name=Lodz&nameMode=exact"), member);
      expect(breyer.rows[0].id).not.toBe(rp.rows[0].id);
      expect(await getPlace(t.database, "russia-poland", breyer.rows[0].id, member)).toBeUndefined();
      expect((await getPlace(t.database, "russia-poland", rp.rows[0].id, member))?.name).toBe("Lodz");

      const c = criteria("russia-poland", "near=Lodz&radius=15&perPage=50");
      const resolved = await resolveCentre(t.database, "russia-poland", c.near!, member);
      expect(resolved.centre?.id).toBe(rp.rows[0].id);
      const around = await searchPlaces(t.database, c, member, resolved.centre);
      expect(around.total).toBeGreaterThan(3);
      expect(around.all!.every((x) => /^[IVXL]+-\d+$/.test(x.sheet))).toBe(true);
      const ids = new Set(
        (await t.database.db.selectFrom("places").select("id").where("map_index", "=", "russia-poland").execute()).map(
          (r) => Number(r.id),
        ),
      );
      expect(around.all!.every((x) => ids.has(x.id))).toBe(true);
    });

    it("a members' index answers nothing to a visitor, whatever the query; Breyer's answers everyone", async () => {
      for (const id of ["russia-poland", "ukraine"] as const) {
        const everything = criteria(id, "name=a&nameMode=contains");
        expect((await searchPlaces(t.database, everything, member)).total, id).toBeGreaterThan(0);
        expect(await searchPlaces(t.database, everything, visitor)).toMatchObject({ total: 0, rows: [] });
        const anyId = (await searchPlaces(t.database, everything, member)).rows[0].id;
        expect(await getPlace(t.database, id, anyId, visitor)).toBeUndefined();
        const near = { value: id === "ukraine" ? "Zhytomyr" : "Lodz", radiusKm: 10 };
        expect((await resolveCentre(t.database, id, near, member)).centre).toBeDefined();
        expect((await resolveCentre(t.database, id, near, visitor)).centre).toBeUndefined();
      }
      expect((await searchPlaces(t.database, criteria("breyer", "name=Lodz"), visitor)).total).toBeGreaterThan(0);
    });
  });
}
