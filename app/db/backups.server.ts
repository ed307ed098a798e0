import { execFile } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import pg from "pg";
import { isPostgresUrl, sqliteFileOf } from "./connection.server";

/**
 * Backups of the whole database and their restoring (issue 13, decision 0038). SQLite: the online backup API, so
 * the server may go on running and writing while it copies a consistent snapshot. PostgreSQL: `pg_dump` in its
 * custom format (compressed, restored by `pg_restore`), also consistent while the instances run. A restore never
 * replaces a database that holds tables unless told to (`--force`): the usual mistake is restoring over the live
 * data.
 */

const run = promisify(execFile);

export interface BackupTarget {
  databaseUrl?: string;
  dataDir: string;
}

export type BackupKind = "sqlite" | "postgres";

export function kindOf(target: BackupTarget): BackupKind {
  return target.databaseUrl && isPostgresUrl(target.databaseUrl) ? "postgres" : "sqlite";
}

const EXTENSIONS: Record<BackupKind, string> = { sqlite: "sqlite", postgres: "pgdump" };

/** `metryka-20261125T014000Z.sqlite`: the time in ISO 8601's basic form (no colons, which some file systems refuse). */
export function backupFileName(kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return `metryka-${stamp}.${EXTENSIONS[kind]}`;
}

/** Refusals and failures the command line reports in a sentence, with their exit code. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** The command line was wrong (a missing file, a file of the other database). */
export const EXIT_USAGE = 2;
/** The restore would replace a database that holds data, and --force was not given. */
export const EXIT_REFUSED = 3;
/** The copy itself failed (pg_dump's error, a full disk). */
export const EXIT_FAILED = 1;

/**
 * PostgreSQL's tools get the URL without its password, which goes in their environment instead: a command line
 * is visible to every user of the machine.
 */
function postgresTool(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function tool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(command, args, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stderr, code } = error as { stderr?: string; code?: string | number };
    if (code === "ENOENT") {
      throw new BackupError(`${command} is not installed (on Debian: apt-get install postgresql-client).`, EXIT_FAILED);
    }
    throw new BackupError(`${command} failed: ${(stderr ?? String(error)).trim()}`, EXIT_FAILED);
  }
}

/** Writes a backup of the configured database into `folder` and returns its path. */
export async function backUp(target: BackupTarget, folder: string, now = new Date()): Promise<string> {
  const kind = kindOf(target);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, backupFileName(kind, now));
  if (existsSync(file)) throw new BackupError(`${file} exists already; not overwritten.`, EXIT_FAILED);
  // Written under another name and renamed when whole: a backup cut off by a crash never looks like one.
  const partial = `${file}.partial`;
  try {
    if (kind === "sqlite") {
      const source = sqliteFileOf(target);
      if (!existsSync(source)) throw new BackupError(`There is no database at ${source} to back up.`, EXIT_USAGE);
      const db = new SQLite(source, { fileMustExist: true });
      try {
        await db.backup(partial);
      } finally {
        db.close();
      }
      const copy = new SQLite(partial);
      try {
        // One self-contained file: the copy keeps no write-ahead log beside it.
        copy.pragma("journal_mode = DELETE");
        const check = copy.pragma("quick_check", { simple: true });
        if (check !== "ok") throw new BackupError(`The backup failed SQLite's check: ${String(check)}`, EXIT_FAILED);
      } finally {
        copy.close();
      }
    } else {
      const { url, env } = postgresTool(target.databaseUrl!);
      await tool(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${url}`],
        env,
      );
      // pg_restore reads the whole table of contents: a cut-off file fails here, not on the day it is needed.
      await tool("pg_restore", ["--list", partial], env);
    }
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return file;
}

/** What a backup file holds, from its first bytes. */
export function backupKindOf(file: string): BackupKind | undefined {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(16);
    readSync(fd, head, 0, 16, 0);
    if (head.toString("latin1") === "SQLite format 3\0") return "sqlite";
    if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The tables of the configured database (SQLite's own excepted), by name. */
export async function tablesOf(target: BackupTarget): Promise<string[]> {
  if (kindOf(target) === "sqlite") {
    const file = sqliteFileOf(target);
    if (!existsSync(file) || statSync(file).size === 0) return [];
    const db = new SQLite(file, { readonly: true });
    try {
      return sqliteTables(db);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  try {
    return await postgresTables(client);
  } finally {
    await client.end();
  }
}

export function sqliteTables(db: SQLite.Database): string[] {
  return (
    db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name",
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

export async function postgresTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name",
  );
  return rows.map((r) => r.name);
}

/**
 * Restores a backup into the configured database. A database that holds tables is replaced only with `force`
 * (SQLite: the file is overwritten page by page through the backup API, which also settles a write-ahead log left
 * by a stopped server; PostgreSQL: its schema is dropped and made anew, then `pg_restore` fills it in one
 * transaction). The server must be stopped meanwhile.
 */
export async function restore(target: BackupTarget, file: string, opts: { force: boolean }): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`, EXIT_USAGE);
  const kind = kindOf(target);
  const fileKind = backupKindOf(file);
  if (!fileKind)
    throw new BackupError(`${file} is not a Metryka backup (SQLite or pg_dump's custom format).`, EXIT_USAGE);
  if (fileKind !== kind) {
    throw new BackupError(
      `${file} is a backup of ${fileKind === "sqlite" ? "SQLite" : "PostgreSQL"}, but this installation uses ${kind === "sqlite" ? "SQLite (no DATABASE_URL)" : "PostgreSQL (DATABASE_URL)"}.`,
      EXIT_USAGE,
    );
  }
  const existing = await tablesOf(target);
  if (existing.length && !opts.force) {
    throw new BackupError(
      `The database already holds ${existing.length} tables: restoring would replace all of it. Stop the server, then run again with --force to replace it.`,
      EXIT_REFUSED,
    );
  }
  if (kind === "sqlite") {
    const source = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const check = source.pragma("quick_check", { simple: true });
      if (check !== "ok") throw new BackupError(`${file} failed SQLite's check: ${String(check)}`, EXIT_FAILED);
      const destination = sqliteFileOf(target);
      mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
      await source.backup(destination);
    } finally {
      source.close();
    }
    return;
  }
  const { url, env } = postgresTool(target.databaseUrl!);
  if (existing.length) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      await client.query("drop schema public cascade; create schema public");
    } finally {
      await client.end();
    }
  }
  await tool(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${url}`, file],
    env,
  );
}
