import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import {
  FieldError,
  FormProblemsNotice,
  ModeField,
  PerPageField,
  SearchActions,
  TextField,
} from "~/listing/ui/form-fields";
import { SortHeader, ResultsSection } from "~/listing/ui/result-controls";
import { Trans, type TFunction, useTranslation } from "~/i18n/react";
import type { loadDirectoryPage } from "../directory-page.server";
import { PATHS } from "~/routing/paths";

type PageData = ReturnType<typeof useLoaderData<typeof loadDirectoryPage>>;
type Result = NonNullable<PageData["result"]>;

/** /members/membership/search: members find each other by the surnames and places they research. */
export function DirectoryPage() {
  const data = useLoaderData<typeof loadDirectoryPage>();
  const { t } = useTranslation("members");
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.profile}>{t("profile.heading")}</Link> › {t("directory.heading")}
      </p>
      <h1>{t("directory.heading")}</h1>
      <p className="lead">{t("directory.lead")}</p>
      <ListingStatus data={data} t={t} />
      <DirectoryForm data={data} t={t} />
      {data.result && <Results data={data} result={data.result} t={t} />}
    </>
  );
}

function ListingStatus({ data, t }: { data: PageData; t: TFunction }) {
  const edit = <Link to={data.form.personalEditPath} />;
  return data.viewer.listed ? (
    <p className="notice directory-status">
      <Trans
        t={t}
        i18nKey="directory.listed"
        values={{ number: t("memberNumber", { number: data.viewer.id }) }}
        components={{ edit }}
      />
    </p>
  ) : (
    <p className="notice directory-status">
      <Trans t={t} i18nKey="directory.notListed" components={{ edit }} />
    </p>
  );
}

function DirectoryForm({ data, t }: { data: PageData; t: TFunction }) {
  const { form, values, errors } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === form.searchPath;
  return (
    <Form
      // The fields are uncontrolled and keep what was typed into them: a new search (Clear, a removed chip)
      // must start them afresh.
      key={JSON.stringify(values)}
      method="get"
      action={form.searchPath}
      className="search-form"
      role="search"
      aria-label={t("directory.formLabel")}
    >
      <FormProblemsNotice errors={errors} />
      <fieldset className="directory-group">
        <legend>{t("directory.whoResearches")}</legend>
        <div className="fields">
          <ModeField
            field={{
              name: "research",
              label: t("directory.researchSurname"),
              defaultMode: "sounds",
              modes: form.surnameModes,
            }}
            values={values}
            errors={errors}
          />
          <TextField
            name="place"
            label={t("directory.place")}
            hint={t("directory.placeHint")}
            values={values}
            errors={errors}
          />
        </div>
      </fieldset>
      <fieldset className="directory-group">
        <legend>{t("directory.findMember")}</legend>
        <div className="fields">
          <TextField name="surname" label={t("directory.memberSurname")} values={values} errors={errors} />
          <TextField name="givenName" label={t("directory.memberGivenName")} values={values} errors={errors} />
          <TextField
            name="number"
            label={t("directory.memberNumber")}
            inputMode="numeric"
            size={8}
            values={values}
            errors={errors}
          />
          <TextField
            name="email"
            label={t("directory.email")}
            type="email"
            values={values}
            errors={errors}
            hint={t("directory.emailHint")}
          />
        </div>
      </fieldset>
      <PerPageField perPage={data.perPage} choices={form.perPageChoices} errors={errors} />
      {errors.sort ? <FieldError errors={errors} name="sort" /> : <input type="hidden" name="sort" value={data.sort} />}
      <FieldError errors={errors} name="page" />
      <SearchActions busy={busy} clearTo={form.searchPath} />
    </Form>
  );
}

function Items({ items, label, t }: { items: { text: string; matched: boolean }[]; label: string; t: TFunction }) {
  if (items.length === 0) return <span className="not-given">{t("directory.noneListed")}</span>;
  return (
    <ul className="directory-items" aria-label={label}>
      {items.map((i) => (
        <li key={i.text}>{i.matched ? <mark>{i.text}</mark> : i.text}</li>
      ))}
    </ul>
  );
}

function Results({ data, result, t }: { data: PageData; result: Result; t: TFunction }) {
  const { sort } = data;
  return (
    <ResultsSection
      result={result}
      perPage={data.perPage}
      sort={sort}
      none={t("directory.none")}
      noun={[t("directory.nounOne"), t("directory.nounMany")]}
      empty={
        <div className="suggestions">
          <p>{t("directory.emptyTry")}</p>
          <p>
            <Trans
              t={t}
              i18nKey="directory.emptyList"
              components={{ edit: <Link to={data.form.personalEditPath} /> }}
            />
          </p>
        </div>
      }
    >
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t("directory.found")}>
        <table className="results card-table directory-table">
          <thead>
            <tr>
              <SortHeader query={result.query} sort={sort} column="surname" label={t("directory.name")} />
              <SortHeader query={result.query} sort={sort} column="number" label={t("directory.memberNumber")} />
              <th scope="col" className="unsortable">
                {t("directory.email")}
              </th>
              <th scope="col" className="unsortable">
                {t("profile.researchSurnames")}
              </th>
              <th scope="col" className="unsortable">
                {t("profile.researchPlaces")}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.id}>
                <td className="card-title">{r.name}</td>
                <td data-label={t("directory.memberNumber")}>{r.number}</td>
                <td data-label={t("directory.email")} className="directory-email">
                  <a href={`mailto:${r.email}`}>{r.email}</a>
                </td>
                <td data-label={t("profile.researchSurnames")}>
                  <Items items={r.researchSurnames} label={t("directory.surnamesOf", { name: r.name })} t={t} />
                </td>
                <td data-label={t("profile.researchPlaces")}>
                  <Items items={r.researchPlaces} label={t("directory.placesOf", { name: r.name })} t={t} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ResultsSection>
  );
}
