import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openSqlite } from "./connection.server";
import { dataVersion } from "./data-version.server";
import { createTestDatabase } from "./test-database";

describe("dataVersion (SQLite)", () => {
  const opened: Database[] = [];
  let dir: string | undefined;
  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function open(file: string): Database {
    const database = openSqlite(file);
    opened.push(database);
    return database;
  }

  it("moves with this connection's writes, another connection's commits, and nothing else", async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "metryka-version-"));
    const file = path.join(dir, "db.sqlite");
    const site = open(file);
    const other = open(file);
    site.sqlite!.exec("create table t (x integer)");
    const start = dataVersion(site);
    site.sqlite!.prepare("select count(*) from t").get();
    expect(dataVersion(site)).toBe(start);

    site.sqlite!.prepare("insert into t values (1)").run();
    const afterOwn = dataVersion(site);
    expect(afterOwn).not.toBe(start);

    other.sqlite!.prepare("insert into t values (2)").run();
    const afterOther = dataVersion(site);
    expect(afterOther).not.toBe(afterOwn);

    // A write undone still moves it (it may have been read meanwhile); never back to a version that was seen.
    site.sqlite!.exec("begin; insert into t values (3); rollback");
    expect(dataVersion(site)).not.toBe(afterOther);
  });

  it("is there on SQLite and not on PostgreSQL's kind of handle", async () => {
    const test = await createTestDatabase("sqlite");
    try {
      expect(dataVersion(test.database)).toMatch(/^\d+\.\d+$/);
      expect(dataVersion({ ...test.database, sqlite: undefined })).toBeUndefined();
    } finally {
      await test.drop();
    }
  });

  it("is read while an export iterates the connection", async () => {
    const test = await createTestDatabase("sqlite");
    try {
      const sqlite = test.database.sqlite!;
      sqlite.exec("create table t (x integer); insert into t values (1), (2)");
      dataVersion(test.database);
      const seen: (string | undefined)[] = [];
      for (const _row of sqlite.prepare("select x from t").iterate()) seen.push(dataVersion(test.database));
      expect(seen).toEqual([dataVersion(test.database), dataVersion(test.database)]);
      expect(seen[0]).toBeDefined();
    } finally {
      await test.drop();
    }
  });
});
