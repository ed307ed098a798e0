import { type Kysely, sql } from "kysely";
import type { DialectKind } from "../connection.server";
import { byteOrder, sqliteWithoutRowid } from "./dialect.server";

/** Place indexes (Breyer's map): decision 0012. */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const c = byteOrder(kind);
  await db.schema
    .createTable("places")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("sort_name", sql`text${c}`, (col) => col.notNull())
    .addColumn("province", "text", (col) => col.notNull())
    .addColumn("sheet", "text", (col) => col.notNull())
    .addColumn("square", "text", (col) => col.notNull())
    .addColumn("lat", "double precision", (col) => col.notNull())
    .addColumn("lon", "double precision", (col) => col.notNull())
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  // The bounding box of a radius search narrows on latitude first.
  await db.schema.createIndex("places_lat_lon").on("places").columns(["lat", "lon"]).execute();
  await db.schema.createIndex("places_province").on("places").columns(["province", "sort_name"]).execute();
  await db.schema.createIndex("places_sheet").on("places").columns(["sheet", "square"]).execute();

  await db.schema
    .createTable("place_names")
    .addColumn("place_id", "integer", (col) => col.notNull().references("places.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("exact_key", sql`text${c}`, (col) => col.notNull())
    .addColumn("folded", sql`text${c}`, (col) => col.notNull())
    .execute();
  await db.schema.createIndex("place_names_folded").on("place_names").columns(["folded", "place_id"]).execute();
  await db.schema.createIndex("place_names_exact").on("place_names").columns(["exact_key", "place_id"]).execute();
  await db.schema.createIndex("place_names_place").on("place_names").column("place_id").execute();

  const withoutRowid = sqliteWithoutRowid(kind);
  await sql`create table place_name_codes (
      code text not null,
      place_id integer not null,
      primary key (code, place_id)
    )${withoutRowid}`.execute(db);
}
