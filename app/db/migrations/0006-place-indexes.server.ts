import { type Kysely } from "kysely";

/** One place module for several map indexes (decision 0016): each place belongs to one index, and every lookup of the search narrows to its index first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("places")
    .addColumn("map_index", "text", (col) => col.notNull().defaultTo("breyer"))
    .execute();
  for (const name of ["places_lat_lon", "places_province", "places_sheet"]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.createIndex("places_index_name").on("places").columns(["map_index", "sort_name"]).execute();
  await db.schema.createIndex("places_index_lat_lon").on("places").columns(["map_index", "lat", "lon"]).execute();
  await db.schema
    .createIndex("places_index_province")
    .on("places")
    .columns(["map_index", "province", "sort_name"])
    .execute();
  await db.schema.createIndex("places_index_sheet").on("places").columns(["map_index", "sheet", "square"]).execute();
}
