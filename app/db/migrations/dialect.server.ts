import { type RawBuilder, sql } from "kysely";
import type { DialectKind } from "../connection.server";

/**
 * The two places where one migration set needs a dialect's own SQL in a
 * column or table definition. Migrations that ran keep producing the same
 * schema only while these stay as they are: change them in a new helper.
 */

/** Byte-order collation, so that a prefix search is a range scan of the index (PostgreSQL; SQLite's default is already binary). */
export function byteOrder(kind: DialectKind): RawBuilder<unknown> {
  return kind === "postgres" ? sql` collate "C"` : sql``;
}

/** Tables that are only an index (postings, codes) store their rows in the primary key on SQLite. */
export function sqliteWithoutRowid(kind: DialectKind): RawBuilder<unknown> {
  return kind === "sqlite" ? sql` without rowid` : sql``;
}
