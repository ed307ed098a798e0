import { type Kysely } from "kysely";

/** The content pages administrators edit in Markdown. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_pages")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("body_markdown", "text", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("updated_by", "integer")
    .execute();
}
