import type { Database } from "~/db/connection.server";
import { rewriteRecordCodes } from "~/search/store.server";
import { rewritePersonCodes } from "~/families/store.server";
import { rewriteDirectoryKeys } from "~/auth/directory-keys.server";
import { NAME_CODES_VERSION } from "~/names/keys";
import { rewritePlaceCodes } from "~/places/store.server";

/**
 * Phonetic codes are computed when a name is stored, so a change of the
 * coder (NAME_CODES_VERSION) leaves an existing installation with codes a
 * fresh one would not have. At start-up, before anything is seeded or
 * served, every stored code is rewritten once per version; a migration
 * cannot do this, because it must not call code that changes after it.
 */

const VERSION_KEY = "name_codes_version";

export interface NameCodesRefresh {
  from: number;
  records: number;
  places: number;
  people: number;
  members: number;
}

/** Rewrites the stored codes when they are older than the coder; null when they are current. */
export async function refreshNameCodes(database: Database): Promise<NameCodesRefresh | null> {
  const { db } = database;
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", VERSION_KEY).executeTakeFirst();
  // Installations from before the version was recorded hold version 1 codes.
  const from = row ? Number(row.value) : 1;
  if (from === NAME_CODES_VERSION) return null;
  const refresh = {
    from,
    records: await rewriteRecordCodes(database),
    places: await rewritePlaceCodes(database),
    people: await rewritePersonCodes(database),
    members: await rewriteDirectoryKeys(db),
  };
  const value = String(NAME_CODES_VERSION);
  await db
    .insertInto("app_meta")
    .values({ key: VERSION_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  return refresh;
}
