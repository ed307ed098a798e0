import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { MIN_PASSWORD_LENGTH } from "~/auth/password-rules";
import { passwordChangeSchema } from "../forms";
import type { loadPasswordEditPage, passwordEditAction } from "../password-edit-page.server";
import { EditActions } from "./edit-actions";
import { FormField, useAttemptKey } from "~/ui/form-field";
import { PATHS } from "~/routing/paths";
import { useTranslation } from "~/i18n/react";
import { useProfileMessages } from "./form-messages";

export function PasswordEditPage() {
  const { username, email } = useLoaderData<typeof loadPasswordEditPage>();
  const lastResult = useActionData<typeof passwordEditAction>();
  const { t } = useTranslation("members");
  const { formatError } = useProfileMessages();
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: passwordChangeSchema({ username, email }), formatError }),
  });
  // Passwords are never sent back; after a failed attempt the fields are remounted empty.
  const attempt = useAttemptKey(lastResult);

  return (
    <div className="profile-form narrow">
      <p className="back-link">
        <Link to={PATHS.profile}>← {t("profile.heading")}</Link>
      </p>
      <h1>{t("password.heading")}</h1>
      <p className="lead">{t("password.lead")}</p>
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" autoComplete="username" value={username} readOnly hidden />
        <FormField
          field={fields.currentPassword}
          label={t("edit.currentPassword")}
          type="password"
          resetKey={attempt}
          autoComplete="current-password"
        />
        <FormField
          field={fields.newPassword}
          label={t("password.newPassword")}
          type="password"
          resetKey={attempt}
          autoComplete="new-password"
          hint={t("password.hint", { min: MIN_PASSWORD_LENGTH })}
        />
        <FormField
          field={fields.confirmPassword}
          label={t("password.confirmPassword")}
          type="password"
          resetKey={attempt}
          autoComplete="new-password"
        />
        <EditActions label={t("password.submit")} busyLabel={t("password.changing")} />
      </Form>
    </div>
  );
}
