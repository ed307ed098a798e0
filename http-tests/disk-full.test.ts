import { execFileSync } from "node:child_process";
import { mkdtempSync, openSync, rmSync, writeSync, closeSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, PERSON_USER_AGENT, type RunningServer, makeAccount, startServer } from "./server";
import { expectRecovered, expectStorageFaultReported, openWriteForms, tryWrites } from "./storage-faults";

/**
 * Issue #8, point 5: the disk under the data folder fills up. Sign-up and
 * sign-in answer a clear 503 (not a 500), one alert is logged, /healthz reports
 * the failing writes, and everything works again once space is freed. The data
 * folder is a small tmpfs of its own (so root is needed to mount it).
 */
function mountSmallDisk(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const dir = mkdtempSync(path.join(os.tmpdir(), "metryka-full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", dir]);
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

function fillDisk(dir: string): string {
  const filler = path.join(dir, "filler");
  const fd = openSync(filler, "w");
  const chunk = Buffer.alloc(1024 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch {
    // ENOSPC: the disk is full
  }
  const small = Buffer.alloc(4096, 1);
  try {
    for (;;) writeSync(fd, small);
  } catch {
    // full to the last block
  }
  closeSync(fd);
  return filler;
}

const disk = mountSmallDisk();

describe.skipIf(!disk)("a full disk under the data folder (SQLite)", () => {
  let server: RunningServer;
  let account: Account;

  beforeAll(async () => {
    server = await startServer({ kind: "sqlite", dataDir: disk });
    const database = server.openDatabase();
    account = await makeAccount(database);
    await database.close();
  });
  afterAll(async () => {
    await server?.stop();
    if (disk) {
      execFileSync("umount", [disk]);
      rmSync(disk, { recursive: true, force: true });
    }
  });

  it("answers sign-up and sign-in with 503, alerts once, reports it on /healthz, and recovers", async () => {
    const forms = await openWriteForms(server);
    const filler = fillDisk(disk!);

    const attempts = await tryWrites(server, forms, account, "fulldisk");
    const api = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": PERSON_USER_AGENT },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    attempts.push(api);
    for (const response of attempts) {
      expect(response.status, response.url).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("300");
    }
    expect(await attempts[0]!.text()).toContain("its storage is full");

    await expectStorageFaultReported(server, "full");

    unlinkSync(filler);
    await expectRecovered(server, account);
  });
});
