import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { SQLITE_BUSY_TIMEOUT_MS, SQLITE_THREAD_SLICE_MS } from "~/config/timing";
import { type Database, ThreadSlices, openSqlite, withStatementCache, withStatementTime } from "./connection.server";

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

describe("openSqlite while another connection holds the write lock", () => {
  let dir: string;
  let site: Database;
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "metryka-lock-"));
    site = openSqlite(path.join(dir, "site.sqlite"));
    await sql`create table t (n integer)`.execute(site.db);
    await sql`insert into t values (0)`.execute(site.db);
    other = new SQLite(path.join(dir, "site.sqlite"));
  });

  afterEach(async () => {
    if (other.inTransaction) other.exec("rollback");
    other.close();
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const count = async () => Number((await sql<{ n: number }>`select count(*) as n from t`.execute(site.db)).rows[0]!.n);

  it("waits for the lock without holding up the thread or other queries, and writes once it is free", async () => {
    other.exec("begin immediate");
    let written = false;
    const write = sql`insert into t values (1)`.execute(site.db).then(() => (written = true));
    // Timers fire and reads are answered while the write waits: SQLite's own wait would have slept in this thread.
    const before = performance.now();
    await pause(20);
    expect(performance.now() - before).toBeLessThan(1_000);
    expect(await count()).toBe(1);
    expect(written).toBe(false);
    other.exec("commit");
    await write;
    expect(await count()).toBe(2);
  });

  it("begins a transaction once the lock is free, holding it from the start", async () => {
    other.exec("begin immediate");
    const order: string[] = [];
    const transaction = site.db.transaction().execute(async (trx) => {
      order.push("began");
      const seen = Number((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0]!.n);
      await sql`insert into t values (${seen + 1})`.execute(trx);
    });
    await pause(50);
    order.push("other commits");
    other.exec("insert into t values (7)");
    other.exec("commit");
    await transaction;
    // It read after the other connection's commit, so what it wrote counts that row (a deferred BEGIN would have
    // read first and then failed to write).
    expect(order).toEqual(["other commits", "began"]);
    expect((await sql<{ n: number }>`select n from t order by rowid`.execute(site.db)).rows.map((r) => r.n)).toEqual([
      0, 7, 3,
    ]);
  });

  it("gives up after SQLITE_BUSY_TIMEOUT_MS with SQLite's busy error, having written nothing", async () => {
    other.exec("begin immediate");
    const started = performance.now();
    await expect(sql`insert into t values (1)`.execute(site.db)).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    expect(performance.now() - started).toBeGreaterThanOrEqual(SQLITE_BUSY_TIMEOUT_MS - 50);
    other.exec("rollback");
    expect(await count()).toBe(1);
  }, 15_000);
});

describe("openSqlite's statements in slices (decision 0055)", () => {
  it("let a timer run between the statements of one long chain of queries", async () => {
    const database = openSqlite(":memory:");
    try {
      await sql`create table t (x integer)`.execute(database.db);
      // A slow statement: about ten milliseconds of counting each.
      const slow = sql`with recursive c(n) as (select 1 union all select n + 1 from c where n < 20000) select count(*) from c`;
      let timerRanAfter: number | undefined;
      let statements = 0;
      setTimeout(() => {
        timerRanAfter = statements;
      }, 0);
      const started = performance.now();
      // Today's Kysely promises resolve as microtasks: without slices, no timer could run before the loop ends.
      while (performance.now() - started < SQLITE_THREAD_SLICE_MS * 10) {
        await slow.execute(database.db);
        statements++;
      }
      expect(timerRanAfter).toBeDefined();
      expect(timerRanAfter!).toBeLessThan(statements);
    } finally {
      await database.close();
    }
  });

  it("cuts a slice only once it has run for the slice's length", async () => {
    const slices = new ThreadSlices(1_000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      // Fast turns within one slice never wait for the event loop.
      for (let i = 0; i < 1000; i++) await slices.turn();
      expect(ticks).toBe(0);
    } finally {
      clearInterval(timer);
    }
  });

  it("gives the next turn to the work that has used the least statement time", async () => {
    // Each statement takes one millisecond of the test's clock, a whole slice.
    let clock = 0;
    const slices = new ThreadSlices(1, () => clock);
    const ran: string[] = [];
    const statement = (name: string) => () => {
      ran.push(name);
      clock += 1;
    };
    const job = (name: string, statements: number) =>
      withStatementTime(async () => {
        for (let i = 0; i < statements; i++) await slices.run(statement(name));
      });
    // Five long jobs of many statements take turns; a light page arrives once they have run for a while.
    const long = Array.from({ length: 5 }, (_, i) => job(`long ${i}`, 30));
    while (ran.length < 25) await new Promise((r) => setImmediate(r));
    await Promise.all([...long, job("page", 3)]);
    const first = ran.indexOf("page");
    const last = ran.lastIndexOf("page");
    // Served first in, first out, each of its statements would have waited for a statement of every long job.
    expect(ran.slice(first, last + 1).filter((name) => name !== "page").length).toBeLessThanOrEqual(1);
    expect(ran.filter((name) => name.startsWith("long")).length).toBe(150);
  });
});
