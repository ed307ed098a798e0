import { describe, expect, it } from "vitest";
import { HEAP_GROWING_PERCENT } from "../app/server/heap-settings";
import { startServer } from "./server";

/**
 * Decision 0052: the built server sets V8's heap growing factor itself (`npm start` runs it in its own process, so
 * no command-line flag would reach it), and leaves a factor given on the command line alone.
 */
describe("the server's heap settings", () => {
  const settingsLine = (output: string) =>
    output
      .split("\n")
      .filter((line) => line.includes('"msg":"heap settings"'))
      .map((line) => (JSON.parse(line) as { flag: string }).flag);

  it("sets the site's growing factor when it starts", async () => {
    const server = await startServer({ kind: "sqlite", env: { LOG_LEVEL: "info" } });
    try {
      expect(settingsLine(server.output())).toEqual([`--heap-growing-percent=${HEAP_GROWING_PERCENT}`]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("keeps a factor chosen on the command line", async () => {
    const server = await startServer({
      kind: "sqlite",
      env: { LOG_LEVEL: "info" },
      nodeArgs: ["--heap-growing-percent=0"],
    });
    try {
      expect(server.output()).toContain("database ready");
      expect(settingsLine(server.output())).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
