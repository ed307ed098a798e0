import { type Kysely } from "kysely";

/**
 * Request rate limits (issue 13, decision 0037): one counter per limit and client address for the current
 * window. In the database, not in memory, so every instance on one PostgreSQL counts the same requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("window_started_at", "text", (col) => col.notNull())
    .addColumn("hits", "integer", (col) => col.notNull())
    .execute();
}
