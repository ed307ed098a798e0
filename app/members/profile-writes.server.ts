import { writeAudit } from "~/auth/audit.server";
import { verifyPassword } from "~/auth/passwords.server";
import { revokeAllSessions } from "~/auth/sessions.server";
import { type User, keyOf, setPassword } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import { isUniqueViolation } from "~/db/errors";
import type { UsersTable } from "~/db/schema";
import { DIRECTORY_SOURCE_COLUMNS, writeDirectoryKeys } from "~/auth/directory-keys.server";
import type { PersonalDetails } from "./forms";

/**
 * What a member changes on their own account (issue #3 item 8): personal
 * details, password, username. Each write changes the given account only
 * (`where id =` the account's id) and is audited; the pages that call these
 * decide whose account that is.
 */

const PERSONAL_COLUMNS = {
  givenName: "given_name",
  surname: "surname",
  addressLine1: "address_line1",
  addressLine2: "address_line2",
  city: "city",
  postalCode: "postal_code",
  country: "country_code",
  region: "region_code",
  phone: "phone",
  researchSurnames: "research_surnames",
  researchPlaces: "research_places",
  listedInDirectory: "listed_in_directory",
  language: "language",
} as const satisfies Record<keyof PersonalDetails, keyof UsersTable>;

type PersonalColumn = (typeof PERSONAL_COLUMNS)[keyof typeof PERSONAL_COLUMNS];

/**
 * Saves the owner's personal details and audits the names of the columns
 * that changed (never their values: addresses and phone numbers are personal
 * data the audit log does not need). Returns those names; nothing is written
 * when nothing changed.
 */
export async function updatePersonalDetails(
  database: Database,
  user: User,
  details: PersonalDetails,
  audit: { ip: string },
  now = Date.now(),
): Promise<PersonalColumn[]> {
  const next: Record<PersonalColumn, string | number> = {
    given_name: details.givenName,
    surname: details.surname,
    address_line1: details.addressLine1,
    address_line2: details.addressLine2,
    city: details.city,
    postal_code: details.postalCode,
    country_code: details.country,
    region_code: details.region,
    phone: details.phone,
    research_surnames: details.researchSurnames,
    research_places: details.researchPlaces,
    listed_in_directory: details.listedInDirectory ? 1 : 0,
    language: details.language,
  };
  const changed = Object.values(PERSONAL_COLUMNS).filter((column) => next[column] !== user[column]);
  if (changed.length === 0) return [];
  const set = Object.fromEntries(changed.map((column) => [column, next[column]]));
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ ...set, updated_at: new Date(now).toISOString() })
      .where("id", "=", user.id)
      .execute();
    if (changed.some((column) => (DIRECTORY_SOURCE_COLUMNS as readonly string[]).includes(column))) {
      await writeDirectoryKeys(trx, user.id, {
        surname: details.surname,
        given_name: details.givenName,
        research_surnames: details.researchSurnames,
        research_places: details.researchPlaces,
      });
    }
    await writeAudit(
      { ...database, db: trx },
      {
        actorUserId: user.id,
        subjectUserId: user.id,
        action: "profile.updated",
        details: { fields: changed },
        ip: audit.ip,
      },
      now,
    );
  });
  return changed;
}

/**
 * Changes the owner's password after checking the current one, then signs
 * out every other sign-in (a stolen session must not outlive the change);
 * the sign-in that made the change (its refresh token's family) stays.
 */
export async function changePassword(
  database: Database,
  user: User,
  passwords: { currentPassword: string; newPassword: string },
  opts: { ip: string; keepSessionToken: string | null },
): Promise<{ ok: true } | { ok: false; reason: "wrong-password" }> {
  const row = await database.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", user.id)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, passwords.currentPassword))) {
    await writeAudit(database, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: "password.change-refused",
      details: { reason: "wrong current password" },
      ip: opts.ip,
    });
    return { ok: false, reason: "wrong-password" };
  }
  await setPassword(database, user.id, passwords.newPassword, { actorUserId: user.id, ip: opts.ip, via: "profile" });
  await revokeAllSessions(database, user.id, { exceptToken: opts.keepSessionToken ?? undefined });
  await writeAudit(database, {
    actorUserId: user.id,
    subjectUserId: user.id,
    action: "sessions.revoked",
    details: { reason: "password changed", kept: opts.keepSessionToken ? "this sign-in" : "none" },
    ip: opts.ip,
  });
  return { ok: true };
}

export const USERNAME_TAKEN = "That username is taken. Try another.";

/** Whether `username` is free for `forUserId`: nobody has it, without regard to case, or it is theirs already. */
export async function isUsernameAvailable(database: Database, username: string, forUserId: number): Promise<boolean> {
  const holder = await database.db
    .selectFrom("users")
    .select("id")
    .where("username_key", "=", keyOf(username))
    .executeTakeFirst();
  return !holder || holder.id === forUserId;
}

/**
 * Renames the owner's account. Two members can ask for the same free name at
 * the same moment; the unique index on username_key decides, and the loser
 * gets `{ ok: false }` (the "taken" message), not an error page.
 */
export async function changeUsername(
  database: Database,
  user: User,
  username: string,
  audit: { ip: string },
  now = Date.now(),
): Promise<{ ok: boolean }> {
  try {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ username, username_key: keyOf(username), updated_at: new Date(now).toISOString() })
        .where("id", "=", user.id)
        .execute();
      await writeAudit(
        { ...database, db: trx },
        {
          actorUserId: user.id,
          subjectUserId: user.id,
          action: "username.changed",
          details: { from: user.username, to: username },
          ip: audit.ip,
        },
        now,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false };
    throw error;
  }
  return { ok: true };
}
