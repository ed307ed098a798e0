import { type SelectQueryBuilder, sql } from "kysely";
import { keyOf } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { type PageWindow, pageWindow } from "~/listing/paging";
import { type KeyTable, type NameCriterion, keyFilter } from "~/names/key-filter";
import type { DirectoryCriteria } from "./directory-criteria";
import type { DirectoryNameKind } from "~/auth/directory-names";
import { splitList } from "~/names/lists";

/**
 * The member directory search (decision 0015). Only members who chose to be
 * listed and whose membership is active today are ever read: the condition
 * is part of every query, so no criterion — not an exact member number, not
 * an exact e-mail address — can reach anyone else. Addresses and phone
 * numbers are never selected.
 */

export interface DirectoryRow {
  id: number;
  givenName: string;
  surname: string;
  email: string;
  researchSurnames: string[];
  researchPlaces: string[];
}

export interface DirectoryResult extends Omit<PageWindow, "offset"> {
  total: number;
  rows: DirectoryRow[];
}

type UsersQuery = SelectQueryBuilder<Schema, "users", object>;

/** The members the directory may show: listed, active, not expired. */
function listedMembers(database: Database, today: string): UsersQuery {
  return database.db
    .selectFrom("users")
    .where("listed_in_directory", "=", 1)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("membership_expires_on", "is", null), eb("membership_expires_on", ">=", today)]));
}

/** One kind of the directory's keys; only research surnames have codes, and one shared code is a match. */
function directoryKeys(kind: DirectoryNameKind): KeyTable {
  return {
    names: { table: "member_directory_names", owner: "user_id", where: { kind } },
    codes: kind === "research_surname" ? { table: "member_directory_codes", owner: "user_id" } : undefined,
    sounds: "any",
  };
}

const TEXT_CRITERIA = [
  ["surname", "surname"],
  ["givenName", "given_name"],
  ["place", "research_place"],
] as const satisfies readonly (readonly [keyof DirectoryCriteria, DirectoryNameKind])[];

function filtered(database: Database, criteria: DirectoryCriteria, today: string): UsersQuery | null {
  let q = listedMembers(database, today);
  if (criteria.number !== undefined) q = q.where("users.id", "=", criteria.number);
  if (criteria.email) q = q.where("email_key", "=", keyOf(criteria.email));
  const named: (NameCriterion & { kind: DirectoryNameKind })[] = TEXT_CRITERIA.flatMap(([name, kind]) => {
    const value = criteria[name];
    return value ? [{ kind, value, mode: "starts" as const }] : [];
  });
  if (criteria.research) named.push({ kind: "research_surname", ...criteria.research });
  for (const { kind, ...criterion } of named) {
    const byName = keyFilter(directoryKeys(kind), criterion);
    if (!byName) return null;
    q = q.where(byName("users.id"));
  }
  return q;
}

export async function searchDirectory(
  database: Database,
  criteria: DirectoryCriteria,
  today = new Date().toISOString().slice(0, 10),
): Promise<DirectoryResult> {
  const q = filtered(database, criteria, today);
  if (!q) return { total: 0, page: 1, pageCount: 1, rows: [] };
  const counted = await q.select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const { offset, ...window } = pageWindow(total, criteria.page, criteria.perPage);

  let ordered = q.select(["users.id", "given_name", "surname", "email", "research_surnames", "research_places"]);
  for (const key of criteria.sort) {
    const direction = key.descending ? "desc" : "asc";
    if (key.field === "surname") {
      ordered = ordered.orderBy(sql`lower(surname)`, direction).orderBy(sql`lower(given_name)`, direction);
    }
  }
  const rows = await ordered
    .orderBy("users.id", criteria.sort.some((k) => k.field === "number" && k.descending) ? "desc" : "asc")
    .limit(criteria.perPage)
    .offset(offset)
    .execute();
  return {
    total,
    ...window,
    rows: rows.map((r) => ({
      id: Number(r.id),
      givenName: r.given_name,
      surname: r.surname,
      email: r.email,
      researchSurnames: splitList(r.research_surnames),
      researchPlaces: splitList(r.research_places),
    })),
  };
}
