import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "~/db/connection.server";
import { migrateToLatest } from "~/db/migrations.server";
import { checkpointsSettled } from "~/db/checkpoint.server";
import { BULK_ROWS, type Columns, insertEncodedRows } from "./bulk-insert.server";
import { encodeRows } from "./encoded-rows";
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

/** A statement that keeps SQLite busy for a while: counting to `n` in a recursive CTE. */
const counting = (n: number) =>
  sql<{
    n: number;
  }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < ${n}) select count(*) as n from c`;

/** Runs `work` while a timer ticks every few ms; gives how long it took and the longest the timer waited. */
async function whileTicking(work: () => Promise<unknown>): Promise<{ workMs: number; longestGapMs: number }> {
  let last = performance.now();
  let longestGapMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGapMs = Math.max(longestGapMs, now - last);
    last = now;
  }, 2);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  // A statement on this thread would hold the timer until it ended: count its last wait too.
  longestGapMs = Math.max(longestGapMs, performance.now() - last);
  return { workMs: performance.now() - started, longestGapMs };
}

describe("a job's transaction on a worker thread (SQLite)", () => {
  it("runs its statements off the server's thread: a long one leaves the event loop turning", async () => {
    const site = openSqlite(path.join(dir, "worker.sqlite"));
    try {
      await migrateToLatest(site);
      const { workMs, longestGapMs } = await inJobTransaction(
        site,
        async (trx) =>
          whileTicking(async () => {
            // Long enough on any machine that a statement on this thread would show as one long gap.
            for (let n = 1_000_000; ; n *= 2) {
              const started = performance.now();
              expect((await counting(n).execute(trx)).rows).toEqual([{ n }]);
              if (performance.now() - started > 300) return;
            }
          }),
        { onWorker: true },
      );
      expect(workMs).toBeGreaterThan(300);
      expect(longestGapMs).toBeLessThan(Math.min(100, workMs / 3));
    } finally {
      await site.close();
    }
  }, 60_000);

  it("writes all or nothing with the job's settings, and a failed statement keeps SQLite's code", async () => {
    const site = openSqlite(path.join(dir, "worker-writes.sqlite"));
    try {
      await migrateToLatest(site);
      const values = (key: string) => site.db.selectFrom("app_meta").select("value").where("key", "=", key).execute();
      const settings = await inJobTransaction(
        site,
        async (trx, job) => {
          // Its statements go through `trx` alone: there is no handle on this thread to prepare them on.
          expect(job.sqlite).toBeUndefined();
          await trx.insertInto("app_meta").values({ key: "kept", value: "yes" }).execute();
          // The site reads on while the job writes (WAL), and sees nothing of it until it commits.
          expect(await values("kept")).toEqual([]);
          const pragma = async (name: string) =>
            Object.values((await sql.raw(`pragma ${name}`).execute(trx)).rows[0]!)[0];
          return Promise.all(
            ["mmap_size", "cache_size", "temp_store", "wal_autocheckpoint", "busy_timeout", "foreign_keys"].map(pragma),
          );
        },
        { onWorker: true, cacheKb: 2048 },
      );
      expect(settings).toEqual([0, -2048, 1, 0, 5000, 1]);
      expect(await values("kept")).toEqual([{ value: "yes" }]);

      const failed = await inJobTransaction(
        site,
        async (trx) => {
          await trx.insertInto("app_meta").values({ key: "dropped", value: "no" }).execute();
          await trx.insertInto("app_meta").values({ key: "kept", value: "twice" }).execute();
        },
        { onWorker: true },
      ).catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
      expect(await values("dropped")).toEqual([]);
      expect(await values("kept")).toEqual([{ value: "yes" }]);
    } finally {
      await site.close();
    }
  }, 60_000);

  it("inserts encoded rows on the worker in the job's transaction: all or nothing, a failure with SQLite's code", async () => {
    const site = openSqlite(path.join(dir, "worker-rows.sqlite"));
    const columns: Columns<{ key: string; value: string }> = [
      ["key", "text"],
      ["value", "text"],
    ];
    // More than one multi-row statement's worth, and a rest inserted one by one.
    const many = Array.from({ length: BULK_ROWS * 2 + 3 }, (_, i) => [`row ${i}`, `value ${i}`]).flat();
    try {
      await migrateToLatest(site);
      const count = async () =>
        Number(
          (
            await site.db
              .selectFrom("app_meta")
              .select((eb) => eb.fn.countAll().as("n"))
              .where("key", "like", "row %")
              .executeTakeFirst()
          )?.n,
        );
      await inJobTransaction(
        site,
        async (trx, job) => {
          const bytes = encodeRows(many);
          await insertEncodedRows(job, trx, "app_meta", columns, bytes);
          // The buffer was moved to the worker, not copied.
          expect(bytes.byteLength).toBe(0);
          expect(await count()).toBe(0);
        },
        { onWorker: true },
      );
      expect(await count()).toBe(BULK_ROWS * 2 + 3);
      expect(await site.db.selectFrom("app_meta").select("value").where("key", "=", "row 130").execute()).toEqual([
        { value: "value 130" },
      ]);

      const failed = await inJobTransaction(
        site,
        async (trx, job) => {
          await insertEncodedRows(job, trx, "app_meta", columns, encodeRows(["row dropped", "no"]));
          await insertEncodedRows(job, trx, "app_meta", columns, encodeRows(["row 0", "twice"]));
        },
        { onWorker: true },
      ).catch((error: unknown) => error);
      expect(failed).toMatchObject({ code: expect.stringMatching(/^SQLITE_CONSTRAINT/) });
      expect(await count()).toBe(BULK_ROWS * 2 + 3);
    } finally {
      await site.close();
    }
  }, 60_000);
});
