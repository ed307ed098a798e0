import type { Kysely } from "kysely";
import type { Schema } from "~/db/schema";
import { type DirectorySource, directoryCodes, directoryNameRows } from "./directory-names";

/**
 * Writing a member's directory keys (decision 0015). Every write of the
 * columns they come from (sign-up, the personal details form, the migration
 * that back-fills them) goes through here, inside the caller's transaction
 * where it has one, so the keys never describe an older profile.
 */
export async function writeDirectoryKeys(db: Kysely<Schema>, userId: number, source: DirectorySource): Promise<void> {
  await db.deleteFrom("member_directory_names").where("user_id", "=", userId).execute();
  await db.deleteFrom("member_directory_codes").where("user_id", "=", userId).execute();
  const names = directoryNameRows(source).map((r) => ({ ...r, user_id: userId }));
  if (names.length) await db.insertInto("member_directory_names").values(names).execute();
  const codes = directoryCodes(source).map((code) => ({ code, user_id: userId }));
  if (codes.length) await db.insertInto("member_directory_codes").values(codes).execute();
}

/** Rewrites the keys from the account as it is stored now. */
export async function refreshDirectoryKeys(db: Kysely<Schema>, userId: number): Promise<void> {
  const user = await db
    .selectFrom("users")
    .select(["surname", "given_name", "research_surnames", "research_places"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (user) await writeDirectoryKeys(db, userId, user);
}

/** Whether a change of these columns changes the keys. */
export const DIRECTORY_SOURCE_COLUMNS = ["surname", "given_name", "research_surnames", "research_places"] as const;

/** Rewrites every member's keys (after a change of the coder); returns how many members were read. */
export async function rewriteDirectoryKeys(db: Kysely<Schema>): Promise<number> {
  const users = await db
    .selectFrom("users")
    .select(["id", ...DIRECTORY_SOURCE_COLUMNS])
    .orderBy("id")
    .execute();
  for (const user of users) {
    await db.transaction().execute((trx) => writeDirectoryKeys(trx, Number(user.id), user));
  }
  return users.length;
}
