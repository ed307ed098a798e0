import { afterAll, describe, expect, it } from "vitest";
import { openForm } from "./forms";
import { PERSON_USER_AGENT, type RunningServer, makeAccount, postgresAdminUrl, startServer } from "./server";

/**
 * Issue 10: a server killed in the middle of an import leaves no partial batch. The import of a large file is
 * started through the pages, the process is killed (SIGKILL: no shutdown code runs) while the batch is importing,
 * and a new server on the same data shows the batch as failed, with the collection exactly as it was. On
 * PostgreSQL the batch is failed once its heartbeat is stale (another instance could still be running it).
 */
const ROWS = 150_000;
const COLLECTION = "records:stpete-death";

function bigFile(): Blob {
  const lines = ["ID;Surname;Given name;Date;Place;Parish"];
  for (let i = 1; i <= ROWS; i++) {
    lines.push(`k${i};Schulz${i % 5000};Johann;${(i % 28) + 1}.${(i % 12) + 1}.${1834 + (i % 50)};Rowno;Rowno`);
  }
  return new Blob([`${lines.join("\n")}\n`], { type: "text/csv" });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The progress events a browser would receive in `ms`. */
async function progressEvents(url: string, cookie: string, ms: number): Promise<{ done: number; running: boolean }[]> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: {
      "User-Agent": PERSON_USER_AGENT,
      Cookie: cookie,
      Accept: "text/event-stream",
      "Accept-Encoding": "gzip, br",
    },
    signal: controller.signal,
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const stop = setTimeout(() => controller.abort(), ms);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // aborted: enough heard
  } finally {
    clearTimeout(stop);
  }
  return [...text.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { done: number; running: boolean });
}

const kinds: ("sqlite" | "postgres")[] = postgresAdminUrl ? ["sqlite", "postgres"] : ["sqlite"];

describe.each(kinds)("an import killed in the middle (%s)", (kind) => {
  let server: RunningServer | undefined;
  afterAll(async () => server?.stop());

  it("leaves the collection as it was and the batch failed", async () => {
    server = await startServer({ kind, seedRecords: 0 });
    const { dataDir, databaseName } = server;
    let database = server.openDatabase();
    const admin = await makeAccount(database, { role: "admin" });
    const sizeOf = async () => {
      const row = await database.db
        .selectFrom("records")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("collection", "=", 2)
        .executeTakeFirst();
      const postings = await database.db
        .selectFrom("postings")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      return { records: Number(row?.n), postings: Number(postings?.n) };
    };
    const before = await sizeOf();

    const form = await openForm(`${server.url}/members/admin/imports/new`, admin.cookie);
    const body = new FormData();
    body.set("csrf", form.fields.get("csrf") ?? "");
    body.set("collection", COLLECTION);
    body.set("file", bigFile(), "deaths.csv");
    const headers = { "User-Agent": PERSON_USER_AGENT, Cookie: form.cookie, Origin: server.url };
    const uploaded = await fetch(`${server.url}/members/admin/imports/new`, {
      method: "POST",
      body,
      headers,
      redirect: "manual",
    });
    expect(uploaded.status).toBe(302);
    const batchPath = new URL(uploaded.headers.get("location")!, server.url).pathname;
    const batchId = Number(batchPath.split("/").pop());
    const post = async (intent: string, values: Record<string, string> = {}) => {
      const page = await openForm(`${server!.url}${batchPath}`, admin.cookie);
      const fields = new URLSearchParams(page.fields);
      fields.set("intent", intent);
      for (const [name, value] of Object.entries(values)) fields.set(name, value);
      const response = await fetch(`${server!.url}${batchPath}`, {
        method: "POST",
        body: fields,
        headers: { ...headers, Cookie: page.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        redirect: "manual",
      });
      expect(response.status, (await response.clone().text()).slice(0, 300)).toBe(302);
    };
    const status = async () =>
      (await database.db
        .selectFrom("import_batches")
        .select(["status", "error"])
        .where("id", "=", batchId)
        .executeTakeFirst())!;

    // The page's selects, as recognised: UTF-8, semicolons, each column to its field.
    const columns = ["sourceKey", "surname", "givenName", "date", "place", "parish"];
    await post("check", {
      encoding: "utf-8",
      delimiter: ";",
      calendar: "gregorian",
      ...Object.fromEntries(columns.map((c, i) => [`columns[${i}]`, c])),
    });
    await until("the check", async () => ((await status()).status === "checked" ? true : undefined));
    await post("import");
    await until("the import to run", async () => ((await status()).status === "importing" ? true : undefined));
    // The progress bar's events arrive while the rows are written (not held back by compression).
    const events = await progressEvents(`${server.url}${batchPath}/events`, admin.cookie, 1500);
    const running = events.filter((e) => e.running);
    expect(running.length).toBeGreaterThanOrEqual(2);
    expect(running.at(-1)!.done).toBeGreaterThan(running[0]!.done);
    // Well inside the transaction: rows are being written, nothing is committed.
    expect((await status()).status).toBe("importing");
    await database.close();
    await server.kill();

    server = await startServer({ kind, seedRecords: 0, dataDir, databaseName });
    database = server.openDatabase();
    expect(await sizeOf()).toEqual(before);
    const seen = await until(
      "the batch to show as failed",
      async () => {
        // SQLite's new server fails it at start-up; on PostgreSQL its watch does, once the heartbeat is stale.
        const s = await status();
        return s.status === "failed" ? s : undefined;
      },
      90_000,
    );
    expect(seen.error).toMatch(/The server stopped while this ran; nothing of it was written/);
    const sources = await database.db.selectFrom("record_sources").select("record_id").limit(1).execute();
    expect(sources).toEqual([]);
    await database.close();
  }, 300_000);
});
