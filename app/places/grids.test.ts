import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateRussiaPolandPlaces } from "~/demo/russia-poland";
import { generateUkrainePlaces } from "~/demo/ukraine";
import { fromRoman, imw100kSheet, parseImw100k, parseThreeVerst, threeVerstSheet, toRoman } from "./grids";
import { MAP_INDEXES, mapIndex } from "./indexes";

describe("the 3-verst sheet scheme", () => {
  it("places towns on the sheets of decision 0016", () => {
    expect(threeVerstSheet({ lat: 52.2297, lon: 21.0122 })).toBe("XVIII-11"); // Warsaw
    expect(threeVerstSheet({ lat: 51.7592, lon: 19.456 })).toBe("XIX-10"); // Łódź
    expect(threeVerstSheet({ lat: 51.7611, lon: 18.091 })).toBe("XIX-8"); // Kalisz
    expect(threeVerstSheet({ lat: 54.1115, lon: 22.9308 })).toBe("XII-13"); // Suwałki
  });

  it("has sheets 20′ high and 1° wide, edges counted from Pulkovo", () => {
    // Row XIX runs from 52°00′ down to 51°40′; sheet 10 from 19°19′42″ to 20°19′42″ E.
    expect(threeVerstSheet({ lat: 51.9999, lon: 19.33 })).toBe("XIX-10");
    expect(threeVerstSheet({ lat: 52.0001, lon: 19.33 })).toBe("XVIII-10");
    expect(threeVerstSheet({ lat: 51.6668, lon: 19.32 })).toBe("XIX-9");
    expect(threeVerstSheet({ lat: 51.6665, lon: 20.32 })).toBe("XX-10");
  });

  it("reads a typed sheet however it is written, and refuses what is not one", () => {
    for (const typed of ["XIX-10", "xix 10", " XIX/10 ", "19-10", "xix–10"])
      expect(parseThreeVerst(typed), typed).toBe("XIX-10");
    for (const bad of ["", "XIX", "XIIII-3", "XIX-0", "XIX-41", "40-1", "M-35-70", "Lodz"]) {
      expect(parseThreeVerst(bad), bad).toBeUndefined();
    }
  });

  it("Roman numerals go both ways", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 89 }), (n) => fromRoman(toRoman(n)) === n));
    expect(toRoman(19)).toBe("XIX");
    expect(fromRoman("IIII")).toBeUndefined();
  });
});

describe("the 1:100,000 sheet scheme", () => {
  it("gives the published sheets of the million-map nomenclature", () => {
    expect(imw100kSheet({ lat: 50.2547, lon: 28.6587 })).toBe("M-35-70"); // Zhytomyr
    // Odesa: row L (44–48° N), zone 36 (30–36° E), fifth row of twenty-minute bands, second half-degree column.
    expect(imw100kSheet({ lat: 46.4825, lon: 30.7233 })).toBe("L-36-50");
    // Corners of M-35 (48–52° N, 24–30° E): sheet 1 in the north-west, 144 in the south-east.
    expect(imw100kSheet({ lat: 51.99, lon: 24.01 })).toBe("M-35-1");
    expect(imw100kSheet({ lat: 48.01, lon: 29.99 })).toBe("M-35-144");
  });

  it("reads a typed sheet however it is written", () => {
    for (const typed of ["M-35-70", "m 35 70", "M-35-070", "M35-70"])
      expect(parseImw100k(typed), typed).toBe("M-35-70");
    for (const bad of ["", "M-35", "M-35-145", "M-35-0", "W-35-1", "XIX-10"])
      expect(parseImw100k(bad), bad).toBeUndefined();
  });

  it("every sheet a point gets, read back, is the same sheet", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 45, max: 52, noNaN: true }),
        fc.double({ min: 23, max: 33, noNaN: true }),
        (lat, lon) => {
          const sheet = imw100kSheet({ lat, lon })!;
          return parseImw100k(sheet) === sheet;
        },
      ),
    );
  });
});

describe("the index registry", () => {
  it("has one public and two members' indexes", () => {
    expect(MAP_INDEXES.map((i) => i.access)).toEqual(["public", "members", "members"]);
  });

  it("every demo place lies in its index's area, on a sheet, in one of its gubernias", () => {
    for (const [id, places] of [
      ["russia-poland", [...generateRussiaPolandPlaces({ count: 2000 })]],
      ["ukraine", [...generateUkrainePlaces({ count: 2000 })]],
    ] as const) {
      const index = mapIndex(id);
      const provinces = new Set(index.provinces.map((p) => p.name));
      for (const p of places) {
        expect(p.lat).toBeGreaterThan(index.area.minLat);
        expect(p.lat).toBeLessThan(index.area.maxLat);
        expect(p.lon).toBeGreaterThan(index.area.minLon);
        expect(p.lon).toBeLessThan(index.area.maxLon);
        expect(index.grid.parseSheet(p.sheet)).toBe(p.sheet);
        expect(provinces.has(p.province)).toBe(true);
      }
    }
  });

  it("demo places are deterministic: entry i depends only on the seed and i", () => {
    const a = [...generateUkrainePlaces({ count: 300 })];
    const b = [...generateUkrainePlaces({ count: 320 })].slice(0, 300);
    expect(b).toEqual(a);
    expect([...generateRussiaPolandPlaces({ count: 50, seed: 2 })]).not.toEqual([
      ...generateRussiaPolandPlaces({ count: 50, seed: 3 }),
    ]);
  });
});
