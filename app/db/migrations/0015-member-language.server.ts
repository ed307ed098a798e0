import { type Kysely } from "kysely";

/** A member's language for the site (issue 29): one of app/i18n/languages.ts's codes, or "" for no choice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("language", "text", (col) => col.notNull().defaultTo(""))
    .execute();
}
