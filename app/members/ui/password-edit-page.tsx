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

export function PasswordEditPage() {
  const { username, email } = useLoaderData<typeof loadPasswordEditPage>();
  const lastResult = useActionData<typeof passwordEditAction>();
  const [form, fields] = useForm({
    id: "password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema({ username, email }) }),
  });
  // Passwords are never sent back; after a failed attempt the fields are remounted empty.
  const attempt = useAttemptKey(lastResult);

  return (
    <div className="profile-form narrow">
      <p className="back-link">
        <Link to={PATHS.profile}>← Your account</Link>
      </p>
      <h1>Change password</h1>
      <p className="lead">
        After the change you stay signed in here; every other device where you are signed in is signed out.
      </p>
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        {/* Tells password managers which account the new password belongs to. */}
        <input type="text" autoComplete="username" value={username} readOnly hidden />
        <FormField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          resetKey={attempt}
          autoComplete="current-password"
        />
        <FormField
          field={fields.newPassword}
          label="New password"
          type="password"
          resetKey={attempt}
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words together make a password that is strong and easy to remember.`}
        />
        <FormField
          field={fields.confirmPassword}
          label="New password again"
          type="password"
          resetKey={attempt}
          autoComplete="new-password"
        />
        <EditActions label="Change password" busyLabel="Changing…" />
      </Form>
    </div>
  );
}
