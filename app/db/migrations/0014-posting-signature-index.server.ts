import { type Kysely, sql } from "kysely";
import type { DialectKind } from "../connection.server";

/**
 * PostgreSQL tests the postings' name signatures from the index alone (decision 0050): the postings' primary key
 * carries `sig` as an included column, so a search of several names reads each driving posting's signature
 * beside its key instead of from the table's heap. The key is rebuilt with the column rather than a second index
 * added beside it: the two would hold the same keys, and every import would write both. SQLite's postings are
 * their primary key already (`without rowid`), signature included, so it has nothing to change.
 */
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind !== "postgres") return;
  await sql`create unique index postings_key_sig on postings (value_id, year, record_id) include (sig)`.execute(db);
  await sql`alter table postings drop constraint postings_pkey`.execute(db);
  await sql`alter table postings add constraint postings_pkey primary key using index postings_key_sig`.execute(db);
}
