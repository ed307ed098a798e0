// Which rendered pages a cache may keep (issue #4 item 1, issue 12 item 3). The service worker cannot see cookies,
// so the server marks every page that could hold someone's data, and every answer that sets a cookie, as
// `private, no-store`, and neither the worker nor a shared cache stores those.
import { REFRESH_COOKIE_NAME, carriesSession } from "~/auth/sessions.server";
import { isMembersPath } from "~/routing/members-area";

const PRIVATE = "private, no-store";
// Public pages may be kept, but must be revalidated: search results and counts change with every import.
const PUBLIC = "no-cache";

function setCookies(headers: Headers): string[] {
  return typeof headers.getSetCookie === "function"
    ? headers.getSetCookie()
    : [headers.get("set-cookie") ?? ""].filter(Boolean);
}

/**
 * Sets Cache-Control and Vary on a document response; a stricter value a route already set is kept. A public page
 * varies only on the sign-in cookie (and, through compression, Accept-Encoding): a visitor without a session gets
 * no cookie on it (app/auth/csrf.server.ts), so every visitor's copy is the same.
 */
export function applyDocumentCaching(request: Request, headers: Headers): void {
  const cookies = setCookies(headers);
  const personal =
    isMembersPath(new URL(request.url).pathname) ||
    carriesSession(request) ||
    cookies.some((cookie) => cookie.trim().startsWith(`${REFRESH_COOKIE_NAME}=`));
  const existing = headers.get("cache-control") ?? "";
  // A response that sets any cookie is the browser's own: a shared cache would hand the cookie to everyone.
  if (personal || cookies.length) headers.set("Cache-Control", PRIVATE);
  else if (!existing) headers.set("Cache-Control", PUBLIC);
  // The language comes from the cookie or, without one, from Accept-Language (issue 29).
  headers.append("Vary", "Cookie, Accept-Language");
}

/**
 * Whether a response with these headers is a public, storable page, which a shared cache may keep and which may carry
 * a validator (app/platform/kept-pages.server.ts).
 */
export function isRevalidatable(request: Request, status: number, headers: Headers): boolean {
  if (status !== 200 || (request.method !== "GET" && request.method !== "HEAD")) return false;
  return !/\b(private|no-store)\b/i.test(headers.get("cache-control") ?? "") && !setCookies(headers).length;
}
