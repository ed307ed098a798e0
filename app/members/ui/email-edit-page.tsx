import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormField, useAttemptKey } from "~/ui/form-field";
import { EditActions } from "./edit-actions";
import type { emailEditAction, loadEmailEditPage } from "../email-change.server";
import { emailChangeSchema } from "../forms";
import { PATHS } from "~/routing/paths";
import { useTranslation } from "~/i18n/react";
import { useProfileMessages } from "./form-messages";

export function EmailEditPage() {
  const { email, sentTo, problem } = useLoaderData<typeof loadEmailEditPage>();
  const lastResult = useActionData<typeof emailEditAction>();
  const attempt = useAttemptKey(lastResult);
  const { t } = useTranslation("members");
  const { formatError } = useProfileMessages();
  const [form, fields] = useForm({
    id: "email",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailChangeSchema, formatError }),
  });
  return (
    <div className="profile-form narrow">
      <p className="back-link">
        <Link to={PATHS.profile}>← {t("profile.heading")}</Link>
      </p>
      <h1>{t("email.heading")}</h1>
      {problem && (
        <p className="notice notice-error" role="alert">
          {t(`email.problems.${problem}`)}
        </p>
      )}
      {sentTo ? (
        <p className="notice notice-success" role="status">
          {t("email.sent", { sentTo, email })}
        </p>
      ) : (
        <p className="lead">{t("email.lead", { email })}</p>
      )}
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <FormField field={fields.newEmail} label={t("email.newEmail")} type="email" autoComplete="email" />
        <FormField
          field={fields.currentPassword}
          label={t("edit.currentPassword")}
          type="password"
          autoComplete="current-password"
          resetKey={attempt}
        />
        <EditActions label={t("email.submit")} busyLabel={t("email.sending")} />
      </Form>
    </div>
  );
}
