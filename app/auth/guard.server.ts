import { redirect } from "@remix-run/node";
import { getDatabase, getSessionSecret } from "~/server/runtime.server";
import { readRefreshToken, sessionUserId } from "./sessions.server";
import { verifyAccessToken } from "./tokens.server";
import { type User, findUserById, membershipState } from "./users.server";

/**
 * Who is asking. API calls carry `Authorization: Bearer <access token>`;
 * server-rendered pages authenticate from the refresh cookie (without
 * rotating it). Null for a visitor or any invalid credential.
 */
export async function getCurrentUser(request: Request): Promise<User | null> {
  const database = await getDatabase();
  const auth = request.headers.get("Authorization");
  if (auth?.startsWith("Bearer ")) {
    const claims = await verifyAccessToken(auth.slice("Bearer ".length).trim(), getSessionSecret());
    return claims ? ((await findUserById(database, claims.userId)) ?? null) : null;
  }
  const token = await readRefreshToken(request);
  if (!token) return null;
  const userId = await sessionUserId(database, token);
  return userId === null ? null : ((await findUserById(database, userId)) ?? null);
}

/** A path on this site to return to, or "/" (never another host). */
export function safeRedirectPath(to: string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string" || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  try {
    const url = new URL(to, "http://metryka.invalid");
    if (url.host !== "metryka.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

export async function requireUser(request: Request): Promise<User> {
  const user = await getCurrentUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/Login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

const MEMBERSHIP_MESSAGES = {
  pending: "Your account is waiting: confirm your e-mail address, or wait for the society to approve your membership.",
  suspended: "Your membership is suspended. Please write to the society's membership secretary.",
  expired: "Your membership has expired. Renew it to search the members' collections again.",
} as const;

/**
 * The spec's auth-admin guard (SPEC §6). Visitors go to sign in and come
 * back; accounts that are not active members get a page saying why;
 * `admin: true` needs the admin role (403 otherwise).
 */
export async function requireAdminAuth(request: Request, options: { admin?: boolean } = {}): Promise<User> {
  const user = await requireUser(request);
  const state = membershipState(user);
  if (state !== "active") {
    throw new Response(MEMBERSHIP_MESSAGES[state], { status: 403, statusText: "Membership not active" });
  }
  if (options.admin && user.role !== "admin") {
    throw new Response("This page is for the society's administrators.", { status: 403, statusText: "Forbidden" });
  }
  return user;
}
