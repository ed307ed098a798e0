import { redirect } from "@remix-run/node";
import { signInPath } from "~/routing/paths";
import { getDatabase } from "~/db/current.server";
import { getSessionSecret } from "~/config/session-secret.server";
import { oncePerRequest } from "~/routing/request-scope.server";
import { readRefreshToken, sessionUserId } from "./sessions.server";
import { verifyAccessToken } from "./tokens.server";
import { type User, findUserById, membershipState } from "./users.server";

const CURRENT_USER = Symbol("current user");

/**
 * Who is asking. API calls carry `Authorization: Bearer <access token>`;
 * server-rendered pages authenticate from the refresh cookie (without
 * rotating it). Null for a visitor or any invalid credential. Read once per
 * page request: the root loader, the guard and viewerFor share the answer.
 */
export function getCurrentUser(request: Request): Promise<User | null> {
  return oncePerRequest(request, CURRENT_USER, () => readCurrentUser(request));
}

async function readCurrentUser(request: Request): Promise<User | null> {
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

/** Where a visitor is sent to sign in and come back. */
function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(signInPath(`${url.pathname}${url.search}`));
}

export async function requireUser(request: Request): Promise<User> {
  const user = await getCurrentUser(request);
  if (user) return user;
  throw signInRedirect(request);
}

const MEMBERSHIP_MESSAGES = {
  pending: "Your account is waiting: confirm your e-mail address, or wait for the society to approve your membership.",
  suspended: "Your membership is suspended. Please write to the society's membership secretary.",
  expired: "Your membership has expired. Renew it to search the members' collections again.",
} as const;

type AdminAuthCheck =
  | { ok: true; user: User }
  | { ok: false; reason: "signed-out" }
  | { ok: false; reason: "inactive"; state: keyof typeof MEMBERSHIP_MESSAGES }
  | { ok: false; reason: "not-admin" };

/** The one test behind both forms of the auth-admin guard, so pages and data requests cannot drift apart. */
async function checkAdminAuth(request: Request, options: { admin?: boolean }): Promise<AdminAuthCheck> {
  const user = await getCurrentUser(request);
  if (!user) return { ok: false, reason: "signed-out" };
  const state = membershipState(user);
  if (state !== "active") return { ok: false, reason: "inactive", state };
  if (options.admin && user.role !== "admin") return { ok: false, reason: "not-admin" };
  return { ok: true, user };
}

const NOT_ADMIN_MESSAGE = "This page is for the society's administrators.";

/**
 * The spec's auth-admin guard (SPEC §6). Visitors go to sign in and come
 * back; accounts that are not active members get a page saying why;
 * `admin: true` needs the admin role (403 otherwise).
 */
export async function requireAdminAuth(request: Request, options: { admin?: boolean } = {}): Promise<User> {
  const check = await checkAdminAuth(request, options);
  if (check.ok) return check.user;
  if (check.reason === "signed-out") throw signInRedirect(request);
  if (check.reason === "inactive") {
    throw new Response(MEMBERSHIP_MESSAGES[check.state], { status: 403, statusText: "Membership not active" });
  }
  throw new Response(NOT_ADMIN_MESSAGE, { status: 403, statusText: "Forbidden" });
}

/**
 * The guard every members' page calls first in its loader and action, by what it checks: an active member
 * (`requireActiveMember`) or an administrator (`requireAdmin`). Plain names for requireAdminAuth, which keeps
 * the spec's name.
 */
export const requireActiveMember = (request: Request): Promise<User> => requireAdminAuth(request);
export const requireAdmin = (request: Request): Promise<User> => requireAdminAuth(request, { admin: true });

/** What a data request without an active membership is told (401): no redirect, nothing about the page. */
export const DATA_SIGN_IN_MESSAGE = "Sign in as a member to see this page's data.";

/**
 * The auth-admin guard for data requests (payload files, SPEC §7.5): the same
 * test as requireAdminAuth, from the session cookie or a Bearer access token,
 * but a visitor and an account that is not an active member both get 401
 * (never a redirect to the sign-in page), with `WWW-Authenticate: Bearer`
 * saying whether a presented token was refused. A member without the admin
 * role, when `admin: true`, gets 403.
 */
export async function requireAdminAuthForData(request: Request, options: { admin?: boolean } = {}): Promise<User> {
  const check = await checkAdminAuth(request, options);
  if (check.ok) return check.user;
  if (check.reason === "not-admin") {
    throw new Response(NOT_ADMIN_MESSAGE, {
      status: 403,
      statusText: "Forbidden",
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const presentedToken = request.headers.get("Authorization")?.startsWith("Bearer ") ?? false;
  const message = check.reason === "inactive" ? MEMBERSHIP_MESSAGES[check.state] : DATA_SIGN_IN_MESSAGE;
  throw new Response(message, {
    status: 401,
    statusText: "Unauthorized",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "WWW-Authenticate":
        presentedToken && check.reason === "signed-out"
          ? 'Bearer realm="Metryka", error="invalid_token"'
          : 'Bearer realm="Metryka"',
    },
  });
}
