import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import SQLite from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresTables, sqliteTables } from "~/db/backups.server";
import { runImportCli } from "../scripts/import-cli";
import {
  PERSON_USER_AGENT,
  type RunningServer,
  adminQuery,
  makeAccount,
  postgresAdminUrl,
  serverDir,
  startServer,
} from "./server";

/**
 * Issue 13, point 6: `npm run backup` while the server runs, then `npm run restore FILE` into a new database, gives
 * back every table row for row — the tables listed from the database itself, so a table added by a later migration
 * is compared without touching this test. A restore over a database that holds data is refused without --force,
 * and with it replaces what was changed since. A server started on the restored database signs its members in.
 */
interface Target {
  DATA_DIR: string;
  DATABASE_URL?: string;
}

/** Every row of every table, as text, sorted: two databases with the same rows give the same snapshot. */
async function snapshot(target: Target): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (!target.DATABASE_URL) {
    const db = new SQLite(path.join(target.DATA_DIR, "metryka.sqlite"), { readonly: true });
    try {
      for (const table of sqliteTables(db)) {
        out[table] = db
          .prepare(`select * from "${table}"`)
          .all()
          .map((row) => JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("hex") : v)))
          .sort();
      }
    } finally {
      db.close();
    }
    return out;
  }
  const client = new pg.Client({ connectionString: target.DATABASE_URL });
  await client.connect();
  try {
    for (const table of await postgresTables(client)) {
      const { rows } = await client.query(`select * from "${table}"`);
      out[table] = rows.map((row) => JSON.stringify(row)).sort();
    }
  } finally {
    await client.end();
  }
  return out;
}

/** `npm run NAME -- ARGS` on the target, as an operator runs it. */
function npmRun(script: string, args: string[], target: Target, extra: Record<string, string> = {}) {
  return new Promise<{ code: number; out: string; err: string }>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, ...target, ...extra };
    if (!target.DATABASE_URL) delete env.DATABASE_URL;
    const child = spawn("npm", ["run", "--silent", script, "--", ...args], { cwd: serverDir, env });
    let out = "";
    let err = "";
    child.stdout.on("data", (c) => (out += String(c)));
    child.stderr.on("data", (c) => (err += String(c)));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? -1, out, err }));
  });
}

class Discard extends Writable {
  override _write(_chunk: Buffer, _enc: string, done: () => void) {
    done();
  }
}

function postgresUrlOf(database: string): string {
  const url = new URL(postgresAdminUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

const kinds: ("sqlite" | "postgres")[] = postgresAdminUrl ? ["sqlite", "postgres"] : ["sqlite"];

describe.each(kinds)("npm run backup and npm run restore (%s)", (kind) => {
  const work = mkdtempSync(path.join(os.tmpdir(), "metryka-backup-"));
  const servers: RunningServer[] = [];
  const databases: string[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    for (const name of databases) await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(work, { recursive: true, force: true });
  });

  it("gives back every table row for row, refuses to overwrite without --force, and serves the restored data", async () => {
    const live = await startServer({ kind, seedRecords: 300 });
    servers.push(live);
    const target: Target = { DATA_DIR: live.dataDir };
    if (kind === "postgres") target.DATABASE_URL = postgresUrlOf(live.databaseName!);

    // Data of every kind: the demo records, accounts with their sessions, an import with its batch.
    const database = live.openDatabase();
    const member = await makeAccount(database);
    await makeAccount(database, { role: "admin" });
    await database.close();
    const csv = path.join(work, "deaths.csv");
    writeFileSync(
      csv,
      "ID;Nazwisko;Imię;Data;Miejscowość;Parafia\n1;Śliwiński;Józef;13.03.1858;Łódź;Zgierz\n2;Kowalczyk;Anna;12.03.1860;Rowno;Rowno\n",
    );
    const imported = await runImportCli(["--collection", "stpete-death", csv], {
      env: { ...target },
      out: new Discard(),
      err: new Discard(),
      progressBar: false,
    });
    expect(imported).toBe(0);

    const before = await snapshot(target);
    const backups = path.join(work, `backups-${kind}`);
    const backup = await npmRun("backup", [], target, { BACKUP_DIR: backups });
    expect(backup.code, backup.err).toBe(0);
    const file = backup.out.trim().split("\n").at(-1)!;
    expect(path.dirname(file)).toBe(backups);
    expect(path.basename(file)).toMatch(
      new RegExp(`^metryka-\\d{8}T\\d{6}Z\\.${kind === "sqlite" ? "sqlite" : "pgdump"}$`),
    );
    // The server went on running and the data did not change meanwhile: the snapshot is what the backup holds.
    expect(await snapshot(target)).toEqual(before);
    expect(Object.keys(before)).toEqual(expect.arrayContaining(["users", "sessions", "records", "import_batches"]));
    for (const table of ["users", "sessions", "records", "import_batches", "audit_log"]) {
      expect(before[table]!.length, table).toBeGreaterThan(0);
    }

    // Damage: records lost, an account changed, a table gone.
    const damaged = live.openDatabase();
    await damaged.db.deleteFrom("records").execute();
    await damaged.db.updateTable("users").set({ surname: "Damaged" }).execute();
    await damaged.close();
    live.process.kill("SIGTERM");
    await new Promise((r) => (live.exited() ? r(undefined) : live.process.once("exit", r)));

    // Over a database that holds data: refused, and nothing is touched.
    const refused = await npmRun("restore", [file], target);
    expect(refused.code).toBe(3);
    expect(refused.err).toContain("--force");
    expect((await snapshot(target)).records).toEqual([]);

    // Into a new, empty database: everything back.
    const fresh: Target = { DATA_DIR: mkdtempSync(path.join(work, "fresh-")) };
    if (kind === "postgres") {
      const name = `metryka_http_${randomBytes(5).toString("hex")}`;
      databases.push(name);
      await adminQuery(`create database ${name}`);
      fresh.DATABASE_URL = postgresUrlOf(name);
    }
    const restored = await npmRun("restore", [file], fresh);
    expect(restored.code, restored.err).toBe(0);
    expect(await snapshot(fresh)).toEqual(before);

    // Over the damaged one with --force: the damage is undone.
    const forced = await npmRun("restore", [file, "--force"], target);
    expect(forced.code, forced.err).toBe(0);
    expect(await snapshot(target)).toEqual(before);

    // A server on the restored database: its members are signed in as before.
    const again = await startServer({
      kind,
      dataDir: fresh.DATA_DIR,
      databaseName: fresh.DATABASE_URL ? new URL(fresh.DATABASE_URL).pathname.slice(1) : undefined,
    });
    servers.push(again);
    const profile = await fetch(`${again.url}/members/profile`, {
      headers: { Cookie: member.cookie, "User-Agent": PERSON_USER_AGENT },
      redirect: "manual",
    });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(member.username);

    // A backup of the other database is refused with a sentence, not restored.
    const other = await npmRun(
      "restore",
      [file],
      kind === "sqlite"
        ? { DATA_DIR: work, DATABASE_URL: "postgres://x@127.0.0.1:1/x" }
        : { DATA_DIR: path.join(work, "empty") },
    );
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/is a backup of (SQLite|PostgreSQL), but this installation uses/);
  }, 300_000);
});
