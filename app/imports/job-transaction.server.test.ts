import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrations.server";
import { inJobTransaction } from "./job-transaction.server";

const dir = mkdtempSync(path.join(tmpdir(), "metryka-job-transaction-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an import's transaction on SQLite", () => {
  it("runs on its own connection with a bounded cache, no memory map and sorts on disk; the site's is unchanged", async () => {
    const site = openSqlite(path.join(dir, "metryka.sqlite"));
    try {
      await migrateToLatest(site);
      const pragmas = (handle: NonNullable<typeof site.sqlite>) =>
        ["mmap_size", "cache_size", "temp_store"].map((name) => handle.pragma(name, { simple: true }));
      const seen = await inJobTransaction(site, async (_trx, job) => {
        expect(job).not.toBe(site);
        return pragmas(job.sqlite!);
      });
      // temp_store: 1 is FILE, 2 MEMORY.
      expect(seen).toEqual([0, -65_536, 1]);
      expect(pragmas(site.sqlite!)[2]).toBe(2);
    } finally {
      await site.close();
    }
  });
});
