import { Form, Link, useLoaderData } from "@remix-run/react";
import { PreloadLink } from "~/browser/preload-link";
import {
  FieldError,
  FormProblemsNotice,
  ModeField,
  PerPageField,
  SearchFormEnd,
  YearRange,
  describedBy,
} from "~/listing/ui/form-fields";
import { MatchWhy, OrderChoice, ResultsSection, SortHeader } from "~/listing/ui/result-controls";
import type { PersonLink, loadPersonSearch } from "../page.server";
import { PATHS } from "~/routing/paths";
import { type TFunction, useTranslation } from "~/i18n/react";

const ID_INPUT = { type: "text" } as const;

type PageData = ReturnType<typeof useLoaderData<typeof loadPersonSearch>>;
type Result = NonNullable<PageData["result"]>;

/** /members/{lodz,genealogy}/search: the person search form, its chips, results and pages. */
export function PersonSearchPage() {
  const data = useLoaderData<typeof loadPersonSearch>();
  const { t } = useTranslation("trees");
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.searchAll}>{t("search.allCollections")}</Link> › {data.form.title}
      </p>
      <h1>{data.form.title}</h1>
      <p className="lead">{data.form.description}</p>
      {data.form.id === "genealogy" && (
        <p>
          <Link to={PATHS.treeSubmit}>{t("search.submitOwn")}</Link> ·{" "}
          <Link to={PATHS.myTrees}>{t("myTrees.breadcrumb")}</Link>
        </p>
      )}
      {data.admin && (
        <p className="notice" role="note">
          {t("search.adminNote")}
        </p>
      )}
      <PersonSearchForm data={data} t={t} />
      {data.result && <Results data={data} result={data.result} t={t} />}
    </>
  );
}

function PersonSearchForm({ data, t }: { data: PageData; t: TFunction }) {
  const { form, values, errors } = data;
  return (
    <Form
      // The fields are uncontrolled and keep what was typed into them: a new search (Clear, a removed chip)
      // must start them afresh.
      key={JSON.stringify(values)}
      method="get"
      action={form.searchPath}
      className="search-form"
      role="search"
      aria-label={t("search.formLabel", { collection: form.title })}
    >
      <FormProblemsNotice errors={errors} />
      <div className="fields">
        {form.fields.map((f) => (
          <ModeField key={f.name} field={f} values={values} errors={errors} />
        ))}
        <div className="field">
          <label htmlFor="id">{t("search.id")}</label>
          <input
            id="id"
            name="id"
            {...ID_INPUT}
            size={10}
            defaultValue={values.id ?? ""}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.id ? true : undefined}
            aria-describedby={[`id-hint`, describedBy(errors, "id")].filter(Boolean).join(" ")}
          />
          <p className="field-hint" id="id-hint">
            {t("search.idHint", { prefix: form.prefix })}
          </p>
          <FieldError errors={errors} name="id" />
        </div>
        <YearRange values={values} errors={errors} placeholders={{ from: form.years.from, to: form.years.to }} />
        <PerPageField errors={errors} perPage={data.perPage} choices={form.perPageChoices} />
      </div>
      <p className="field-hint">{t("search.yearsHint")}</p>
      <SearchFormEnd errors={errors} sort={data.sort} keepSort={data.sortIsChosen} searchPath={form.searchPath} />
    </Form>
  );
}

function PersonName({ person }: { person: PersonLink | null }) {
  if (!person) return <span className="empty">—</span>;
  return (
    <>
      <PreloadLink to={person.href}>{person.name}</PreloadLink>
      {person.years && <span className="life-years"> {person.years}</span>}
    </>
  );
}

function Results({ data, result, t }: { data: PageData; result: Result; t: TFunction }) {
  const { sort } = data;
  /** The person search's orders: best match, and the name order. */
  const orders = [
    { order: "relevance", label: t("search.bestMatch") },
    { order: "surname", label: t("search.name") },
  ];
  return (
    <ResultsSection
      result={result}
      perPage={data.perPage}
      sort={sort}
      none={t("search.none")}
      noun={[t("search.nounOne"), t("search.nounMany")]}
      empty={<p>{t("search.empty")}</p>}
    >
      {data.ranked && <OrderChoice query={result.query} sort={sort} orders={orders} />}
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t("search.found")}>
        <table className="results person-table card-table">
          <thead>
            <tr>
              <SortHeader query={result.query} sort={sort} column="surname" label={t("search.name")} />
              <SortHeader query={result.query} sort={sort} column="year" label={t("person.born")} />
              <th scope="col" className="unsortable">
                {t("person.died")}
              </th>
              <th scope="col" className="unsortable">
                {t("person.parents")}
              </th>
              <th scope="col" className="unsortable">
                {t("search.idColumn")}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.id}>
                <td className="person-name card-title">
                  <PreloadLink to={r.href}>{r.name}</PreloadLink>
                  {r.why.length > 0 && (
                    <p className="row-why">
                      <MatchWhy why={r.why} label={t("search.why", { name: r.name, id: r.id })} />
                    </p>
                  )}
                </td>
                <td data-label={t("person.born")}>{r.birth || "—"}</td>
                <td data-label={t("person.died")}>{r.death || "—"}</td>
                <td data-label={t("person.parents")}>
                  {r.father || r.mother ? (
                    <ul className="parents">
                      {r.father && (
                        <li>
                          <PersonName person={r.father} />
                        </li>
                      )}
                      {r.mother && (
                        <li>
                          <PersonName person={r.mother} />
                        </li>
                      )}
                    </ul>
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label={t("search.idColumn")} className="person-id">
                  {r.id}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ResultsSection>
  );
}
