import { describe, expect, it } from "vitest";
import { generatePlaces } from "~/demo/breyer";
import { boundingBox, haversineKm, nearestProvince, sheetAndSquare } from "./geo";

const WARSAW = { lat: 52.2297, lon: 21.0122 };
const LODZ = { lat: 51.7592, lon: 19.456 };

describe("geography", () => {
  it("haversine gives the known Warsaw–Łódź distance (about 119 km)", () => {
    const km = haversineKm(WARSAW, LODZ);
    expect(km).toBeGreaterThan(118);
    expect(km).toBeLessThan(120);
    expect(haversineKm(LODZ, LODZ)).toBe(0);
    // A degree of latitude is about 111.2 km everywhere.
    expect(haversineKm({ lat: 52, lon: 20 }, { lat: 53, lon: 20 })).toBeCloseTo(111.2, 0);
  });

  it("the bounding box holds every point of the circle", () => {
    const box = boundingBox(LODZ, 25);
    for (let deg = 0; deg < 360; deg += 5) {
      // A point 24.99 km away in direction deg (small-distance approximation, checked by haversine).
      const t = (deg * Math.PI) / 180;
      const p = {
        lat: LODZ.lat + (24.9 / 111.2) * Math.cos(t),
        lon: LODZ.lon + ((24.9 / 111.2) * Math.sin(t)) / Math.cos((LODZ.lat * Math.PI) / 180),
      };
      expect(haversineKm(LODZ, p)).toBeLessThan(25);
      expect(p.lat >= box.minLat && p.lat <= box.maxLat && p.lon >= box.minLon && p.lon <= box.maxLon).toBe(true);
    }
  });

  it("sheets, squares and provinces follow from coordinates", () => {
    expect(sheetAndSquare(LODZ)).toEqual({ sheet: "Lodz", square: "B2" });
    expect(sheetAndSquare(WARSAW)?.sheet).toBe("Warschau");
    expect(sheetAndSquare({ lat: 54, lon: 20 })).toBeUndefined();
    expect(nearestProvince(LODZ).name).toBe("Petrikau");
    expect(nearestProvince(WARSAW).name).toBe("Warschau");
  });
});

describe("demo places", () => {
  it("are deterministic, inside the map, with sheet, square and province", () => {
    const a = [...generatePlaces({ count: 500, seed: 7 })];
    const b = [...generatePlaces({ count: 500, seed: 7 })];
    expect(a).toEqual(b);
    expect([...generatePlaces({ count: 500, seed: 8 })]).not.toEqual(a);
    expect(a[0].name).toBe("Lodz");
    for (const p of a) {
      expect(sheetAndSquare(p)).toEqual({ sheet: p.sheet, square: p.square });
      expect(p.province).toBe(nearestProvince(p).name);
      expect(p.spellings.every((s) => s.name !== p.name)).toBe(true);
    }
    expect(new Set(a.map((p) => p.province)).size).toBe(7);
  });
});
