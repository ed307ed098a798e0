import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from "kysely";
import type { Database } from "./connection.server";
import type { Schema } from "./schema";

/**
 * The operations whose SQL differs between SQLite and PostgreSQL, and the facts about each database's planner that
 * the search's queries are shaped by (decision 0070): domain modules call these and hold no dialect branch.
 * A fact is named by what the database does, so that a third database would answer each question on its own.
 */

/**
 * The condition on `name_values` that its folded form contains `folded`. SQLite's substring index is the trigram
 * table beside it (name_values_fts, migration 0001), which needs three characters; a shorter needle scans the (small)
 * dictionary. PostgreSQL's (pg_trgm) serves `like` on the column itself.
 */
export function foldedContains(database: Pick<Database, "kind">, folded: string): RawBuilder<SqlBool> {
  const pattern = `%${folded}%`;
  if (database.kind === "sqlite" && folded.length >= 3) {
    return sql<SqlBool>`${sql.ref("id")} in (select rowid from name_values_fts where name_values_fts.folded like ${pattern})`;
  }
  return sql<SqlBool>`${sql.ref("folded")} like ${pattern}`;
}

/** The condition that `column` is one of `ids`, however many: one parameter whatever the list's length. */
export function inIdList(
  database: Pick<Database, "kind">,
  column: string,
  ids: readonly number[],
): RawBuilder<SqlBool> {
  return database.kind === "sqlite"
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${ids}::integer[])`;
}

/**
 * The condition that `column` is among the values a subquery reads, read once. SQLite materialises `in
 * (subquery)`. PostgreSQL misjudges how many rows such a subquery gives and may walk another index in the page's
 * order, probing the subquery for each row (0.5–2 s at 1M records for two names and a year range, issue 12);
 * `= any(array(…))` makes it build the set once and fetch the rows by primary key.
 */
export function inSubquery(
  database: Pick<Database, "kind">,
  column: string,
  subquery: Expression<unknown>,
): RawBuilder<SqlBool> {
  return database.kind === "postgres"
    ? sql<SqlBool>`${sql.ref(column)} = any(array${subquery})`
    : sql<SqlBool>`${sql.ref(column)} in ${subquery}`;
}

/**
 * Whether the planner, given a list of ids and an order an index provides, may walk that index in the page's order
 * and look each row up in the list instead of reading the listed rows and sorting them (SQLite: 20 ms at 1M records
 * for a 30-year range). Where it may, a query that reads listed rows keeps the index out (`+column`).
 */
export function walksOrderIndexOverIdLists(database: Pick<Database, "kind">): boolean {
  return database.kind === "sqlite";
}

/**
 * Whether the planner charges the correlated lookups of a query to every row it scans, as if no cheaper filter came
 * before them (PostgreSQL: a search of three names at 1M records was costed at 255,000, over jit_above_cost, and
 * compiling it took longer than running it). Where it does, a query fences its filters in a subquery of their own
 * (`offset 0`), so the lookups are charged only to the rows expected through them.
 */
export function costsLookupsBeforeFilters(database: Pick<Database, "kind">): boolean {
  return database.kind === "postgres";
}

/**
 * Whether a query joining several lists evaluates each join whole (PostgreSQL's hash joins) rather than walking
 * them row by row as the outer query asks (SQLite's nested loops). Where it does, reading such a result once and
 * reusing it costs less than evaluating it again.
 */
export function evaluatesJoinsWhole(database: Pick<Database, "kind">): boolean {
  return database.kind === "postgres";
}

/**
 * Drops an index inside the caller's transaction where readers on other connections keep it until the commit and a
 * crash before it leaves it in place (SQLite's WAL); returns whether it did. On PostgreSQL DROP INDEX locks the table
 * against readers until the commit, so the index stays (decision 0045).
 */
export async function dropIndexUntilCommit(
  database: Pick<Database, "kind">,
  executor: Kysely<Schema>,
  index: string,
): Promise<boolean> {
  if (database.kind !== "sqlite") return false;
  await sql`drop index ${sql.id(index)}`.execute(executor);
  return true;
}

/** Brings the planner's statistics up to date after a load: ANALYZE on PostgreSQL, `pragma optimize` on SQLite. */
export async function analyseAfterLoad(database: Pick<Database, "kind">, executor: Kysely<Schema>): Promise<void> {
  if (database.kind === "postgres") await sql`analyze`.execute(executor);
  else await sql`pragma optimize`.execute(executor);
}

/**
 * Once a load has committed (VACUUM cannot run in a transaction), vacuums a table where the database keeps a
 * visibility map: PostgreSQL's index-only scans still read the table for every row on a page the map does not mark
 * all-visible, which no page a load wrote is until a vacuum. Autovacuum gets there only after a fifth of the table
 * has changed, or never where it is switched off; VACUUM skips the pages already all-visible, so it costs about
 * what the load wrote. SQLite's indexes need nothing.
 */
export async function vacuumAfterLoad(database: Database, table: keyof Schema & string): Promise<void> {
  if (database.kind !== "postgres") return;
  await sql`vacuum ${sql.table(table)}`.execute(database.db);
}
