// The named dialect facts domain modules ask instead of testing the database's kind (issue 28 item 3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECT_NAMES, dialectOfUrl, sharedByInstances } from "./connection.server";
import { isUniqueViolation } from "./errors";
import { jobExcludesOtherWriters } from "./job-transaction.server";
import { type TestDatabase, createTestDatabase, testDialects } from "./test-database";

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
});

describe("dialectOfUrl", () => {
  it("reads PostgreSQL from its URL schemes and SQLite from anything else", () => {
    expect(dialectOfUrl("postgres://postgres@127.0.0.1:5432/x")).toBe("postgres");
    expect(dialectOfUrl("postgresql://h/x")).toBe("postgres");
    expect(dialectOfUrl("file:/tmp/x.sqlite")).toBe("sqlite");
    expect(dialectOfUrl(undefined)).toBe("sqlite");
  });
});
