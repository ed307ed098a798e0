import { problemIn } from "./words.server";
import { afterAll, describe, expect, it } from "vitest";
import { IMPORT_STALE_AFTER_MS } from "~/config/timing";
import { createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "~/search/collections";
import { claimBatch, createBatch, getBatch } from "./batches.server";
import { FILE_NOT_HERE } from "./batch-walk.server";
import { failInterruptedBatches, startBatchJob } from "./jobs.server";
import { updateBatch } from "~/jobs/batch-rows.server";

const collection = getCollection("stpete-birth")!;

describe.each(testDialects())("batches of stopped instances (%s)", (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => close?.());

  it("are failed only while their heartbeat stays silent", async () => {
    const test = await createTestDatabase(dialect);
    close = () => test.drop();
    const id = await createBatch(test.database, {
      kind: "records",
      target: collection.id,
      fileName: "registers.csv",
      filePath: "/nonexistent/registers.csv",
      format: "csv",
      analysis: { sha256: "0".repeat(64), bytes: 0, encoding: "utf-8", approximateRows: 0 } as never,
      settings: { encoding: "utf-8", delimiter: ";", columns: [], calendar: "gregorian", skipBadRows: false },
      createdBy: null,
      createdByName: "test",
    });
    const now = Date.now();
    const beat = (ago: number) => updateBatch(test.database, id, { heartbeat_at: new Date(now - ago).toISOString() });
    await claimBatch(test.database, id, ["uploaded"], "importing");
    await beat(IMPORT_STALE_AFTER_MS + 5_000);
    const silentSince = new Date(now - IMPORT_STALE_AFTER_MS).toISOString();

    // Its instance spoke after the list of silent batches was read: the batch is left to it.
    await beat(1_000);
    expect(await claimBatch(test.database, id, ["importing"], "failed", {}, silentSince)).toBe(false);
    expect((await getBatch(test.database, id))!.status).toBe("importing");

    await beat(IMPORT_STALE_AFTER_MS + 5_000);
    expect(await failInterruptedBatches(test.database, now)).toBe(1);
    expect((await getBatch(test.database, id))!.status).toBe("failed");

    // Its file is not in this instance's data folder: the import says so instead of an unexpected error.
    await updateBatch(test.database, id, { checked: 1 });
    expect((await startBatchJob(test.database, id, "import", "test", { wait: true })).ok).toBe(true);
    expect(await getBatch(test.database, id)).toMatchObject({
      status: "failed",
      error: FILE_NOT_HERE,
      errorSay: { key: "file.problems.notHere" },
    });
    // The batch page says it in the reader's language.
    const failed = (await getBatch(test.database, id))!;
    expect(problemIn("pl", { message: failed.error!, say: failed.errorSay }).message).toMatch(
      /^Przesłanego pliku nie ma już w folderze danych tego serwera/,
    );
  });
});
