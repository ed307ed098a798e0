import { type Kysely, sql } from "kysely";
import type { DialectKind } from "../connection.server";
import { byteOrder, sqliteWithoutRowid } from "./dialect.server";

/** Linked people (decision 0017): the Lodz parish families and the members' submitted trees. */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const c = byteOrder(kind);
  await db.schema
    .createTable("family_trees")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("submitter", "text", (col) => col.notNull())
    .addColumn("submitted_on", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("people")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("collection", "text", (col) => col.notNull())
    // The number shown after the collection's letter (L1234, G5678): stable across imports.
    .addColumn("number", "integer", (col) => col.notNull())
    .addColumn("tree_id", "integer", (col) => col.references("family_trees.id"))
    .addColumn("surname", "text", (col) => col.notNull())
    .addColumn("given", "text", (col) => col.notNull())
    .addColumn("sort_surname", sql`text${c}`, (col) => col.notNull())
    .addColumn("sort_given", sql`text${c}`, (col) => col.notNull())
    .addColumn("sex", "text", (col) => col.notNull())
    .addColumn("birth_date", "text")
    .addColumn("birth_sort", "integer")
    .addColumn("birth_year", "integer")
    .addColumn("birth_place", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("death_date", "text")
    .addColumn("death_sort", "integer")
    .addColumn("death_year", "integer")
    .addColumn("death_place", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("notes", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema
    .createIndex("people_collection_number")
    .unique()
    .on("people")
    .columns(["collection", "number"])
    .execute();
  await db.schema
    .createIndex("people_collection_name")
    .on("people")
    .columns(["collection", "sort_surname", "sort_given"])
    .execute();
  await db.schema.createIndex("people_collection_birth").on("people").columns(["collection", "birth_sort"]).execute();
  await db.schema.createIndex("people_tree").on("people").column("tree_id").execute();

  await db.schema
    .createTable("families")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("collection", "text", (col) => col.notNull())
    .addColumn("husband_id", "integer", (col) => col.references("people.id").onDelete("set null"))
    .addColumn("wife_id", "integer", (col) => col.references("people.id").onDelete("set null"))
    .addColumn("marriage_date", "text")
    .addColumn("marriage_sort", "integer")
    .addColumn("marriage_place", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("families_husband").on("families").column("husband_id").execute();
  await db.schema.createIndex("families_wife").on("families").column("wife_id").execute();
  await db.schema
    .createTable("family_children")
    .addColumn("family_id", "integer", (col) => col.notNull().references("families.id").onDelete("cascade"))
    .addColumn("child_id", "integer", (col) => col.notNull().references("people.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("family_children_pk", ["family_id", "child_id"])
    .execute();
  await db.schema.createIndex("family_children_child").on("family_children").column("child_id").execute();
  await db.schema
    .createTable("person_sources")
    .addColumn("person_id", "integer", (col) => col.notNull().references("people.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("citation", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("person_sources_pk", ["person_id", "position"])
    .execute();

  // Search keys of the four name fields (s surname, g given name, b birth place, d death place).
  await db.schema
    .createTable("person_keys")
    .addColumn("person_id", "integer", (col) => col.notNull().references("people.id").onDelete("cascade"))
    .addColumn("field", "text", (col) => col.notNull())
    .addColumn("exact_key", sql`text${c}`, (col) => col.notNull())
    .addColumn("folded", sql`text${c}`, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("person_keys_folded")
    .on("person_keys")
    .columns(["field", "folded", "person_id"])
    .execute();
  await db.schema
    .createIndex("person_keys_exact")
    .on("person_keys")
    .columns(["field", "exact_key", "person_id"])
    .execute();
  await db.schema.createIndex("person_keys_person").on("person_keys").column("person_id").execute();
  // Daitch–Mokotoff codes of every word of those fields, and given-name variant groups (field "v").
  await sql`create table person_codes (
      field text not null,
      code text not null,
      person_id integer not null,
      primary key (field, code, person_id)
    )${sqliteWithoutRowid(kind)}`.execute(db);
}
