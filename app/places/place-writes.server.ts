import type { Kysely } from "kysely";
import type { ImportChangesTable, Schema } from "~/db/schema";
import type { MapIndexId } from "./indexes";
import type { PlaceInput, SpellingKind } from "./spellings";
import { type PlaceWrite, nextPlaceId, removePlaces, writePlaces } from "./store.server";

/**
 * The place indexes' interface for imports (issue 28): everything an import or an undo reads of an index's stored
 * places and writes to them, by name. app/imports/ writes places only through this file; the places' spellings and
 * keys stay the store's (store.server.ts).
 */

/** Rows of the small tables an import writes, a statement per this many. */
const INSERT_ROWS = 500;

/** Places of an index by id, read back as an import would write them. */
export async function placesById(
  db: Kysely<Schema>,
  index: MapIndexId,
  ids: readonly number[],
): Promise<Map<number, PlaceInput>> {
  const found = new Map<number, PlaceInput>();
  if (!ids.length) return found;
  const rows = await db
    .selectFrom("places")
    .select(["id", "name", "province", "sheet", "square", "lat", "lon", "notes"])
    .where("map_index", "=", index)
    .where("id", "in", [...ids])
    .execute();
  for (const r of rows) {
    const { id, lat, lon, ...fields } = r;
    found.set(Number(id), { ...fields, spellings: [], lat: Number(lat), lon: Number(lon) });
  }
  if (!found.size) return found;
  const names = await db
    .selectFrom("place_names")
    .select(["place_id", "kind", "name"])
    .where("place_id", "in", [...found.keys()])
    .where("kind", "!=", "map")
    .execute();
  for (const n of names) found.get(Number(n.place_id))?.spellings.push({ kind: n.kind as SpellingKind, name: n.name });
  return found;
}

/** Reads of an index's places by source key (place_sources). */
export const placeSources = {
  async idsOfKeys(db: Kysely<Schema>, index: MapIndexId, keys: readonly string[]) {
    const rows = await db
      .selectFrom("place_sources")
      .select(["source_key", "place_id"])
      .where("map_index", "=", index)
      .where("source_key", "in", [...keys])
      .execute();
    return rows.map((r) => ({ key: r.source_key, id: Number(r.place_id) }));
  },

  async keyedIds(db: Kysely<Schema>, ids: readonly number[]): Promise<Set<number>> {
    const rows = await db
      .selectFrom("place_sources")
      .select("place_id")
      .where("place_id", "in", [...ids])
      .execute();
    return new Set(rows.map((r) => Number(r.place_id)));
  },
};

/** A page of an index's place ids in id order after `after`, each with its source key, for an export. */
export function placesPage(db: Kysely<Schema>, index: MapIndexId, after: number, limit: number) {
  return db
    .selectFrom("places")
    .leftJoin("place_sources", "place_sources.place_id", "places.id")
    .select(["places.id", "place_sources.source_key"])
    .where("places.map_index", "=", index)
    .where("places.id", ">", after)
    .orderBy("places.id")
    .limit(limit)
    .execute();
}

/** An import's or an undo's writes to one index's places, inside the job's transaction. */
export function placeWrites(trx: Kysely<Schema>, index: MapIndexId) {
  return {
    /** The id after every stored place's: where the import's new places start. */
    nextId: () => nextPlaceId(trx),
    /** Writes places under their ids (new ones, or changed ones after their removal). */
    write: (rows: readonly PlaceWrite[]) => writePlaces(trx, index, rows),
    remove: (ids: readonly number[]) => removePlaces(trx, ids),
    async keepPrevious(rows: readonly ImportChangesTable[]) {
      for (let i = 0; i < rows.length; i += INSERT_ROWS) {
        await trx
          .insertInto("import_changes")
          .values(rows.slice(i, i + INSERT_ROWS))
          .execute();
      }
    },
    async addSourceKeys(keys: readonly { id: number; key: string; batchId: number | null }[]) {
      const rows = keys.map((k) => ({ place_id: k.id, map_index: index, source_key: k.key, batch_id: k.batchId }));
      for (let i = 0; i < rows.length; i += INSERT_ROWS) {
        await trx
          .insertInto("place_sources")
          .values(rows.slice(i, i + INSERT_ROWS))
          .execute();
      }
    },
    async dropSourceKeys(ids: readonly number[]) {
      await trx
        .deleteFrom("place_sources")
        .where("place_id", "in", [...ids])
        .execute();
    },
    /** Up to `limit` places a batch created whose keys are still stored. */
    async createdBy(batchId: number, limit: number): Promise<{ id: number }[]> {
      const rows = await trx
        .selectFrom("place_sources")
        .select("place_id")
        .where("batch_id", "=", batchId)
        .orderBy("place_id")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.place_id) }));
    },
    /** Up to `limit` places a batch changed, by id after `after`, each with what it was (JSON). */
    async changedBy(batchId: number, after: number, limit: number) {
      const rows = await trx
        .selectFrom("import_changes")
        .select(["record_id", "previous"])
        .where("batch_id", "=", batchId)
        .where("record_id", ">", after)
        .orderBy("record_id")
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.record_id), previous: r.previous }));
    },
  };
}
