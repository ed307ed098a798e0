import { describe, expect, it } from "vitest";
import { databaseTrouble } from "./errors";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("databaseTrouble", () => {
  it("calls a PostgreSQL restart, refusal or lost connection 'unavailable'", () => {
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001", "53300", "55000", "ECONNREFUSED", "ECONNRESET"]) {
      expect(databaseTrouble(withCode(code)), code).toBe("unavailable");
    }
    expect(databaseTrouble(new Error("Connection terminated unexpectedly"))).toBe("unavailable");
    expect(databaseTrouble(new Error("timeout exceeded when trying to connect"))).toBe("unavailable");
    expect(databaseTrouble(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      "unavailable",
    );
    expect(databaseTrouble(withCode("SQLITE_CANTOPEN"))).toBe("unavailable");
  });

  it("calls a write lock held past the wait 'busy': the database is there, another write is long", () => {
    for (const code of ["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED", "55P03"]) {
      expect(databaseTrouble(withCode(code)), code).toBe("busy");
    }
  });

  it("calls a full disk 'storage-full', on either database and for files", () => {
    for (const code of ["53100", "SQLITE_FULL", "SQLITE_IOERR_WRITE", "ENOSPC", "EDQUOT"]) {
      expect(databaseTrouble(withCode(code)), code).toBe("storage-full");
    }
  });

  it("calls a read-only disk or database file 'storage-read-only'", () => {
    for (const code of ["EROFS", "SQLITE_READONLY", "SQLITE_READONLY_DBMOVED"]) {
      expect(databaseTrouble(withCode(code)), code).toBe("storage-read-only");
    }
  });

  it("looks through causes and aggregate errors", () => {
    expect(databaseTrouble(new Error("wrapped", { cause: withCode("57P01") }))).toBe("unavailable");
    expect(databaseTrouble(new AggregateError([new Error("a"), withCode("ECONNREFUSED")]))).toBe("unavailable");
  });

  it("leaves every other error alone: a bug stays a 500", () => {
    for (const error of [
      new Error("boom"),
      withCode("23505"), // unique violation
      withCode("42P01"), // undefined table
      withCode("SQLITE_CONSTRAINT_UNIQUE"),
      withCode("0800"), // not a SQLSTATE
      "text",
      null,
      undefined,
      { code: 57 },
    ]) {
      expect(databaseTrouble(error)).toBeUndefined();
    }
  });
});
