import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { input } from "zod/v4/core";
import type { signInSchema } from "../sign-in-form";
import { FormErrors, FormField, useAttemptKey } from "~/ui/form-field";
import { useFormValidator } from "~/ui/use-form-validator";
import type { loadSignInPage, signInAction } from "../sign-in-page.server";
import { PATHS } from "~/routing/paths";

const loadSchema = () => import("../sign-in-form").then((m) => m.signInSchema);

export function SignInPage() {
  const { redirectTo, passwordWasReset } = useLoaderData<typeof loadSignInPage>();
  const lastResult = useActionData<typeof signInAction>();
  const navigation = useNavigation();
  const [validate, loadOnUse] = useFormValidator(loadSchema);
  const [form, fields] = useForm<input<typeof signInSchema>>({
    id: "sign-in",
    lastResult,
    constraint: undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const busy = navigation.state === "submitting";
  // A failed attempt must not leave the password in the field: remount it empty.
  const attempt = useAttemptKey(lastResult);
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      <p className="lead">Members sign in to search the members&apos; collections and keep their profile.</p>
      {passwordWasReset && (
        <p className="notice notice-success" role="status">
          Your new password is saved, and every earlier sign-in has ended. Sign in with the new password.
        </p>
      )}
      <Form
        method="post"
        className="stacked-form"
        {...getFormProps(form)}
        {...loadOnUse}
        aria-describedby={form.errors ? `${form.errorId}` : undefined}
      >
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField field={fields.login} label="Username or e-mail" autoComplete="username" />
        <FormField
          field={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          resetKey={attempt}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </div>
      </Form>
      <p className="form-links">
        <Link to={PATHS.forgotPassword}>Forgotten your password?</Link> ·{" "}
        <Link to={PATHS.forgotUsername}>Forgotten your username?</Link>
      </p>
      <p>
        Not a member yet? <Link to={PATHS.signup}>Become a member</Link>.
      </p>
    </div>
  );
}
