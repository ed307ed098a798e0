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
import { useTranslation } from "~/i18n/react";
import { useProfileMessages } from "./form-messages";

const CHECKBOX = { type: "checkbox" } as const;

export function PersonalEditPage() {
  const { countries, regions, defaults } = useLoaderData<typeof loadPersonalEditPage>();
  const actionData = useActionData<typeof personalEditAction>();
  const { t } = useTranslation("members");
  const { formatError } = useProfileMessages();
  const listHint = t("personal.listHint", { most: PROFILE_LIMITS.listItems, length: PROFILE_LIMITS.listItem });
  const [form, fields] = useForm({
    id: "personal",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // Country and region are checked on the server, which has the country data.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: personalSchema(), formatError }),
  });
  const placeErrors: Record<string, string> = {};
  if (fields.country.errors) placeErrors.country = fields.country.errors.join(" ");
  if (fields.region.errors) placeErrors.region = fields.region.errors.join(" ");
  const errorCount = Object.keys(form.allErrors).length;
  const listed = fields.listedInDirectory;

  return (
    <div className="profile-form">
      <p className="back-link">
        <Link to={PATHS.profile}>← {t("profile.heading")}</Link>
      </p>
      <h1>{t("personal.heading")}</h1>
      <p className="lead">{t("personal.lead")}</p>
      <Form method="post" className="stacked-form" {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        {actionData && errorCount > 0 ? (
          <div className="notice notice-error" role="alert">
            {t("personal.notSaved", { count: errorCount })}
          </div>
        ) : null}

        <fieldset>
          <legend>{t("personal.name")}</legend>
          <FormField field={fields.givenName} label={t("personal.givenName")} autoComplete="given-name" />
          <FormField field={fields.surname} label={t("personal.surname")} autoComplete="family-name" />
        </fieldset>

        <fieldset>
          <legend>{t("personal.postalAddress")}</legend>
          <FormField field={fields.addressLine1} label={t("personal.addressLine1")} autoComplete="address-line1" />
          <FormField field={fields.addressLine2} label={t("personal.addressLine2")} autoComplete="address-line2" />
          <div className="field-pair">
            <FormField field={fields.postalCode} label={t("personal.postalCode")} autoComplete="postal-code" />
            <FormField field={fields.city} label={t("personal.city")} autoComplete="address-level2" />
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
          <legend>{t("personal.telephone")}</legend>
          <FormField
            field={fields.phone}
            label={t("personal.phone")}
            type="tel"
            autoComplete="tel"
            hint={t("personal.phoneHint")}
          />
        </fieldset>

        <fieldset>
          <legend>{t("personal.research")}</legend>
          <FormField field={fields.researchSurnames} label={t("personal.researchSurnames")} multiline hint={listHint} />
          <FormField field={fields.researchPlaces} label={t("personal.researchPlaces")} multiline hint={listHint} />
        </fieldset>

        <fieldset>
          <legend>{t("personal.language")}</legend>
          <div className="field">
            <label htmlFor={fields.language.id}>{t("personal.siteLanguage")}</label>
            <select
              {...getSelectProps(fields.language)}
              key={fields.language.key}
              aria-describedby={`${fields.language.id}-hint`}
            >
              <option value="">{t("personal.browserLanguage")}</option>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
            <p className="field-hint" id={`${fields.language.id}-hint`}>
              {t("personal.languageHint")}
            </p>
            {fields.language.errors ? (
              <p className="field-error" id={fields.language.errorId}>
                {fields.language.errors.join(" ")}
              </p>
            ) : null}
          </div>
        </fieldset>

        <fieldset>
          <legend>{t("personal.directory")}</legend>
          <div className="field-check">
            <input {...getInputProps(listed, CHECKBOX)} key={listed.key} aria-describedby={`${listed.id}-hint`} />
            <label htmlFor={listed.id}>{t("personal.listMe")}</label>
          </div>
          <p className="field-hint" id={`${listed.id}-hint`}>
            {t("personal.listMeHint")}
          </p>
        </fieldset>

        <EditActions label={t("personal.save")} />
      </Form>
    </div>
  );
}
