import type { Database } from "~/db/connection.server";
import { type NameKeys, nameKeys } from "~/names/keys";
import { foldName } from "~/names/normalize";
import { wordStarts } from "~/names/word-starts";
import type { MapIndexId } from "./indexes";
import type { PlaceInput } from "./spellings";

/**
 * Writing a place index: each place (of one index) with every spelling (the map's own as
 * kind "map"), each spelling's folded and exact keys, and the Daitch–Mokotoff
 * codes of every word of every spelling.
 */

const BATCH = 400;

type Executor = Database["db"];

/** A place to write under the id it is given (a new one, or the id of the place it replaces). */
export interface PlaceWrite {
  id: number;
  place: PlaceInput;
}

/** The id after every stored place's: where a batch of new places starts. */
export async function nextPlaceId(db: Executor): Promise<number> {
  const max = await db
    .selectFrom("places")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  return Number(max?.max ?? 0) + 1;
}

/**
 * Writes places of one index under their given ids, with every spelling and its keys, through `db` (a transaction
 * the caller holds). The seed and the place imports both write here, so a place's keys are the same however it came.
 */
export async function writePlaces(db: Executor, index: MapIndexId, rows: readonly PlaceWrite[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await db
      .insertInto("places")
      .values(
        part.map(({ id, place: p }) => ({
          id,
          map_index: index,
          name: p.name,
          sort_name: foldName(p.name),
          province: p.province,
          sheet: p.sheet,
          square: p.square,
          lat: p.lat,
          lon: p.lon,
          notes: p.notes,
        })),
      )
      .execute();
    const spellings = part.flatMap(({ id, place: p }) =>
      [{ kind: "map", name: p.name }, ...p.spellings].map((s) => ({ id, s, keys: nameKeys(s.name) })),
    );
    await db
      .insertInto("place_names")
      .values(
        spellings.map(({ id, s, keys }) => ({
          place_id: id,
          kind: s.kind,
          name: s.name,
          exact_key: keys.exact,
          folded: keys.folded,
        })),
      )
      .execute();
    await insertCodes(db, spellings);
    await insertWordStarts(db, spellings);
  }
}

/**
 * Removes places with every spelling and key, through `db` (a transaction the caller holds). The codes have no
 * foreign key to cascade on, and neither dialect is trusted to cascade here: each table is cleared by name.
 */
export async function removePlaces(db: Executor, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    await db.deleteFrom("place_name_codes").where("place_id", "in", part).execute();
    await db.deleteFrom("place_name_words").where("place_id", "in", part).execute();
    await db.deleteFrom("place_names").where("place_id", "in", part).execute();
    await db.deleteFrom("places").where("id", "in", part).execute();
  }
}

/** Appends places to an index after the existing ids, a transaction per few hundred (the seed, tests). */
export async function importPlaces(
  database: Database,
  index: MapIndexId,
  places: Iterable<PlaceInput>,
): Promise<number> {
  const { db } = database;
  let nextId = await nextPlaceId(db);
  let count = 0;
  let batch: PlaceInput[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch.map((place) => ({ id: nextId++, place }));
    batch = [];
    await db.transaction().execute((trx) => writePlaces(trx, index, rows));
    count += rows.length;
  };
  for (const p of places) {
    batch.push(p);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

/** The codes of every word of every spelling, each once per place. */
function insertCodes(trx: Executor, spellings: { id: number; keys: NameKeys }[]): Promise<void> {
  const rows = spellings.flatMap(({ id, keys }) => keys.phonetic.map((code) => ({ code, place_id: id })));
  return insertOnce(trx, "place_name_codes", rows, (r) => r.code);
}

/** The word-start keys of every spelling (decision 0030), each once per place. */
function insertWordStarts(trx: Executor, spellings: { id: number; keys: NameKeys }[]): Promise<void> {
  const rows = spellings.flatMap(({ id, keys }) =>
    wordStarts(keys.folded).map((key) => ({ word_key: key, place_id: id })),
  );
  return insertOnce(trx, "place_name_words", rows, (r) => r.word_key);
}

/** Rows of a key table, each (key, place) once, in batches the databases accept. */
async function insertOnce<R extends { place_id: number }>(
  trx: Executor,
  table: "place_name_codes" | "place_name_words",
  rows: R[],
  keyOf: (row: R) => string,
): Promise<void> {
  const unique = [...new Map(rows.map((r) => [`${keyOf(r)}\u0000${r.place_id}`, r])).values()];
  for (let i = 0; i < unique.length; i += 1000) {
    await trx
      .insertInto(table)
      .values(unique.slice(i, i + 1000) as never)
      .execute();
  }
}

/** Rewrites every place's codes from its stored spellings (after a change of the coder); returns the places. */
export async function rewritePlaceCodes(database: Database): Promise<number> {
  const { db } = database;
  let count = 0;
  for (let from = 0; ;) {
    const ids = (
      await db.selectFrom("places").select("id").where("id", ">", from).orderBy("id").limit(BATCH).execute()
    ).map((r) => Number(r.id));
    if (!ids.length) break;
    from = ids[ids.length - 1];
    const names = await db
      .selectFrom("place_names")
      .select(["place_id", "name"])
      .where("place_id", "in", ids)
      .execute();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("place_name_codes").where("place_id", "in", ids).execute();
      await insertCodes(
        trx,
        names.map((n) => ({ id: Number(n.place_id), keys: nameKeys(n.name) })),
      );
    });
    count += ids.length;
  }
  return count;
}

/** How many places each index holds. */
export async function placeCounts(database: Database): Promise<Map<MapIndexId, number>> {
  const rows = await database.db
    .selectFrom("places")
    .select(["map_index", (eb) => eb.fn.countAll().as("n")])
    .groupBy("map_index")
    .execute();
  return new Map(rows.map((r) => [r.map_index as MapIndexId, Number(r.n)]));
}
