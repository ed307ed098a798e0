import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAME_PLACE_KM, choosePlace } from "./choose-place";
import { haversineKm } from "./geo";

const NEUDORF_BREYER = { id: 1, lat: 51.8, lon: 19.5 };
const NEUDORF_UKRAINE = { id: 2, lat: 50.9, lon: 25.1 };
const LUTSK = { lat: 50.7472, lon: 25.3254 };
const LODZ = { lat: 51.7592, lon: 19.456 };

describe("choosing among places that share a spelling", () => {
  it("takes the one nearest to the record's other places", () => {
    expect(choosePlace([NEUDORF_BREYER, NEUDORF_UKRAINE], [LUTSK])).toBe(NEUDORF_UKRAINE);
    expect(choosePlace([NEUDORF_BREYER, NEUDORF_UKRAINE], [LODZ])).toBe(NEUDORF_BREYER);
    expect(choosePlace([NEUDORF_UKRAINE, NEUDORF_BREYER], [LODZ, { lat: 60, lon: 40 }])).toBe(NEUDORF_BREYER);
  });

  it("says nothing when the record gives no other place to go by", () => {
    expect(choosePlace([NEUDORF_BREYER, NEUDORF_UKRAINE], [])).toBeNull();
    expect(choosePlace([], [LUTSK])).toBeNull();
  });

  it("takes the first of one place standing in two indexes, whatever the anchors", () => {
    const lutskAgain = { id: 3, lat: 50.75, lon: 25.34 };
    const lutsk = { id: 4, ...LUTSK };
    expect(choosePlace([lutsk, lutskAgain], [])).toBe(lutsk);
    expect(choosePlace([lutsk, lutskAgain], [{ lat: 50.76, lon: 25.36 }])).toBe(lutsk);
    expect(choosePlace([NEUDORF_UKRAINE], [LODZ])).toBe(NEUDORF_UKRAINE);
  });

  it("never chooses a candidate farther from the anchors than another", () => {
    const point = fc.record({
      lat: fc.double({ min: 45, max: 56, noNaN: true }),
      lon: fc.double({ min: 15, max: 35, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 1, maxLength: 6 }),
        fc.array(point, { minLength: 1, maxLength: 3 }),
        (candidates, anchors) => {
          const chosen = choosePlace(candidates, anchors);
          expect(chosen).not.toBeNull();
          const far = (c: (typeof candidates)[number]) => Math.min(...anchors.map((a) => haversineKm(c, a)));
          const spread = candidates.every((c) => haversineKm(c, candidates[0]!) <= SAME_PLACE_KM);
          if (!spread) for (const c of candidates) expect(far(chosen!)).toBeLessThanOrEqual(far(c));
        },
      ),
    );
  });
});
