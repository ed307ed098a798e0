import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { loadSearchPage } from "../search-page.server";
import { PreloadLink } from "~/browser/preload-link";
import { formatCount } from "~/ui/format";
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

type PageData = ReturnType<typeof useLoaderData<typeof loadSearchPage>>;
type Result = NonNullable<PageData["result"]>;

/** One search page for every collection: the form, the active criteria, the results. */
export function SearchPage() {
  const data = useLoaderData<typeof loadSearchPage>();
  const { collection } = data;
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.searchAll}>All collections</Link> › {collection.title}
      </p>
      <h1>{collection.title}</h1>
      <p className="lead">
        {collection.description}{" "}
        {collection.years.missing.length > 0 && (
          <>The registers of {collection.years.missing.join(", ")} did not survive.</>
        )}
      </p>
      <SearchForm data={data} />
      {data.result && <Results data={data} result={data.result} />}
    </>
  );
}

function SearchForm({ data }: { data: PageData }) {
  const { collection, values, errors } = data;
  const navigation = useNavigation();
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
      aria-label={`Search ${collection.title}`}
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
  return (
    <>
      {result.beiderMorseCapped && (
        <p className="notice" role="note">
          {result.beiderMorseCapped.fields.join(", ")}: the name has more Beider–Morse sound forms than a search
          follows, so only the first {result.beiderMorseCapped.forms} were searched. “Sounds like” may find others.
        </p>
      )}
      <ResultsSection
        result={result}
        perPage={data.perPage}
        sort={sort}
        none="No records found"
        noun={["record", "records"]}
        lowerBound={result.totalIsLowerBound}
        empty={
          <div className="suggestions">
            {result.suggestions.length > 0 ? (
              <>
                <p>Try one of these:</p>
                <ul>
                  {result.suggestions.map((s) => (
                    <li key={s.href}>
                      <Link to={s.href}>{s.text}</Link> — {s.countIsLowerBound ? "more than " : ""}
                      {formatCount(s.count)} {s.count === 1 ? "record" : "records"}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>
                Nothing matched. Check the spelling, choose “Sounds like” for surnames, or search{" "}
                <Link to={PATHS.searchAll}>all collections</Link>.
              </p>
            )}
          </div>
        }
      >
        <p className="results-actions">
          <a href={result.exportHref} className="btn btn-secondary" download>
            Download all {result.totalIsLowerBound ? "" : formatCount(result.total)} as CSV
          </a>{" "}
          {result.map ? (
            <Link to={`${collection.searchPath}?${result.query}`} className="btn btn-secondary">
              Show the records
            </Link>
          ) : (
            <Link to={result.mapHref} className="btn btn-secondary">
              Where are they? Map of places
            </Link>
          )}
        </p>
        {!result.map && data.ranked && <OrderChoice query={result.query} sort={sort} orders={RECORD_ORDERS} />}
        {result.map ? (
          <SurnameMap map={result.map} subject={`the records found in ${collection.title}`} />
        ) : (
          <RecordsTable data={data} result={result} />
        )}
      </ResultsSection>
    </>
  );
}

/** A record search's two orders: best match, and date order. */
const RECORD_ORDERS = [
  { order: "relevance", label: "Best match" },
  { order: "year", label: "Date" },
];

function RecordsTable({ data, result }: { data: PageData; result: Result }) {
  const { collection, sort } = data;
  const sortable = new Set(collection.sortable);
  const columnSort = (name: string) => (name === "groom" ? "groomSurname" : name === "bride" ? "brideSurname" : name);
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Search results">
        <table className="results">
          <thead>
            <tr>
              <th scope="col" className="col-more">
                <span className="visually-hidden">Details</span>
              </th>
              <th scope="col" aria-sort={ariaSort(sort, "year")}>
                <Link className="sort-link" to={sortHref(result.query, sort, "year")}>
                  Date
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
                      <span className="visually-hidden">More about record {r.id}</span>
                    </summary>
                  </details>
                </td>
                <td>
                  <PreloadLink to={r.href}>{r.date}</PreloadLink>
                  {r.julianDate && <span className="julian">Julian {r.julianDate}</span>}
                </td>
                {r.cells.map((cell, i) => (
                  <td key={collection.columns[i].name} className={`col-${collection.columns[i].name}`}>
                    {cell}
                  </td>
                ))}
              </tr>
              {r.why.length > 0 && (
                <tr className="row-why">
                  <td colSpan={collection.columns.length + 2}>
                    <MatchWhy why={r.why} label={`Why record ${r.id} matched`} />
                  </td>
                </tr>
              )}
              <tr className="row-detail">
                <td colSpan={collection.columns.length + 2}>
                  <dl className="dl-grid">
                    {r.details.map((d) => (
                      <div key={d.label}>
                        <dt>{d.label}</dt>
                        <dd>{d.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <PreloadLink to={r.href}>Full record and citation</PreloadLink>
                </td>
              </tr>
            </tbody>
          ))}
        </table>
      </div>
    </>
  );
}
