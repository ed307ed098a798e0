import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { UPLOAD_SWEEP_GRACE_MS } from "~/config/timing";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { receiveUpload, uploadsDir } from "~/routing/upload.server";
import { createBatch } from "~/imports/batches.server";
import { heldBytes, sweepUploads, uploadRoom } from "./upload-files.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "metryka-upload-files-"));
const saved = { DATA_DIR: process.env.DATA_DIR, UPLOAD_QUOTA_MB: process.env.UPLOAD_QUOTA_MB };
beforeAll(() => {
  process.env.DATA_DIR = dataDir;
  process.env.UPLOAD_QUOTA_MB = "1";
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe.each(testDialects())("files in the uploads folder (%s)", (dialect) => {
  let test: TestDatabase;
  let member: number;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const user = await createUser(
      test.database,
      {
        username: `uploader-${dialect}`,
        email: `uploader-${dialect}@example.org`,
        password: "correct horse battery staple",
        role: "member",
        status: "active",
      },
      { actorUserId: null, via: "test" },
    );
    member = Number(user.id);
  });
  afterAll(async () => {
    await test.drop();
    for (const name of readdirSync(uploadsDir())) rmSync(path.join(uploadsDir(), name));
  });

  /** A file in the uploads folder, last written `ago` ms before now. */
  function file(name: string, bytes: number, ago = 0): string {
    const at = path.join(uploadsDir(), name);
    writeFileSync(at, Buffer.alloc(bytes));
    const when = new Date(Date.now() - ago);
    utimesSync(at, when, when);
    return at;
  }

  async function batchFor(filePath: string, createdBy: number | null) {
    await createBatch(test.database, {
      kind: "gedcom",
      target: "genealogy",
      fileName: path.basename(filePath),
      filePath,
      format: "gedcom",
      analysis: { sha256: "0".repeat(64), bytes: 0, encoding: "utf-8", approximateRows: 0 } as never,
      settings: { encoding: "utf-8", delimiter: ";", columns: [], calendar: "gregorian", skipBadRows: false },
      createdBy,
      createdByName: "test",
    });
  }

  it("sweeps files that belong to no batch, once past the grace period (issue 26)", async () => {
    const old = UPLOAD_SWEEP_GRACE_MS + 60_000;
    const held = file(`held-${dialect}.ged`, 10, old);
    await batchFor(held, member);
    const orphan = file(`orphan-${dialect}.upload`, 10, old);
    const recent = file(`recent-${dialect}.upload`, 10, UPLOAD_SWEEP_GRACE_MS - 60_000);
    expect(await sweepUploads(test.database)).toEqual([path.basename(orphan)]);
    expect(readdirSync(uploadsDir())).toEqual(expect.arrayContaining([path.basename(held), path.basename(recent)]));
    expect(readdirSync(uploadsDir())).not.toContain(path.basename(orphan));
    // Past its grace period, the recent one goes too; the batch's file stays.
    expect(await sweepUploads(test.database, Date.now() + UPLOAD_SWEEP_GRACE_MS)).toEqual([path.basename(recent)]);
    expect(readdirSync(uploadsDir())).toContain(path.basename(held));
  });

  it("counts a member's kept files against their quota, and refuses what would pass it", async () => {
    const before = await heldBytes(test.database, member);
    await batchFor(file(`tree-${dialect}.ged`, 700_000), member);
    // A batch whose file is gone (a withdrawn tree) holds nothing.
    await batchFor(path.join(uploadsDir(), `withdrawn-${dialect}.ged`), member);
    expect(await heldBytes(test.database, member)).toBe(before + 700_000);
    const room = await uploadRoom(test.database, { id: member, role: "member" });
    expect(room).toBe(1024 * 1024 - before - 700_000);
    expect(await uploadRoom(test.database, { id: member, role: "admin" })).toBeUndefined();

    const form = new FormData();
    form.set("csrf", "token");
    form.set("file", new Blob([Buffer.alloc(400_000)]), "more.ged");
    const upload = await receiveUpload(new Request("http://localhost/", { method: "POST", body: form }), ".ged", {
      roomBytes: room,
      owner: member,
    });
    expect(upload).toMatchObject({ ok: false, reason: "quota" });
    expect(await heldBytes(test.database, member)).toBe(before + 700_000);
  });
});
