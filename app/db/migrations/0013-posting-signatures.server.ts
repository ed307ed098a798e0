import { type Kysely, sql } from "kysely";
import { SIGNED_FIELDS, unionSignature, valueMask } from "./0013-posting-signatures/signature";
import type { DialectKind } from "../connection.server";

/** Dictionary values per window of the back-fill's updates: each window is an index range of the postings. */
const VALUE_WINDOW = 2_000;
/** Rows per insert of the record signatures (4 bound values each would allow more; 500 keeps statements small). */
const INSERT_ROWS = 500;

interface Tables {
  postings: { value_id: number; year: number; record_id: number; sig: number };
  name_values: { id: number; collection: number; field: string };
  records: { id: number };
  posting_sigs_backfill: { id: number; sig: number };
}

/**
 * Every posting carries its record's name signature (decision 0046), so a search of several names rules out
 * most records from the rarest name's postings alone. Existing postings get theirs here: the postings are read
 * once in key order (value by value) to build each record's signature in memory (8 bytes per record id), the
 * signatures go to a temporary table, and the postings are updated from it one window of values at a time.
 */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  await sql`alter table postings add column sig ${sql.raw(kind === "postgres" ? "bigint" : "integer")} not null default 0`.execute(
    db,
  );
  const typed = db as unknown as Kysely<Tables>;
  const last = await typed
    .selectFrom("records")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  const lastRecord = Number(last?.id ?? 0);
  if (!lastRecord) return;

  const masks = new Map<number, number>();
  for (const v of await typed.selectFrom("name_values").select(["id", "collection", "field"]).execute()) {
    if (SIGNED_FIELDS.get(v.collection)?.has(v.field)) masks.set(v.id, valueMask(v.id));
  }

  const signatures = new Float64Array(lastRecord + 1);
  const postings = typed.selectFrom("postings").select(["value_id", "record_id"]).stream(10_000);
  for await (const p of postings) {
    const mask = masks.get(p.value_id);
    if (mask !== undefined) signatures[p.record_id] = unionSignature(signatures[p.record_id]!, mask);
  }

  await sql`create temporary table posting_sigs_backfill (id integer primary key, sig bigint not null)`.execute(db);
  let rows: Tables["posting_sigs_backfill"][] = [];
  for (let id = 1; id <= lastRecord; id++) {
    if (signatures[id]) rows.push({ id, sig: signatures[id]! });
    if (rows.length === INSERT_ROWS || (id === lastRecord && rows.length)) {
      await typed.insertInto("posting_sigs_backfill").values(rows).execute();
      rows = [];
    }
  }

  const lastValue = await typed
    .selectFrom("name_values")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  for (let from = 0; from <= Number(lastValue?.id ?? 0); from += VALUE_WINDOW) {
    await sql`update postings set sig = s.sig from posting_sigs_backfill s
      where s.id = postings.record_id and postings.value_id >= ${from} and postings.value_id < ${from + VALUE_WINDOW}`.execute(
      db,
    );
  }
  await sql`drop table posting_sigs_backfill`.execute(db);
}
