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

type PageData = ReturnType<typeof useLoaderData<typeof loadPersonSearch>>;
type Result = NonNullable<PageData["result"]>;

/** /members/{lodz,genealogy}/search: the person search form, its chips, results and pages. */
export function PersonSearchPage() {
  const data = useLoaderData<typeof loadPersonSearch>();
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.searchAll}>All collections</Link> › {data.form.title}
      </p>
      <h1>{data.form.title}</h1>
      <p className="lead">{data.form.description}</p>
      {data.form.id === "genealogy" && (
        <p>
          <Link to={PATHS.treeSubmit}>Submit your own tree</Link> · <Link to={PATHS.myTrees}>Your trees</Link>
        </p>
      )}
      {data.admin && (
        <p className="notice" role="note">
          As an administrator you also see people who may be living; members see them as “Living”.
        </p>
      )}
      <PersonSearchForm data={data} />
      {data.result && <Results data={data} result={data.result} />}
    </>
  );
}

function PersonSearchForm({ data }: { data: PageData }) {
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
      aria-label={`Search the ${form.title}`}
    >
      <FormProblemsNotice errors={errors} />
      <div className="fields">
        {form.fields.map((f) => (
          <ModeField key={f.name} field={f} values={values} errors={errors} />
        ))}
        <div className="field">
          <label htmlFor="id">Person id</label>
          <input
            id="id"
            name="id"
            type="text"
            size={10}
            defaultValue={values.id ?? ""}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors.id ? true : undefined}
            aria-describedby={[`id-hint`, describedBy(errors, "id")].filter(Boolean).join(" ")}
          />
          <p className="field-hint" id="id-hint">
            {form.prefix} and a number, e.g. {form.prefix}1234
          </p>
          <FieldError errors={errors} name="id" />
        </div>
        <YearRange values={values} errors={errors} placeholders={{ from: form.years.from, to: form.years.to }} />
        <PerPageField errors={errors} perPage={data.perPage} choices={form.perPageChoices} />
      </div>
      <p className="field-hint">Years are years of birth.</p>
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

/** The person search's orders: best match, and the name order. */
const PERSON_ORDERS = [
  { order: "relevance", label: "Best match" },
  { order: "surname", label: "Name" },
];

function Results({ data, result }: { data: PageData; result: Result }) {
  const { sort } = data;
  return (
    <ResultsSection
      result={result}
      perPage={data.perPage}
      sort={sort}
      none="No people found"
      noun={["person", "people"]}
      empty={
        <p>
          Nothing matched. Choose “Sounds like” for the surname, “Name variants” for the given name, or fewer fields.
          People who may be living are not listed.
        </p>
      }
    >
      {data.ranked && <OrderChoice query={result.query} sort={sort} orders={PERSON_ORDERS} />}
      <div className="table-wrap" tabIndex={0} role="region" aria-label="People found">
        <table className="results person-table card-table">
          <thead>
            <tr>
              <SortHeader query={result.query} sort={sort} column="surname" label="Name" />
              <SortHeader query={result.query} sort={sort} column="year" label="Born" />
              <th scope="col" className="unsortable">
                Died
              </th>
              <th scope="col" className="unsortable">
                Parents
              </th>
              <th scope="col" className="unsortable">
                Id
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
                      <MatchWhy why={r.why} label={`Why ${r.name} (${r.id}) matched`} />
                    </p>
                  )}
                </td>
                <td data-label="Born">{r.birth || "—"}</td>
                <td data-label="Died">{r.death || "—"}</td>
                <td data-label="Parents">
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
                <td data-label="Id" className="person-id">
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
