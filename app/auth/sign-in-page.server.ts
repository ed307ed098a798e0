import { readForm } from "~/routing/form-data.server";
import { type HeadersFunction, data, redirect } from "@remix-run/node";
import { getDatabase } from "~/db/current.server";
import { parseForm } from "~/ui/parse-form";
import { validateCsrf } from "./csrf.server";
import { signInSchema } from "./sign-in-form";
import { getCurrentUser, safeRedirectPath } from "./guard.server";
import { writeAudit } from "./audit.server";
import { clearRefreshCookieHeader, readRefreshToken, refreshCookieHeader, revokeAllSessions } from "./sessions.server";
import type { User } from "./users.server";
import { signIn, signOut } from "./sign-in.server";
import { formMessages, pageMeta, translator } from "~/i18n/i18next.server";
import { chooseLanguage } from "~/i18n/choose.server";
import { languageOfRequest } from "./language.server";

export async function loadSignInPage(request: Request) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  const user = await getCurrentUser(request);
  if (user) throw redirect(redirectTo);
  const meta = pageMeta(chooseLanguage(request), "auth", "meta.signIn");
  return { redirectTo, passwordWasReset: url.searchParams.get("reset") === "1", meta };
}

/** The sign-in form's action: CSRF, the schema, throttling, one message for every failure. */
export async function signInAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const language = await languageOfRequest(request);
  const t = translator(language, "auth");
  const submission = parseForm(formData, { schema: signInSchema, translate: formMessages(language) });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await signIn(await getDatabase(), {
    login: submission.value.login,
    password: submission.value.password,
    ip: clientIp,
    userAgent: request.headers.get("User-Agent") ?? "",
  });
  if (!result.ok) {
    if (result.reason === "throttled") {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return data(
        submission.reply({
          hideFields: ["password"],
          formErrors: [
            result.retryAfterSeconds < 90
              ? t("signIn.throttledSeconds", { count: result.retryAfterSeconds })
              : t("signIn.throttledMinutes", { count: minutes }),
          ],
        }),
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    if (result.reason === "suspended") {
      return data(submission.reply({ hideFields: ["password"], formErrors: [t("signIn.suspended")] }), { status: 403 });
    }
    return data(submission.reply({ hideFields: ["password"], formErrors: [t("signIn.failed")] }), { status: 401 });
  }
  return redirect(safeRedirectPath(submission.value.redirectTo), {
    headers: { "Set-Cookie": await refreshCookieHeader(request, result.refreshToken) },
  });
}

/**
 * The sign-in page's response headers. Remix drops an action's headers from
 * the document (and from the single-fetch `.data` answer) unless the route
 * passes them on, and a 429 must say when to try again.
 */
export const signInPageHeaders: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** POST /logout: ends the sign-in for browsers without JavaScript (with it, the runtime's GET logout runs). */
export async function signOutAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  await signOut(await getDatabase(), await readRefreshToken(request), clientIp);
  return redirect("/", { headers: { "Set-Cookie": await clearRefreshCookieHeader(request) } });
}

/**
 * "Sign out everywhere" on the profile (issue 13): ends every sign-in of the account — other browsers, scripts'
 * refresh tokens and this browser too — for a member who fears a device or a cookie was lost.
 */
export async function signOutEverywhereAction(request: Request, user: User, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const database = await getDatabase();
  // Written as the administrator's "Sign out everywhere" and a password change write it (one audit vocabulary).
  await database.db.transaction().execute(async (trx) => {
    const tx = { ...database, db: trx };
    await revokeAllSessions(tx, user.id);
    await writeAudit(tx, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: "sessions.revoked",
      details: { reason: "signed out everywhere by the member", kept: "none" },
      ip: clientIp,
    });
  });
  return redirect("/", { headers: { "Set-Cookie": await clearRefreshCookieHeader(request) } });
}
