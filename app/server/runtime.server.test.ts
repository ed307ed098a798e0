import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoRecordCount } from "~/demo/seed.server";
import { healthCheck, startRuntime, stopRuntime } from "./runtime.server";

/** SEED_RECORDS St. Petersburg records and the Lublin and Volhynian records that come with them. */
const SEEDED = demoRecordCount(500);

describe("runtime", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-runtime-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("migrates, seeds once, keeps a generated secret, and reports health", async () => {
    process.env.DATA_DIR = dataDir;
    process.env.SEED_RECORDS = "500";
    delete process.env.DATABASE_URL;
    delete process.env.SESSION_SECRET;
    expect((await healthCheck()).ok).toBe(false);
    const db = await startRuntime();
    expect(await healthCheck()).toEqual({ ok: true, database: "sqlite", reachable: true, storage: "ok" });
    const count = async () =>
      Number(
        (
          await db.db
            .selectFrom("records")
            .select((eb) => eb.fn.countAll().as("c"))
            .executeTakeFirstOrThrow()
        ).c,
      );
    expect(await count()).toBe(SEEDED);
    const secret = readFileSync(path.join(dataDir, "session-secret"), "utf8");
    expect(secret.trim().length).toBeGreaterThanOrEqual(32);

    await stopRuntime();
    expect((await healthCheck()).ok).toBe(false);
    // A second start on the same data folder neither seeds again nor changes the secret.
    const again = await startRuntime();
    expect(
      Number(
        (
          await again.db
            .selectFrom("records")
            .select((eb) => eb.fn.countAll().as("c"))
            .executeTakeFirstOrThrow()
        ).c,
      ),
    ).toBe(SEEDED);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(secret);
    await stopRuntime();
  });
});
