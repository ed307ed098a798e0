import { type Kysely, sql } from "kysely";
import type { DialectKind } from "../connection.server";
import { backfillDirectoryKeys } from "./0008-member-directory-keys/backfill";
import { byteOrder, sqliteWithoutRowid } from "./dialect.server";

/** The member directory's search keys, back-filled from every profile: decision 0015. */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const c = byteOrder(kind);
  await db.schema
    .createTable("member_directory_names")
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("exact_key", sql`text${c}`, (col) => col.notNull())
    .addColumn("folded", sql`text${c}`, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("member_directory_names_folded")
    .on("member_directory_names")
    .columns(["kind", "folded", "user_id"])
    .execute();
  await db.schema
    .createIndex("member_directory_names_exact")
    .on("member_directory_names")
    .columns(["kind", "exact_key", "user_id"])
    .execute();
  await db.schema.createIndex("member_directory_names_user").on("member_directory_names").column("user_id").execute();
  const withoutRowid = sqliteWithoutRowid(kind);
  await sql`create table member_directory_codes (
      code text not null,
      user_id integer not null references users(id) on delete cascade,
      primary key (code, user_id)
    )${withoutRowid}`.execute(db);
  await sql`create index member_directory_codes_user on member_directory_codes (user_id)`.execute(db);
  await backfillDirectoryKeys(db);
}
