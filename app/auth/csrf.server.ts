import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { getSessionSecret } from "~/config/session-secret.server";
import { isVisitorFormPage } from "~/routing/paths";
import { carriesCookie, carriesSession } from "./sessions.server";

/**
 * CSRF protection for every form that changes something (remix-utils): a
 * signed token in a cookie and the same token in the form. A missing or
 * wrong token is answered 403.
 */
const instances = new Map<boolean, CSRF>();

/** One instance per scheme: like the refresh cookie, the token's cookie is `Secure` whenever the site is on TLS. */
function instance(request: Request): CSRF {
  const secure = new URL(request.url).protocol === "https:";
  let csrf = instances.get(secure);
  if (!csrf) {
    const secret = getSessionSecret();
    csrf = new CSRF({
      cookie: createCookie(CSRF_COOKIE_NAME, { path: "/", httpOnly: true, sameSite: "lax", secure, secrets: [secret] }),
      formDataKey: "csrf",
      secret,
    });
    instances.set(secure, csrf);
  }
  return csrf;
}

const CSRF_COOKIE_NAME = "metryka_csrf";

export function commitCsrfToken(request: Request) {
  return instance(request).commitToken(request);
}

/**
 * The CSRF token for a page, and the cookie to set when the browser has none yet. A visitor without a session
 * is given one only on the pages where a visitor fills in a form; elsewhere the token is empty and no cookie is
 * set, so the page is the same for every visitor (issue 12: a shared cache may keep it).
 */
export async function csrfForPage(request: Request): Promise<readonly [token: string, setCookie: string | null]> {
  const needed =
    carriesSession(request) ||
    carriesCookie(request, CSRF_COOKIE_NAME) ||
    request.method !== "GET" ||
    isVisitorFormPage(new URL(request.url).pathname);
  return needed ? commitCsrfToken(request) : ["", null];
}

export async function validateCsrf(formData: FormData, request: Request): Promise<void> {
  try {
    await instance(request).validate(formData, request.headers);
  } catch (error) {
    if (error instanceof CSRFError) {
      throw new Response("This form has expired or did not come from this site. Reload the page and try again.", {
        status: 403,
        statusText: "Forbidden",
      });
    }
    throw error;
  }
}
