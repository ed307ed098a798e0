import { execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, type RunningServer, makeAccount, startServer } from "./server";
import { expectRecovered, expectStorageFaultReported, openWriteForms, tryWrites } from "./storage-faults";

/**
 * Issue 13, point 5: the data folder turns read-only under a running server, as a disk does when the kernel
 * remounts it after an error: every write to the files the server holds open fails with EROFS, reads go on. A
 * clean `mount -o remount,ro` is refused while SQLite holds its files open for writing (and chmod binds nobody:
 * the files are open already, and root ignores it), so strace makes the kernel's answer: it injects EROFS into
 * the server's writes to the database's files and the folder's probe file, and detaching it makes the folder
 * writable again. Writes answer a clear 503 page that says so, one alert is logged, /healthz reports it, reading
 * pages go on working, and writes work again afterwards. SQLite only: on PostgreSQL the data folder holds no data
 * (its database's own faults are database-outage.test.ts's).
 */
const WRITES =
  "openat,write,pwrite64,pwritev,pwritev2,ftruncate,fallocate,fsync,fdatasync,unlink,unlinkat,rename,renameat,renameat2";

function tracerOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^TracerPid:\s*(\d+)/m.exec(status)?.[1] ?? 0);
}

async function until(what: string, probe: () => boolean): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every write of the server to its data folder's files fails with EROFS until the returned function is called. */
async function makeReadOnly(server: RunningServer): Promise<() => Promise<void>> {
  const pid = server.process.pid!;
  const files = ["metryka.sqlite", "metryka.sqlite-wal", "metryka.sqlite-shm", "metryka.sqlite-journal"].map((f) =>
    path.join(server.dataDir, f),
  );
  files.push(path.join(server.dataDir, `.write-probe-${pid}`));
  const strace = spawn(
    "strace",
    [
      "-f",
      "-qq",
      "-o",
      "/dev/null",
      "-p",
      String(pid),
      "-e",
      `inject=${WRITES}:error=EROFS`,
      ...files.flatMap((f) => ["-P", f]),
    ],
    { stdio: "ignore" },
  );
  await until("strace to attach", () => tracerOf(pid) === strace.pid);
  return async () => {
    strace.kill("SIGINT");
    await until("strace to detach", () => tracerOf(pid) === 0);
  };
}

/** Whether strace is installed and may attach to a process it did not start (ptrace rights: root, or a lenient ptrace_scope). */
const straceWorks = (() => {
  const sibling = spawn("sleep", ["0.5"], { stdio: "ignore" });
  try {
    execFileSync("strace", ["-qq", "-o", "/dev/null", "-e", "trace=none", "-p", String(sibling.pid)], {
      stdio: "ignore",
      timeout: 5_000,
    });
    return true;
  } catch {
    console.warn("read-only.test.ts is skipped: strace is missing or may not attach to a process (ptrace rights)");
    return false;
  } finally {
    sibling.kill();
  }
})();

describe.skipIf(!straceWorks)("a read-only data folder (SQLite)", () => {
  let server: RunningServer;
  let account: Account;

  beforeAll(async () => {
    server = await startServer({ kind: "sqlite", seedRecords: 200 });
    const database = server.openDatabase();
    account = await makeAccount(database);
    await database.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers writes with a 503 that says so, alerts once, reports it on /healthz, and recovers", async () => {
    const forms = await openWriteForms(server);
    const makeWritable = await makeReadOnly(server);
    const attempts = await tryWrites(server, forms, account, "readonly");
    for (const response of attempts) {
      expect(response.status, `${response.url}\n${server.output()}`).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("300");
    }
    const page = await attempts[0]!.text();
    expect(page).toContain("its data folder is read-only");
    expect(page).not.toContain("storage is full");

    await expectStorageFaultReported(server, "read-only");
    expect(server.output()).toMatch(/ALERT: writes fail, the data folder is read-only/);
    // Reading goes on.
    const search = await fetch(`${server.url}/stpete/birth/search?surname=Schmidt`);
    expect(search.status).toBe(200);

    await makeWritable();
    await expectRecovered(server, account);
    // Nothing was damaged: the database file passes SQLite's own check.
    const database = server.openDatabase();
    const { sqlite } = database;
    expect(sqlite!.pragma("integrity_check", { simple: true })).toBe("ok");
    await database.close();
  });
});
