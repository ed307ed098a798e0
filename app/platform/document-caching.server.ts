// Which rendered pages a cache may keep (issue #4 item 1). The service worker cannot see cookies, so the server
// marks every page that could hold someone's data as `private, no-store`, and the worker never stores those.
import { REFRESH_COOKIE_NAME } from "~/auth/sessions.server";
import { isMembersPath } from "~/routing/members-area";

const PRIVATE = "private, no-store";
// Public pages may be kept, but must be revalidated: search results and counts change with every import.
const PUBLIC = "no-cache";

function carriesSession(request: Request): boolean {
  if (request.headers.has("authorization")) return true;
  const cookie = request.headers.get("cookie") ?? "";
  return cookie.split(";").some((part) => part.trim().startsWith(`${REFRESH_COOKIE_NAME}=`));
}

// Signing in or out answers with the sign-in cookie. The CSRF cookie every visitor gets is not personal: a stored
// page replays a form token that simply fails its check once the visitor is back online.
function setsSession(headers: Headers): boolean {
  const cookies =
    typeof headers.getSetCookie === "function" ? headers.getSetCookie() : [headers.get("set-cookie") ?? ""];
  return cookies.some((cookie) => cookie.trim().startsWith(`${REFRESH_COOKIE_NAME}=`));
}

/** Sets Cache-Control (and Vary) on a document response; a stricter value a route already set is kept. */
export function applyDocumentCaching(request: Request, headers: Headers): void {
  const personal = isMembersPath(new URL(request.url).pathname) || carriesSession(request) || setsSession(headers);
  const existing = headers.get("cache-control") ?? "";
  if (personal) headers.set("Cache-Control", PRIVATE);
  else if (!existing) headers.set("Cache-Control", PUBLIC);
  headers.append("Vary", "Cookie");
}
