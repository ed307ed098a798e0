import { type SelectQueryBuilder, sql } from "kysely";
import { keyOf } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { exactKey, foldName } from "~/names/normalize";
import type { DirectoryCriteria } from "./directory-criteria";
import { type DirectoryNameKind, soundCodes } from "./directory-names";
import { splitList } from "./forms";

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

export interface DirectoryResult {
  total: number;
  page: number;
  pageCount: number;
  correctedFromPage?: number;
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

/** Members with a key of `kind` that is, or has a word that, starts with the folded text. */
function startsWith(database: Database, kind: DirectoryNameKind, typed: string) {
  // Folded keys hold only letters, digits and single spaces: no LIKE wildcard can come from the user.
  const folded = foldName(typed);
  return database.db
    .selectFrom("member_directory_names")
    .select("user_id")
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb("folded", "like", `${folded}%`), eb("folded", "like", `% ${folded}%`)]));
}

function filtered(database: Database, criteria: DirectoryCriteria, today: string): UsersQuery | null {
  let q = listedMembers(database, today);
  if (criteria.number !== undefined) q = q.where("users.id", "=", criteria.number);
  if (criteria.email) q = q.where("email_key", "=", keyOf(criteria.email));
  if (criteria.surname) q = q.where("users.id", "in", startsWith(database, "surname", criteria.surname));
  if (criteria.givenName) q = q.where("users.id", "in", startsWith(database, "given_name", criteria.givenName));
  if (criteria.place) q = q.where("users.id", "in", startsWith(database, "research_place", criteria.place));
  if (criteria.research) {
    const { value, mode } = criteria.research;
    if (mode === "sounds") {
      const codes = soundCodes(value);
      if (!codes.length) return null;
      q = q.where(
        "users.id",
        "in",
        database.db.selectFrom("member_directory_codes").select("user_id").where("code", "in", codes),
      );
    } else if (mode === "exact") {
      q = q.where(
        "users.id",
        "in",
        database.db
          .selectFrom("member_directory_names")
          .select("user_id")
          .where("kind", "=", "research_surname")
          .where("exact_key", "=", exactKey(value)),
      );
    } else {
      q = q.where("users.id", "in", startsWith(database, "research_surname", value));
    }
  }
  return q;
}

export async function searchDirectory(
  database: Database,
  criteria: DirectoryCriteria,
  today = new Date().toISOString().slice(0, 10),
): Promise<DirectoryResult> {
  const q = filtered(database, criteria, today);
  if (!q) return { total: 0, page: 1, pageCount: 0, rows: [] };
  const counted = await q.select((eb) => eb.fn.countAll<number | string | bigint>().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.ceil(total / criteria.perPage);
  const page = pageCount > 0 ? Math.min(criteria.page, pageCount) : 1;

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
    .offset((page - 1) * criteria.perPage)
    .execute();
  return {
    total,
    page,
    pageCount,
    correctedFromPage: page !== criteria.page ? criteria.page : undefined,
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
