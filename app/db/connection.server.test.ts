import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./connection.server";

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
