import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_BUSY_MESSAGE, DATABASE_RESTARTING_MESSAGE } from "~/server/availability.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/config/timing";
import { openForm, postForm } from "./forms";
import { RECORD_CHECK, pressBatchButton, recordsFile, until, uploadImport } from "./imports";
import { type Account, type RunningServer, makeAccount, startServer } from "./server";

/**
 * SQLite has one writer at a time. When another connection (an import's own, `npm run seed`, a second process)
 * holds the write lock past the busy timeout, a write of the site answers a 503 page that says the site is busy
 * with a large change, not that the database is restarting (it is not), logs one warning and no error, and the
 * next write after the lock is released succeeds with no restart. The server goes on answering while the write
 * waits (decision 0053: SQLite's own wait slept in the thread that serves every request).
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
      let refusedYet = false;
      const refusing = postForm(`${server.url}/Login`, signIn, {
        login: account.username,
        password: account.password,
      }).finally(() => (refusedYet = true));
      // While the sign-in waits for the lock the server goes on answering: a search nobody asked before is read
      // from the database (a first ask is never a kept page).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const reading = await fetch(`${server.url}/stpete/birth/search?surname=Nowak`);
      expect(reading.status).toBe(200);
      expect(refusedYet).toBe(false);
      const refused = await refusing;
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

  it("goes on answering while an import in the server holds the lock, and a sign-in then waits without freezing it", async () => {
    const database = server.openDatabase();
    const admin = await makeAccount(database, { role: "admin" });
    try {
      const batchPath = await uploadImport(server.url, admin.cookie, "records:stpete-death", recordsFile(150_000));
      const batchId = Number(batchPath.split("/").pop());
      const status = async () =>
        (
          await database.db
            .selectFrom("import_batches")
            .select("status")
            .where("id", "=", batchId)
            .executeTakeFirstOrThrow()
        ).status;
      expect((await pressBatchButton(server.url, admin.cookie, batchPath, "check", RECORD_CHECK)).status).toBe(302);
      await until("the check", async () => ((await status()) === "checked" ? true : undefined));
      const signIn = await openForm(`${server.url}/Login`);
      expect((await pressBatchButton(server.url, admin.cookie, batchPath, "import")).status).toBe(302);
      await until("the import to run", async () => ((await status()) === "importing" ? true : undefined), 30_000);

      let signedInYet = false;
      const signingIn = postForm(`${server.url}/Login`, signIn, {
        login: account.username,
        password: account.password,
      }).finally(() => (signedInYet = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const reading = await fetch(`${server.url}/stpete/birth/search?surname=Kowalski`);
      expect(reading.status).toBe(200);
      // SQLite's own wait slept in the server's thread: the import stood still and the search waited behind it.
      expect(signedInYet).toBe(false);
      const signedIn = await signingIn;
      // Within its five seconds the import may have committed (signed in) or not (the busy page): never a 500.
      if (signedIn.status === 503) expect(await signedIn.text()).toContain(DATABASE_BUSY_MESSAGE);
      else expect(signedIn.status).toBe(302);
      await until("the import to end", async () => ((await status()) === "imported" ? true : undefined), 120_000);
      expect(server.output()).not.toMatch(/"level":50/);
    } finally {
      await database.close();
    }
  }, 240_000);
});
