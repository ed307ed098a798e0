import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/node";
import { validateCsrf } from "~/auth/csrf.server";
import { requireAdminAuth } from "~/auth/guard.server";
import { readRefreshToken } from "~/auth/sessions.server";
import { readForm } from "~/routing/form-data.server";
import { getDatabase } from "~/db/current.server";
import { passwordChangeSchema } from "./forms";
import { PROFILE_PATH } from "./profile-page.server";
import { changePassword } from "./profile-writes.server";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { profileFormatError, profileMessage } from "./form-messages.server";

/** Changing the member's password with the current one. Auth-admin guarded. */

export async function loadPasswordEditPage(request: Request) {
  const user = await requireAdminAuth(request);
  const meta = pageMeta(await languageOfRequest(request), "members", "meta.password");
  return { meta, username: user.username, email: user.email };
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function passwordEditAction(request: Request, clientIp: string) {
  const user = await requireAdminAuth(request);
  const formData = await readForm(request);
  await validateCsrf(formData, request);
  const language = await languageOfRequest(request);
  const submission = parseWithZod(formData, {
    schema: passwordChangeSchema({ username: user.username, email: user.email }),
    formatError: profileFormatError(language),
  });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: PASSWORD_FIELDS }), { status: 400 });
  }
  const database = await getDatabase();
  const result = await changePassword(database, user, submission.value, {
    ip: clientIp,
    keepSessionToken: await readRefreshToken(request),
  });
  if (!result.ok) {
    return data(
      submission.reply({
        hideFields: PASSWORD_FIELDS,
        fieldErrors: { currentPassword: [profileMessage(language)("That is not your current password.")] },
      }),
      { status: 400 },
    );
  }
  return redirect(`${PROFILE_PATH}?updated=password`);
}
