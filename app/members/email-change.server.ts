import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { writeAudit } from "~/auth/audit.server";
import { validateCsrf } from "~/auth/csrf.server";
import { consumeEmailToken, issueEmailToken } from "~/auth/email-tokens.server";
import { requireAdminAuth } from "~/auth/guard.server";
import { verifyPassword } from "~/auth/passwords.server";
import { keyOf } from "~/auth/users.server";
import { maskEmail, sendMail } from "~/mail/mailer.server";
import { getDatabase } from "~/db/current.server";
import { emailChangeSchema } from "./forms";
import { readForm } from "~/routing/form-data.server";
import { PROFILE_PATH } from "./profile-page.server";
import { PATHS } from "~/routing/paths";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta, translator } from "~/i18n/i18next.server";
import { profileFormatError, profileMessage } from "./form-messages.server";

/**
 * Changing the e-mail address (issue #3): the current password proves the
 * owner, the new address is confirmed by a link before it takes effect, and
 * the old address is told afterwards, so a hijacked session cannot quietly
 * move the account.
 */

export async function loadEmailEditPage(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const meta = pageMeta(await languageOfRequest(request), "members", "meta.email");
  if (token) return { meta, ...(await confirmEmailChange(user.id, user.email, token, request, clientIp)) };
  return { meta, email: user.email, sentTo: url.searchParams.get("sent")?.slice(0, 260) ?? null, problem: null };
}

/** Why a confirmation link could not be used: each has its sentence in the `members` catalog (`email.problems`). */
type LinkProblem = "invalid" | "used" | "expired" | "foreign" | "taken";

async function confirmEmailChange(userId: number, oldEmail: string, token: string, request: Request, clientIp: string) {
  const database = await getDatabase();
  const problem = (key: LinkProblem) => ({ email: oldEmail, sentTo: null, problem: key });
  // Only the account that asked may use the link.
  const used = await consumeEmailToken(database, token, "email-change", Date.now(), userId);
  if (!used.ok) return problem(used.reason);
  const newEmail = used.newEmail ?? "";
  const taken = await database.db
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", keyOf(newEmail))
    .where("id", "!=", userId)
    .executeTakeFirst();
  if (!newEmail || taken) return problem("taken");
  const now = new Date().toISOString();
  await database.db
    .updateTable("users")
    .set({ email: newEmail, email_key: keyOf(newEmail), email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .execute();
  await writeAudit(database, {
    actorUserId: userId,
    subjectUserId: userId,
    action: "email.changed",
    details: { from: oldEmail, to: newEmail },
    ip: clientIp,
  });
  const t = translator(await languageOfRequest(request), "mail");
  await sendMail({
    to: oldEmail,
    subject: t("emailChange.changedSubject"),
    text: t("emailChange.changedBody", {
      address: maskEmail(newEmail),
      link: new URL(PATHS.login, new URL(request.url).origin).toString(),
    }),
  }).catch(() => undefined);
  throw redirect(`${PROFILE_PATH}?updated=email`);
}

export async function emailEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const language = await languageOfRequest(request);
  const message = profileMessage(language);
  const submission = parseWithZod(formData, { schema: emailChangeSchema, formatError: profileFormatError(language) });
  const fail = (fieldErrors: Record<string, string[]>) =>
    data(submission.reply({ hideFields: ["currentPassword"], fieldErrors }), { status: 400 });
  if (submission.status !== "success") return fail({});
  const { newEmail, currentPassword } = submission.value;
  const database = await getDatabase();
  const row = await database.db
    .selectFrom("users")
    .select("password_hash")
    .where("id", "=", user.id)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, currentPassword))) {
    await writeAudit(database, {
      actorUserId: user.id,
      subjectUserId: user.id,
      action: "email.change-refused",
      ip: clientIp,
    });
    return fail({ currentPassword: [message("That is not your current password.")] });
  }
  if (keyOf(newEmail) === keyOf(user.email)) return fail({ newEmail: [message("That is already your address.")] });
  const taken = await database.db
    .selectFrom("users")
    .select("id")
    .where("email_key", "=", keyOf(newEmail))
    .executeTakeFirst();
  if (taken) return fail({ newEmail: [message("Another account uses that address.")] });
  const token = await issueEmailToken(database, user.id, "email-change", { newEmail });
  const mail = translator(language, "mail");
  await sendMail({
    to: newEmail,
    subject: mail("emailChange.confirmSubject"),
    text: mail("emailChange.confirmBody", {
      username: user.username,
      link: new URL(
        `${PATHS.profileEditEmail}?token=${encodeURIComponent(token)}`,
        new URL(request.url).origin,
      ).toString(),
    }),
  });
  await writeAudit(database, {
    actorUserId: user.id,
    subjectUserId: user.id,
    action: "email.change-requested",
    details: { to: newEmail },
    ip: clientIp,
  });
  return redirect(`${PATHS.profileEditEmail}?sent=${encodeURIComponent(maskEmail(newEmail))}`);
}
