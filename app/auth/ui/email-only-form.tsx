import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useTranslation } from "~/i18n/react";
import { FormField } from "~/ui/form-field";
import { useFormValidator } from "~/ui/use-form-validator";
import type { input } from "zod/v4/core";
import type { emailOnlySchema } from "../forms";

const loadSchema = () => import("../forms").then((m) => m.emailOnlySchema);

/** The one-field forms: forgotten password, forgotten username, new confirmation link. */
export function EmailOnlyForm({
  id,
  lastResult,
  sent,
  sentMessage,
  submitLabel,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  sent: boolean;
  sentMessage: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const [validate, loadOnUse] = useFormValidator(loadSchema);
  const [form, fields] = useForm<input<typeof emailOnlySchema>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    onValidate: validate,
  });
  return (
    <Form method="post" className="stacked-form" {...getFormProps(form)} {...loadOnUse}>
      <AuthenticityTokenInput name="csrf" />
      {sent && (
        <p className="notice notice-success" role="status">
          {sentMessage}
        </p>
      )}
      <FormField field={fields.email} label={t("help.email")} type="email" autoComplete="email" />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
