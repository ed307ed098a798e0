import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Trans, useTranslation } from "~/i18n/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { FormErrors, FormField, useAttemptKey } from "~/ui/form-field";
import { useFormValidator } from "~/ui/use-form-validator";
import { CountryRegionSelect } from "~/ui/country-region-select";
import type { input } from "zod/v4/core";
import type { signUpSchema } from "../forms";
import type { loadSignUpPage, signUpAction } from "../signup.server";
import { PATHS } from "~/routing/paths";

/** The browser leaves the common-password check to the server, whose message comes back beside the field. */
const loadSchema = () => import("../forms").then((m) => m.signUpSchema());

export function SignUpPage() {
  const { sentTo, countries, regions, approval } = useLoaderData<typeof loadSignUpPage>();
  const { t } = useTranslation("auth");
  if (sentTo) {
    return (
      <div className="narrow">
        <h1>{t("signUp.checkInbox")}</h1>
        <p className="lead" role="status">
          {t(approval ? "signUp.sentToApproval" : "signUp.sentTo", { address: sentTo })}
        </p>
        <p>
          <Trans
            t={t}
            i18nKey="signUp.nothingArrived"
            components={{ newLink: <Link to={`${PATHS.signupError}?reason=invalid`} /> }}
          />
        </p>
      </div>
    );
  }
  return <SignUpForm countries={countries} regions={regions} />;
}

function SignUpForm({
  countries,
  regions,
}: {
  countries: { name: string; code: string }[];
  regions: { name: string; code: string }[];
}) {
  const actionData = useActionData<typeof signUpAction>();
  const lastResult = actionData?.result;
  const navigation = useNavigation();
  const { t } = useTranslation("auth");
  const attempt = useAttemptKey(lastResult);
  const [validate, loadOnUse] = useFormValidator(loadSchema);
  const [form, fields] = useForm<input<ReturnType<typeof signUpSchema>>>({
    id: "sign-up",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const values = (lastResult?.initialValue ?? {}) as Record<string, string | undefined>;
  const fieldErrors = Object.fromEntries(
    (["country", "region"] as const).flatMap((n) => (fields[n].errors ? [[n, fields[n].errors!.join(" ")]] : [])),
  );
  return (
    <div className="narrow">
      <h1>{t("signUp.heading")}</h1>
      <p className="lead">{t("signUp.lead")}</p>
      <Form method="post" className="stacked-form" {...getFormProps(form)} {...loadOnUse}>
        <AuthenticityTokenInput name="csrf" />
        <HoneypotInputs label={t("form.honeypot", { ns: "common" })} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend>{t("signUp.account")}</legend>
          <FormField
            field={fields.username}
            label={t("signUp.username")}
            autoComplete="username"
            hint={t("signUp.usernameHint")}
          />
          <FormField field={fields.email} label={t("signUp.email")} type="email" autoComplete="email" />
          <FormField
            field={fields.password}
            label={t("signUp.password")}
            type="password"
            autoComplete="new-password"
            hint={t("signUp.passwordHint")}
            resetKey={attempt}
          />
          <FormField
            field={fields.confirmPassword}
            label={t("signUp.confirmPassword")}
            type="password"
            autoComplete="new-password"
            resetKey={attempt}
          />
        </fieldset>
        <fieldset>
          <legend>{t("signUp.aboutYou")}</legend>
          <FormField field={fields.givenName} label={t("signUp.givenName")} autoComplete="given-name" />
          <FormField field={fields.surname} label={t("signUp.surname")} autoComplete="family-name" />
          <CountryRegionSelect
            countries={countries}
            regions={actionData?.regions ?? regions}
            defaultCountry={values.country ?? ""}
            defaultRegion={values.region ?? ""}
            errors={fieldErrors}
          />
        </fieldset>
        <fieldset>
          <legend>{t("signUp.research")}</legend>
          <FormField field={fields.researchSurnames} label={t("signUp.surnames")} hint={t("signUp.surnamesHint")} />
          <FormField field={fields.researchPlaces} label={t("signUp.places")} hint={t("signUp.placesHint")} />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? t("signUp.submitting") : t("signUp.submit")}
          </button>
        </div>
      </Form>
    </div>
  );
}
