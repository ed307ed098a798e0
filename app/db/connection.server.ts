import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type Logger,
  PostgresDialect,
  SqliteDialect,
  sql,
} from "kysely";
import pg from "pg";
import Cursor from "pg-cursor";
import { ensureDataDir } from "~/config/env.server";
import {
  PG_CONNECT_TIMEOUT_MS,
  SQLITE_BUSY_RETRY_MAX_MS,
  SQLITE_BUSY_TIMEOUT_MS,
  SQLITE_THREAD_SLICE_MS,
} from "~/config/timing";
import type { Schema } from "./schema";

export type DialectKind = "sqlite" | "postgres";

export interface Database {
  db: Kysely<Schema>;
  kind: DialectKind;
  /** Where the data lives, without credentials, for logs and /healthz. */
  description: string;
  /** The SQLite file (not for an in-memory database): a long import writes through a connection of its own. */
  file?: string;
  /** The better-sqlite3 handle under `db` (SQLite): bulk writes prepare their statements on it, within `db`'s transaction. */
  sqlite?: SQLite.Database;
  /**
   * A job's SQLite connection on a worker thread (decision 0075): rows encoded as encoded-rows.ts does, inserted
   * there in `db`'s transaction (insertEncodedRows(), bulk-insert.server.ts).
   */
  onWorker?: { insertEncoded(table: string, columns: readonly string[], bytes: Uint8Array): Promise<void> };
  close(): Promise<void>;
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//i.test(url);
}

/** Which database a configured URL opens (none, `file:`: SQLite), for a report made without opening it. */
export function dialectOfUrl(url: string | undefined): DialectKind {
  return isPostgresUrl(url) ? "postgres" : "sqlite";
}

/** The product's name of each database, for pages and reports. */
export const DIALECT_NAMES: Readonly<Record<DialectKind, string>> = { sqlite: "SQLite", postgres: "PostgreSQL" };

/**
 * Whether several instances of the site may serve from this database at once (decision 0038): a PostgreSQL server
 * may be shared; an SQLite file is one instance's. Where it is, a background job beats a heartbeat and every
 * instance fails the jobs of one that stopped; where it is not, the one instance fails its own at start-up.
 */
export function sharedByInstances(database: Pick<Database, "kind">): boolean {
  return database.kind === "postgres";
}

/**
 * Opens the database a deployment is configured for: PostgreSQL when the URL
 * says so, otherwise an SQLite file in the data folder (or the given file).
 */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string; sqliteFile?: string }): Database {
  if (opts.databaseUrl && isPostgresUrl(opts.databaseUrl)) return openPostgres(opts.databaseUrl);
  const file = opts.sqliteFile ?? sqliteFileOf(opts);
  if (file !== ":memory:") ensureDataDir(path.dirname(path.resolve(file)));
  return openSqlite(file);
}

/** The SQLite file a deployment without a PostgreSQL URL uses (a `file:` URL, else the data folder's). */
export function sqliteFileOf(opts: { databaseUrl?: string; dataDir: string }): string {
  return opts.databaseUrl && opts.databaseUrl.startsWith("file:")
    ? opts.databaseUrl.slice("file:".length)
    : path.join(opts.dataDir, "metryka.sqlite");
}

/** Prepared statements kept per connection; the SQL of a page's queries repeats with every request. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, with its prepared statements kept by SQL text. Kysely prepares every query
 * anew; under load that was 2.5 % of the server's CPU (issue 12), and a search page runs a dozen queries. A
 * statement still being iterated (a stream, such as an export) is busy, so a query with the same SQL meanwhile
 * gets a statement of its own.
 */
export function withStatementCache(sqlite: SQLite.Database): Pick<SQLite.Database, "close" | "prepare"> {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      const known = statements.get(source);
      if (known && !known.busy) return known;
      const statement = sqlite.prepare(source);
      if (!known) {
        // Oldest first out: IN lists of every length make many distinct texts.
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(source, statement);
      }
      return statement;
    },
  } as Pick<SQLite.Database, "close" | "prepare">;
}

/** Another connection holds the lock; the statement did nothing and may be tried again. */
const LOCK_HELD = /^SQLITE_BUSY(_RECOVERY|_TIMEOUT)?$/;

function lockHeld(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && LOCK_HELD.test(String(error.code));
}

/**
 * The site's SQLite connection as Kysely drives it, with two changes (decision 0053):
 *
 * - **Waiting for the write lock without holding up the server.** SQLite's own wait (`busy_timeout`) sleeps in the
 *   calling thread, which is the one that serves every request: while an import's connection in the same process
 *   held the lock, one sign-in froze the whole site for five seconds, and the import with it, since its writes run
 *   on that thread too. The connection's `busy_timeout` is 0; a statement that meets the lock outside a transaction
 *   (a single write, or BEGIN) did nothing, so it is tried again after a pause of at most
 *   `SQLITE_BUSY_RETRY_MAX_MS`, for `SQLITE_BUSY_TIMEOUT_MS` in all, and during the pause the connection serves
 *   other queries. Within a transaction a statement is never tried again (SQLite: roll back first); it cannot meet
 *   the lock anyway, because:
 * - **Transactions take the write lock when they begin** (BEGIN IMMEDIATE). Every transaction of the site writes;
 *   one that began deferred, read, and met the lock at its first write could only fail.
 *
 * - **Long work in slices.** better-sqlite3 runs each statement on the server's thread, and Kysely's promises
 *   around it resolve as microtasks: a search of a dozen statements or an export of fifty pages ran as one
 *   uninterrupted task, and nothing else was served until it ended (twenty admin exports held /healthz for
 *   about 100 s, issue 26). Before a statement, once the thread has run statements for `SQLITE_THREAD_SLICE_MS`
 *   without the event loop turning, the statement waits for a turn (ThreadSlices, least used work first): the
 *   longest stall is one statement, which the search's cost limit bounds (decision 0055).
 *
 * And SQLite ends a transaction by itself when a write fails at COMMIT (an I/O error: a full or read-only disk).
 * Kysely then sends ROLLBACK, which fails with "no transaction is active" and hides the error that explains it: the
 * request became a 500 instead of the 503 that says what happened (issue 13). No transaction, nothing to undo.
 */
/** What one request has spent on statements so far (`withStatementTime`). */
interface RequestWork {
  statementMs: number;
}
const requestWork = new AsyncLocalStorage<RequestWork>();

/**
 * Runs the handling of one request (and any job it starts) as one unit of work for the turns of SQLite statements
 * (ThreadSlices): the less statement time it has used, the sooner it gets its turn.
 */
export function withStatementTime<T>(handle: () => T): T {
  return requestWork.run({ statementMs: 0 }, handle);
}

interface Waiting {
  rank: number;
  resume: () => void;
}

/**
 * Measures how long the thread has run statements since the event loop last turned, and makes the caller wait for
 * a turn once that is over `sliceMs`. The slice starts at the first statement after a turn; a timer marks the
 * turn. Timers run before the loop reads sockets: a request that has just arrived (a health check, a light page)
 * starts a fresh slice and runs at once.
 *
 * The waiting work is resumed one per turn of the loop, the one that has used the least statement time first
 * (withStatementTime; statements outside a request scope count as new work). Resumed first in, first out, a page
 * of a dozen quick statements met the end of a slice several times and queued behind every long search and export
 * at each (a record page at 533 ms beside four broad searches and twenty exports, issue 26); served least used
 * first, the way a multilevel feedback queue demotes a job that has used its quantum, it waits about one slice.
 */
export class ThreadSlices {
  #started: number | undefined;
  readonly #waiting: Waiting[] = [];
  #resuming = false;

  constructor(
    readonly sliceMs: number,
    /** The clock (a test's own, so that the order it checks does not depend on the machine's load). */
    readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs one statement in its turn, and counts its time to the request that runs it. */
  async run<R>(statement: () => R | Promise<R>): Promise<R> {
    const work = requestWork.getStore();
    await this.turn(work?.statementMs ?? 0);
    if (!work) return statement();
    const started = this.now();
    try {
      return await statement();
    } finally {
      work.statementMs += this.now() - started;
    }
  }

  /** Returns at once within a slice; past it, waits for a turn, before the work that has used more than `rank`. */
  async turn(rank = 0): Promise<void> {
    if (this.#started === undefined) {
      this.#startSlice();
      return;
    }
    if (this.now() - this.#started < this.sliceMs) return;
    await new Promise<void>((resume) => {
      // Among equals, first come first served.
      const waiting = { rank, resume };
      let at = this.#waiting.length;
      while (at > 0 && this.#waiting[at - 1].rank > rank) at--;
      this.#waiting.splice(at, 0, waiting);
      if (!this.#resuming) {
        this.#resuming = true;
        setImmediate(this.#resumeNext);
      }
    });
  }

  readonly #resumeNext = () => {
    const next = this.#waiting.shift();
    this.#startSlice();
    next?.resume();
    if (this.#waiting.length > 0) setImmediate(this.#resumeNext);
    else this.#resuming = false;
  };

  #startSlice(): void {
    this.#started = this.now();
    setTimeout(() => {
      this.#started = undefined;
    }, 0);
  }
}

/** One thread, one measure: the site's connection and an import's own connection take turns with each other. */
const threadSlices = new ThreadSlices(SQLITE_THREAD_SLICE_MS);

export class SqliteDialectKeepingErrors extends SqliteDialect {
  readonly #sqlite: SQLite.Database;

  constructor(sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) });
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const sqlite = this.#sqlite;
    const acquire = driver.acquireConnection.bind(driver);
    const release = driver.releaseConnection.bind(driver);
    const rollback = driver.rollbackTransaction.bind(driver);
    let waiting: DatabaseConnection | undefined;

    const executeWaiting = async <R>(connection: DatabaseConnection, query: CompiledQuery) => {
      // Read the clock only once the lock has been met: this runs for every query of the site.
      let deadline: number | undefined;
      for (let attempt = 0; ; attempt++) {
        try {
          return await threadSlices.run(() => connection.executeQuery<R>(query));
        } catch (error) {
          if (!lockHeld(error) || sqlite.inTransaction) throw error;
          deadline ??= performance.now() + SQLITE_BUSY_TIMEOUT_MS;
          if (performance.now() >= deadline) throw error;
        }
        // No transaction is open: the connection is free for others until the next try.
        await release(connection);
        await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, SQLITE_BUSY_RETRY_MAX_MS)));
        await acquire();
      }
    };

    driver.acquireConnection = async () => {
      const connection = await acquire();
      waiting ??= {
        executeQuery: (query) => executeWaiting(connection, query),
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      };
      return waiting;
    };
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw("begin immediate"));
    };
    driver.rollbackTransaction = (connection) => (sqlite.inTransaction ? rollback(connection) : Promise.resolve());
    return driver;
  }
}

/** The settings of the site's SQLite connections, in order (a job's own connection adds its own after them). */
export const SQLITE_PRAGMAS: readonly string[] = [
  // WAL lets readers go on while an import writes; NORMAL is safe under WAL.
  "journal_mode = WAL",
  "synchronous = NORMAL",
  "foreign_keys = ON",
  "cache_size = -131072",
  "temp_store = MEMORY",
  "mmap_size = 1073741824",
  // Waiting for a lock is the dialect's, without blocking the thread (SqliteDialectKeepingErrors).
  "busy_timeout = 0",
];

/** What opening a database may add: `log` hears every statement run on it (statement-log.server.ts). */
export interface OpenOptions {
  log?: Logger;
}

export function openSqlite(file: string, { log }: OpenOptions = {}): Database {
  const sqlite = new SQLite(file);
  for (const pragma of SQLITE_PRAGMAS) sqlite.pragma(pragma);
  const db = new Kysely<Schema>({ dialect: new SqliteDialectKeepingErrors(sqlite), log });
  return {
    db,
    kind: "sqlite",
    description: `sqlite:${file}`,
    ...(file === ":memory:" ? {} : { file }),
    sqlite,
    close: () => db.destroy(),
  };
}

export function openPostgres(url: string, { log }: OpenOptions = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  // A connection the server drops (a restart: 57P01) emits 'error' on its client. The pool listens only while the
  // client is idle; one held by a request would crash the process with an unhandled 'error' event. The request's
  // query fails on its own (and is answered 503), and the pool discards the broken client when it is released.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool, cursor: Cursor }), log });
  const safe = new URL(url);
  safe.password = "";
  return {
    db,
    kind: "postgres",
    description: `postgres://${safe.host}${safe.pathname}`,
    close: () => db.destroy(),
  };
}

export async function isReachable(database: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}
