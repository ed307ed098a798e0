import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Trans, useTranslation } from "~/i18n/react";
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

const loadResetSchema = () => import("../forms").then((m) => m.resetPasswordSchema);

export function SignUpErrorPage() {
  const { reason } = useLoaderData<typeof loadSignUpError>();
  const action = useActionData<typeof resendVerificationAction>();
  const { t } = useTranslation("auth");
  return (
    <div className="narrow">
      <h1>{t(`signUpError.${reason}.title`)}</h1>
      <p className="lead">{t(`signUpError.${reason}.text`)}</p>
      <h2>{t("signUpError.resendHeading")}</h2>
      <EmailOnlyForm
        id="resend"
        lastResult={action?.result}
        sent={!!action?.sent}
        sentMessage={t("help.sent")}
        submitLabel={t("signUpError.resendSubmit")}
      />
      <p>
        <Trans t={t} i18nKey="signUpError.alreadyConfirmed" components={{ signIn: <Link to={PATHS.login} /> }} />
      </p>
    </div>
  );
}

export function SuccessPage() {
  const [params] = useSearchParams();
  const awaiting = params.get("awaiting") === "approval";
  const { t } = useTranslation("auth");
  return (
    <div className="narrow">
      <h1>{awaiting ? t("welcome.confirmedAwaiting") : t("welcome.welcome")}</h1>
      <p className="lead" role="status">
        {awaiting ? t("welcome.awaitingText") : t("welcome.activeText")}
      </p>
      <p className="form-actions">
        <Link to={PATHS.login} className="btn btn-primary">
          {t("welcome.signIn")}
        </Link>
        <Link to={PATHS.searchAll} className="btn btn-secondary">
          {t("welcome.search")}
        </Link>
      </p>
    </div>
  );
}

export function ForgotPasswordPage() {
  const action = useActionData<typeof forgotPasswordAction>();
  const { t } = useTranslation("auth");
  return (
    <div className="narrow">
      <h1>{t("help.forgotPassword.heading")}</h1>
      <p className="lead">{t("help.forgotPassword.lead")}</p>
      <EmailOnlyForm
        id="forgot-password"
        lastResult={action?.result}
        sent={!!action?.sent}
        sentMessage={t("help.sent")}
        submitLabel={t("help.forgotPassword.submit")}
      />
      <p>
        <Link to={PATHS.forgotUsername}>{t("help.forgotUsernameLink")}</Link> ·{" "}
        <Link to={PATHS.login}>{t("help.backToSignIn")}</Link>
      </p>
    </div>
  );
}

export function ForgotUsernamePage() {
  const action = useActionData<typeof forgotUsernameAction>();
  const { t } = useTranslation("auth");
  return (
    <div className="narrow">
      <h1>{t("help.forgotUsername.heading")}</h1>
      <p className="lead">{t("help.forgotUsername.lead")}</p>
      <EmailOnlyForm
        id="forgot-username"
        lastResult={action?.result}
        sent={!!action?.sent}
        sentMessage={t("help.sent")}
        submitLabel={t("help.forgotUsername.submit")}
      />
      <p>
        <Link to={PATHS.login}>{t("help.backToSignIn")}</Link>
      </p>
    </div>
  );
}

export function ResetPasswordPage() {
  const { token, state } = useLoaderData<typeof loadResetPassword>();
  const action = useActionData<typeof resetPasswordAction>();
  const attempt = useAttemptKey(action);
  const { t } = useTranslation("auth");
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
        <h1>{t("reset.unusable")}</h1>
        <p className="lead">
          {state === "expired" ? t("reset.expired") : state === "used" ? t("reset.used") : t("reset.invalid")}
        </p>
        <p>
          <Link to={PATHS.forgotPassword}>{t("reset.askAgain")}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>{t("reset.heading")}</h1>
      <Form method="post" className="stacked-form" {...getFormProps(form)} {...loadOnUse}>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="token" value={token} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <FormField
          field={fields.password}
          label={t("reset.password")}
          type="password"
          autoComplete="new-password"
          hint={t("reset.passwordHint")}
          resetKey={attempt}
        />
        <FormField
          field={fields.confirmPassword}
          label={t("reset.confirmPassword")}
          type="password"
          autoComplete="new-password"
          resetKey={attempt}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            {t("reset.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
