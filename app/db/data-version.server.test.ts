import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openPostgres, openSqlite } from "./connection.server";
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
    const start = await dataVersion(site);
    site.sqlite!.prepare("select count(*) from t").get();
    expect(await dataVersion(site)).toBe(start);

    site.sqlite!.prepare("insert into t values (1)").run();
    const afterOwn = await dataVersion(site);
    expect(afterOwn).not.toBe(start);

    other.sqlite!.prepare("insert into t values (2)").run();
    const afterOther = await dataVersion(site);
    expect(afterOther).not.toBe(afterOwn);

    // A write undone still moves it (it may have been read meanwhile); never back to a version that was seen.
    site.sqlite!.exec("begin; insert into t values (3); rollback");
    expect(await dataVersion(site)).not.toBe(afterOther);
  });

  it("is read while an export iterates the connection, and not from a closed one", async () => {
    const test = await createTestDatabase("sqlite");
    const sqlite = test.database.sqlite!;
    sqlite.exec("create table t (x integer); insert into t values (1), (2)");
    const seen: (string | undefined)[] = [];
    for (const _row of sqlite.prepare("select x from t").iterate()) seen.push(await dataVersion(test.database));
    expect(seen[0]).toMatch(/^\d+\.\d+$/);
    expect(seen[1]).toBe(seen[0]);
    await test.drop();
    expect(await dataVersion(test.database)).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("dataVersion (PostgreSQL)", () => {
  it("moves when another client's write ends, commit or abort, and not with reads", async () => {
    const test = await createTestDatabase("postgres");
    const other = openPostgres(test.url!);
    try {
      await sql`create table t (x integer)`.execute(test.database.db);
      const start = await dataVersion(test.database);
      expect(start).toMatch(/^\d+:\d+:/);
      await sql`select count(*) from t`.execute(other.db);
      expect(await dataVersion(test.database)).toBe(start);

      await sql`insert into t values (1)`.execute(other.db);
      const afterCommit = await dataVersion(test.database);
      expect(afterCommit).not.toBe(start);

      await other.db
        .transaction()
        .execute(async (tx) => {
          await sql`insert into t values (2)`.execute(tx);
          throw new Error("undone");
        })
        .catch(() => undefined);
      expect(await dataVersion(test.database)).not.toBe(afterCommit);
    } finally {
      await other.close();
      await test.drop();
    }
  });

  it("is undefined when the server cannot be reached", async () => {
    const unreachable = openPostgres("postgres://postgres@127.0.0.1:1/none");
    try {
      expect(await dataVersion(unreachable)).toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});
