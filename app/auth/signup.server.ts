import { readForm } from "~/routing/form-data.server";
import { data, redirect } from "@remix-run/node";
import { maskEmail, sendMail } from "~/mail/mailer.server";

import { isCountry, isRegionOf, listCountries, regionsOf } from "~/ui/countries.server";
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

export async function sendVerification(request: Request, userId: number, email: string, username: string) {
  const token = await issueEmailToken(await getDatabase(), userId, "verify");
  await sendMail({
    to: email,
    subject: "Confirm your e-mail address for Metryka",
    text: [
      `Hello ${username},`,
      "",
      "please confirm your e-mail address by opening this link within 48 hours:",
      "",
      siteUrl(request, `${PATHS.signupVerify}?token=${encodeURIComponent(token)}`),
      "",
      "If you did not sign up for Metryka, ignore this message; nothing happens without the link.",
    ].join("\n"),
  });
}

export async function loadSignUpPage(request: Request) {
  const url = new URL(request.url);
  const sentTo = url.searchParams.get("sent");
  return {
    sentTo: sentTo ? sentTo.slice(0, 260) : null,
    countries: listCountries(),
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
  const submission = parseForm(formData, { schema: signUpServerSchema });
  const country = String(formData.get("country") ?? "");
  const regions = regionsOf(country || null);
  const fail = (fieldErrors: Record<string, string[]> = {}, formErrors: string[] = []) =>
    data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"], fieldErrors, formErrors }), regions },
      { status: 400 },
    );
  if (verdict === "unreadable") return fail({}, [SIGN_UP_FORM_EXPIRED]);
  if (submission.status !== "success") return fail();
  const v = submission.value;
  const placeErrors: Record<string, string[]> = {};
  if (v.country && !isCountry(v.country)) placeErrors.country = ["Choose a country from the list."];
  if (v.region && !isRegionOf(v.country ?? "", v.region)) {
    placeErrors.region = ["Choose a region of the chosen country."];
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
        error.field === "username"
          ? { username: ["That username is taken; please choose another."] }
          : { email: ["An account with this e-mail address exists. Sign in, or ask for a new password."] },
      );
    }
    throw error;
  }
  try {
    await sendVerification(request, Number(user.id), user.email, user.username);
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

export const SIGNUP_ERRORS = {
  expired: {
    title: "This link has expired",
    text: "Confirmation links work for 48 hours. Ask for a new one below; it is sent to the address you signed up with.",
  },
  used: {
    title: "This link has already been used",
    text: "Your address is probably confirmed already: try signing in. If that does not work, ask for a new link below.",
  },
  invalid: {
    title: "This link is not valid",
    text: "It may have been cut short by your e-mail program. Copy the whole link into the address bar, or ask for a new one below.",
  },
  mail: {
    title: "We could not send the confirmation e-mail",
    text: "Your account was created, but the e-mail did not go out. Ask for a new link below in a few minutes; if it fails again, write to the society.",
  },
} as const;
export type SignUpErrorReason = keyof typeof SIGNUP_ERRORS;

export function loadSignUpError(request: Request) {
  const reason = new URL(request.url).searchParams.get("reason");
  const key: SignUpErrorReason = reason && reason in SIGNUP_ERRORS ? (reason as SignUpErrorReason) : "invalid";
  return { reason: key, ...SIGNUP_ERRORS[key] };
}

/** A new confirmation link (from /signup/error). The same answer whether or not the address is known. */
export async function resendVerificationAction(request: Request) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseForm(formData, { schema: emailOnlySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const database = await getDatabase();
  const user = await findUserForLogin(database, submission.value.email);
  if (user && !user.email_verified_at && user.email.toLowerCase() === submission.value.email.toLowerCase()) {
    try {
      await sendVerification(request, Number(user.id), user.email, user.username);
    } catch {
      throw redirect(`${PATHS.signupError}?reason=mail`);
    }
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export async function forgotPasswordAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseForm(formData, { schema: emailOnlySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  await requireWithinRateLimit(await getDatabase(), "accountHelp", clientIp);
  await requestPasswordReset(await getDatabase(), {
    email: submission.value.email,
    origin: new URL(request.url).origin,
    ip: clientIp,
  });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export async function forgotUsernameAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseForm(formData, { schema: emailOnlySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  await requireWithinRateLimit(await getDatabase(), "accountHelp", clientIp);
  await remindUsername(await getDatabase(), { email: submission.value.email, origin: new URL(request.url).origin });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export async function loadResetPassword(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await peekEmailToken(await getDatabase(), token, "reset");
  return { token: state === "ok" ? token : "", state };
}

export async function resetPasswordAction(request: Request, clientIp: string) {
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const submission = parseForm(formData, { schema: resetPasswordSchema });
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
          formErrors: ["This link has expired or was already used. Ask for a new one."],
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
