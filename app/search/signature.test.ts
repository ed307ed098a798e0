import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SIGNATURE_BITS, mayHold, unionSignature, valueMask } from "./signature";

const bitsOf = (n: number) => [...n.toString(2)].filter((b) => b === "1").length;

describe("name signatures", () => {
  it("keep the masks every stored posting was written with (a change needs a migration that rewrites them)", () => {
    expect([1, 2, 28, 145, 1313, 2 ** 20, 2 ** 31 - 1].map(valueMask)).toEqual([
      8454656, 1688852007747584, 9912784519168, 2692743168, 2147488256, 137438969920, 268502016,
    ]);
  });

  it("give each value one to three bits below 2^52", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (v) => {
        const m = valueMask(v);
        expect(Number.isSafeInteger(m)).toBe(true);
        expect(m).toBeLessThan(2 ** SIGNATURE_BITS);
        expect(bitsOf(m)).toBeGreaterThanOrEqual(1);
        expect(bitsOf(m)).toBeLessThanOrEqual(3);
      }),
    );
  });

  it("never rule out a value a record holds, and rule out most it lacks", () => {
    let ruledOut = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        (held, other) => {
          const signature = held.map(valueMask).reduce(unionSignature, 0);
          for (const v of held) expect(mayHold(signature, valueMask(v))).toBe(true);
          if (!held.includes(other) && !mayHold(signature, valueMask(other))) ruledOut++;
        },
      ),
      { numRuns: 1000 },
    );
    expect(ruledOut).toBeGreaterThan(900);
  });

  it("unite like a bitwise OR of 52-bit numbers", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 52n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 52n - 1n }), (a, b) => {
        expect(unionSignature(Number(a), Number(b))).toBe(Number(a | b));
      }),
    );
  });
});
