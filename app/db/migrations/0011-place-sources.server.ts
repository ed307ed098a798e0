import { type Kysely } from "kysely";

/**
 * Place imports (decision 0027): the source key of every place that came from an import into a map index, so a
 * second import of the volunteer's file updates its places instead of adding them again, and the batch that
 * created each (what its undo removes). The place a batch changed keeps its previous state in import_changes, as a
 * record does. No foreign key to places: an import rewrites a changed place under its id and keeps its key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("place_sources")
    .addColumn("place_id", "integer", (col) => col.primaryKey())
    .addColumn("map_index", "text", (col) => col.notNull())
    .addColumn("source_key", "text", (col) => col.notNull())
    .addColumn("batch_id", "integer")
    .execute();
  await db.schema
    .createIndex("place_sources_key")
    .unique()
    .on("place_sources")
    .columns(["map_index", "source_key"])
    .execute();
  await db.schema.createIndex("place_sources_batch").on("place_sources").column("batch_id").execute();
}
