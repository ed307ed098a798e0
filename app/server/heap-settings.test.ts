import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { applyHeapSettings, HEAP_GROWING_PERCENT } from "./heap-settings";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const settings = path.join(root, "app", "server", "heap-settings.ts");

/**
 * A process that keeps about 40 MB alive and churns short-lived objects, as the server does between requests, and
 * prints the largest heap V8 committed. It applies the settings as server.ts does, after its own flags.
 */
function peakHeapMb(nodeArgs: string[]): number {
  const script = `
    const { applyHeapSettings } = await import(${JSON.stringify(settings)});
    applyHeapSettings();
    const live = [];
    for (let i = 0; i < 300000; i++) live.push({ a: "x".repeat(20) + i, b: [i, i + 1] });
    let peak = 0, junk;
    for (let round = 0; round < 150; round++) {
      junk = [];
      for (let i = 0; i < 50000; i++) junk.push({ s: "y" + i + round, n: [i] });
      peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    console.log(Math.round(peak / 1e6), live.length, junk.length);
  `;
  const result = spawnSync(process.execPath, [...nodeArgs, "--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return Number(result.stdout.split(" ")[0]);
}

describe("heap settings", () => {
  it("grows the heap by half of what survived, a factor V8 does not choose by itself", () => {
    expect(HEAP_GROWING_PERCENT).toBe(50);
  });

  it("leaves a growing factor chosen on the command line alone", () => {
    expect(applyHeapSettings(["--heap-growing-percent=0"])).toBeUndefined();
    expect(applyHeapSettings(["--trace-gc", "--heap_growing_percent=30"])).toBeUndefined();
  });

  it("keeps the committed heap well below V8's own factor for the same live objects", { timeout: 60_000 }, () => {
    const withSettings = peakHeapMb([]);
    // 0 is V8's own factor; the settings see a factor chosen on the command line and leave it.
    const v8Own = peakHeapMb(["--heap-growing-percent=0"]);
    expect(withSettings).toBeGreaterThan(0);
    expect(withSettings).toBeLessThan(v8Own * 0.7);
  });
});
