import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Trans, useTranslation } from "~/i18n/react";
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
  const { t } = useTranslation("auth");
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
      <h1>{t("signIn.heading")}</h1>
      <p className="lead">{t("signIn.lead")}</p>
      {passwordWasReset && (
        <p className="notice notice-success" role="status">
          {t("signIn.passwordWasReset")}
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
        <FormField field={fields.login} label={t("signIn.login")} autoComplete="username" />
        <FormField
          field={fields.password}
          label={t("signIn.password")}
          type="password"
          autoComplete="current-password"
          resetKey={attempt}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("signIn.submitting") : t("signIn.submit")}
          </button>
        </div>
      </Form>
      <p className="form-links">
        <Link to={PATHS.forgotPassword}>{t("signIn.forgotPassword")}</Link> ·{" "}
        <Link to={PATHS.forgotUsername}>{t("signIn.forgotUsername")}</Link>
      </p>
      <p>
        <Trans t={t} i18nKey="signIn.notAMember" components={{ signUp: <Link to={PATHS.signup} /> }} />
      </p>
    </div>
  );
}
