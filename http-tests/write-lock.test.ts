import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_BUSY_MESSAGE, DATABASE_RESTARTING_MESSAGE } from "~/server/availability.server";
import { DATABASE_RETRY_AFTER_SECONDS } from "~/config/timing";
import { type PageForm, openForm, postForm } from "./forms";
import { RECORD_CHECK, pressBatchButton, recordsFile, until, uploadImport } from "./imports";
import { type Account, type RunningServer, makeAccount, startServer } from "./server";
import { expectSignsIn } from "./storage-faults";
import { holdsSqliteWriteLock } from "./write-transactions";

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

  /**
   * Sends the sign-in form, and while it waits for the lock asks for a search nobody asked before (read from the
   * database: a first ask is never a kept page). The search must be answered first: SQLite's own wait slept in the
   * server's thread, and the search came back only after the sign-in's answer. `lockStillHeld` says whether the
   * lock was still held once the search was answered (an import may have committed meanwhile, and the sign-in
   * with it). Gives the sign-in's answer.
   */
  async function signInWhileSearching(
    signIn: PageForm,
    surname: string,
    lockStillHeld: () => Promise<boolean>,
  ): Promise<Response> {
    let answeredYet = false;
    const answering = postForm(`${server.url}/Login`, signIn, {
      login: account.username,
      password: account.password,
    }).finally(() => (answeredYet = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reading = await fetch(`${server.url}/stpete/birth/search?surname=${surname}`);
    expect(reading.status).toBe(200);
    const answeredBeforeTheSearch = answeredYet;
    if (await lockStillHeld()) expect(answeredBeforeTheSearch).toBe(false);
    return answering;
  }

  it("answers a write with the busy page while the lock is held, and writes again once it is released", async () => {
    const signIn = await openForm(`${server.url}/Login`);
    const holder = new SQLite(path.join(server.dataDir, "metryka.sqlite"));
    try {
      holder.exec("begin immediate");
      const refused = await signInWhileSearching(signIn, "Nowak", async () => true);
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
    await expectSignsIn(server, account);
  }, 60_000);

  it("goes on answering while an import in the server holds the lock, and a sign-in then waits without freezing it", async () => {
    const database = server.openDatabase();
    const admin = await makeAccount(database, { role: "admin" });
    try {
      const batchPath = await uploadImport(server.url, admin.cookie, "records:stpete-death", recordsFile(600_000));
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
      // An importing batch reads and keys its file before its transaction begins: wait until it holds the lock.
      const importHoldsLock = async () => holdsSqliteWriteLock(server.process.pid!, server.dataDir);
      await until(
        "the import to take the write lock",
        async () => ((await importHoldsLock()) ? true : undefined),
        60_000,
      );

      const signedIn = await signInWhileSearching(signIn, "Kowalski", async () => (await status()) === "importing");
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
