import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdSet } from "./id-set";

describe("IdSet", () => {
  it("holds what a Set holds, in ascending order, across growth and clearing", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 5_000_000 }))),
        (ids) => {
          const set = new IdSet();
          for (const id of ids) set.add(id);
          const expected = [...new Set(ids)].sort((a, b) => a - b);
          expect(set.toArray()).toEqual(expected);
          expect(set.size).toBe(expected.length);
          for (const id of ids) expect(set.has(id)).toBe(true);
          expect(set.has(5_000_001)).toBe(false);
          set.clear();
          expect(set.size).toBe(0);
          expect(set.toArray()).toEqual([]);
        },
      ),
    );
  });

  it("keeps bit 31 of a word (the sign bit of JavaScript's integer operators)", () => {
    const set = new IdSet();
    set.add(31);
    set.add(63);
    set.add(0);
    expect(set.toArray()).toEqual([0, 31, 63]);
  });
});
