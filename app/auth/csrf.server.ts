import { createCookie } from "@remix-run/node";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import { getSessionSecret } from "~/config/session-secret.server";

/**
 * CSRF protection for every form that changes something (remix-utils): a
 * signed token in a cookie and the same token in the form. A missing or
 * wrong token is answered 403.
 */
let csrf: CSRF | undefined;

function instance(): CSRF {
  const secret = getSessionSecret();
  csrf ??= new CSRF({
    cookie: createCookie("metryka_csrf", { path: "/", httpOnly: true, sameSite: "lax", secrets: [secret] }),
    formDataKey: "csrf",
    secret,
  });
  return csrf;
}

export function commitCsrfToken(request: Request) {
  return instance().commitToken(request);
}

export async function validateCsrf(formData: FormData, request: Request): Promise<void> {
  try {
    await instance().validate(formData, request.headers);
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
