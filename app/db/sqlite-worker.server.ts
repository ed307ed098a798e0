import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { BULK_ROWS } from "./bulk-insert.server";
import type { Database } from "./connection.server";
import type { Schema } from "./schema";

/**
 * An SQLite connection whose statements run on a worker thread of their own (decision 0075). better-sqlite3 runs
 * each statement, COMMIT included, synchronously on the thread that calls it; a tree of a million people commits in
 * one call of about 0.4 s (SQLite rewrites the checksums of the log it wrote since the first page it wrote twice),
 * which on the server's thread held every request that long. Here the calling thread sends each compiled statement
 * to the worker and awaits its answer: a long statement or commit holds only the worker. The connection is
 * Kysely's like any other, so the code that writes through it does not know where it runs.
 */

// Plain CommonJS run as it is (`eval`), as the checkpoint's: the driver is named by its resolved path, so neither a
// bundle nor the working directory decides where it comes from. Blobs arrive as Uint8Array (structured clone), which
// better-sqlite3 binds only as Buffer.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const statements = new Map();
const blob = (v) => (v instanceof Uint8Array && !Buffer.isBuffer(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v);
const decoder = new TextDecoder();
function prepare(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= workerData.statementCacheSize) statements.delete(statements.keys().next().value);
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}
try {
  for (const pragma of workerData.pragmas) db.pragma(pragma);
  parentPort.postMessage({ id: 0 });
} catch (e) {
  parentPort.postMessage({ id: 0, error: { message: String(e && e.message), code: e && e.code } });
}
// Rows encoded as encoded-rows.ts does, inserted as bulk-insert.server.ts does: many at a time, prepared once.
function insertRows({ table, columns, bytes }) {
  const values = JSON.parse(decoder.decode(bytes));
  const width = columns.length;
  const head = 'insert into "' + table + '" (' + columns.map((c) => '"' + c + '"').join(", ") + ") values ";
  const tuple = "(" + columns.map(() => "?").join(", ") + ")";
  const full = width * workerData.bulkRows;
  let i = 0;
  if (values.length >= full) {
    const many = prepare(head + new Array(workerData.bulkRows).fill(tuple).join(", "));
    for (; i + full <= values.length; i += full) many.run(values.slice(i, i + full));
  }
  if (i < values.length) {
    const one = prepare(head + tuple);
    for (; i < values.length; i += width) one.run(values.slice(i, i + width));
  }
  return values.length / width;
}
parentPort.on("message", (m) => {
  if (m.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    if (m.insert) {
      parentPort.postMessage({ id: m.id, changes: insertRows(m.insert) });
      return;
    }
    const statement = prepare(m.sql);
    const parameters = m.parameters.map(blob);
    if (statement.reader) parentPort.postMessage({ id: m.id, rows: statement.all(parameters) });
    else {
      const { changes, lastInsertRowid } = statement.run(parameters);
      parentPort.postMessage({ id: m.id, changes, lastInsertRowid });
    }
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

/** Prepared statements the worker keeps by SQL text, as the site's connection does (`withStatementCache`). */
const STATEMENT_CACHE_SIZE = 500;

interface Answer {
  id: number;
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: number | bigint;
  error?: { message: string; code?: string };
}

/** An error of the worker's SQLite as the caller would have had it: its message and its code (SQLITE_BUSY, …). */
function sqliteError({ message, code }: NonNullable<Answer["error"]>): Error {
  const error = new Error(message) as Error & { code?: string };
  error.name = "SqliteError";
  if (code) error.code = code;
  return error;
}

/** The worker, its statements in flight, and the one error that ended it (every later call fails with it). */
class SqliteWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();
  readonly #exited: Promise<void>;
  #nextId = 1;
  #ended: Error | undefined;

  constructor(file: string, pragmas: readonly string[]) {
    this.#worker = new Worker(WORKER_SCRIPT, {
      eval: true,
      workerData: {
        file,
        pragmas,
        driver: createRequire(import.meta.url).resolve("better-sqlite3"),
        statementCacheSize: STATEMENT_CACHE_SIZE,
        bulkRows: BULK_ROWS,
      },
    });
    this.#worker.on("message", (answer: Answer) => {
      const waiting = this.#pending.get(answer.id);
      this.#pending.delete(answer.id);
      if (answer.error) waiting?.reject(sqliteError(answer.error));
      else waiting?.resolve(answer);
    });
    this.#worker.on("error", (error) => this.#end(error));
    this.#exited = new Promise((resolve) =>
      this.#worker.on("exit", (code) => {
        this.#end(new Error(`the SQLite worker stopped (exit code ${code})`));
        resolve();
      }),
    );
  }

  #end(error: Error): void {
    this.#ended ??= error;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }

  /** Resolves when the worker has opened the file and set its pragmas (the answer numbered 0). */
  ready(): Promise<Answer> {
    return this.#wait(0);
  }

  #wait(id: number): Promise<Answer> {
    if (this.#ended) return Promise.reject(this.#ended);
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }

  run(sql: string, parameters: readonly unknown[]): Promise<Answer> {
    const id = this.#nextId++;
    const answer = this.#wait(id);
    if (!this.#ended) this.#worker.postMessage({ id, sql, parameters });
    return answer;
  }

  /**
   * Inserts rows encoded as encoded-rows.ts does, in the connection's open transaction. The buffer is moved to the
   * worker, not copied: this thread neither reads the rows nor keeps them.
   */
  insertEncoded(table: string, columns: readonly string[], bytes: Uint8Array): Promise<Answer> {
    const id = this.#nextId++;
    const answer = this.#wait(id);
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    if (!this.#ended)
      this.#worker.postMessage({ id, insert: { table, columns, bytes: whole } }, [whole.buffer as ArrayBuffer]);
    return answer;
  }

  /** Closes the connection (an open transaction is rolled back) and lets the worker end. */
  async close(): Promise<void> {
    if (!this.#ended) this.#worker.postMessage({ close: true });
    await this.#exited;
  }
}

class SqliteWorkerConnection implements DatabaseConnection {
  constructor(readonly worker: SqliteWorker) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const answer = await this.worker.run(query.sql, query.parameters);
    if (answer.rows) return { rows: answer.rows as R[] };
    return {
      numAffectedRows: answer.changes === undefined ? undefined : BigInt(answer.changes),
      insertId: answer.lastInsertRowid === undefined ? undefined : BigInt(answer.lastInsertRowid),
      rows: [],
    };
  }

  /** The rows all at once, then handed out in chunks: the worker's statement is not iterated across messages. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

/** One connection, taken by one caller at a time (Kysely's SQLite driver does the same). */
class SqliteWorkerDriver implements Driver {
  /** Set once Kysely has initialised the driver (at the first statement). */
  worker: SqliteWorker | undefined;
  #connection: SqliteWorkerConnection | undefined;
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  constructor(
    readonly file: string,
    readonly pragmas: readonly string[],
  ) {}

  async init(): Promise<void> {
    this.worker = new SqliteWorker(this.file, this.pragmas);
    this.#connection = new SqliteWorkerConnection(this.worker);
    try {
      await this.worker.ready();
    } catch (error) {
      await this.worker.close();
      throw error;
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => (this.#release = resolve));
    return this.#connection!;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }

  // Every transaction takes the write lock when it begins, as the site's (SqliteDialectKeepingErrors).
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    await this.worker?.close();
  }
}

class SqliteWorkerDialect implements Dialect {
  driver: SqliteWorkerDriver | undefined;

  constructor(
    readonly file: string,
    readonly pragmas: readonly string[],
  ) {}

  createDriver(): Driver {
    this.driver = new SqliteWorkerDriver(this.file, this.pragmas);
    return this.driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}

/**
 * Opens the SQLite file on a worker thread, with these pragmas set in order. The worker starts at the first
 * statement (Kysely initialises its driver then); an error opening the file fails that statement.
 */
export function openSqliteOnWorker(file: string, pragmas: readonly string[]): Database {
  const dialect = new SqliteWorkerDialect(file, pragmas);
  const db = new Kysely<Schema>({ dialect });
  const insertEncoded = async (table: string, columns: readonly string[], bytes: Uint8Array) => {
    const worker = dialect.driver?.worker;
    // Within a transaction the driver is up: its BEGIN was the first statement.
    if (!worker) throw new Error("rows sent to the SQLite worker before its first statement");
    await worker.insertEncoded(table, columns, bytes);
  };
  return {
    db,
    kind: "sqlite",
    description: `sqlite:${file} (worker)`,
    file,
    onWorker: { insertEncoded },
    close: () => db.destroy(),
  };
}
