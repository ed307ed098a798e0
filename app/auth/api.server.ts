import { getDatabase } from "~/db/current.server";
import { getSessionSecret } from "~/config/session-secret.server";
import { writeAudit } from "./audit.server";
import { requireWithinRateLimit } from "./rate-limits.server";
import { getCurrentUser } from "./guard.server";
import { clearRefreshCookieHeader, readRefreshToken, refreshCookieHeader, rotateSession } from "./sessions.server";
import { SIGN_IN_FAILED, SIGN_IN_SUSPENDED, maySignIn, signIn, signOut } from "./sign-in.server";
import { issueAccessToken } from "./tokens.server";
import { findUserById, membershipState } from "./users.server";

/**
 * The JSON endpoints of SPEC §7: sign-in for scripts, token refresh and
 * logout for the browser runtime. Errors are JSON with an `error` message.
 */

const MAX_LOGIN_LENGTH = 254;

function json(body: unknown, init: ResponseInit & { headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...init.headers },
  });
}

async function accessTokenFor(userId: number) {
  const user = await findUserById(await getDatabase(), userId);
  if (!user || !maySignIn(user)) return null;
  const token = await issueAccessToken({ userId, username: user.username, role: user.role }, getSessionSecret());
  return { token, username: user.username };
}

export async function apiLogin(request: Request, clientIp: string): Promise<Response> {
  if (request.method !== "POST") return json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ error: "Send a JSON object with username and password." }, { status: 400 });
  }
  await requireWithinRateLimit(await getDatabase(), "tokenApi", clientIp, { json: true });
  const { username, password } = (body ?? {}) as Record<string, unknown>;
  if (typeof username !== "string" || typeof password !== "string" || !username.trim() || !password) {
    return json({ error: "Send a JSON object with username and password." }, { status: 400 });
  }
  // Over-long input is a failed attempt like any other (counted, never hashed: see signIn).
  if (username.length > MAX_LOGIN_LENGTH * 4) return json({ error: SIGN_IN_FAILED }, { status: 401 });
  const database = await getDatabase();
  const result = await signIn(database, {
    login: username,
    password,
    ip: clientIp,
    userAgent: request.headers.get("User-Agent") ?? "",
  });
  if (!result.ok) {
    if (result.reason === "throttled") {
      return json(
        { error: `Too many failed sign-ins. Try again in ${result.retryAfterSeconds} seconds.` },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    if (result.reason === "suspended") return json({ error: SIGN_IN_SUSPENDED }, { status: 403 });
    return json({ error: SIGN_IN_FAILED }, { status: 401 });
  }
  const access = await accessTokenFor(Number(result.user.id));
  if (!access) return json({ error: SIGN_IN_FAILED }, { status: 401 });
  return json(
    { ...access, membership: membershipState(result.user) },
    { headers: { "Set-Cookie": await refreshCookieHeader(request, result.refreshToken) } },
  );
}

export async function apiRefresh(request: Request, clientIp: string): Promise<Response> {
  const database = await getDatabase();
  const token = await readRefreshToken(request);
  const unauthorized = async (error: string) =>
    json({ error }, { status: 401, headers: { "Set-Cookie": await clearRefreshCookieHeader(request) } });
  if (!token) return json({ error: "Not signed in." }, { status: 401 });
  await requireWithinRateLimit(database, "refresh", clientIp, { json: true });
  const result = await rotateSession(database, token, {
    ip: clientIp,
    userAgent: request.headers.get("User-Agent") ?? "",
  });
  if (result.kind === "invalid") return unauthorized("Your sign-in has ended. Please sign in again.");
  if (result.kind === "reused") {
    await writeAudit(database, {
      actorUserId: null,
      subjectUserId: result.userId,
      action: "session.reuse-detected",
      details: { effect: "all sign-ins of this session family revoked" },
      ip: clientIp,
    });
    return unauthorized("Your sign-in has ended. Please sign in again.");
  }
  const access = await accessTokenFor(result.userId);
  if (!access) return unauthorized("Your sign-in has ended. Please sign in again.");
  const headers: Record<string, string> =
    result.kind === "rotated" ? { "Set-Cookie": await refreshCookieHeader(request, result.token) } : {};
  return json(access, { headers });
}

export async function apiLogout(request: Request, clientIp: string): Promise<Response> {
  await signOut(await getDatabase(), await readRefreshToken(request), clientIp);
  return json({ ok: true }, { headers: { "Set-Cookie": await clearRefreshCookieHeader(request) } });
}

export async function apiMe(request: Request, clientIp: string): Promise<Response> {
  await requireWithinRateLimit(await getDatabase(), "tokenApi", clientIp, { json: true });
  const user = await getCurrentUser(request);
  if (!user) return json({ error: "Not signed in, or the token is invalid or expired." }, { status: 401 });
  return json({ username: user.username, role: user.role, membership: membershipState(user) });
}
