import { createSession, refreshCookieHeader } from "~/auth/sessions.server";
import { type NewUser, createUser } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";

/**
 * Test support for calling loaders and actions directly: an account with a
 * signed-in cookie, and GET/POST requests that carry it (and a CSRF token).
 */
export const TEST_BASE_URL = "http://metryka.test";

export async function signedInAccount(
  database: Database,
  username: string,
  opts: Partial<Omit<NewUser, "username" | "email">> & { password: string; ip?: string },
) {
  const user = await createUser(
    database,
    { emailVerified: true, status: "active", ...opts, username, email: `${username}@example.org` },
    { actorUserId: null, via: "test" },
  );
  const token = await createSession(database, user.id, { ip: opts.ip ?? "", userAgent: "test" });
  const cookie = (await refreshCookieHeader(new Request(TEST_BASE_URL), token)).split(";")[0];
  return { user, token, cookie };
}

export function getRequest(pathname: string, cookie: string | null): Request {
  return new Request(`${TEST_BASE_URL}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A signed-in POST with a valid CSRF token unless told otherwise. */
export function postRequest(
  pathname: string,
  cookie: string | null,
  fields: Record<string, string>,
  csrf: { token: string; cookie: string },
  withCsrf = true,
): Request {
  const body = new FormData();
  if (withCsrf) body.append("csrf", csrf.token);
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const cookies = [cookie, csrf.cookie].filter(Boolean).join("; ");
  return new Request(`${TEST_BASE_URL}${pathname}`, { method: "POST", body, headers: { Cookie: cookies } });
}
