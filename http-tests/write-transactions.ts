import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type RunningServer, adminQuery } from "./server";

/**
 * Catches a running server inside a write transaction, so that a SIGKILL is known to land in the middle of one
 * instead of by chance (issue 13 point 5). The server is stopped (SIGSTOP), which freezes whatever it was doing,
 * and then looked at from outside:
 * - on SQLite, through the locks it holds: in WAL mode the writer holds a POSIX write lock on byte 120 of the
 *   `-shm` file (SQLite's WAL_WRITE_LOCK) from its first write until its commit or rollback, and /proc/locks lists it;
 * - on PostgreSQL, through `pg_stat_activity`: a backend of its database with a transaction id has written in a
 *   transaction that has not ended.
 * When it holds none, it is let go (SIGCONT) for a few milliseconds and caught again.
 */

/** SQLite's WAL_WRITE_LOCK: the byte of the -shm file the writer locks (sqlite3.c, WALINDEX_LOCK_OFFSET + 0). */
const WAL_WRITE_LOCK_BYTE = 120;

function stopped(pid: number): boolean {
  // /proc/PID/stat: "pid (comm) state …"; the name may hold spaces, the state follows the last ")".
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "T";
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("the server did not stop");
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** Whether process `pid` holds SQLite's WAL write lock on the database of `dataDir`. */
export function holdsSqliteWriteLock(
  pid: number,
  dataDir: string,
  locks = readFileSync("/proc/locks", "utf8"),
): boolean {
  let inode: number;
  try {
    inode = statSync(path.join(dataDir, "metryka.sqlite-shm")).ino;
  } catch {
    return false;
  }
  // e.g. "7: POSIX  ADVISORY  WRITE 27879 fe:00:2147398 120 120"
  return locks.split("\n").some((line) => {
    const f = line.trim().split(/\s+/);
    return (
      f[1] === "POSIX" &&
      f[3] === "WRITE" &&
      Number(f[4]) === pid &&
      Number(f[5]?.split(":")[2]) === inode &&
      Number(f[6]) === WAL_WRITE_LOCK_BYTE
    );
  });
}

/** How many of the database's backends are inside a transaction that has written. */
async function openPostgresWrites(databaseName: string): Promise<number> {
  const result = await adminQuery(
    `select count(*)::int as n from pg_stat_activity where datname = '${databaseName}' and backend_xid is not null`,
  );
  return (result.rows[0] as { n: number }).n;
}

async function openWrites(server: RunningServer, pid: number): Promise<number> {
  if (server.kind === "sqlite") return holdsSqliteWriteLock(pid, server.dataDir) ? 1 : 0;
  // The frozen server sends nothing more, but a statement it had sent may still be running: let PostgreSQL finish
  // it, so a transaction about to end on its own is not counted.
  await new Promise((r) => setTimeout(r, 50));
  return openPostgresWrites(server.databaseName!);
}

/**
 * Stops the server at a moment when it holds at least one write transaction open and returns how many it holds
 * (SQLite: 1, its one writer), or 0 if it did not within `attempts` tries (it is then left stopped too).
 * The caller kills it next: SIGKILL ends a stopped process without letting it run another instruction.
 */
export async function stopInsideWriteTransaction(server: RunningServer, attempts = 200): Promise<number> {
  const pid = server.process.pid!;
  for (let attempt = 1; ; attempt++) {
    process.kill(pid, "SIGSTOP");
    await waitUntil(() => stopped(pid), 5_000);
    const open = await openWrites(server, pid);
    if (open > 0 || attempt === attempts) return open;
    process.kill(pid, "SIGCONT");
    await new Promise((r) => setTimeout(r, 1 + Math.floor(Math.random() * 15)));
  }
}

/** Lets a server stopped by stopInsideWriteTransaction run again. */
export function resume(server: RunningServer): void {
  process.kill(server.process.pid!, "SIGCONT");
}
