import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrations.server";
import { checkpointsSettled } from "~/db/checkpoint.server";
import { inJobTransaction } from "./job-transaction.server";

const dir = mkdtempSync(path.join(tmpdir(), "metryka-job-transaction-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("an import's transaction on SQLite", () => {
  it("runs on its own connection with a bounded cache, no memory map and sorts on disk; the site's is unchanged", async () => {
    const site = openSqlite(path.join(dir, "metryka.sqlite"));
    try {
      await migrateToLatest(site);
      const pragmas = (handle: NonNullable<typeof site.sqlite>) =>
        ["mmap_size", "cache_size", "temp_store", "wal_autocheckpoint"].map((name) =>
          handle.pragma(name, { simple: true }),
        );
      const seen = await inJobTransaction(site, async (_trx, job) => {
        expect(job).not.toBe(site);
        return pragmas(job.sqlite!);
      });
      // temp_store: 1 is FILE, 2 MEMORY. The job's commit leaves the log to a checkpoint on a worker.
      expect(seen).toEqual([0, -65_536, 1, 0]);
      expect(pragmas(site.sqlite!).slice(2)).toEqual([2, 1000]);
    } finally {
      await site.close();
    }
  });

  it("has what it committed copied into the database file by a worker, with nothing else written", async () => {
    const file = path.join(dir, "copied.sqlite");
    const site = openSqlite(file);
    try {
      await migrateToLatest(site);
      site.sqlite!.pragma("wal_checkpoint(TRUNCATE)");
      const before = statSync(file).size;
      await inJobTransaction(site, async (_trx, job) => {
        const insert = job.sqlite!.prepare("insert into app_meta (key, value) values (?, ?)");
        for (let i = 0; i < 5000; i++) insert.run(`filler-${i}`, "x".repeat(400));
      });
      await checkpointsSettled();
      expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
    } finally {
      await site.close();
    }
  });
});
