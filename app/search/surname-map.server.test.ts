import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { KnownPlace } from "~/places/nearby.server";
import type { PlaceCounts } from "./place-counts.server";
import { keptDrawing } from "~/maps/drawings.server";
import { isMapView, parseDecade, surnameMap } from "./surname-map.server";

const place = (id: number, name: string, lat: number, lon: number): KnownPlace => ({
  id,
  index: "ukraine",
  name,
  province: "Volhynia",
  lat,
  lon,
});

const counts: PlaceCounts = {
  places: [
    {
      place: place(1, "Lutsk", 50.7472, 25.3254),
      total: 3,
      decades: [
        { decade: 1850, count: 2 },
        { decade: 1860, count: 1 },
      ],
    },
    {
      place: place(2, "Zhytomyr", 50.2547, 28.6587),
      total: 2,
      decades: [{ decade: 1860, count: 2 }],
    },
  ],
  unplaced: 1,
  records: 6,
  partial: false,
  decades: [1850, 1860],
};

const query = new URLSearchParams("surname=Schmidt&view=places&decade=1850&page=3");
const input = (decade: string) => ({
  counts,
  decade: parseDecade(new URLSearchParams(decade ? `decade=${decade}` : "")),
  query,
  action: "/stpete/birth/search",
});

describe("a surname's map", () => {
  it("answers view=map and the old view=places, nothing else", () => {
    expect(isMapView(new URLSearchParams("view=map"))).toBe(true);
    expect(isMapView(new URLSearchParams("view=places"))).toBe(true);
    expect(isMapView(new URLSearchParams("view=records"))).toBe(false);
    expect(isMapView(new URLSearchParams(""))).toBe(false);
  });

  it("reads a decade by its first year and refuses anything else with a message", () => {
    expect(parseDecade(new URLSearchParams(""))).toEqual({ decade: null });
    expect(parseDecade(new URLSearchParams("decade=1850"))).toEqual({ decade: 1850 });
    expect(parseDecade(new URLSearchParams("decade=%201860%20"))).toEqual({ decade: 1860 });
    for (const bad of ["1855", "185", "18500", "abc", "2050x", "-1850", "0850"]) {
      expect(parseDecade(new URLSearchParams({ decade: bad })).error, bad).toMatch(/Choose a decade/);
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = parseDecade(new URLSearchParams({ decade: s }));
        // Either a message, or a decade whose first year is what was typed.
        if (parsed.error) return parsed.decade === null;
        return parsed.decade === null
          ? s.trim() === ""
          : parsed.decade % 10 === 0 && String(parsed.decade) === s.trim();
      }),
    );
  });

  it("draws every place sized by its count, the most first, for all decades", () => {
    const map = surnameMap(input(""));
    expect(map.places.map((p) => [p.name, p.count])).toEqual([
      ["Lutsk", 3],
      ["Zhytomyr", 2],
    ]);
    expect(map.shownRecords).toBe(5);
    expect(map.decades).toEqual([
      { decade: 1850, count: 2 },
      { decade: 1860, count: 3 },
    ]);
    expect(map.map?.sizeByCount).toBe(true);
    expect(map.map?.points.map((p) => [p.label, p.count, p.href])).toEqual([
      ["Lutsk", 3, "/members/ukraine/map/place/1"],
      ["Zhytomyr", 2, "/members/ukraine/map/place/2"],
    ]);
    // The larger count is the larger circle on the server's SVG too.
    const [lutsk, zhytomyr] = keptDrawing(map.map!.drawing)!.points;
    expect(lutsk!.r).toBeGreaterThan(zhytomyr!.r);
  });

  it("counts and draws one decade's records only", () => {
    const in1860 = surnameMap(input("1860"));
    expect(in1860.decade).toBe(1860);
    expect(in1860.places.map((p) => [p.name, p.count])).toEqual([
      ["Zhytomyr", 2],
      ["Lutsk", 1],
    ]);
    expect(in1860.shownRecords).toBe(3);
    const in1850 = surnameMap(input("1850"));
    expect(in1850.places.map((p) => p.name)).toEqual(["Lutsk"]);
    expect(in1850.map?.points).toHaveLength(1);
    // A decade without records is a fair question: nothing to draw, no message.
    const in1900 = surnameMap(input("1900"));
    expect(in1900.places).toEqual([]);
    expect(in1900.map).toBeNull();
    expect(in1900.decadeError).toBeNull();
  });

  it("keeps the search's parameters in the decade form, without its old view, decade or page", () => {
    expect(surnameMap(input("1850")).form).toEqual({
      action: "/stpete/birth/search",
      hidden: [
        ["surname", "Schmidt"],
        ["view", "map"],
      ],
    });
    const bad = surnameMap(input("18x0"));
    expect(bad.decadeError).toMatch(/Choose a decade/);
    expect(bad.places).toHaveLength(2);
  });
});
