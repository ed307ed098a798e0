import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { openSqlite, withStatementCache } from "./connection.server";

describe("withStatementCache", () => {
  let sqlite: SQLite.Database | undefined;
  afterEach(() => sqlite?.close());

  it("prepares a query's SQL once and hands the same statement back", () => {
    sqlite = new SQLite(":memory:");
    const cached = withStatementCache(sqlite);
    const a = cached.prepare("select ? as n");
    expect(cached.prepare("select ? as n")).toBe(a);
    expect(cached.prepare("select ? + 1 as n")).not.toBe(a);
    expect(a.get(41)).toEqual({ n: 41 });
  });

  it("gives a statement of its own to a query whose SQL is still being iterated", () => {
    sqlite = new SQLite(":memory:");
    const cached = withStatementCache(sqlite);
    const source = "select 1 as n union all select 2";
    const streaming = cached.prepare(source);
    const rows = streaming.iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    const meanwhile = cached.prepare(source);
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(rows.next().value).toEqual({ n: 2 });
    rows.return?.();
    expect(cached.prepare(source)).toBe(streaming);
  });
});

describe("openSqlite's transactions", () => {
  it("keep the error that ended a transaction SQLite had already rolled back", async () => {
    const database = openSqlite(":memory:");
    try {
      await sql`create table t (n integer)`.execute(database.db);
      const diskError = Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE" });
      const failed = database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("t" as never)
          .values({ n: 1 } as never)
          .execute();
        // What SQLite does when a write fails at COMMIT: the transaction is gone before Kysely rolls it back.
        await sql`rollback`.execute(trx);
        throw diskError;
      });
      await expect(failed).rejects.toBe(diskError);
      // A transaction still open is rolled back as before.
      const bug = new Error("a bug");
      await expect(
        database.db.transaction().execute(async (trx) => {
          await trx
            .insertInto("t" as never)
            .values({ n: 2 } as never)
            .execute();
          throw bug;
        }),
      ).rejects.toBe(bug);
      expect(await sql`select count(*) as n from t`.execute(database.db)).toMatchObject({ rows: [{ n: 0 }] });
    } finally {
      await database.close();
    }
  });
});
