import { type Kysely, sql } from "kysely";
import type { DialectKind } from "../connection.server";
import { byteOrder, sqliteWithoutRowid } from "./dialect.server";

/** The records and their name dictionary (decisions 0001, 0002): one table of records, the distinct name values of each field with their folded keys, their phonetic codes and the postings that map a value to its records by year. Substring search needs a dialect's own index: FTS5 trigram on SQLite, pg_trgm on PostgreSQL. */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const c = byteOrder(kind);
  await db.schema
    .createTable("records")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("collection", "integer", (col) => col.notNull())
    .addColumn("year", "integer", (col) => col.notNull())
    .addColumn("date_sort", "integer", (col) => col.notNull())
    .addColumn("greg_date", "text")
    .addColumn("julian_date", "text")
    .addColumn("s_name1", sql`text${c}`, (col) => col.notNull().defaultTo(""))
    .addColumn("s_given1", sql`text${c}`, (col) => col.notNull().defaultTo(""))
    .addColumn("s_name2", sql`text${c}`, (col) => col.notNull().defaultTo(""))
    .addColumn("s_given2", sql`text${c}`, (col) => col.notNull().defaultTo(""))
    .addColumn("s_place", sql`text${c}`, (col) => col.notNull().defaultTo(""))
    .addColumn("s_parish", sql`text${c}`, (col) => col.notNull().defaultTo(""))
    .addColumn("data", "text", (col) => col.notNull())
    .execute();
  // Browsing a collection without name criteria pages through this index.
  await db.schema
    .createIndex("records_collection_date")
    .on("records")
    .columns(["collection", "date_sort", "id"])
    .execute();

  await db.schema
    .createTable("name_values")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("collection", "integer", (col) => col.notNull())
    .addColumn("field", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("display", "text", (col) => col.notNull())
    .addColumn("folded", sql`text${c}`, (col) => col.notNull())
    .addColumn("n", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("name_values_unique")
    .on("name_values")
    .columns(["collection", "field", "value"])
    .unique()
    .execute();
  await db.schema
    .createIndex("name_values_folded")
    .on("name_values")
    .columns(["collection", "field", "folded"])
    .execute();

  const withoutRowid = sqliteWithoutRowid(kind);
  await sql`create table name_codes (
      collection integer not null,
      field text not null,
      kind text not null,
      code text not null,
      value_id integer not null,
      primary key (collection, field, kind, code, value_id)
    )${withoutRowid}`.execute(db);
  await sql`create table postings (
      value_id integer not null,
      year integer not null,
      record_id integer not null,
      primary key (value_id, year, record_id)
    )${withoutRowid}`.execute(db);

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();

  if (kind === "sqlite") {
    await sql`create virtual table name_values_fts using fts5(folded, content='name_values', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger name_values_fts_insert after insert on name_values begin
        insert into name_values_fts(rowid, folded) values (new.id, new.folded);
      end`.execute(db);
    await sql`create trigger name_values_fts_delete after delete on name_values begin
        insert into name_values_fts(name_values_fts, rowid, folded) values ('delete', old.id, old.folded);
      end`.execute(db);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index name_values_trgm on name_values using gin (folded gin_trgm_ops)`.execute(db);
  }
}
