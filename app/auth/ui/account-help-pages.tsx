import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors, FormField, useAttemptKey } from "~/ui/form-field";
import { useFormValidator } from "~/ui/use-form-validator";
import type { input } from "zod/v4/core";
import type { resetPasswordSchema } from "../forms";
import type {
  forgotPasswordAction,
  forgotUsernameAction,
  loadResetPassword,
  loadSignUpError,
  resendVerificationAction,
  resetPasswordAction,
} from "../signup.server";
import { EmailOnlyForm } from "./email-only-form";
import { PATHS } from "~/routing/paths";

const SENT = "If an account uses that address, an e-mail is on its way. It can take a few minutes.";

const loadResetSchema = () => import("../forms").then((m) => m.resetPasswordSchema);

export function SignUpErrorPage() {
  const { title, text } = useLoaderData<typeof loadSignUpError>();
  const action = useActionData<typeof resendVerificationAction>();
  return (
    <div className="narrow">
      <h1>{title}</h1>
      <p className="lead">{text}</p>
      <h2>Send a new confirmation link</h2>
      <EmailOnlyForm
        id="resend"
        lastResult={action?.result}
        sent={!!action?.sent}
        sentMessage={SENT}
        submitLabel="Send a new link"
      />
      <p>
        Already confirmed? <Link to={PATHS.login}>Sign in</Link>.
      </p>
    </div>
  );
}

export function SuccessPage() {
  const [params] = useSearchParams();
  const awaiting = params.get("awaiting") === "approval";
  return (
    <div className="narrow">
      <h1>{awaiting ? "Thank you — your address is confirmed" : "Welcome to the society"}</h1>
      <p className="lead" role="status">
        {awaiting
          ? "An administrator now approves your membership; you will hear from us by e-mail. Until then you can sign in and search the public collections."
          : "Your e-mail address is confirmed and your membership is active."}
      </p>
      <p className="form-actions">
        <Link to={PATHS.login} className="btn btn-primary">
          Sign in
        </Link>
        <Link to={PATHS.searchAll} className="btn btn-secondary">
          Search the records
        </Link>
      </p>
    </div>
  );
}

export function ForgotPasswordPage() {
  const action = useActionData<typeof forgotPasswordAction>();
  return (
    <div className="narrow">
      <h1>Forgotten password</h1>
      <p className="lead">Enter the e-mail address of your account; we send you a link to choose a new password.</p>
      <EmailOnlyForm
        id="forgot-password"
        lastResult={action?.result}
        sent={!!action?.sent}
        sentMessage={SENT}
        submitLabel="Send the link"
      />
      <p>
        <Link to={PATHS.forgotUsername}>Forgotten your username?</Link> · <Link to={PATHS.login}>Back to sign in</Link>
      </p>
    </div>
  );
}

export function ForgotUsernamePage() {
  const action = useActionData<typeof forgotUsernameAction>();
  return (
    <div className="narrow">
      <h1>Forgotten username</h1>
      <p className="lead">Enter the e-mail address of your account; we send your username to it.</p>
      <EmailOnlyForm
        id="forgot-username"
        lastResult={action?.result}
        sent={!!action?.sent}
        sentMessage={SENT}
        submitLabel="Send my username"
      />
      <p>
        <Link to={PATHS.login}>Back to sign in</Link>
      </p>
    </div>
  );
}

export function ResetPasswordPage() {
  const { token, state } = useLoaderData<typeof loadResetPassword>();
  const action = useActionData<typeof resetPasswordAction>();
  const attempt = useAttemptKey(action);
  const [validate, loadOnUse] = useFormValidator(loadResetSchema);
  const [form, fields] = useForm<input<typeof resetPasswordSchema>>({
    id: "reset-password",
    lastResult: action?.result,
    shouldValidate: "onBlur",
    onValidate: validate,
  });
  if (state !== "ok") {
    return (
      <div className="narrow">
        <h1>This link cannot be used</h1>
        <p className="lead">
          {state === "expired"
            ? "Password links work for one hour, and this one has expired."
            : state === "used"
              ? "This link has already been used to choose a password."
              : "This link is not valid; it may have been cut short by your e-mail program."}
        </p>
        <p>
          <Link to={PATHS.forgotPassword}>Ask for a new link</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>Choose a new password</h1>
      <Form method="post" className="stacked-form" {...getFormProps(form)} {...loadOnUse}>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="token" value={token} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField
          field={fields.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters."
          resetKey={attempt}
        />
        <FormField
          field={fields.confirmPassword}
          label="New password again"
          type="password"
          autoComplete="new-password"
          resetKey={attempt}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Save the new password
          </button>
        </div>
      </Form>
    </div>
  );
}
