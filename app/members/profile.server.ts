import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { writeAudit } from "~/auth/audit.server";
import { validateCsrf } from "~/auth/csrf.server";
import { getCurrentUser, requireAdminAuth } from "~/auth/guard.server";
import { verifyPassword } from "~/auth/passwords.server";
import { readRefreshToken, revokeAllSessions } from "~/auth/sessions.server";
import { type User, keyOf, membershipState, setPassword } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import type { UsersTable } from "~/db/schema";
import { getDatabase } from "~/server/runtime.server";
import { readForm } from "~/routing/form-data.server";
import { formatMemberNumber } from "./directory-criteria";
import { DIRECTORY_SOURCE_COLUMNS, writeDirectoryKeys } from "./directory-keys.server";
import { countryName, isCountry, isRegionOf, listCountries, regionName, regionsOf } from "./countries.server";
import {
  type PersonalDetails,
  type PlaceChecks,
  passwordChangeSchema,
  personalSchema,
  splitList,
  usernameProblem,
  usernameSchema,
} from "./forms";
import { PATHS } from "~/routing/paths";

/**
 * The member's own account pages (issue #3 item 8): what the loaders show and
 * what the actions change. Every loader and action starts with the auth-admin
 * guard, and every change is made to the signed-in account only (`where id =`
 * the guard's user), whatever the form says.
 */

export const PROFILE_PATH = PATHS.profile;

/** What the profile page's notice reports after an edit (`?updated=`). */
export const UPDATE_KINDS = ["personal", "password", "username", "email"] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

const isUpdateKind = (value: string | null): value is UpdateKind =>
  value !== null && (UPDATE_KINDS as readonly string[]).includes(value);

const places: PlaceChecks = {
  isCountry,
  isRegionOf,
  countryName: (code) => countryName(code),
};

// ---------------------------------------------------------------- the profile page

export async function loadProfilePage(request: Request) {
  const user = await requireAdminAuth(request);
  const updated = new URL(request.url).searchParams.get("updated");
  return {
    account: {
      memberNumber: formatMemberNumber(user.id),
      username: user.username,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      role: user.role,
      membership: membershipState(user),
      membershipExpiresOn: user.membership_expires_on,
      givenName: user.given_name,
      surname: user.surname,
      addressLine1: user.address_line1,
      addressLine2: user.address_line2,
      city: user.city,
      postalCode: user.postal_code,
      country: countryName(user.country_code) ?? "",
      region: regionName(user.country_code, user.region_code) ?? "",
      phone: user.phone,
      researchSurnames: splitList(user.research_surnames),
      researchPlaces: splitList(user.research_places),
      listedInDirectory: user.listed_in_directory === 1,
    },
    updated: isUpdateKind(updated) ? updated : null,
  };
}

// ---------------------------------------------------------------- personal details

export async function loadPersonalEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  return {
    countries: listCountries(),
    regions: regionsOf(user.country_code),
    defaults: {
      givenName: user.given_name,
      surname: user.surname,
      addressLine1: user.address_line1,
      addressLine2: user.address_line2,
      city: user.city,
      postalCode: user.postal_code,
      country: user.country_code,
      region: user.region_code,
      phone: user.phone,
      researchSurnames: user.research_surnames,
      researchPlaces: user.research_places,
      listedInDirectory: user.listed_in_directory === 1,
    },
  };
}

export async function personalEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseWithZod(formData, { schema: personalSchema(places) });
  if (submission.status !== "success") {
    // Without JavaScript the region select can only show the regions the server renders: those of the country sent.
    const country = formData.get("country");
    const regions = regionsOf(typeof country === "string" && isCountry(country) ? country : "");
    return data({ result: submission.reply(), regions }, { status: 400 });
  }
  await updatePersonalDetails(await getDatabase(), user, submission.value, { ip: clientIp });
  return redirect(`${PROFILE_PATH}?updated=personal`);
}

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

// ---------------------------------------------------------------- password

export async function loadPasswordEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  return { username: user.username, email: user.email };
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function passwordEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseWithZod(formData, {
    schema: passwordChangeSchema({ username: user.username, email: user.email }),
  });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const database = await getDatabase();
  const result = await changePassword(database, user, submission.value, {
    ip: clientIp,
    keepSessionToken: await readRefreshToken(request),
  });
  if (!result.ok) {
    return data(
      submission.reply({
        hideFields: PASSWORD_FIELDS,
        fieldErrors: { currentPassword: ["That is not your current password."] },
      }),
      { status: 400 },
    );
  }
  return redirect(`${PROFILE_PATH}?updated=password`);
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

// ---------------------------------------------------------------- username

export async function loadUsernameEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  return { username: user.username };
}

export const USERNAME_TAKEN = "That username is taken. Try another.";
const USERNAME_UNCHANGED = "That is already your username.";

export async function usernameEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseWithZod(formData, { schema: usernameSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { username } = submission.value;
  if (username === user.username) {
    return data(submission.reply({ fieldErrors: { username: [USERNAME_UNCHANGED] } }), { status: 400 });
  }
  const database = await getDatabase();
  // Checked first for the usual case; changeUsername still turns a name taken in the meantime into this message.
  const result = (await isUsernameAvailable(database, username, user.id))
    ? await changeUsername(database, user, username, { ip: clientIp })
    : ({ ok: false } as const);
  if (!result.ok) return data(submission.reply({ fieldErrors: { username: [USERNAME_TAKEN] } }), { status: 400 });
  return redirect(`${PROFILE_PATH}?updated=username`);
}

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

/** SQLite's and PostgreSQL's words for "a unique index refused this row". */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const { code } = error as { code: unknown };
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

// ---------------------------------------------------------------- GET /api/username-available

export interface UsernameAvailability {
  available: boolean;
  message: string;
}

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The availability check behind the username form: signed-in accounts only
 * (the list of usernames is not public), 400 with the reason for a name that
 * could never be valid, and the account's own name counts as available.
 */
export async function usernameAvailabilityResponse(request: Request): Promise<Response> {
  const user = await getCurrentUser(request);
  if (!user) return json({ error: "Sign in to check usernames." }, 401);
  const typed = new URL(request.url).searchParams.get("username") ?? "";
  const problem = usernameProblem(typed);
  if (problem) return json({ available: false, message: problem } satisfies UsernameAvailability, 400);
  const username = typed.trim();
  if (username === user.username) {
    return json({ available: true, message: "That is your username now." } satisfies UsernameAvailability, 200);
  }
  const available = await isUsernameAvailable(await getDatabase(), username, user.id);
  const body: UsernameAvailability = available
    ? { available, message: `“${username}” is available.` }
    : { available, message: USERNAME_TAKEN };
  return json(body, 200);
}
