import { type Kysely, sql } from "kysely";
import { checkpointAside } from "~/db/checkpoint.server";
import { SQLITE_BUSY_TIMEOUT_MS } from "~/config/timing";
import { type Database, openSqlite, SQLITE_PRAGMAS } from "~/db/connection.server";
import { openSqliteOnWorker } from "~/db/sqlite-worker.server";
import type { Schema } from "~/db/schema";

/** The page cache of an import's own SQLite connection, in KiB. */
const JOB_CACHE_KB = 65_536;

/** The settings of a job's own SQLite connection, after the site's (SQLITE_PRAGMAS). */
function jobPragmas(cacheKb: number): string[] {
  return [
    // The job reads back much of the postings' B-tree as it writes; through a memory map every page it touched
    // would stay in this process's memory (1M rows went past 500 MB), where the page cache is bounded.
    "mmap_size = 0",
    // Half the site connection's page cache: the import writes sorted runs, so it needs few pages at a time, and
    // both caches together stay within the import's memory bound (under 500 MB at a million rows).
    `cache_size = -${cacheKb}`,
    // The browse index a large import makes at its end (decision 0045) sorts every record of the table: with the
    // site's temp_store = MEMORY the sort of 10M records grew this process past 890 MB. On disk, SQLite's sorter
    // keeps about a page cache's worth in memory and spills the rest to temporary files.
    "temp_store = FILE",
    // Its commit would copy the whole log into the database file on the site's thread: a worker does (checkpoint).
    "wal_autocheckpoint = 0",
  ];
}

export interface JobTransactionOptions {
  /** The page cache of the job's own SQLite connection, in KiB. */
  cacheKb?: number;
  /**
   * Every statement of the transaction, its COMMIT included, runs on a worker thread of its own (SQLite with a
   * file; decision 0075): the server's thread only compiles them and awaits. The job's `Database` then has no
   * better-sqlite3 handle (`sqlite`), so the work writes through `trx` alone. PostgreSQL's statements already
   * wait off the thread; there the option changes nothing.
   */
  onWorker?: boolean;
}

/** A job's own connection to the site's SQLite file, on the server's thread or on a worker of its own. */
function openJobConnection(database: Database, { cacheKb = JOB_CACHE_KB, onWorker = false }: JobTransactionOptions) {
  if (database.kind !== "sqlite" || !database.file) return database;
  const pragmas = jobPragmas(cacheKb);
  // On its own thread a wait for the write lock holds nobody else up: SQLite's own wait will do.
  if (onWorker)
    return openSqliteOnWorker(database.file, [
      ...SQLITE_PRAGMAS,
      ...pragmas,
      `busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`,
    ]);
  const job = openSqlite(database.file);
  for (const pragma of pragmas) job.sqlite?.pragma(pragma);
  return job;
}

/**
 * The one transaction of an import or an undo. On SQLite it runs on a connection of its own, so the site's
 * connection keeps serving readers (WAL) while the job holds the write lock, and it takes that lock when it begins
 * (BEGIN IMMEDIATE): a deferred transaction that read first would fail at its first write if the site wrote in
 * between (the audit entry of the click that started it). PostgreSQL's transaction takes a pooled connection.
 */
export async function inJobTransaction<T>(
  database: Database,
  work: (trx: Kysely<Schema>, job: Database) => Promise<T>,
  options: JobTransactionOptions = {},
): Promise<T> {
  const job = openJobConnection(database, options);
  let committed = false;
  try {
    if (job.kind !== "sqlite") return await job.db.transaction().execute((trx) => work(trx, job));
    return await job.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection, job);
        await sql`commit`.execute(connection);
        committed = true;
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  } finally {
    if (job !== database) {
      await job.close();
      if (committed && database.file) void checkpointAside(database.file);
    }
  }
}

/**
 * Whether the job's transaction keeps every other writer out until it ends: on SQLite it holds the write lock from
 * its first statement (BEGIN IMMEDIATE, above), so what it reads cannot change under it; on PostgreSQL another
 * job may commit meanwhile (each holds only the locks of `lockForJob`).
 */
export function jobExcludesOtherWriters(database: Pick<Database, "kind">): boolean {
  return database.kind === "sqlite";
}

/**
 * PostgreSQL advisory locks held until the transaction ends: a batch (a second instance told to run it waits, then
 * finds it done), or every writer of places (new places take the ids after the largest one). SQLite's write lock
 * already serialises writers.
 */
export async function lockForJob(trx: Kysely<Schema>, database: Database, lock: "batch" | "places", id = 0) {
  if (database.kind !== "postgres") return;
  await sql`select pg_advisory_xact_lock(${lock === "batch" ? 2023 : 2027}, ${id})`.execute(trx);
}
