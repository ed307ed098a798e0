import { describe, expect, it } from "vitest";
import type { BaseMapFiles } from "./basemap.server";
import { fitBox } from "./fit";
import { SVG_WIDTH, buildSvg, countRadius } from "./view.server";
import type { GridOverlay } from "./types";

const LODZ = { lat: 51.7592, lon: 19.456 };
const files: BaseMapFiles = {
  map: {
    region: { minLat: 41, maxLat: 60, minLon: 8, maxLon: 42 },
    land: [
      [
        [
          [10, 45],
          [30, 45],
          [30, 55],
          [10, 55],
          [10, 45],
        ],
      ],
    ],
    borders: [
      [
        [19.5, 45],
        [19.5, 55],
      ],
    ],
    coast: [],
    towns: [["Łódź", 51.759, 19.456]],
  },
  shapes: { json: "", version: "" },
  towns: { json: "", version: "" },
};
const points = [
  { id: 1, label: "Lodz", href: "/p/1", ...LODZ, highlight: true },
  { id: 2, label: "Pabianitz", href: "/p/2", lat: 51.6645, lon: 19.3547 },
];

describe("the server's SVG map", () => {
  it("draws land, the border through the view, the points (highlighted last), the circle and the town", () => {
    const circle = { ...LODZ, km: 10 };
    const svg = buildSvg({ points, circle }, fitBox(points, circle), files);
    expect(svg.width).toBe(SVG_WIDTH);
    expect(svg.land).toMatch(/^M.*Z$/);
    expect(svg.borders).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(svg.points.map((p) => p.label)).toEqual(["Pabianitz", "Lodz"]);
    for (const p of svg.points) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(svg.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(svg.height);
    }
    // The circle is centred on Łódź: its path's extremes straddle the point.
    const xs = [...svg.circle!.matchAll(/[ML]([\d.]+),/g)].map((m) => Number(m[1]));
    const lodz = svg.points[1];
    expect((Math.min(...xs) + Math.max(...xs)) / 2).toBeCloseTo(lodz.x, -1);
    expect(svg.towns.map((t) => t.text)).toEqual(["Łódź"]);
    expect(svg.grid).toBeNull();
  });

  it("draws a grid overlay's cells and labels when given one", () => {
    const grid: GridOverlay = {
      label: "test grid",
      cellsIn: () => [{ box: { minLat: 51.5, maxLat: 52, minLon: 19, maxLon: 20 }, label: "S1", kind: "sheet" }],
    };
    const svg = buildSvg({ points, grid }, fitBox(points), files);
    expect(svg.grid?.sheets).toMatch(/^M.*Z$/);
    expect(svg.grid?.labels.map((l) => l.text)).toEqual(["S1"]);
  });

  it("sizes circles by count when asked: area proportional to the count", () => {
    expect(countRadius(1, 1)).toBe(18);
    expect(countRadius(0, 10)).toBe(3);
    expect(countRadius(25, 100)).toBeCloseTo(3 + 15 * 0.5, 1);
    const counted = points.map((p, i) => ({ ...p, count: i === 0 ? 100 : 1, highlight: false }));
    const svg = buildSvg({ points: counted, sizeByCount: true }, fitBox(counted), files);
    const r = Object.fromEntries(svg.points.map((p) => [p.label, p.r]));
    expect(r.Lodz).toBeGreaterThan(r.Pabianitz);
  });
});

describe("fitting the view", () => {
  it("holds every point and the whole circle, and gives a lone place some country around it", () => {
    const box = fitBox([LODZ], { ...LODZ, km: 25 });
    expect(box.maxLat - LODZ.lat).toBeGreaterThan(25 / 111.2);
    expect(LODZ.lon - box.minLon).toBeGreaterThan(25 / 111.2 / Math.cos((LODZ.lat * Math.PI) / 180));
    const lone = fitBox([LODZ]);
    expect(lone.maxLat - lone.minLat).toBeGreaterThanOrEqual(0.2);
    expect(fitBox([], undefined, { minLat: 1, maxLat: 2, minLon: 3, maxLon: 4 })).toEqual({
      minLat: 1,
      maxLat: 2,
      minLon: 3,
      maxLon: 4,
    });
  });
});
