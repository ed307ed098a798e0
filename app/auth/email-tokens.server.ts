import { randomUUID } from "node:crypto";
import type { Database } from "~/db/connection.server";
import { hashToken, newOpaqueToken } from "./tokens.server";

/** One-time links sent by e-mail: confirm an address, reset a password, confirm a new address. */
export type EmailTokenPurpose = "verify" | "reset" | "email-change";

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify: 48 * 3_600_000,
  reset: 3_600_000,
  "email-change": 24 * 3_600_000,
};

/** A new link's secret and the hash that is stored (the secret itself only ever goes into the e-mail). */
export function newEmailLink(): { token: string; tokenHash: string } {
  const token = newOpaqueToken();
  return { token, tokenHash: hashToken(token) };
}

export async function storeEmailToken(
  database: Database,
  userId: number,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  opts: { newEmail?: string; now?: number } = {},
): Promise<void> {
  const now = opts.now ?? Date.now();
  await database.db
    .insertInto("email_tokens")
    .values({
      id: randomUUID(),
      user_id: userId,
      purpose,
      token_hash: tokenHash,
      new_email: opts.newEmail ?? null,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + EMAIL_TOKEN_TTL_MS[purpose]).toISOString(),
      used_at: null,
    })
    .execute();
}

export async function issueEmailToken(
  database: Database,
  userId: number,
  purpose: EmailTokenPurpose,
  opts: { newEmail?: string; now?: number } = {},
): Promise<string> {
  const { token, tokenHash } = newEmailLink();
  await storeEmailToken(database, userId, purpose, tokenHash, opts);
  return token;
}

export type ConsumeResult =
  | { ok: true; userId: number; newEmail: string | null }
  | { ok: false; reason: "invalid" | "used" | "expired" | "foreign" };

/** Uses a link once. A second use, an expired or an unknown link says which, so the page can explain. */
export async function consumeEmailToken(
  database: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
  /** When given, a link of another account is refused ("foreign") and left unused. */
  forUserId?: number,
): Promise<ConsumeResult> {
  if (!token || token.length > 200) return { ok: false, reason: "invalid" };
  const row = await database.db
    .selectFrom("email_tokens")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "invalid" };
  if (forUserId !== undefined && row.user_id !== forUserId) return { ok: false, reason: "foreign" };
  if (row.used_at) return { ok: false, reason: "used" };
  if (row.expires_at <= new Date(now).toISOString()) return { ok: false, reason: "expired" };
  const claimed = await database.db
    .updateTable("email_tokens")
    .set({ used_at: new Date(now).toISOString() })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { ok: false, reason: "used" };
  return { ok: true, userId: row.user_id, newEmail: row.new_email };
}

/** Whether a link is still usable, without using it (the reset form's page load). */
export async function peekEmailToken(
  database: Database,
  token: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<"ok" | "invalid" | "used" | "expired"> {
  if (!token || token.length > 200) return "invalid";
  const row = await database.db
    .selectFrom("email_tokens")
    .select(["used_at", "expires_at"])
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return "invalid";
  if (row.used_at) return "used";
  if (row.expires_at <= new Date(now).toISOString()) return "expired";
  return "ok";
}
