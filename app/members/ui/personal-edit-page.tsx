import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CountryRegionSelect } from "~/ui/country-region-select";
import { PROFILE_LIMITS, personalSchema } from "../forms";
import type { loadPersonalEditPage, personalEditAction } from "../personal-edit-page.server";
import { EditActions } from "./edit-actions";
import { FormField } from "~/ui/form-field";
import { PATHS } from "~/routing/paths";
import { LANGUAGES, LANGUAGE_NAMES } from "~/i18n/languages";

const LIST_HINT = `Separate them with commas or put one on each line: at most ${PROFILE_LIMITS.listItems}, each up to ${PROFILE_LIMITS.listItem} characters.`;

export function PersonalEditPage() {
  const { countries, regions, defaults } = useLoaderData<typeof loadPersonalEditPage>();
  const actionData = useActionData<typeof personalEditAction>();
  const [form, fields] = useForm({
    id: "personal",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Country and region are checked on the server, which has the country data.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personalSchema() }),
  });
  const placeErrors: Record<string, string> = {};
  if (fields.country.errors) placeErrors.country = fields.country.errors.join(" ");
  if (fields.region.errors) placeErrors.region = fields.region.errors.join(" ");
  const errorCount = Object.keys(form.allErrors).length;
  const listed = fields.listedInDirectory;

  return (
    <div className="profile-form">
      <p className="back-link">
        <Link to={PATHS.profile}>← Your account</Link>
      </p>
      <h1>Personal details</h1>
      <p className="lead">
        Your name and address are for the society&apos;s records and its post. Only the name is required.
      </p>
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        {actionData && errorCount > 0 ? (
          <div className="notice notice-error" role="alert">
            Nothing was saved. Please correct {errorCount === 1 ? "the field" : `the ${errorCount} fields`} marked
            below.
          </div>
        ) : null}

        <fieldset>
          <legend>Name</legend>
          <FormField field={fields.givenName} label="Given name" autoComplete="given-name" />
          <FormField field={fields.surname} label="Surname" autoComplete="family-name" />
        </fieldset>

        <fieldset>
          <legend>Postal address</legend>
          <FormField field={fields.addressLine1} label="Address line 1" autoComplete="address-line1" />
          <FormField field={fields.addressLine2} label="Address line 2 (optional)" autoComplete="address-line2" />
          <div className="field-pair">
            <FormField field={fields.postalCode} label="Postal code" autoComplete="postal-code" />
            <FormField field={fields.city} label="City or town" autoComplete="address-level2" />
          </div>
          <CountryRegionSelect
            countries={countries}
            regions={actionData?.regions ?? regions}
            defaultCountry={fields.country.initialValue ?? ""}
            defaultRegion={fields.region.initialValue ?? ""}
            errors={placeErrors}
          />
        </fieldset>

        <fieldset>
          <legend>Telephone</legend>
          <FormField
            field={fields.phone}
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            hint="With the country code, e.g. +48 22 555 01 01."
          />
        </fieldset>

        <fieldset>
          <legend>Research interests</legend>
          <FormField field={fields.researchSurnames} label="Surnames you research" multiline hint={LIST_HINT} />
          <FormField field={fields.researchPlaces} label="Places you research" multiline hint={LIST_HINT} />
        </fieldset>

        <fieldset>
          <legend>Language</legend>
          <div className="field">
            <label htmlFor={fields.language.id}>Language of the site</label>
            <select
              {...getSelectProps(fields.language)}
              key={fields.language.key}
              aria-describedby={`${fields.language.id}-hint`}
            >
              <option value="">As my browser asks</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
            <p className="field-hint" id={`${fields.language.id}-hint`}>
              Used whenever you are signed in, on any device. The language menu at the top still changes it for this
              browser.
            </p>
            {fields.language.errors ? (
              <p className="field-error" id={fields.language.errorId}>
                {fields.language.errors.join(" ")}
              </p>
            ) : null}
          </div>
        </fieldset>

        <fieldset>
          <legend>Member directory</legend>
          <div className="field-check">
            <input
              {...getInputProps(listed, { type: "checkbox" })}
              key={listed.key}
              aria-describedby={`${listed.id}-hint`}
            />
            <label htmlFor={listed.id}>List me in the member directory</label>
          </div>
          <p className="field-hint" id={`${listed.id}-hint`}>
            Listed members can be found by other signed-in members who research the same surnames and places, so that
            people working on the same families can get in touch.
          </p>
        </fieldset>

        <EditActions label="Save personal details" />
      </Form>
    </div>
  );
}
