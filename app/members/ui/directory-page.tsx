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
import type { loadDirectoryPage } from "../directory-page.server";
import { PATHS } from "~/routing/paths";

type PageData = ReturnType<typeof useLoaderData<typeof loadDirectoryPage>>;
type Result = NonNullable<PageData["result"]>;

export const DIRECTORY_TITLE = "Member directory";

/** /members/membership/search: members find each other by the surnames and places they research. */
export function DirectoryPage() {
  const data = useLoaderData<typeof loadDirectoryPage>();
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.profile}>Your account</Link> › {DIRECTORY_TITLE}
      </p>
      <h1>{DIRECTORY_TITLE}</h1>
      <p className="lead">
        Find other members by the surnames and places they research. Only members who chose to be listed appear here,
        with the e-mail address they agreed to share.
      </p>
      <ListingStatus data={data} />
      <DirectoryForm data={data} />
      {data.result && <Results data={data} result={data.result} />}
    </>
  );
}

function ListingStatus({ data }: { data: PageData }) {
  const edit = (
    <Link to={data.form.personalEditPath}>
      {data.viewer.listed ? "Edit personal details" : "Edit your personal details"}
    </Link>
  );
  return data.viewer.listed ? (
    <p className="notice directory-status">
      You are listed as member {data.viewer.number}: other members find you by your research surnames and places. To
      change them or leave the directory: {edit}.
    </p>
  ) : (
    <p className="notice directory-status">
      You are not listed, so other members cannot find you here. To be listed, tick “List me in the member directory”
      under {edit}, and add the surnames and places you research.
    </p>
  );
}

function DirectoryForm({ data }: { data: PageData }) {
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
      aria-label="Search the member directory"
    >
      <FormProblemsNotice errors={errors} />
      <fieldset className="directory-group">
        <legend>Who researches</legend>
        <div className="fields">
          <ModeField
            field={{ name: "research", label: "Surname", defaultMode: "sounds", modes: form.surnameModes }}
            values={values}
            errors={errors}
          />
          <TextField
            name="place"
            label="Place"
            hint="A town, village or parish; accents are ignored"
            values={values}
            errors={errors}
          />
        </div>
      </fieldset>
      <fieldset className="directory-group">
        <legend>Find a member</legend>
        <div className="fields">
          <TextField name="surname" label="Member's surname" values={values} errors={errors} />
          <TextField name="givenName" label="Member's given name" values={values} errors={errors} />
          <TextField name="number" label="Member number" inputMode="numeric" size={8} values={values} errors={errors} />
          <TextField
            name="email"
            label="E-mail address"
            type="email"
            values={values}
            errors={errors}
            hint="The whole address"
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

function Items({ items, label }: { items: { text: string; matched: boolean }[]; label: string }) {
  if (items.length === 0) return <span className="not-given">None listed</span>;
  return (
    <ul className="directory-items" aria-label={label}>
      {items.map((i) => (
        <li key={i.text}>{i.matched ? <mark>{i.text}</mark> : i.text}</li>
      ))}
    </ul>
  );
}

function Results({ data, result }: { data: PageData; result: Result }) {
  const { sort } = data;
  return (
    <ResultsSection
      result={result}
      perPage={data.perPage}
      sort={sort}
      none="No listed member found"
      noun={["member", "members"]}
      empty={
        <div className="suggestions">
          <p>
            Nobody listed matched. Try “Sounds like” for the surname, fewer fields, or the first letters of a place.
          </p>
          <p>
            Only members who chose to be listed can be found. If you research these names too, list yourself so that
            others can find you: tick “List me in the member directory” under{" "}
            <Link to={data.form.personalEditPath}>Edit personal details</Link>.
          </p>
        </div>
      }
    >
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Members found">
        <table className="results card-table directory-table">
          <thead>
            <tr>
              <SortHeader query={result.query} sort={sort} column="surname" label="Name" />
              <SortHeader query={result.query} sort={sort} column="number" label="Member number" />
              <th scope="col" className="unsortable">
                E-mail
              </th>
              <th scope="col" className="unsortable">
                Research surnames
              </th>
              <th scope="col" className="unsortable">
                Research places
              </th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.id}>
                <td className="card-title">{r.name}</td>
                <td data-label="Member number">{r.number}</td>
                <td data-label="E-mail" className="directory-email">
                  <a href={`mailto:${r.email}`}>{r.email}</a>
                </td>
                <td data-label="Research surnames">
                  <Items items={r.researchSurnames} label={`Surnames ${r.name} researches`} />
                </td>
                <td data-label="Research places">
                  <Items items={r.researchPlaces} label={`Places ${r.name} researches`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ResultsSection>
  );
}
