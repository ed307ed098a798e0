import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { checkpointAside, checkpointsSettled } from "./checkpoint.server";

const dir = mkdtempSync(path.join(tmpdir(), "metryka-checkpoint-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a checkpoint on a worker thread", () => {
  it("copies the whole log into the database file while another connection stays open", async () => {
    const file = path.join(dir, "log.sqlite");
    const db = new Database(file);
    try {
      db.pragma("journal_mode = WAL");
      db.pragma("wal_autocheckpoint = 0");
      db.exec("create table t (x text)");
      const insert = db.prepare("insert into t values (?)");
      db.transaction(() => {
        for (let i = 0; i < 20_000; i++) insert.run(`row ${i} `.repeat(10));
      })();
      const before = statSync(file).size;
      const pending = checkpointAside(file);
      await checkpointsSettled();
      const result = await pending;
      expect(result!.busy).toBe(0);
      expect(result!.log).toBeGreaterThan(100);
      expect(result!.checkpointed).toBe(result!.log);
      expect(statSync(file).size).toBeGreaterThan(before + 1_000_000);
      expect(db.prepare("select count(*) as n from t").get()).toEqual({ n: 20_000 });
    } finally {
      db.close();
    }
  });

  it("logs a warning and gives no result for a file it cannot open", async () => {
    expect(await checkpointAside(path.join(dir, "missing", "none.sqlite"))).toBeNull();
  });
});
