import { type Kysely } from "kysely";

/** One-time e-mail tokens: confirming an address, resetting a password, changing the address. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("email_tokens")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("new_email", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("email_tokens_user").on("email_tokens").column("user_id").execute();
}
