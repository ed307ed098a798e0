import { describe, expect, it } from "vitest";
import { runScript } from "../http-tests/scripts";
import { QUERY_KINDS } from "../app/demo/known-items";
import type { Figures } from "./bench-quality";

interface Summary {
  bench: string;
  records: number;
  queriesPerKind: number;
  orders: string[];
  results: Record<string, { overall: Figures; kinds: Record<string, Figures> }>;
}

function expectSane(f: Figures) {
  for (const share of [f.recallAt10, f.recallAt25, f.mrr, f.notFound]) {
    expect(share).toBeGreaterThanOrEqual(0);
    expect(share).toBeLessThanOrEqual(1);
  }
  expect(f.recallAt10).toBeLessThanOrEqual(f.recallAt25);
  // Each found query adds 1/rank: at most 1 in the first 10, 1/11 to 1/25, 1/26 below; at least 1/10 and 1/25.
  const { top10: t10, top25: t25, below25: b25 } = f.counts;
  expect(f.mrr).toBeLessThanOrEqual((t10 + (t25 - t10) / 11 + b25 / 26) / f.queries + 0.001);
  expect(f.mrr).toBeGreaterThanOrEqual((t10 / 10 + (t25 - t10) / 25) / f.queries - 0.001);
  const { top10, top25, below25, notFound, tooBroad } = f.counts;
  expect(top10).toBeLessThanOrEqual(top25);
  expect(top25 + below25 + notFound + tooBroad).toBe(f.queries);
  expect(f.recallAt25).toBeCloseTo(top25 / f.queries, 3);
  expect(f.notFound).toBeCloseTo((notFound + tooBroad) / f.queries, 3);
}

describe("bench:quality", () => {
  it("runs the known-item set at a small size and prints sane figures per kind and overall", async () => {
    const { code, summary, stdout } = await runScript<Summary>("scripts/bench-quality.ts", [
      "--records",
      "3000",
      "--queries-per-kind",
      "12",
    ]);
    expect(code, stdout).toBe(0);
    expect(summary).toMatchObject({ bench: "quality", records: 3000, queriesPerKind: 12 });
    expect(summary.orders[0]).toBe("date");
    for (const order of summary.orders) {
      const { overall, kinds } = summary.results[order]!;
      expect(Object.keys(kinds)).toEqual([...QUERY_KINDS]);
      let total = 0;
      for (const figures of Object.values(kinds)) {
        expect(figures.queries).toBeGreaterThan(0);
        expect(figures.queries).toBeLessThanOrEqual(12);
        expectSane(figures);
        total += figures.queries;
      }
      expect(overall.queries).toBe(total);
      expectSane(overall);
      // The control (names as recorded, no year) always finds its record.
      expect(kinds["as-recorded"]!.notFound).toBe(0);
    }
  }, 180_000);
});
