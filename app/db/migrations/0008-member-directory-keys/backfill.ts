import type { Kysely } from "kysely";
import { daitchMokotoff } from "./daitch-mokotoff";
import { exactKey, foldName, nameTokens } from "./normalize";

/**
 * Frozen copy of how migration 0008 computed and wrote the member directory's
 * keys (app/members/directory-names.ts, directory-keys.server.ts and
 * splitList of app/members/forms.ts at commit ed188f8). The tables are typed
 * as they were then, not by today's schema. Never edit.
 */

interface Tables {
  users: { id: number; surname: string; given_name: string; research_surnames: string; research_places: string };
  member_directory_names: {
    user_id: number;
    kind: string;
    position: number;
    value: string;
    exact_key: string;
    folded: string;
  };
  member_directory_codes: { code: string; user_id: number };
}

type Source = Omit<Tables["users"], "id">;

function splitList(typed: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of typed.split(/[,\r\n]/)) {
    const item = raw.replace(/\s+/g, " ").trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

function rows(kind: string, items: string[]) {
  return items
    .map((value, position) => ({ kind, position, value, exact_key: exactKey(value), folded: foldName(value) }))
    .filter((r) => r.folded !== "");
}

function nameRows(user: Source) {
  return [
    ...rows("surname", user.surname.trim() ? [user.surname.trim()] : []),
    ...rows("given_name", user.given_name.trim() ? [user.given_name.trim()] : []),
    ...rows("research_surname", splitList(user.research_surnames)),
    ...rows("research_place", splitList(user.research_places)),
  ];
}

function soundCodes(name: string): string[] {
  return [...new Set(nameTokens(name).flatMap((t) => daitchMokotoff(t)))].sort();
}

function codes(user: Source): string[] {
  return [...new Set(splitList(user.research_surnames).flatMap(soundCodes))].sort();
}

/** Every existing profile's directory keys, as a profile save wrote them when 0008 was written. */
export async function backfillDirectoryKeys(database: Kysely<unknown>): Promise<void> {
  const db = database as Kysely<Tables>;
  const users = await db
    .selectFrom("users")
    .select(["id", "surname", "given_name", "research_surnames", "research_places"])
    .orderBy("id")
    .execute();
  for (const user of users) {
    const userId = Number(user.id);
    const names = nameRows(user).map((r) => ({ ...r, user_id: userId }));
    if (names.length) await db.insertInto("member_directory_names").values(names).execute();
    const userCodes = codes(user).map((code) => ({ code, user_id: userId }));
    if (userCodes.length) await db.insertInto("member_directory_codes").values(userCodes).execute();
  }
}
