import type SQLite from "better-sqlite3";
import { type Kysely, sql } from "kysely";
import type { Database } from "./connection.server";
import { decodeRows } from "./encoded-rows";
import type { Schema } from "./schema";

/**
 * Inserts of many rows at once without Kysely compiling statements of thousands of parameters, which took most of
 * an import's time (decision 0070). On SQLite through better-sqlite3's prepared statements on the connection under
 * the caller's executor (its transaction holds that connection, so the rows commit or roll back with it); on
 * PostgreSQL as one array parameter per column, unnested.
 */

/** A table's columns with their PostgreSQL types (SQLite's columns take any). */
export type Columns<T> = readonly (readonly [keyof T & string, "integer" | "bigint" | "text"])[];

/** Pushes row `i`'s values onto `out`, in column order: rows given by index, with no object a row. */
export type RowFill = (i: number, out: unknown[]) => void;

/** Rows per multi-row INSERT on SQLite: fewer calls into SQLite, far below its 32,766 bound variables. */
export const BULK_ROWS = 64;
/** Rows per INSERT … SELECT FROM unnest() on PostgreSQL: one array parameter per column. */
const UNNEST_ROWS = 20_000;

/** An INSERT of many rows at once through one prepared statement, the rest of a batch one by one. */
class BulkInsert<T> {
  private readonly many: SQLite.Statement;
  private readonly one: SQLite.Statement;
  private readonly names: readonly (keyof T & string)[];
  private readonly buffer: unknown[] = [];

  constructor(handle: SQLite.Database, table: string, columns: Columns<T>) {
    this.names = columns.map(([name]) => name);
    const tuple = `(${this.names.map(() => "?").join(", ")})`;
    const head = `insert into ${table} (${this.names.join(", ")}) values `;
    this.one = handle.prepare(head + tuple);
    this.many = handle.prepare(head + new Array<string>(BULK_ROWS).fill(tuple).join(", "));
  }

  run(rows: readonly T[]): void {
    const { buffer, names } = this;
    const full = names.length * BULK_ROWS;
    for (const row of rows) {
      for (const name of names) buffer.push(row[name]);
      if (buffer.length === full) {
        this.many.run(buffer);
        buffer.length = 0;
      }
    }
    this.end();
  }

  /** Rows given as their values one after the other, in column order. */
  runFlat(values: readonly unknown[]): void {
    const full = this.names.length * BULK_ROWS;
    let i = 0;
    for (; i + full <= values.length; i += full) this.many.run(values.slice(i, i + full));
    for (; i < values.length; i += this.names.length) this.one.run(values.slice(i, i + this.names.length));
  }

  /** The rows `fill` gives by index, `from` to `to - 1`. */
  runEach(from: number, to: number, fill: RowFill): void {
    const { buffer, names } = this;
    const full = names.length * BULK_ROWS;
    for (let i = from; i < to; i++) {
      fill(i, buffer);
      if (buffer.length === full) {
        this.many.run(buffer);
        buffer.length = 0;
      }
    }
    this.end();
  }

  private end(): void {
    const { buffer, names } = this;
    for (let i = 0; i < buffer.length; i += names.length) this.one.run(buffer.slice(i, i + names.length));
    buffer.length = 0;
  }
}

const bulkInserts = new WeakMap<SQLite.Database, Map<string, BulkInsert<never>>>();

function bulkInsert<T>(handle: SQLite.Database, table: string, columns: Columns<T>): BulkInsert<T> {
  let statements = bulkInserts.get(handle);
  if (!statements) bulkInserts.set(handle, (statements = new Map()));
  const key = `${table}(${columns.map(([name]) => name).join()})`;
  let insert = statements.get(key) as BulkInsert<T> | undefined;
  if (!insert) {
    insert = new BulkInsert(handle, table, columns);
    statements.set(key, insert as BulkInsert<never>);
  }
  return insert;
}

/** PostgreSQL: one INSERT of the rows whose values `arrays` hold, one array per column. */
async function insertUnnested<T>(
  executor: Kysely<Schema>,
  table: string,
  columns: Columns<T>,
  arrays: readonly unknown[][],
): Promise<void> {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  const typed = columns.map(([, type], c) => sql`${arrays[c]}::${sql.raw(type)}[]`);
  await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(typed)})`.execute(executor);
}

/** Inserts rows given as objects. */
export async function insertRows<T>(
  database: Database,
  executor: Kysely<Schema>,
  table: string,
  columns: Columns<T>,
  rows: readonly T[],
): Promise<void> {
  if (!rows.length) return;
  if (database.sqlite) {
    bulkInsert(database.sqlite, table, columns).run(rows);
    return;
  }
  for (let i = 0; i < rows.length; i += UNNEST_ROWS) {
    const chunk = rows.slice(i, i + UNNEST_ROWS);
    await insertUnnested(
      executor,
      table,
      columns,
      columns.map(([name]) => chunk.map((r) => r[name])),
    );
  }
}

/** insertRows() of rows given as their values one after the other, in column order. */
export async function insertFlatRows<T>(
  database: Database,
  executor: Kysely<Schema>,
  table: string,
  columns: Columns<T>,
  values: readonly unknown[],
): Promise<void> {
  if (!values.length) return;
  if (database.sqlite) {
    bulkInsert(database.sqlite, table, columns).runFlat(values);
    return;
  }
  const width = columns.length;
  await insertEach(database, executor, table, columns, 0, values.length / width, (i, out) => {
    for (let c = 0; c < width; c++) out.push(values[i * width + c]);
  });
}

/**
 * insertFlatRows() of rows encoded as encoded-rows.ts does. On a job's SQLite connection on a worker thread
 * (decision 0075) the buffer is moved there and decoded and inserted there: this thread does not read the rows.
 */
export async function insertEncodedRows<T>(
  database: Database,
  executor: Kysely<Schema>,
  table: string,
  columns: Columns<T>,
  bytes: Uint8Array,
): Promise<void> {
  if (!bytes.byteLength) return;
  if (database.onWorker) {
    await database.onWorker.insertEncoded(
      table,
      columns.map(([name]) => name),
      bytes,
    );
    return;
  }
  await insertFlatRows(database, executor, table, columns, decodeRows(bytes));
}

/** Inserts the rows `fill` gives by index, `from` to `to - 1`. */
export async function insertEach<T>(
  database: Database,
  executor: Kysely<Schema>,
  table: string,
  columns: Columns<T>,
  from: number,
  to: number,
  fill: RowFill,
): Promise<void> {
  if (from >= to) return;
  if (database.sqlite) {
    bulkInsert(database.sqlite, table, columns).runEach(from, to, fill);
    return;
  }
  const row: unknown[] = [];
  for (let start = from; start < to; start += UNNEST_ROWS) {
    const end = Math.min(to, start + UNNEST_ROWS);
    const arrays = columns.map(() => [] as unknown[]);
    for (let i = start; i < end; i++) {
      fill(i, row);
      for (let c = 0; c < arrays.length; c++) arrays[c]!.push(row[c]);
      row.length = 0;
    }
    await insertUnnested(executor, table, columns, arrays);
  }
}

/**
 * Where the database's writes run on this thread (SQLite, through better-sqlite3), insertEach() as a call that
 * writes at once, synchronously: long work can write in slices between its other steps, within the transaction its
 * connection holds. Undefined where writes go to a server (PostgreSQL) and are awaited anyway.
 */
export function insertOnThisThread<T>(
  database: Database,
  table: string,
  columns: Columns<T>,
): ((from: number, to: number, fill: RowFill) => void) | undefined {
  const handle = database.sqlite;
  if (!handle) return undefined;
  return (from, to, fill) => bulkInsert(handle, table, columns).runEach(from, to, fill);
}
