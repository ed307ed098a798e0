import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Position, clipLine, clipRing, quantize } from "./clip";

const BOX = { minLon: 0, maxLon: 10, minLat: 0, maxLat: 10 };
const position = fc.tuple(fc.double({ min: -20, max: 30, noNaN: true }), fc.double({ min: -20, max: 30, noNaN: true }));
const within = (p: Position, slack = 1e-9) =>
  p[0] >= BOX.minLon - slack && p[0] <= BOX.maxLon + slack && p[1] >= BOX.minLat - slack && p[1] <= BOX.maxLat + slack;

describe("clipping to the region", () => {
  it("a ring inside the box is kept as it is; one outside disappears", () => {
    const ring: Position[] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    expect(clipRing(ring, BOX)).toEqual(ring);
    expect(
      clipRing(
        ring.map(([x, y]) => [x + 50, y] as Position),
        BOX,
      ),
    ).toEqual([]);
  });

  it("a ring around the whole box becomes the box", () => {
    const ring: Position[] = [
      [-5, -5],
      [15, -5],
      [15, 15],
      [-5, 15],
      [-5, -5],
    ];
    const clipped = clipRing(ring, BOX);
    expect(new Set(clipped.map((p) => p.join(",")))).toEqual(new Set(["0,0", "10,0", "10,10", "0,10"]));
  });

  it("every clipped ring lies in the box and is closed (property)", () => {
    fc.assert(
      fc.property(fc.array(position, { minLength: 3, maxLength: 12 }), (points) => {
        const ring = [...points, points[0]];
        const clipped = clipRing(ring, BOX);
        if (!clipped.length) return;
        expect(clipped.every((p) => within(p))).toBe(true);
        expect(clipped[0]).toEqual(clipped[clipped.length - 1]);
      }),
    );
  });

  it("a segment crossing the box with both ends outside is kept, cut at the edges", () => {
    expect(
      clipLine(
        [
          [5, -5],
          [5, 15],
        ],
        BOX,
      ),
    ).toEqual([
      [
        [5, 0],
        [5, 10],
      ],
    ]);
  });

  it("a line keeps every point in the box, and nothing outside it (property)", () => {
    fc.assert(
      fc.property(fc.array(position, { minLength: 2, maxLength: 20 }), (line) => {
        const parts = clipLine(line, BOX);
        const kept = new Set(parts.flat());
        for (const p of line) if (within(p, 0)) expect(kept.has(p)).toBe(true);
        for (const part of parts) {
          expect(part.length).toBeGreaterThan(1);
          expect(part.every((p) => within(p, 1e-6))).toBe(true);
        }
      }),
    );
  });

  it("quantize rounds and drops repeats", () => {
    expect(
      quantize([
        [1.00001, 2.00004],
        [1.00002, 2.00001],
        [1.5, 2],
      ]),
    ).toEqual([
      [1, 2],
      [1.5, 2],
    ]);
  });
});
