import type { Database } from "~/db/connection.server";
import { writeAudit } from "./audit.server";
import { decoyHash, MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords.server";
import { createSession, revokeSessionByToken } from "./sessions.server";
import { clearFailures, recordFailure, retryAfterSeconds } from "./throttle.server";
import { type User, findUserById, findUserForLogin, keyOf } from "./users.server";

/** One message for every failed sign-in: it must not tell which half was wrong. */
export const SIGN_IN_FAILED = "That username or e-mail and password do not match an account.";

/** Said only after the right password, so it tells nothing to someone who does not have it. */
export const SIGN_IN_SUSPENDED =
  "This account is suspended, so it cannot sign in. Please write to the society's membership secretary.";

export type SignInResult =
  | { ok: true; user: User; refreshToken: string }
  | { ok: false; reason: "invalid" | "suspended" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/** The one rule for who may hold a sign-in: the form, the API and every token refresh ask it. */
export function maySignIn(user: Pick<User, "status">): boolean {
  return user.status !== "suspended";
}

/**
 * What an attempt counts against: the client address, and the account the
 * typed name leads to (username or e-mail, any case), so that one identifier
 * cannot sidestep the lock another earned. A name that matches no account is
 * locked by its own text, the way an account would be, so locks do not tell
 * which names exist.
 */
function throttleKeys(ip: string, login: string, account: { id: number } | undefined): string[] {
  return [`ip:${ip}`, account ? `account:${Number(account.id)}` : `user:${keyOf(login).slice(0, 254)}`];
}

export async function signIn(
  database: Database,
  input: { login: string; password: string; ip: string; userAgent: string },
  now = Date.now(),
): Promise<SignInResult> {
  const row = await findUserForLogin(database, input.login);
  const keys = throttleKeys(input.ip, input.login, row);
  const wait = await retryAfterSeconds(database, keys, now);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };

  // Verify against a decoy when there is no account, so timing does not reveal usernames.
  const valid =
    input.password.length <= MAX_PASSWORD_LENGTH &&
    (await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password));
  if (!row || !valid) {
    await recordFailure(database, keys, now);
    if (row) {
      await writeAudit(
        database,
        { actorUserId: null, subjectUserId: Number(row.id), action: "sign-in.failed", ip: input.ip },
        now,
      );
    }
    return { ok: false, reason: "invalid" };
  }
  const userId = Number(row.id);
  if (!maySignIn(row)) {
    await writeAudit(
      database,
      {
        actorUserId: null,
        subjectUserId: userId,
        action: "sign-in.refused",
        details: { status: row.status },
        ip: input.ip,
      },
      now,
    );
    return { ok: false, reason: "suspended" };
  }
  await clearFailures(database, [keys[1]]);
  const refreshToken = await createSession(database, userId, { ip: input.ip, userAgent: input.userAgent }, now);
  await writeAudit(database, { actorUserId: userId, subjectUserId: userId, action: "sign-in", ip: input.ip }, now);
  return { ok: true, user: (await findUserById(database, userId))!, refreshToken };
}

/** Ends the sign-in a refresh token belongs to (its whole family) and notes it in the audit log. */
export async function signOut(database: Database, refreshToken: string | null, ip: string): Promise<void> {
  if (!refreshToken) return;
  await revokeSessionByToken(database, refreshToken);
  await writeAudit(database, { actorUserId: null, subjectUserId: null, action: "sign-out", ip });
}
