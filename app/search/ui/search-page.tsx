import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { loadSearchPage } from "../search-page.server";
import { useDelegatedLinks } from "~/browser/delegated-links";
import { Trans, useTranslation } from "~/i18n/react";
import {
  FieldError,
  FormProblemsNotice,
  ModeField,
  NearField,
  PerPageField,
  SearchActions,
  YearRange,
} from "~/listing/ui/form-fields";
import { MatchWhy, OrderChoice, ResultsSection, ariaSort, sortHref } from "~/listing/ui/result-controls";
import { PATHS } from "~/routing/paths";
import { SurnameMap } from "./surname-map-lazy";
import { ScriptText } from "~/ui/script-text";

type PageData = ReturnType<typeof useLoaderData<typeof loadSearchPage>>;
type Result = NonNullable<PageData["result"]>;

/** One search page for every collection: the form, the active criteria, the results. */
export function SearchPage() {
  const data = useLoaderData<typeof loadSearchPage>();
  const { collection } = data;
  const { t } = useTranslation("search");
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.searchAll}>{t("page.allCollections")}</Link> › {collection.title}
      </p>
      <h1>{collection.title}</h1>
      <p className="lead">
        {collection.description}{" "}
        {collection.years.missing.length > 0 &&
          t("page.missingYears", {
            years: collection.years.missing.join(", "),
            count: collection.years.missing.length,
          })}
      </p>
      <SearchForm data={data} />
      {data.result && <Results data={data} result={data.result} />}
    </>
  );
}

function SearchForm({ data }: { data: PageData }) {
  const { collection, values, errors } = data;
  const navigation = useNavigation();
  const { t } = useTranslation("search");
  const busy = navigation.state !== "idle" && navigation.location?.pathname === collection.searchPath;
  return (
    <Form
      // The fields are uncontrolled and keep what was typed into them: a new search (Clear, a removed chip)
      // must start them afresh.
      key={JSON.stringify(values)}
      method="get"
      action={collection.searchPath}
      className="search-form"
      role="search"
      aria-label={t("page.searchLabel", { title: collection.title })}
    >
      <FormProblemsNotice errors={errors} />
      <div className="fields">
        {collection.fields.map((f) => (
          <ModeField
            key={f.name}
            field={f}
            values={values}
            errors={errors}
            list={f.name === "parish" && data.parishes.length ? "parish-list" : undefined}
          />
        ))}
        <YearRange values={values} errors={errors} placeholders={collection.years} />
        {collection.placeFilter && <NearField values={values} errors={errors} candidates={data.nearCandidates} />}
        <PerPageField perPage={data.perPage} choices={collection.perPageChoices} errors={errors} />
      </div>
      {errors.sort ? (
        <>
          <FieldError errors={errors} name="sort" />
        </>
      ) : (
        data.sortIsChosen && <input type="hidden" name="sort" value={data.sort} />
      )}
      <FieldError errors={errors} name="page" />
      {data.parishes.length > 0 && (
        <datalist id="parish-list">
          {data.parishes.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      )}
      <SearchActions busy={busy} clearTo={collection.searchPath} />
    </Form>
  );
}

function Results({ data, result }: { data: PageData; result: Result }) {
  const { collection, sort } = data;
  const { t } = useTranslation("search");
  return (
    <>
      {result.beiderMorseCapped && (
        <p className="notice" role="note">
          {t("results.beiderMorseCapped", {
            fields: result.beiderMorseCapped.fields,
            forms: result.beiderMorseCapped.forms,
          })}
        </p>
      )}
      <ResultsSection
        result={result}
        perPage={data.perPage}
        sort={sort}
        none={t("results.none")}
        counted={(n) => t("results.records", { count: n })}
        lowerBound={result.totalIsLowerBound}
        empty={
          <div className="suggestions">
            {result.suggestions.length > 0 ? (
              <>
                <p>{t("results.tryThese")}</p>
                <ul>
                  {result.suggestions.map((s) => (
                    <li key={s.href}>
                      <Link to={s.href}>{s.text}</Link> —{" "}
                      {s.countIsLowerBound
                        ? t("results.moreThanRecords", { count: s.count })
                        : t("results.records", { count: s.count })}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>
                <Trans t={t} i18nKey="results.nothingMatched" components={{ all: <Link to={PATHS.searchAll} /> }} />
              </p>
            )}
          </div>
        }
      >
        <p className="results-actions">
          <a href={result.exportHref} className="btn btn-secondary" download>
            {result.totalIsLowerBound ? t("results.downloadAll") : t("results.downloadCount", { count: result.total })}
          </a>{" "}
          {result.map ? (
            <Link to={`${collection.searchPath}?${result.query}`} className="btn btn-secondary">
              {t("results.showRecords")}
            </Link>
          ) : (
            <Link to={result.mapHref} className="btn btn-secondary">
              {t("results.showMap")}
            </Link>
          )}
        </p>
        {!result.map && data.ranked && (
          <OrderChoice
            query={result.query}
            sort={sort}
            orders={[
              { order: "relevance", label: t("results.orderBestMatch") },
              { order: "year", label: t("results.orderDate") },
            ]}
          />
        )}
        {result.map ? (
          <SurnameMap map={result.map} subject={t("results.mapSubject", { title: collection.title })} />
        ) : (
          <RecordsTable data={data} result={result} />
        )}
      </ResultsSection>
    </>
  );
}

function RecordsTable({ data, result }: { data: PageData; result: Result }) {
  const { collection, sort } = data;
  const { t } = useTranslation("search");
  const sortable = new Set(collection.sortable);
  const columnSort = (name: string) => (name === "groom" ? "groomSurname" : name === "bride" ? "brideSurname" : name);
  // The rows' links are plain anchors the table follows itself: fifty Remix Links cost a ninth of the page's render.
  const links = useDelegatedLinks<HTMLDivElement>();
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t("results.tableLabel")} {...links}>
        <table className="results">
          <thead>
            <tr>
              <th scope="col" className="col-more">
                <span className="visually-hidden">{t("results.details")}</span>
              </th>
              <th scope="col" aria-sort={ariaSort(sort, "year")}>
                <Link className="sort-link" to={sortHref(result.query, sort, "year")}>
                  {t("results.date")}
                </Link>
              </th>
              {collection.columns.map((c) => {
                const key = columnSort(c.name);
                return (
                  <th scope="col" key={c.name} aria-sort={sortable.has(key) ? ariaSort(sort, key) : undefined}>
                    {sortable.has(key) ? (
                      <Link className="sort-link" to={sortHref(result.query, sort, key)}>
                        {c.label}
                      </Link>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          {result.rows.map((r) => (
            <tbody key={r.id} className="record-group">
              <tr>
                <td className="col-more">
                  <details className="record-row">
                    <summary>
                      <span className="visually-hidden">{t("results.moreAbout", { id: r.id })}</span>
                    </summary>
                  </details>
                </td>
                <td>
                  <a href={r.href}>{r.date}</a>
                  {r.julianDate && <span className="julian">{t("results.julian", { date: r.julianDate })}</span>}
                </td>
                {r.cells.map((cell, i) => (
                  <td key={collection.columns[i].name} className={`col-${collection.columns[i].name}`}>
                    <ScriptText value={cell} hint={r.scripts[i]} />
                  </td>
                ))}
              </tr>
              {r.why.length > 0 && (
                <tr className="row-why">
                  <td colSpan={collection.columns.length + 2}>
                    <MatchWhy why={r.why} label={t("results.whyLabel", { id: r.id })} />
                  </td>
                </tr>
              )}
              <tr className="row-detail">
                <td colSpan={collection.columns.length + 2}>
                  <dl className="dl-grid">
                    {r.details.map((d) => (
                      <div key={d.label}>
                        <dt>{d.label}</dt>
                        <dd>
                          <ScriptText value={d.value} hint={d.script} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                  <a href={r.href}>{t("results.fullRecord")}</a>
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}
