import { afterAll, describe, expect, it } from "vitest";
import {
  type ProgressEvent,
  RECORD_CHECK,
  pressBatchButton,
  progressEvents,
  recordsFile,
  until,
  uploadImport,
} from "./imports";
import { type RunningServer, makeAccount, postgresAdminUrl, startServer } from "./server";

/**
 * Issue 10: a server killed in the middle of an import leaves no partial batch. The import of a large file is
 * started through the pages, the process is killed (SIGKILL: no shutdown code runs) while the batch is importing,
 * and a new server on the same data shows the batch as failed, with the collection exactly as it was. On
 * PostgreSQL the batch is failed once its heartbeat is stale (another instance could still be running it).
 */
const ROWS = 150_000;
const COLLECTION = "records:stpete-death";

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

    const batchPath = await uploadImport(server.url, admin.cookie, COLLECTION, recordsFile(ROWS));
    const batchId = Number(batchPath.split("/").pop());
    const post = async (intent: string, values: Record<string, string> = {}) => {
      const response = await pressBatchButton(server!.url, admin.cookie, batchPath, intent, values);
      expect(response.status, (await response.clone().text()).slice(0, 300)).toBe(302);
    };
    const status = async () =>
      (await database.db
        .selectFrom("import_batches")
        .select(["status", "error"])
        .where("id", "=", batchId)
        .executeTakeFirst())!;

    // The page's selects, as recognised: UTF-8, semicolons, each column to its field.
    await post("check", RECORD_CHECK);
    await until("the check", async () => ((await status()).status === "checked" ? true : undefined));
    await post("import");
    await until("the import to run", async () => ((await status()).status === "importing" ? true : undefined));
    // The progress bar's events arrive while the rows are written (not held back by compression).
    // Listened to until two running events show rows done between them (a loaded machine sends them less often).
    const advanced = (events: ProgressEvent[]) => {
      const running = events.filter((e) => e.running);
      return running.length >= 2 && running.at(-1)!.done > running[0]!.done;
    };
    const events = await progressEvents(`${server.url}${batchPath}/events`, admin.cookie, 20_000, advanced);
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
