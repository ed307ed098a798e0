import { describe, expect, it } from "vitest";
import { runScript } from "./scripts";
import { rmSync } from "node:fs";
import { postgresAdminUrl, serverDir, startServer } from "./server";

/**
 * Issue 12 items 1, 2 and 4–6, issue 10: the benchmark scripts run to completion on a small size and end with their JSON line. This
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

  it("bench:http loads a kept page, a page nobody asked before and a session's page beside the ceiling", async () => {
    const result = await lastJsonLine("scripts/bench-http.ts", [
      // Two seconds: a first page in a language not yet rendered can take one on a busy machine.
      "--seconds",
      "2",
      "--connections",
      "4",
      "--seed-records",
      "3000",
      "--only",
      "search,search-unique,search-unique-de,members-search",
      "--port",
      "3655",
    ]);
    expect(result.bench).toBe("http");
    const rows = result.rows as { kind: string; app: Record<string, number>; ceiling: Record<string, number> }[];
    expect(rows.map((r) => r.kind)).toEqual(["search", "search-unique", "search-unique-de", "members-search"]);
    for (const row of rows) {
      expect(row.app.requests).toBeGreaterThan(0);
      expect(row.app.errors + row.app.non2xx).toBe(0);
      expect(row.ceiling.requests).toBeGreaterThan(0);
      expect(row.app.cpuMsPerRequest).toBeGreaterThan(0);
    }
  });

  it("bench:render measures two builds side by side in one process on a seeded data folder", async () => {
    const server = await startServer({ kind: "sqlite", seedRecords: 3000 });
    await server.stop();
    try {
      const result = await lastJsonLine("scripts/bench-render.ts", [
        "--data-dir",
        server.dataDir,
        "--requests",
        "10",
        "--warmup",
        "2",
        "--block",
        "5",
        "--build",
        `${serverDir}/build,${serverDir}/build`,
      ]);
      expect(result.bench).toBe("render");
      const rows = result.rows as { page: string; cpuMsPerRequest: number; bytes: number }[];
      expect(rows.map((r) => r.page)).toEqual(["search", "search", "members", "members"]);
      for (const row of rows) {
        expect(row.cpuMsPerRequest).toBeGreaterThan(0);
        expect(row.bytes).toBeGreaterThan(10_000);
      }
    } finally {
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });

  it("bench:search times every mode beside the naive scan and the floor", async () => {
    const result = await lastJsonLine("scripts/bench-search.ts", [
      "--records",
      "2000",
      "--repeat",
      "2",
      "--naive-queries",
      "1",
    ]);
    expect(result.records).toBe(2000);
    const modes = result.modes as Record<string, { engine: { n: number }; naive: { n: number } }>;
    expect(Object.keys(modes)).toEqual(expect.arrayContaining(["exact", "contains", "sounds", "sounds by date"]));
    for (const mode of Object.values(modes)) expect(mode.engine.n).toBeGreaterThan(0);
    expect((result.floor as { n: number }).n).toBeGreaterThan(0);
  });

  it("bench:places times place names, radii and records near a place", async () => {
    const result = await lastJsonLine("scripts/bench-places.ts", ["--records", "2000", "--repeat", "2"]);
    expect(result.records).toBe(2000);
    expect(Object.keys(result.placeNameModes as object)).toEqual(expect.arrayContaining(["starts", "contains"]));
    expect(Object.keys(result.radius as object).length).toBeGreaterThan(0);
  });

  it("bench:import checks and imports a generated file", async () => {
    const result = await lastJsonLine("scripts/bench-import.ts", ["--rows", "2000"]);
    expect(result.rows).toBe(2000);
    expect((result.import as { rowsPerSecond: number }).rowsPerSecond).toBeGreaterThan(0);
    expect((result.check as { rowsPerSecond: number }).rowsPerSecond).toBeGreaterThan(0);
  });

  it("bench:tree submits a generated tree to the built server and measures its memory and /healthz", async () => {
    const result = await lastJsonLine("scripts/bench-tree.ts", ["--people", "3000"]);
    expect(result).toMatchObject({ people: 3000, status: "imported", error: null, healthzFailures: 0 });
    expect(result.peakRssMb as number).toBeGreaterThan(0);
    expect(result.healthzSamples as number).toBeGreaterThan(0);
  }, 120_000);

  it.skipIf(!postgresAdminUrl)(
    "bench:outage times an outage of its own PostgreSQL database and the recovery",
    async () => {
      const result = await lastJsonLine("scripts/bench-outage.ts", [
        "--users",
        "4",
        "--seed-records",
        "200",
        "--warmup-seconds",
        "1",
        "--away-seconds",
        "2",
        "--after-seconds",
        "2",
        "--rounds",
        "1",
      ]);
      expect(result.bench).toBe("outage");
      expect(result.unexpected).toBe(0);
      const [round] = result.rounds as {
        statuses: Record<string, number>;
        recoveredMs: number;
        healthzAfter: string;
      }[];
      expect(round!.statuses["503"]).toBeGreaterThan(0);
      expect(round!.recoveredMs).toBeGreaterThanOrEqual(0);
      expect(round!.healthzAfter).toBe("200 ok reachable=true");
    },
  );
});
