import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormField, useAttemptKey } from "~/ui/form-field";
import { EditActions } from "./edit-actions";
import type { emailEditAction, loadEmailEditPage } from "../email-change.server";
import { emailChangeSchema } from "../forms";
import { PATHS } from "~/routing/paths";

export function EmailEditPage() {
  const { email, sentTo, problem } = useLoaderData<typeof loadEmailEditPage>();
  const lastResult = useActionData<typeof emailEditAction>();
  const attempt = useAttemptKey(lastResult);
  const [form, fields] = useForm({
    id: "email",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: emailChangeSchema }),
  });
  return (
    <div className="profile-form narrow">
      <p className="back-link">
        <Link to={PATHS.profile}>← Your account</Link>
      </p>
      <h1>Change e-mail address</h1>
      {problem && (
        <p className="notice notice-error" role="alert">
          {problem}
        </p>
      )}
      {sentTo ? (
        <p className="notice notice-success" role="status">
          We sent a confirmation link to {sentTo}. Your address stays {email} until you open it.
        </p>
      ) : (
        <p className="lead">
          Your address is {email}. We send a link to the new address; it takes effect when you open the link, and we
          tell the old address.
        </p>
      )}
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        <FormField field={fields.newEmail} label="New e-mail address" type="email" autoComplete="email" />
        <FormField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          autoComplete="current-password"
          resetKey={attempt}
        />
        <EditActions label="Send the confirmation link" busyLabel="Sending…" />
      </Form>
    </div>
  );
}
