import { describe, expect, it } from "vitest";
import { runScript } from "./scripts";

/**
 * Issue 13 point 4, the CI form of `npm run bench:soak`: a hundred members at once for thirty seconds after a
 * thirty-second warm-up (sign-in, search, next page, record, token refresh, CSV export) get no error and no
 * unexpected status, and the server's memory grows by no more than 10 % over the measured thirty seconds. The ten-minute form's figures are in docs/reliability.md.
 */
interface Soak {
  bench: string;
  users: number;
  requests: number;
  errors: number;
  unexpected: number;
  serverLoggedErrors: number;
  memoryGrowth: number;
  kinds: Array<{ kind: string; requests: number; statuses: Record<string, number> }>;
}

const soak = (args: string[]) => runScript<Soak>("scripts/bench-soak.ts", args);

describe("bench:soak", () => {
  it("holds 100 users for 30 seconds with no error and flat memory", async () => {
    const { code, summary, stdout } = await soak([
      "--users",
      "100",
      "--seconds",
      "30",
      "--warmup-seconds",
      "30",
      "--seed-records",
      "5000",
    ]);
    expect(summary.bench).toBe("soak");
    expect(summary.users).toBe(100);
    expect(summary.kinds.map((k) => k.kind).sort()).toEqual(
      ["export", "next-page", "record", "refresh", "search", "sign-in"].sort(),
    );
    for (const kind of summary.kinds) expect(kind.requests, kind.kind).toBeGreaterThan(0);
    expect(summary.errors, stdout).toBe(0);
    expect(summary.unexpected, stdout).toBe(0);
    expect(summary.serverLoggedErrors, stdout).toBe(0);
    expect(summary.memoryGrowth, stdout).toBeLessThanOrEqual(0.1);
    expect(code).toBe(0);
  }, 240_000);
});
