import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_MS } from "~/config/timing";
import type { Database } from "~/db/connection.server";
import { hashToken, newOpaqueToken } from "./tokens.server";

/**
 * Sign-ins as revocable, rotating refresh tokens (DESIGN §3). The browser
 * holds the token in an HttpOnly cookie; the database holds its hash.
 */

/** The HttpOnly cookie that holds a sign-in; also what marks a request as a member's (document-caching.server.ts). */
export const REFRESH_COOKIE_NAME = "metryka_refresh";

/** Whether a request comes with a sign-in: a Bearer token or the refresh cookie (valid or not). */
export function carriesSession(request: Request): boolean {
  if (request.headers.has("authorization")) return true;
  return carriesCookie(request, REFRESH_COOKIE_NAME);
}

/** Whether the request's Cookie header holds a cookie of this name. */
export function carriesCookie(request: Request, name: string): boolean {
  const cookie = request.headers.get("cookie") ?? "";
  return cookie.split(";").some((part) => part.trim().startsWith(`${name}=`));
}

export function refreshCookie(request: Request) {
  // Secure whenever the site is served over TLS (directly or behind a trusted proxy).
  const secure = new URL(request.url).protocol === "https:";
  return createCookie(REFRESH_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    maxAge: Math.floor(REFRESH_TOKEN_TTL_MS / 1000),
  });
}

export async function readRefreshToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await refreshCookie(request).parse(header);
  return typeof value === "string" && value.length > 0 && value.length < 200 ? value : null;
}

export async function refreshCookieHeader(request: Request, token: string): Promise<string> {
  return refreshCookie(request).serialize(token);
}

export async function clearRefreshCookieHeader(request: Request): Promise<string> {
  return refreshCookie(request).serialize("", { maxAge: 0, expires: new Date(0) });
}

interface ClientMeta {
  userAgent: string;
  ip: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function insertSession(
  database: Database,
  userId: number,
  familyId: string,
  meta: ClientMeta,
  now: number,
): Promise<string> {
  const token = newOpaqueToken();
  await database.db
    .insertInto("sessions")
    .values({
      id: randomUUID(),
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      created_at: iso(now),
      expires_at: iso(now + REFRESH_TOKEN_TTL_MS),
      rotated_at: null,
      revoked_at: null,
      user_agent: meta.userAgent.slice(0, 300),
      ip: meta.ip.slice(0, 64),
    })
    .execute();
  return token;
}

/** A new sign-in: a new session family and its first refresh token. */
export function createSession(database: Database, userId: number, meta: ClientMeta, now = Date.now()): Promise<string> {
  return insertSession(database, userId, randomUUID(), meta, now);
}

export type RotateResult =
  | { kind: "rotated"; userId: number; token: string }
  /** The same token again within the grace window: the cookie already holds its successor. */
  | { kind: "grace"; userId: number }
  | { kind: "invalid" }
  /** A rotated token replayed after the grace window: the whole family is now revoked. */
  | { kind: "reused"; userId: number };

export async function rotateSession(
  database: Database,
  token: string,
  meta: ClientMeta,
  now = Date.now(),
): Promise<RotateResult> {
  const { db } = database;
  const session = await db
    .selectFrom("sessions")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!session || session.revoked_at || session.expires_at <= iso(now)) return { kind: "invalid" };
  if (session.rotated_at) {
    if (now - Date.parse(session.rotated_at) <= REFRESH_REUSE_GRACE_MS)
      return { kind: "grace", userId: session.user_id };
    await revokeFamily(database, session.family_id, now);
    return { kind: "reused", userId: session.user_id };
  }
  // Only one of two simultaneous refreshes may rotate; the other takes the grace path.
  const claimed = await db
    .updateTable("sessions")
    .set({ rotated_at: iso(now) })
    .where("id", "=", session.id)
    .where("rotated_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return { kind: "grace", userId: session.user_id };
  const next = await insertSession(database, session.user_id, session.family_id, meta, now);
  return { kind: "rotated", userId: session.user_id, token: next };
}

/** The user a refresh token signs in, without rotating it (server-rendered pages). */
export async function sessionUserId(database: Database, token: string, now = Date.now()): Promise<number | null> {
  const session = await database.db
    .selectFrom("sessions")
    .select(["user_id", "rotated_at"])
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .where("expires_at", ">", iso(now))
    .executeTakeFirst();
  if (!session) return null;
  if (session.rotated_at && now - Date.parse(session.rotated_at) > REFRESH_REUSE_GRACE_MS) return null;
  return session.user_id;
}

export async function revokeSessionByToken(database: Database, token: string, now = Date.now()): Promise<void> {
  const session = await database.db
    .selectFrom("sessions")
    .select("family_id")
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (session) await revokeFamily(database, session.family_id, now);
}

export async function revokeFamily(database: Database, familyId: string, now = Date.now()): Promise<void> {
  await database.db
    .updateTable("sessions")
    .set({ revoked_at: iso(now) })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Signs a user out everywhere (password change, admin action), optionally keeping one sign-in. */
export async function revokeAllSessions(
  database: Database,
  userId: number,
  opts: { exceptToken?: string; now?: number } = {},
): Promise<void> {
  let keepFamily: string | undefined;
  if (opts.exceptToken) {
    keepFamily = (
      await database.db
        .selectFrom("sessions")
        .select("family_id")
        .where("token_hash", "=", hashToken(opts.exceptToken))
        .executeTakeFirst()
    )?.family_id;
  }
  let q = database.db
    .updateTable("sessions")
    .set({ revoked_at: iso(opts.now ?? Date.now()) })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepFamily) q = q.where("family_id", "!=", keepFamily);
  await q.execute();
}
