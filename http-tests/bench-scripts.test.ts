import { describe, expect, it } from "vitest";
import { runScript } from "./scripts";

/**
 * Issue 12 items 4–6: the benchmark scripts run to completion on a small size and end with their JSON line. This
 * proves the scripts work; it asserts no figure against a target (benchmarks are scripts, not timed tests).
 */
async function lastJsonLine(script: string, args: string[]): Promise<Record<string, unknown>> {
  const { code, summary, stdout } = await runScript<Record<string, unknown>>(script, args);
  if (code !== 0) throw new Error(`${script} exited ${code}:\n${stdout}`);
  return summary;
}

describe("benchmark scripts", () => {
  it("bench:weight weighs the home page from the manifest and in Chromium, without a refresh call", async () => {
    const result = await lastJsonLine("scripts/bench-weight.ts", ["--only", "home,sign-in", "--port", "3625"]);
    expect(result.bench).toBe("weight");
    const kinds = result.kinds as Record<string, unknown>[];
    expect(kinds.map((k) => k.kind)).toEqual(["home", "sign-in"]);
    for (const kind of kinds) {
      expect(kind.manifestJsKb).toBeGreaterThan(0);
      expect(kind.jsKb).toBeGreaterThan(0);
      expect(kind.requests).toBeGreaterThan(1);
      expect(kind.refreshCalls).toBe(0);
      expect(kind.cspViolations).toEqual([]);
    }
  });

  it("bench:startup times a first start with a seed and a restart", async () => {
    const result = await lastJsonLine("scripts/bench-startup.ts", [
      "--seed-records",
      "200",
      "--restarts",
      "1",
      "--port",
      "3645",
    ]);
    expect(result.bench).toBe("startup");
    expect(result.firstStartMs).toBeGreaterThan(0);
    expect((result.restartMs as number[]).length).toBe(1);
  });

  it("bench:lighthouse scores the home page in the four categories", async () => {
    const result = await lastJsonLine("scripts/bench-lighthouse.ts", ["--only", "home", "--port", "3635"]);
    expect(result.bench).toBe("lighthouse");
    const [home] = result.pages as { kind: string; scores: Record<string, number>; totalBlockingTimeMs: number }[];
    expect(home!.kind).toBe("home");
    expect(Object.keys(home!.scores)).toEqual(["performance", "accessibility", "best-practices", "seo"]);
    expect(home!.totalBlockingTimeMs).toBeGreaterThanOrEqual(0);
  });
});
