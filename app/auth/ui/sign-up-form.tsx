import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
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
  if (sentTo) {
    return (
      <div className="narrow">
        <h1>Check your inbox</h1>
        <p className="lead" role="status">
          We sent a confirmation link to {sentTo}. Open it within 48 hours to finish signing up
          {approval ? "; the society then approves your membership" : ""}.
        </p>
        <p>
          Nothing arrived after a few minutes? Look in the spam folder, or{" "}
          <Link to={`${PATHS.signupError}?reason=invalid`}>ask for a new link</Link>.
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
      <h1>Sign up</h1>
      <p className="lead">All fields but the place and research interests are needed.</p>
      <Form method="post" className="stacked-form" {...getFormProps(form)} {...loadOnUse}>
        <AuthenticityTokenInput name="csrf" />
        <HoneypotInputs label="Please leave this field empty" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend>Your account</legend>
          <FormField
            field={fields.username}
            label="Username"
            autoComplete="username"
            hint="3 to 32 letters, digits, '.', '_' or '-'. Other members see it."
          />
          <FormField field={fields.email} label="E-mail address" type="email" autoComplete="email" />
          <FormField
            field={fields.password}
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters; a few words make a good one."
            resetKey={attempt}
          />
          <FormField
            field={fields.confirmPassword}
            label="Password again"
            type="password"
            autoComplete="new-password"
            resetKey={attempt}
          />
        </fieldset>
        <fieldset>
          <legend>About you</legend>
          <FormField field={fields.givenName} label="Given name" autoComplete="given-name" />
          <FormField field={fields.surname} label="Surname" autoComplete="family-name" />
          <CountryRegionSelect
            countries={countries}
            regions={actionData?.regions ?? regions}
            defaultCountry={values.country ?? ""}
            defaultRegion={values.region ?? ""}
            errors={fieldErrors}
          />
        </fieldset>
        <fieldset>
          <legend>What you research (optional)</legend>
          <FormField
            field={fields.researchSurnames}
            label="Surnames"
            hint="Separated by commas, e.g. Schulz, Radke, Kowalski"
          />
          <FormField
            field={fields.researchPlaces}
            label="Places"
            hint="Separated by commas, e.g. Heimtal, Rozhyshche"
          />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Signing up…" : "Sign up"}
          </button>
        </div>
      </Form>
    </div>
  );
}
