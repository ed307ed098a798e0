import { describe, expect, it } from "vitest";
import type { Position } from "./clip";
import { type BaseLines, boxed, halfPixelDegrees, linesFor, thinLine } from "./detail";
import { decodeLine, encodeLine } from "./encoding";

const TOL = { lon: 0.1, lat: 0.1 };
const BOX = { minLon: 0, maxLon: 10, minLat: 0, maxLat: 10 };
const square = (lon: number, lat: number, side: number): Position[] => [
  [lon, lat],
  [lon + side, lat],
  [lon + side, lat + side],
  [lon, lat + side],
  [lon, lat],
];

describe("halfPixelDegrees", () => {
  it("is half of a 256 px world's pixel at zoom 0, halving with each zoom, shorter in latitude away from the equator", () => {
    expect(halfPixelDegrees(0, 0)).toEqual({ lon: 360 / 512, lat: 360 / 512 });
    expect(halfPixelDegrees(3, 60).lon).toBeCloseTo(360 / 512 / 8, 12);
    expect(halfPixelDegrees(3, 60).lat).toBeCloseTo(360 / 512 / 16, 12);
  });
});

describe("thinLine", () => {
  it("keeps both ends and every position at least the tolerance from the last kept", () => {
    const line: Position[] = [
      [0, 0],
      [0.05, 0.05],
      [0.2, 0],
      [0.25, 0.02],
      [0.3, 0.3],
      [0.31, 0.3],
    ];
    expect(thinLine(encodeLine(line), TOL)).toEqual([
      [0, 0],
      [0.2, 0],
      [0.3, 0.3],
      [0.31, 0.3],
    ]);
  });

  it("never drops a position farther than the tolerance from the one kept before it", () => {
    let seed = 3;
    const step = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.2;
    const line: Position[] = [[0, 0]];
    for (let i = 0; i < 2000; i++) line.push([line[i]![0] + step(), line[i]![1] + step()]);
    // As the file has it: in thousandths of a degree.
    const decoded = decodeLine(encodeLine(line));
    const kept = thinLine(encodeLine(line), TOL);
    expect(kept.length).toBeLessThan(line.length / 2);
    expect(kept[0]).toEqual(decoded[0]);
    expect(kept.at(-1)).toEqual(decoded.at(-1));
    // The kept positions are some of the line's, in its order; each one left out lies near the last one kept.
    let [last, k] = [kept[0]!, 0];
    for (const p of decoded) {
      if (k < kept.length && p[0] === kept[k]![0] && p[1] === kept[k]![1]) {
        last = p;
        k++;
      } else expect(Math.abs(p[0] - last[0]) < TOL.lon && Math.abs(p[1] - last[1]) < TOL.lat).toBe(true);
    }
    expect(k).toBe(kept.length);
  });
});

describe("boxed", () => {
  it("measures an encoded line's bounding box in degrees", () => {
    expect(
      boxed(
        encodeLine([
          [1.5, 2],
          [-0.25, 3.125],
          [0.5, 1],
        ]),
      ).box,
    ).toEqual({
      minLon: -0.25,
      maxLon: 1.5,
      minLat: 1,
      maxLat: 3.125,
    });
  });
});

describe("linesFor", () => {
  const base: BaseLines = {
    land: [
      [boxed(encodeLine(square(1, 1, 2))), boxed(encodeLine(square(1.5, 1.5, 0.5)))],
      [boxed(encodeLine(square(8, 8, 4)))],
      [boxed(encodeLine(square(20, 20, 1)))],
      [boxed(encodeLine(square(5, 5, 0.05)))],
    ],
    coast: [
      boxed(
        encodeLine([
          [2, 2],
          [4, 4],
        ]),
      ),
      boxed(
        encodeLine([
          [20, 20],
          [30, 30],
        ]),
      ),
    ],
    borders: [
      boxed(
        encodeLine([
          [5, 5],
          [15, 5],
        ]),
      ),
    ],
  };

  it("keeps what lies in the box as it is, cuts what crosses its edge, drops what lies outside", () => {
    const { land, coast, borders } = linesFor(base, BOX, TOL);
    expect(land[0]).toEqual([square(1, 1, 2), square(1.5, 1.5, 0.5)]);
    // The square across the box's corner is cut to its part inside.
    expect(land[1]).toHaveLength(1);
    expect(land[1]![0]!.every(([lon, lat]) => lon >= 8 && lon <= 10 && lat >= 8 && lat <= 10)).toBe(true);
    expect(coast).toEqual([
      [
        [2, 2],
        [4, 4],
      ],
    ]);
    expect(borders).toEqual([
      [
        [5, 5],
        [10, 5],
      ],
    ]);
  });

  it("drops a polygon smaller than half a pixel, and its holes with it", () => {
    const { land } = linesFor(base, BOX, TOL);
    expect(land).toHaveLength(2);
    const coarse = linesFor(base, BOX, { lon: 1, lat: 1 }).land;
    // At a tolerance of 1, the 2-wide square keeps its corners; its 0.5-wide hole does not.
    expect(coarse[0]).toEqual([square(1, 1, 2)]);
  });
});
