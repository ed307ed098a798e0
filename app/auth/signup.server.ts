import { readForm } from "~/routing/form-data.server";
import { data, redirect } from "@remix-run/node";
import { maskEmail, sendMail } from "~/mail/mailer.server";

import { countriesIn, isCountry, isRegionOf, regionsOf } from "~/ui/countries.server";
import type { Database } from "~/db/connection.server";
import { getDatabase } from "~/db/current.server";
import { parseForm } from "~/ui/parse-form";
import { PATHS } from "~/routing/paths";
import { writeAudit } from "./audit.server";
import { validateCsrf } from "./csrf.server";
import { requireWithinRateLimit } from "./rate-limits.server";
import { consumeEmailToken, issueEmailToken, peekEmailToken } from "./email-tokens.server";
import { remindUsername, requestPasswordReset } from "./account-help.server";
import { honeypotVerdict } from "./honeypot.server";
import { passwordWeakness } from "./common-passwords";
import { emailOnlySchema, resetPasswordSchema, signUpSchema } from "./forms";
import { revokeAllSessions } from "./sessions.server";
import { formMessages, pageMeta, translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";
import { languageOfRequest } from "./language.server";
import { AccountTakenError, createUser, findUserById, findUserForLogin, setPassword } from "./users.server";

/**
 * Becoming a member and getting back in: sign-up with e-mail confirmation,
 * forgotten password and forgotten username. Pages that answer "we sent you
 * an e-mail" say so whether or not an account exists, so they cannot be
 * used to find out who is a member.
 */

export { getHoneypot } from "./honeypot.server";

export const SIGN_UP_FORM_EXPIRED =
  "This form could not be checked: it may have been open too long. Reload the page and send it again.";

/** With MEMBERSHIP_APPROVAL=admin a confirmed address waits for an administrator. */
export const approvalRequired = () => process.env.MEMBERSHIP_APPROVAL === "admin";

function siteUrl(request: Request, path: string): string {
  return new URL(path, new URL(request.url).origin).toString();
}

/** The confirmation e-mail, in the language of the page the member signed up on. */
export async function sendVerification(
  request: Request,
  userId: number,
  email: string,
  username: string,
  language: Language,
) {
  const token = await issueEmailToken(await getDatabase(), userId, "verify");
  const t = translator(language, "mail");
  const link = siteUrl(request, `${PATHS.signupVerify}?token=${encodeURIComponent(token)}`);
  await sendMail({ to: email, subject: t("verify.subject"), text: t("verify.body", { username, link }) });
}

export async function loadSignUpPage(request: Request) {
  const url = new URL(request.url);
  const sentTo = url.searchParams.get("sent");
  const language = await languageOfRequest(request);
  return {
    meta: pageMeta(language, "auth", "meta.signUp"),
    sentTo: sentTo ? sentTo.slice(0, 260) : null,
    countries: countriesIn(language),
    regions: regionsOf(null),
    approval: approvalRequired(),
  };
}

/** The sign-up form's schema with the common-password check, which only the server makes. */
const signUpServerSchema = signUpSchema(passwordWeakness);

export async function signUpAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const verdict = honeypotVerdict(formData);
  if (verdict === "bot") {
    const parsedEmail = String(formData.get("email") ?? "").slice(0, 254);
    throw redirect(`${PATHS.signupNew}?sent=${encodeURIComponent(maskEmail(parsedEmail))}`);
  }
  const language = await languageOfRequest(request);
  const t = translator(language, "auth");
  const translate = formMessages(language);
  const submission = parseForm(formData, { schema: signUpServerSchema, translate });
  const country = String(formData.get("country") ?? "");
  const regions = regionsOf(country || null);
  const fail = (fieldErrors: Record<string, string[]> = {}, formErrors: string[] = []) =>
    data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"], fieldErrors, formErrors }), regions },
      { status: 400 },
    );
  if (verdict === "unreadable") return fail({}, [t("signUp.formExpired")]);
  if (submission.status !== "success") return fail();
  const v = submission.value;
  const placeErrors: Record<string, string[]> = {};
  if (v.country && !isCountry(v.country)) placeErrors.country = [translate("Choose a country from the list.")];
  if (v.region && !isRegionOf(v.country ?? "", v.region)) {
    placeErrors.region = [translate("Choose a region of the chosen country.")];
  }
  if (Object.keys(placeErrors).length) return fail(placeErrors);

  const database = await getDatabase();
  // Counted once the form is complete: only what would cost a password hash and an e-mail.
  await requireWithinRateLimit(database, "signUp", clientIp);
  let user;
  try {
    user = await createUser(
      database,
      {
        username: v.username,
        email: v.email,
        password: v.password,
        status: "pending",
        givenName: v.givenName,
        surname: v.surname,
        countryCode: v.country ?? "",
        regionCode: v.region ?? "",
        researchSurnames: v.researchSurnames ?? "",
        researchPlaces: v.researchPlaces ?? "",
      },
      { actorUserId: null, ip: clientIp, via: "sign-up" },
    );
  } catch (error) {
    if (error instanceof AccountTakenError) {
      return fail(
        error.field === "username" ? { username: [t("signUp.usernameTaken")] } : { email: [t("signUp.emailTaken")] },
      );
    }
    throw error;
  }
  try {
    await sendVerification(request, Number(user.id), user.email, user.username, language);
  } catch {
    throw redirect(`${PATHS.signupError}?reason=mail`);
  }
  return redirect(`${PATHS.signupNew}?sent=${encodeURIComponent(maskEmail(user.email))}`);
}

/** GET /signup/verify?token=…: the link in the confirmation e-mail. */
export async function verifyEmailLink(request: Request, clientIp: string) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const database = await getDatabase();
  const result = await consumeEmailToken(database, token, "verify");
  if (!result.ok) throw redirect(`${PATHS.signupError}?reason=${result.reason}`);
  const user = await findUserById(database, result.userId);
  if (!user) throw redirect(`${PATHS.signupError}?reason=invalid`);
  const now = new Date().toISOString();
  const activate = !approvalRequired() && user.status === "pending";
  await database.db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now, ...(activate ? { status: "active" as const } : {}) })
    .where("id", "=", result.userId)
    .execute();
  await writeAudit(database, {
    actorUserId: result.userId,
    subjectUserId: result.userId,
    action: "email.verified",
    details: { activated: activate, awaitingApproval: !activate && user.status === "pending" },
    ip: clientIp,
  });
  throw redirect(activate || user.status === "active" ? PATHS.success : `${PATHS.success}?awaiting=approval`);
}

/** Why a confirmation link failed (its texts are `signUpError.<reason>` in the auth catalogs). */
const SIGNUP_ERROR_REASONS = ["expired", "used", "invalid", "mail"] as const;
export type SignUpErrorReason = (typeof SIGNUP_ERROR_REASONS)[number];

export async function loadSignUpError(request: Request) {
  const reason = new URL(request.url).searchParams.get("reason");
  const key: SignUpErrorReason = SIGNUP_ERROR_REASONS.find((r) => r === reason) ?? "invalid";
  const language = await languageOfRequest(request);
  const t = translator(language, "auth");
  return {
    reason: key,
    meta: {
      title: t("meta.signUpError.title", { problem: t(`signUpError.${key}.title`) }),
      description: t("meta.signUpError.description"),
    },
  };
}

/** A form that asks only for an e-mail address, its token checked and its messages in the reader's language. */
async function emailOnlyForm(request: Request) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const language = await languageOfRequest(request);
  return { language, submission: parseForm(formData, { schema: emailOnlySchema, translate: formMessages(language) }) };
}

/** A new confirmation link (from /signup/error). The same answer whether or not the address is known. */
export async function resendVerificationAction(request: Request) {
  const { language, submission } = await emailOnlyForm(request);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const database = await getDatabase();
  const user = await findUserForLogin(database, submission.value.email);
  if (user && !user.email_verified_at && user.email.toLowerCase() === submission.value.email.toLowerCase()) {
    try {
      await sendVerification(request, Number(user.id), user.email, user.username, language);
    } catch {
      throw redirect(`${PATHS.signupError}?reason=mail`);
    }
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export async function forgotPasswordAction(request: Request, clientIp: string) {
  return accountHelpAction(request, clientIp, (database, email, origin, language) =>
    requestPasswordReset(database, { email, origin, ip: clientIp, language }),
  );
}

export async function forgotUsernameAction(request: Request, clientIp: string) {
  return accountHelpAction(request, clientIp, (database, email, origin, language) =>
    remindUsername(database, { email, origin, language }),
  );
}

/**
 * A form that asks for an e-mail address and sends help to it (a password reset, a username): checked, rate
 * limited per client address, and answered alike whether or not the address is known.
 */
async function accountHelpAction(
  request: Request,
  clientIp: string,
  send: (database: Database, email: string, origin: string, language: Language) => Promise<unknown>,
) {
  const { language, submission } = await emailOnlyForm(request);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const database = await getDatabase();
  await requireWithinRateLimit(database, "accountHelp", clientIp);
  await send(database, submission.value.email, new URL(request.url).origin, language);
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export async function loadResetPassword(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await peekEmailToken(await getDatabase(), token, "reset");
  const meta = pageMeta(await languageOfRequest(request), "auth", "meta.resetPassword");
  return { token: state === "ok" ? token : "", state, meta };
}

export async function resetPasswordAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const language = await languageOfRequest(request);
  const submission = parseForm(formData, { schema: resetPasswordSchema, translate: formMessages(language) });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  const database = await getDatabase();
  // Before the token is looked up: guessing reset tokens is what this limit slows down.
  await requireWithinRateLimit(database, "accountHelp", clientIp);
  const used = await consumeEmailToken(database, submission.value.token, "reset");
  if (!used.ok) {
    return data(
      {
        result: submission.reply({
          hideFields: ["password", "confirmPassword"],
          formErrors: [translator(language, "auth")("reset.linkGone")],
        }),
      },
      { status: 400 },
    );
  }
  await setPassword(database, used.userId, submission.value.password, {
    actorUserId: used.userId,
    ip: clientIp,
    via: "reset link",
  });
  await revokeAllSessions(database, used.userId);
  return redirect(`${PATHS.login}?reset=1`);
}
