import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_BUSY_MESSAGE, DATABASE_RESTARTING_MESSAGE } from "~/server/availability.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/config/timing";
import { openForm, postForm } from "./forms";
import { type Account, type RunningServer, makeAccount, startServer } from "./server";

/**
 * SQLite has one writer at a time. When another connection (an import's own, `npm run seed`, a second process)
 * holds the write lock past the busy timeout, a write of the site answers a 503 page that says the site is busy
 * with a large change, not that the database is restarting (it is not), logs one warning and no error, and the
 * next write after the lock is released succeeds with no restart. Reads go on meanwhile (WAL).
 */
describe("a write lock held by another connection (SQLite)", () => {
  let server: RunningServer;
  let account: Account;

  beforeAll(async () => {
    server = await startServer({ kind: "sqlite" });
    const database = server.openDatabase();
    account = await makeAccount(database);
    await database.close();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("answers a write with the busy page while the lock is held, and writes again once it is released", async () => {
    const signIn = await openForm(`${server.url}/Login`);
    const holder = new SQLite(path.join(server.dataDir, "metryka.sqlite"));
    try {
      holder.exec("begin immediate");
      const reading = await fetch(`${server.url}/stpete/birth/search?surname=Schmidt`);
      expect(reading.status).toBe(200);
      const refused = await postForm(`${server.url}/Login`, signIn, {
        login: account.username,
        password: account.password,
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get("Retry-After")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      const page = await refused.text();
      expect(page).toContain(DATABASE_BUSY_MESSAGE);
      expect(page).not.toContain(DATABASE_RESTARTING_MESSAGE);
    } finally {
      holder.exec("rollback");
      holder.close();
    }
    expect(server.output()).toContain("the database is busy");
    expect(server.output()).not.toMatch(/"level":50/);
    const again = await openForm(`${server.url}/Login`);
    const signedIn = await postForm(`${server.url}/Login`, again, {
      login: account.username,
      password: account.password,
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Set-Cookie")).toContain("metryka_refresh=");
    expect(server.exited()).toBe(false);
  }, 60_000);
});
