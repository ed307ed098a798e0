import { data } from "@remix-run/node";
import { type ExpressionBuilder, sql } from "kysely";
import { requireAdminAuth } from "~/auth/guard.server";
import { approvalRequired } from "~/auth/signup.server";
import { membershipState } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { pageWindow } from "~/listing/paging";
import { getDatabase } from "~/db/current.server";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { errorsIn } from "./form-messages.server";
import type { ROLES, STATUSES } from "./forms";
import {
  type MembersQuery,
  PER_PAGE_CHOICES,
  SOON_DAYS,
  containsPattern,
  isoDay,
  parseMembersQuery,
} from "./members-query";

/**
 * /members/admin — the members table: a malformed parameter is answered 400
 * with a message beside its field, never an error page.
 */

type UsersEb = ExpressionBuilder<Schema, "users">;

function filters(query: MembersQuery, today: string) {
  return (eb: UsersEb) => {
    const and = [];
    if (query.q) {
      const pattern = containsPattern(query.q);
      and.push(
        eb.or([
          eb("username_key", "like", sql<string>`${pattern} escape '\\'`),
          eb("email_key", "like", sql<string>`${pattern} escape '\\'`),
          sql<boolean>`lower(given_name || ' ' || surname) like ${pattern} escape '\\'`,
        ]),
      );
    }
    if (query.status) and.push(eb("status", "=", query.status));
    if (query.role) and.push(eb("role", "=", query.role));
    if (query.expiry === "none") and.push(eb("membership_expires_on", "is", null));
    if (query.expiry === "expired") {
      and.push(eb.and([eb("membership_expires_on", "is not", null), eb("membership_expires_on", "<", today)]));
    }
    if (query.expiry === "soon") {
      const until = isoDay(Date.parse(`${today}T00:00:00Z`) + SOON_DAYS * 86_400_000);
      and.push(eb.and([eb("membership_expires_on", ">=", today), eb("membership_expires_on", "<=", until)]));
    }
    return eb.and(and);
  };
}

export interface MemberRow {
  id: number;
  username: string;
  email: string;
  emailVerified: boolean;
  name: string;
  role: (typeof ROLES)[number];
  status: (typeof STATUSES)[number];
  membership: ReturnType<typeof membershipState>;
  expiresOn: string | null;
  joined: string;
}

/** One page of the members table and the number of members the filters match. */
export async function listMembers(
  database: Database,
  query: MembersQuery,
  today = isoDay(Date.now()),
): Promise<{ rows: MemberRow[]; total: number; page: number; pageCount: number }> {
  const where = filters(query, today);
  const counted = await database.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where(where)
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  // A page past the end (an old bookmark) shows the last one rather than nothing.
  const { offset, page, pageCount } = pageWindow(total, query.page, query.perPage);
  const direction = query.sort.descending ? "desc" : "asc";
  let q = database.db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "email",
      "email_verified_at",
      "given_name",
      "surname",
      "role",
      "status",
      "membership_expires_on",
      "created_at",
    ])
    .where(where);
  switch (query.sort.column) {
    case "username":
      q = q.orderBy("username_key", direction);
      break;
    case "email":
      q = q.orderBy("email_key", direction);
      break;
    case "name":
      q = q.orderBy(sql`lower(surname)`, direction).orderBy(sql`lower(given_name)`, direction);
      break;
    case "status":
      q = q.orderBy("status", direction);
      break;
    case "role":
      q = q.orderBy("role", direction);
      break;
    case "expiry":
      // "No expiry" sorts after every date in both databases (they place NULLs differently).
      q = q.orderBy(sql`coalesce(membership_expires_on, '9999-12-31')`, direction);
      break;
    case "joined":
      q = q.orderBy("created_at", direction);
      break;
  }
  const rows = await q.orderBy("id", direction).limit(query.perPage).offset(offset).execute();
  return {
    rows: rows.map((r) => ({
      id: Number(r.id),
      username: r.username,
      email: r.email,
      emailVerified: r.email_verified_at !== null,
      name: [r.given_name, r.surname].filter(Boolean).join(" "),
      role: r.role,
      status: r.status,
      membership: membershipState(r, today),
      expiresOn: r.membership_expires_on,
      joined: r.created_at.slice(0, 10),
    })),
    total,
    page,
    pageCount,
  };
}

/** Accounts waiting for an administrator: pending, with a confirmed e-mail address. */
export async function countPendingApprovals(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "pending")
    .where("email_verified_at", "is not", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function loadMembersPage(request: Request) {
  await requireAdminAuth(request, { admin: true });
  const language = await languageOfRequest(request);
  const database = await getDatabase();
  const parsed = parseMembersQuery(new URL(request.url).searchParams);
  const approval = approvalRequired();
  const pendingApprovals = approval ? await countPendingApprovals(database) : 0;
  const base = {
    values: parsed.values,
    errors: errorsIn(language, parsed.errors),
    query: parsed.query,
    approval,
    pendingApprovals,
    perPageChoices: PER_PAGE_CHOICES,
    meta: pageMeta(language, "admin", "meta.members"),
  };
  if (Object.keys(parsed.errors).length > 0) return data({ ...base, result: null }, { status: 400 });
  const result = await listMembers(database, parsed.query);
  return data({
    ...base,
    result: { ...result, correctedFromPage: result.page !== parsed.query.page ? parsed.query.page : null },
  });
}
