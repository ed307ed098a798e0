import type { Database } from "~/db/connection.server";
import { writeAudit } from "./audit.server";
import { decoyHash, MAX_PASSWORD_LENGTH, verifyPassword } from "./passwords.server";
import { createSession, revokeSessionByToken } from "./sessions.server";
import { clearFailures, recordFailure, retryAfterSeconds } from "./throttle.server";
import { type User, findUserById, findUserForLogin, keyOf } from "./users.server";

/** One message for every failed sign-in: it must not tell which half was wrong. */
export const SIGN_IN_FAILED = "That username or e-mail and password do not match an account.";

export type SignInResult =
  | { ok: true; user: User; refreshToken: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function signIn(
  database: Database,
  input: { login: string; password: string; ip: string; userAgent: string },
  now = Date.now(),
): Promise<SignInResult> {
  const keys = [`ip:${input.ip}`, `user:${keyOf(input.login).slice(0, 254)}`];
  const wait = await retryAfterSeconds(database, keys, now);
  if (wait > 0) return { ok: false, reason: "throttled", retryAfterSeconds: wait };

  const row = input.password.length <= MAX_PASSWORD_LENGTH ? await findUserForLogin(database, input.login) : undefined;
  // Verify against a decoy when there is no account, so timing does not reveal usernames.
  const valid = await verifyPassword(row?.password_hash ?? (await decoyHash()), input.password);
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
  await clearFailures(database, [keys[1]]);
  const userId = Number(row.id);
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
