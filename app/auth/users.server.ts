import type { Database } from "~/db/connection.server";
import type { Selectable } from "kysely";
import type { AccountStatus, Role, UsersTable } from "~/db/schema";
import { refreshDirectoryKeys } from "./directory-keys.server";
import { writeAudit } from "./audit.server";
import { hashPassword } from "./passwords.server";

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,32}$/;

type UserRow = Selectable<UsersTable>;
export type User = Omit<UserRow, "password_hash">;

export const keyOf = (s: string) => s.trim().toLowerCase();

export async function findUserById(database: Database, id: number): Promise<User | undefined> {
  return database.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst().then(strip);
}

/** The account a sign-in names, by username or e-mail, without regard to case. */
export async function findUserForLogin(database: Database, login: string): Promise<UserRow | undefined> {
  const key = keyOf(login);
  return database.db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb("username_key", "=", key), eb("email_key", "=", key)]))
    .executeTakeFirst();
}

function strip(row: UserRow | undefined): User | undefined {
  if (!row) return undefined;
  const { password_hash: _omit, ...user } = row;
  return user;
}

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role?: Role;
  status?: AccountStatus;
  emailVerified?: boolean;
  givenName?: string;
  surname?: string;
  /** The sign-up form's optional details, written with the account rather than after it. */
  countryCode?: string;
  regionCode?: string;
  researchSurnames?: string;
  researchPlaces?: string;
}

export class AccountTakenError extends Error {
  constructor(readonly field: "username" | "email") {
    super(`${field} is taken`);
  }
}

export async function createUser(
  database: Database,
  input: NewUser,
  audit: { actorUserId: number | null; ip?: string; via: string },
  now = Date.now(),
): Promise<User> {
  if (!USERNAME_PATTERN.test(input.username)) throw new Error("invalid username");
  const { db } = database;
  const taken = await db
    .selectFrom("users")
    .select(["username_key", "email_key"])
    .where((eb) => eb.or([eb("username_key", "=", keyOf(input.username)), eb("email_key", "=", keyOf(input.email))]))
    .executeTakeFirst();
  if (taken) throw new AccountTakenError(taken.username_key === keyOf(input.username) ? "username" : "email");
  const at = new Date(now).toISOString();
  const password_hash = await hashPassword(input.password);
  // One transaction: a crash (SIGKILL, power loss) leaves the account whole — directory keys and audit entry
  // with it — or not there at all (issue 13).
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("users")
      .values({
        username: input.username,
        username_key: keyOf(input.username),
        email: input.email.trim(),
        email_key: keyOf(input.email),
        email_verified_at: input.emailVerified ? at : null,
        password_hash,
        role: input.role ?? "member",
        status: input.status ?? "pending",
        membership_expires_on: null,
        given_name: input.givenName ?? "",
        surname: input.surname ?? "",
        address_line1: "",
        address_line2: "",
        city: "",
        postal_code: "",
        country_code: input.countryCode ?? "",
        region_code: input.regionCode ?? "",
        phone: "",
        research_surnames: input.researchSurnames ?? "",
        research_places: input.researchPlaces ?? "",
        listed_in_directory: 0,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const created = Number(row.id);
    await refreshDirectoryKeys(trx, created);
    await writeAudit(
      { ...database, db: trx },
      {
        actorUserId: audit.actorUserId ?? created,
        subjectUserId: created,
        action: "account.created",
        details: { via: audit.via, role: input.role ?? "member", status: input.status ?? "pending" },
        ip: audit.ip,
      },
    );
    return created;
  });
  return (await findUserById(database, id))!;
}

export async function setPassword(
  database: Database,
  userId: number,
  password: string,
  audit: { actorUserId: number | null; ip?: string; via: string },
): Promise<void> {
  await database.db
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
  await writeAudit(database, {
    actorUserId: audit.actorUserId,
    subjectUserId: userId,
    action: "password.changed",
    details: { via: audit.via },
    ip: audit.ip,
  });
}

export async function listUsers(database: Database): Promise<User[]> {
  const rows = await database.db.selectFrom("users").selectAll().orderBy("username_key").execute();
  return rows.map((r) => strip(r)!);
}

/** Whether an account may use the members' area today. */
export function membershipState(
  user: Pick<User, "status" | "membership_expires_on">,
  today = new Date().toISOString().slice(0, 10),
): "active" | "pending" | "suspended" | "expired" {
  if (user.status !== "active") return user.status;
  if (user.membership_expires_on && user.membership_expires_on < today) return "expired";
  return "active";
}
