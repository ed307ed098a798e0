import { describe, expect, it } from "vitest";
import { createRng, mix32, WeightedTable } from "./prng";

function take(seed: number, stream: number, n: number): number[] {
  const rng = createRng(seed, stream);
  return Array.from({ length: n }, () => rng.uint32());
}

describe("Rng", () => {
  it("is deterministic for a seed and stream", () => {
    expect(take(1838, 0, 100)).toEqual(take(1838, 0, 100));
    expect(take(1838, 7, 100)).toEqual(take(1838, 7, 100));
  });

  it("pins the first outputs so a silent algorithm change shows up", () => {
    const first = take(1838, 0, 3);
    // Regenerate deliberately if the generator is ever changed on purpose.
    expect(first).toEqual([4089803025, 4146961077, 349552907]);
  });

  it("differs between seeds and between neighbouring streams", () => {
    expect(take(1838, 0, 20)).not.toEqual(take(1839, 0, 20));
    expect(take(1838, 0, 20)).not.toEqual(take(1838, 1, 20));
    const firsts = new Set<number>();
    for (let stream = 0; stream < 10_000; stream++) firsts.add(take(1838, stream, 1)[0] ?? 0);
    expect(firsts.size).toBeGreaterThan(9_990);
  });

  it("reseed restarts the same sequence", () => {
    const rng = createRng(5, 9);
    const a = [rng.next(), rng.next(), rng.next()];
    rng.reseed(5, 9);
    expect([rng.next(), rng.next(), rng.next()]).toEqual(a);
  });

  it("gives roughly uniform floats in [0, 1)", () => {
    const rng = createRng(42);
    const buckets = new Array<number>(10).fill(0);
    let min = 1;
    let max = 0;
    for (let i = 0; i < 100_000; i++) {
      const x = rng.next();
      min = Math.min(min, x);
      max = Math.max(max, x);
      const b = Math.floor(x * 10);
      buckets[b] = (buckets[b] ?? 0) + 1;
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it("int covers both bounds and nothing outside", () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(rng.int(-2, 3));
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it("chance and pick behave", () => {
    const rng = createRng(11);
    let hits = 0;
    for (let i = 0; i < 100_000; i++) if (rng.chance(0.3)) hits++;
    expect(hits / 100_000).toBeCloseTo(0.3, 2);
    expect(rng.chance(0)).toBe(false);
    expect(rng.chance(1)).toBe(true);
    const items = ["a", "b", "c"] as const;
    const counts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 30_000; i++) counts[rng.pick(items)]++;
    for (const n of Object.values(counts)) expect(Math.abs(n - 10_000)).toBeLessThan(500);
    expect(() => rng.pick([])).toThrow();
  });

  it("weightedPick follows the weights, with or without a prepared table", () => {
    const rng = createRng(7);
    const items = ["rare", "never", "common"];
    const weights = [1, 0, 9];
    const table = new WeightedTable(items, weights);
    const counts = new Map<string, number>();
    for (let i = 0; i < 50_000; i++) {
      const a = rng.weightedPick(table);
      const b = rng.weightedPick(items, weights);
      counts.set(a, (counts.get(a) ?? 0) + 1);
      counts.set(b, (counts.get(b) ?? 0) + 1);
    }
    expect(counts.get("never")).toBeUndefined();
    expect((counts.get("rare") ?? 0) / 100_000).toBeCloseTo(0.1, 2);
    expect(table.share(2)).toBeCloseTo(0.9, 10);
  });

  it("WeightedTable maps the unit interval onto the items in order", () => {
    const table = new WeightedTable(["a", "b", "c"], [1, 2, 1]);
    expect(table.at(0)).toBe("a");
    expect(table.at(0.2499)).toBe("a");
    expect(table.at(0.25)).toBe("b");
    expect(table.at(0.7499)).toBe("b");
    expect(table.at(0.75)).toBe("c");
    expect(table.at(0.999999)).toBe("c");
    expect(() => new WeightedTable(["a"], [])).toThrow();
    expect(() => new WeightedTable(["a"], [0])).toThrow();
    expect(() => new WeightedTable(["a"], [-1])).toThrow();
  });

  it("mix32 spreads neighbouring inputs", () => {
    expect(mix32(1)).not.toBe(mix32(2));
    expect(mix32(0)).toBe(0);
  });
});
