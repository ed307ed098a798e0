// Which rendered pages a cache may keep (issue #4 item 1, issue 12 item 3). The service worker cannot see cookies,
// so the server marks every page that could hold someone's data, and every answer that sets a cookie, as
// `private, no-store`, and neither the worker nor a shared cache stores those.
import { createHash } from "node:crypto";
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
  headers.append("Vary", "Cookie");
}

/** Whether a response with these headers may carry a validator and be answered 304: a public, storable page. */
export function isRevalidatable(request: Request, status: number, headers: Headers): boolean {
  if (status !== 200 || (request.method !== "GET" && request.method !== "HEAD")) return false;
  return !/\b(private|no-store)\b/i.test(headers.get("cache-control") ?? "") && !setCookies(headers).length;
}

/**
 * The validator of a public page: the build it was rendered by and a digest of the data its loaders read (the
 * data version of that page; whatever an import or an edit changes on it changes this). Weak, because the bytes
 * differ on every answer (the CSP nonce) while the page is the same. `volatile` names root data keys that change on
 * every request without changing what the page shows (the sign-up form's honeypot timestamp).
 */
export function documentETag(
  buildId: string | undefined,
  loaderData: Record<string, unknown>,
  volatile: readonly string[] = [],
): string {
  const hash = createHash("sha256").update(buildId ?? "");
  for (const [routeId, data] of Object.entries(loaderData)) {
    let stable = data;
    if (volatile.length && data && typeof data === "object" && !Array.isArray(data)) {
      stable = Object.fromEntries(Object.entries(data).filter(([key]) => !volatile.includes(key)));
    }
    hash.update(`\u0000${routeId}\u0000`).update(JSON.stringify(stable) ?? "");
  }
  return `W/"${hash.digest("base64url").slice(0, 32)}"`;
}

/** Whether a request's If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}
