import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Position } from "./clip";
import { decodeLine, encodeLine } from "./encoding";

describe("the base map's line encoding", () => {
  it("stores steps in thousandths of a degree", () => {
    expect(
      encodeLine([
        [20.5, 50.25],
        [20.501, 50.249],
      ]),
    ).toEqual([20500, 50250, 1, -1]);
  });

  it("decodes what it encodes, to within rounding (property)", () => {
    const position = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -85, max: 85, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(position, { maxLength: 30 }), (line: Position[]) => {
        const back = decodeLine(encodeLine(line));
        expect(back).toHaveLength(line.length);
        back.forEach((p, i) => {
          expect(Math.abs(p[0] - line[i][0])).toBeLessThanOrEqual(0.0005 + 1e-9);
          expect(Math.abs(p[1] - line[i][1])).toBeLessThanOrEqual(0.0005 + 1e-9);
        });
      }),
    );
  });
});
