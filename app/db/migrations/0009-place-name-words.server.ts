import { type Kysely, sql } from "kysely";
import type { DialectKind } from "../connection.server";
import { byteOrder, sqliteWithoutRowid } from "./dialect.server";

/** How many spellings are read and written back at a time. */
const BATCH = 2_000;

/**
 * Frozen copy of wordStarts (app/names/word-starts.ts) as this migration
 * wrote the keys: every tail of a folded spelling that begins at a word.
 * Never edit.
 */
function tails(folded: string): string[] {
  const words = folded.split(" ").filter(Boolean);
  return words.map((_, i) => words.slice(i).join(" "));
}

/**
 * A place's spelling "starts with" a typed word when one of its words does:
 * a range scan of these keys instead of `folded LIKE '% neu%'` over every
 * spelling (decision 0030). The keys go with their place: whoever deletes
 * a place need not know this table.
 */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const c = byteOrder(kind);
  await sql`create table place_name_words (
      word_key text${c} not null,
      place_id integer not null references places(id) on delete cascade,
      primary key (word_key, place_id)
    )${sqliteWithoutRowid(kind)}`.execute(db);
  await sql`create index place_name_words_place on place_name_words (place_id)`.execute(db);

  const typed = db as unknown as Kysely<{
    place_names: { place_id: number; folded: string };
    place_name_words: { word_key: string; place_id: number };
  }>;
  const last = await typed
    .selectFrom("place_names")
    .select((eb) => eb.fn.max("place_id").as("id"))
    .executeTakeFirst();
  const lastId = Number(last?.id ?? 0);
  // Windows of place ids rather than offsets: each batch is an index range, however many places there are.
  for (let from = 0; from < lastId; from += BATCH) {
    const names = await typed
      .selectFrom("place_names")
      .select(["place_id", "folded"])
      .where("place_id", ">", from)
      .where("place_id", "<=", from + BATCH)
      .execute();
    const keys = new Map<string, { word_key: string; place_id: number }>();
    for (const n of names) {
      for (const key of tails(n.folded)) keys.set(`${key}\u0000${n.place_id}`, { word_key: key, place_id: n.place_id });
    }
    const rows = [...keys.values()];
    for (let i = 0; i < rows.length; i += 500) {
      await typed
        .insertInto("place_name_words")
        .values(rows.slice(i, i + 500))
        .execute();
    }
  }
}
