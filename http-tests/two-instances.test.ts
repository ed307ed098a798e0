import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openForm, postForm } from "./forms";
import {
  RECORD_CHECK,
  batchButton,
  pressBatchButton,
  progressEvents,
  recordsFile,
  until,
  uploadImport,
} from "./imports";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  startServer,
} from "./server";

/**
 * Issue 13, point 7: two instances of the server on one PostgreSQL database, as behind a reverse proxy
 * (docs/deploy.md), sharing their data folder as the deployment guide says. What one instance starts, the other
 * sees: a sign-in, the sign-in throttle, the build the pages check against, and an import — which runs once, on
 * one instance, even when both are asked to start it at the same moment.
 */
const ROWS = 60_000;
const COLLECTION = "records:stpete-death";
const DEATHS = 2;
/** Requests to start the import sent to each instance at once. */
const STARTS_PER_INSTANCE = 8;

describe.skipIf(!postgresAdminUrl)("two instances on one PostgreSQL database", () => {
  let a: RunningServer;
  let b: RunningServer;
  let admin: Account;
  let member: Account;

  beforeAll(async () => {
    a = await startServer({ kind: "postgres", env: { LOG_LEVEL: "info" } });
    b = await startServer({
      kind: "postgres",
      databaseName: a.databaseName,
      dataDir: a.dataDir,
      env: { LOG_LEVEL: "info" },
    });
    const database = a.openDatabase();
    admin = await makeAccount(database, { role: "admin" });
    member = await makeAccount(database);
    await database.close();
  });
  afterAll(async () => {
    // b first: a made the database and the data folder, and removes them.
    await b?.process.kill("SIGTERM");
    await a?.stop();
  });

  it("share a sign-in: the session made on one is honoured by the other", async () => {
    const form = await openForm(`${a.url}/Login`);
    const signedIn = await postForm(`${a.url}/Login`, form, { login: member.username, password: member.password });
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("metryka_refresh=");
    const onB = await fetch(`${b.url}/members/profile`, {
      headers: { Cookie: cookie, "User-Agent": PERSON_USER_AGENT },
      redirect: "manual",
    });
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain(member.username);
    // Not signed in, B sends a visitor to the sign-in page: the 200 above is the session's doing.
    const visitor = await fetch(`${b.url}/members/profile`, {
      headers: { "User-Agent": PERSON_USER_AGENT },
      redirect: "manual",
    });
    expect(visitor.status).toBe(302);
  });

  it("share the sign-in throttle: failures on one lock the account on the other", async () => {
    const formA = await openForm(`${a.url}/Login`);
    for (let i = 0; i < 5; i++) {
      const wrong = await postForm(`${a.url}/Login`, formA, { login: admin.username, password: "not the password" });
      expect(wrong.status).toBe(401);
    }
    const formB = await openForm(`${b.url}/Login`);
    // The right password, on the other instance: still refused while the lock lasts.
    const locked = await postForm(`${b.url}/Login`, formB, { login: admin.username, password: admin.password });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("agree on the build the pages check against", async () => {
    const [latestA, latestB] = await Promise.all(
      [a, b].map(async (s) => (await fetch(`${s.url}/builds/latest.json`)).json() as Promise<{ id: string }>),
    );
    expect(latestB).toEqual(latestA);
    // A page served by A names its build; B knows it (the check a page makes may reach either instance).
    const page = await (await fetch(`${a.url}/`, { headers: { "User-Agent": PERSON_USER_AGENT } })).text();
    expect(page).toContain(latestA.id);
    const meta = await fetch(`${b.url}/builds/meta/${latestA.id}.json`);
    expect(meta.status).toBe(200);
    expect(await meta.json()).toMatchObject({ id: latestA.id });
  });

  it("run an import once: started on one, watched on the other, refused on the second start", async () => {
    const database = a.openDatabase();
    try {
      const batchPath = await uploadImport(a.url, admin.cookie, COLLECTION, recordsFile(ROWS));
      const batchId = Number(batchPath.split("/").pop());
      const status = async () =>
        (await database.db
          .selectFrom("import_batches")
          .select(["status", "runner"])
          .where("id", "=", batchId)
          .executeTakeFirstOrThrow())!;
      // Checked on B: the file uploaded through A is in the shared data folder.
      const check = await pressBatchButton(b.url, admin.cookie, batchPath, "check", RECORD_CHECK);
      expect(check.status, (await check.clone().text()).slice(0, 300)).toBe(302);
      await until("the check", async () => ((await status()).status === "checked" ? true : undefined));

      // Both instances asked at the same moment, again and again (impatient clicks through a proxy): one request
      // starts it, every other is refused.
      const buttons = await Promise.all(
        Array.from({ length: 2 * STARTS_PER_INSTANCE }, (_, i) =>
          batchButton((i % 2 ? b : a).url, admin.cookie, batchPath, "import"),
        ),
      );
      const starts = await Promise.all(buttons.map((press) => press()));
      const statuses = starts.map((r) => r.status);
      expect(statuses.filter((s) => s === 302)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(statuses.length - 1);
      const refused = await starts.find((r) => r.status === 409)!.text();
      expect(refused).toMatch(/already running|Someone else started this import a moment ago/);
      const runner = statuses.indexOf(302) % 2 ? b : a;
      const watcher = runner === a ? b : a;

      // The other instance's progress bar follows it through the database, to the end.
      const events = await progressEvents(`${watcher.url}${batchPath}/events`, admin.cookie, 120_000);
      expect(events.some((e) => e.running)).toBe(true);
      expect(events.at(-1)).toMatchObject({ status: "imported", running: false, done: ROWS, total: ROWS });

      const records = await database.db
        .selectFrom("records")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("collection", "=", DEATHS)
        .executeTakeFirstOrThrow();
      expect(Number(records.n)).toBe(ROWS);
      const batches = await database.db.selectFrom("import_batches").select(["id", "status"]).execute();
      expect(batches).toEqual([{ id: batchId, status: "imported" }]);
      const started = await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "import.start")
        .execute();
      expect(started).toHaveLength(1);
      const ran = (s: RunningServer) => (s.output().match(/"phase":"import"[^\n]*"import job done"/g) ?? []).length;
      expect([ran(runner), ran(watcher)]).toEqual([1, 0]);
    } finally {
      await database.close();
    }
  });
});
