// The named dialect facts domain modules ask instead of testing the database's kind (issue 28 item 3).
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_ROWS, insertEach, insertFlatRows, insertOnThisThread, insertRows } from "./bulk-insert.server";
import { DIALECT_NAMES, dialectOfUrl, sharedByInstances } from "./connection.server";
import {
  analyseAfterLoad,
  costsLookupsBeforeFilters,
  dropIndexUntilCommit,
  evaluatesJoinsWhole,
  foldedContains,
  inIdList,
  inSubquery,
  vacuumAfterLoad,
  walksOrderIndexOverIdLists,
} from "./dialect-operations.server";
import { isUniqueViolation } from "./errors";
import { jobExcludesOtherWriters } from "./job-transaction.server";
import type { NameCodesTable, NameValuesTable, PostingsTable } from "./schema";
import { type TestDatabase, createTestDatabase, storedPostings, testDialects } from "./test-database";

describe.each(testDialects())("dialect operations on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test.drop());

  it("tells a row a unique index refused from any other failure", async () => {
    const { db } = test.database;
    const row = { key: "unique-probe", value: "1" };
    await db.insertInto("app_meta").values(row).execute();
    const refused = await db
      .insertInto("app_meta")
      .values(row)
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeDefined();
    expect(isUniqueViolation(refused)).toBe(true);
    const other = await db
      .selectFrom("app_meta")
      .select(db.fn("no_such_function", []).as("x"))
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(other).toBeDefined();
    expect(isUniqueViolation(other)).toBe(false);
    expect(isUniqueViolation("not an error")).toBe(false);
  });

  it("says whether instances share the database and whether a job's transaction keeps other writers out", () => {
    expect(sharedByInstances(test.database)).toBe(dialect === "postgres");
    expect(jobExcludesOtherWriters(test.database)).toBe(dialect === "sqlite");
    expect(DIALECT_NAMES[test.database.kind]).toBe(dialect === "postgres" ? "PostgreSQL" : "SQLite");
  });

  // In an order of their own: the columns are named, not taken from the table's order.
  const VALUE_COLUMNS = [
    ["folded", "text"],
    ["n", "integer"],
    ["id", "integer"],
    ["display", "text"],
    ["value", "text"],
    ["field", "text"],
    ["collection", "integer"],
  ] as const;
  const value = (id: number, folded: string): NameValuesTable => ({
    id,
    collection: 90,
    field: "surname",
    value: folded,
    display: folded,
    folded,
    n: 0,
  });

  it("inserts rows given as objects, as flat values and by index, past one statement's worth of rows", async () => {
    const { database } = test;
    const rows = Array.from({ length: 2 * BULK_ROWS + 5 }, (_, i) => value(1000 + i, `bulk${i}`));
    await database.db.transaction().execute((trx) => insertRows(database, trx, "name_values", VALUE_COLUMNS, rows));
    const codes: NameCodesTable[] = rows.map((r, i) => ({
      collection: 90,
      field: "surname",
      kind: "dm",
      code: `C${i}`,
      value_id: r.id,
    }));
    const flat = codes.flatMap((c) => [c.collection, c.field, c.kind, c.code, c.value_id]);
    const codeColumns = [
      ["collection", "integer"],
      ["field", "text"],
      ["kind", "text"],
      ["code", "text"],
      ["value_id", "integer"],
    ] as const;
    await insertFlatRows(database, database.db, "name_codes", codeColumns, flat);
    // A signature above 2³¹: PostgreSQL's column is a bigint.
    const postings: PostingsTable[] = rows.map((r, i) => ({
      value_id: r.id,
      year: 1850,
      record_id: i + 1,
      sig: 2 ** 40 + i,
    }));
    const postingColumns = [
      ["value_id", "integer"],
      ["year", "integer"],
      ["record_id", "integer"],
      ["sig", "bigint"],
    ] as const;
    await insertEach(database, database.db, "postings", postingColumns, 1, postings.length, (i, out) => {
      const p = postings[i]!;
      out.push(p.value_id, p.year, p.record_id, p.sig);
    });

    const storedValues = await database.db
      .selectFrom("name_values")
      .selectAll()
      .where("collection", "=", 90)
      .orderBy("id")
      .execute();
    expect(storedValues.map((v) => ({ ...v, n: Number(v.n) }))).toEqual(rows);
    const storedCodes = await database.db
      .selectFrom("name_codes")
      .selectAll()
      .where("collection", "=", 90)
      .orderBy("value_id")
      .execute();
    expect(storedCodes).toEqual(codes);
    expect(await storedPostings(database)).toEqual(
      postings.slice(1).map((p) => [p.value_id, p.year, p.record_id, p.sig]),
    );
  });

  it("writes on this thread, within the open transaction, only where writes run here", async () => {
    const { database } = test;
    const columns = [
      ["key", "text"],
      ["value", "text"],
    ] as const;
    const insert = insertOnThisThread<{ key: string; value: string }>(database, "app_meta", columns);
    expect(insert !== undefined).toBe(dialect === "sqlite");
    if (!insert) return;
    await database.db
      .transaction()
      .execute(async () => {
        insert(0, 3, (i, out) => out.push(`now-${i}`, String(i)));
        throw new Error("undo");
      })
      .catch(() => undefined);
    const kept = await database.db.selectFrom("app_meta").select("key").where("key", "like", "now-%").execute();
    expect(kept).toEqual([]);
  });

  it("finds dictionary values containing a needle, listed ids and a subquery's ids", async () => {
    const { database } = test;
    const { db } = database;
    await insertRows(database, db, "name_values", VALUE_COLUMNS, [
      value(1, "kowalski"),
      value(2, "nowak"),
      value(3, "kowal"),
      value(4, "wisniewski"),
    ]);
    const containing = async (needle: string) =>
      (
        await db
          .selectFrom("name_values")
          .select("id")
          .where("id", "<=", 4)
          .where(foldedContains(database, needle))
          .orderBy("id")
          .execute()
      ).map((r) => r.id);
    expect(await containing("owal")).toEqual([1, 3]);
    expect(await containing("ski")).toEqual([1, 4]);
    expect(await containing("ak")).toEqual([2]);
    expect(await containing("ow")).toEqual([1, 2, 3]);
    expect(await containing("zzz")).toEqual([]);
    // On SQLite a needle of three characters or more goes through the trigram table, a shorter one cannot.
    const compiled = (needle: string) =>
      db.selectFrom("name_values").select("id").where(foldedContains(database, needle)).compile().sql;
    expect(compiled("owal").includes("name_values_fts")).toBe(dialect === "sqlite");
    expect(compiled("ow")).not.toContain("name_values_fts");

    const listed = async (ids: number[]) =>
      (
        await db
          .selectFrom("name_values as v")
          .select("v.id")
          .where(inIdList(database, "v.id", ids))
          .orderBy("v.id")
          .execute()
      ).map((r) => r.id);
    expect(await listed([4, 2, 99])).toEqual([2, 4]);
    expect(await listed([])).toEqual([]);

    const short = db.selectFrom("name_values").select("id").where("id", "<=", 4).where("folded", "like", "%k");
    const viaSubquery = await db
      .selectFrom("name_values as v")
      .select("v.id")
      .where(inSubquery(database, "v.id", short))
      .orderBy("v.id")
      .execute();
    expect(viaSubquery.map((r) => r.id)).toEqual([2]);
  });

  it("drops an index until the commit only where readers keep it meanwhile", async () => {
    const { database } = test;
    const indexes = async () =>
      dialect === "sqlite"
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(database.db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes`.execute(database.db)).rows;
    const has = async () => (await indexes()).some((r) => r.name === "records_collection_date");
    expect(await has()).toBe(true);
    await database.db
      .transaction()
      .execute(async (trx) => {
        expect(await dropIndexUntilCommit(database, trx, "records_collection_date")).toBe(dialect === "sqlite");
        throw new Error("undo");
      })
      .catch(() => undefined);
    expect(await has()).toBe(true);
  });

  it("brings statistics up to date and vacuums after a load", async () => {
    const { database } = test;
    await database.db.transaction().execute((trx) => analyseAfterLoad(database, trx));
    await vacuumAfterLoad(database, "postings");
    if (dialect === "postgres") {
      const { rows } = await sql<{ vacuumed: unknown }>`select coalesce(last_vacuum, last_autovacuum) as vacuumed
        from pg_stat_user_tables where relname = 'postings'`.execute(database.db);
      expect(rows[0]?.vacuumed).toBeTruthy();
    }
  });

  it("states the planner facts the search's queries are shaped by", () => {
    const { database } = test;
    expect(walksOrderIndexOverIdLists(database)).toBe(dialect === "sqlite");
    expect(costsLookupsBeforeFilters(database)).toBe(dialect === "postgres");
    expect(evaluatesJoinsWhole(database)).toBe(dialect === "postgres");
  });
});

describe("dialectOfUrl", () => {
  it("reads PostgreSQL from its URL schemes and SQLite from anything else", () => {
    expect(dialectOfUrl("postgres://postgres@127.0.0.1:5432/x")).toBe("postgres");
    expect(dialectOfUrl("postgresql://h/x")).toBe("postgres");
    expect(dialectOfUrl("file:/tmp/x.sqlite")).toBe("sqlite");
    expect(dialectOfUrl(undefined)).toBe("sqlite");
  });
});
