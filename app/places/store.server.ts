import { sql } from "kysely";
import type { Database } from "~/db/connection.server";
import { daitchMokotoff } from "~/search/names/daitch-mokotoff";
import { exactKey, foldName, nameTokens } from "~/search/names/normalize";
import { DEFAULT_PLACE_COUNT, DEFAULT_PLACE_SEED, type DemoPlace, generatePlaces } from "./demo";

/**
 * Writing the place index: each place with every spelling (the map's own as
 * kind "map"), each spelling's folded and exact keys, and the Daitch–Mokotoff
 * codes of every word of every spelling.
 */

const BATCH = 400;
const PLACES_SEEDED_KEY = "demo_places_seeded_at";

export type PlaceInput = DemoPlace;

export async function importPlaces(database: Database, places: Iterable<PlaceInput>): Promise<number> {
  const { db } = database;
  const max = await db
    .selectFrom("places")
    .select((eb) => eb.fn.max("id").as("max"))
    .executeTakeFirst();
  let nextId = Number(max?.max ?? 0) + 1;
  let count = 0;
  let batch: PlaceInput[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch.map((p) => ({ id: nextId++, p }));
    batch = [];
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("places")
        .values(
          rows.map(({ id, p }) => ({
            id,
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
      const names = rows.flatMap(({ id, p }) =>
        [{ kind: "map", name: p.name }, ...p.spellings].map((s) => ({
          place_id: id,
          kind: s.kind,
          name: s.name,
          exact_key: exactKey(s.name),
          folded: foldName(s.name),
        })),
      );
      await trx.insertInto("place_names").values(names).execute();
      const codes = new Map<string, { code: string; place_id: number }>();
      for (const n of names) {
        for (const token of nameTokens(n.name)) {
          for (const code of daitchMokotoff(token)) codes.set(`${code}:${n.place_id}`, { code, place_id: n.place_id });
        }
      }
      const list = [...codes.values()];
      for (let i = 0; i < list.length; i += 1000) {
        await trx
          .insertInto("place_name_codes")
          .values(list.slice(i, i + 1000))
          .execute();
      }
    });
    count += rows.length;
  };
  for (const p of places) {
    batch.push(p);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

export async function placesWereSeeded(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", PLACES_SEEDED_KEY)
    .executeTakeFirst();
  return !!row;
}

/** Loads the demo place index once; the marker keeps an emptied index empty. */
export async function seedDemoPlaces(
  database: Database,
  opts: { count?: number; seed?: number } = {},
): Promise<number> {
  const n = await importPlaces(
    database,
    generatePlaces({ count: opts.count ?? DEFAULT_PLACE_COUNT, seed: opts.seed ?? DEFAULT_PLACE_SEED }),
  );
  const now = new Date().toISOString();
  await database.db
    .insertInto("app_meta")
    .values({ key: PLACES_SEEDED_KEY, value: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: now }))
    .execute();
  return n;
}

export async function placeCount(database: Database): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from places`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}
