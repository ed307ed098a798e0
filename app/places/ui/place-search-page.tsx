import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PreloadLink } from "~/browser/preload-link";
import {
  FieldError,
  FormProblemsNotice,
  ModeField,
  PerPageField,
  SearchActions,
  TextField,
  describedBy,
} from "~/listing/ui/form-fields";
import { ResultsSection, SortHeader } from "~/listing/ui/result-controls";
import { formatCount } from "~/ui/format";
import { LabelledField } from "~/ui/labelled-field";
import type { loadPlaceSearch } from "../page.server";
import { PlaceMap } from "./place-map";
import { PATHS } from "~/routing/paths";

type PageData = ReturnType<typeof useLoaderData<typeof loadPlaceSearch>>;
type Result = NonNullable<PageData["result"]>;

/** A place index's search (`/breyer/map/search`, …): the GET form, its chips, table, pages and map. */
export function PlaceSearchPage() {
  const data = useLoaderData<typeof loadPlaceSearch>();
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.searchAll}>All collections</Link> › {data.form.title}
      </p>
      <h1>{data.form.title}</h1>
      <p className="lead">{data.form.description}</p>
      <PlaceSearchForm data={data} />
      {data.result && <Results data={data} result={data.result} />}
    </>
  );
}

function SelectField({
  name,
  label,
  options,
  data,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  data: PageData;
}) {
  const { values, errors } = data;
  const typed = values[name];
  const known = typed === undefined || typed === "" || options.some((o) => o.value === typed);
  return (
    <LabelledField name={name} label={label}>
      <select
        id={name}
        name={name}
        defaultValue={typed ?? ""}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(errors, name)}
      >
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {/* What was typed into the URL stays visible beside its message. */}
        {!known && <option value={typed}>{typed} (not on the list)</option>}
      </select>
      <FieldError errors={errors} name={name} />
    </LabelledField>
  );
}

function PlaceSearchForm({ data }: { data: PageData }) {
  const { form, values, errors } = data;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === form.searchPath;
  return (
    <Form
      // The fields are uncontrolled: a new search (Clear, a removed chip) must start them afresh.
      key={JSON.stringify(values)}
      method="get"
      action={form.searchPath}
      className="search-form"
      role="search"
      aria-label={`Search the ${form.title}`}
    >
      <FormProblemsNotice errors={errors} />
      <ModeField
        field={{ name: "name", label: "Place name (any spelling)", defaultMode: "starts", modes: form.nameModes }}
        values={values}
        errors={errors}
      />
      <SelectField name="province" label={form.provinceLabel} options={form.provinces} data={data} />
      {form.sheets ? (
        <SelectField
          name="sheet"
          label={form.sheetLabel}
          options={form.sheets.map((s) => ({ value: s, label: s }))}
          data={data}
        />
      ) : (
        <TextField
          name="sheet"
          label={form.sheetLabel}
          hint={form.sheetHint ?? undefined}
          size={10}
          values={values}
          errors={errors}
        />
      )}
      {form.hasSquares && (
        <TextField
          name="square"
          label="Grid square"
          hint="A letter A–H and a number 1–8, e.g. C4"
          size={4}
          values={values}
          errors={errors}
        />
      )}
      <fieldset className="field field-near">
        <legend>Within a distance of a place</legend>
        <div className="near-row">
          <TextField name="radius" label="Kilometres" inputMode="decimal" size={5} values={values} errors={errors} />
          <TextField name="near" label="of the place" values={values} errors={errors} />
        </div>
        {values.nearId && !errors.near && <input type="hidden" name="nearId" value={values.nearId} />}
        {data.centreChoices.length > 0 && (
          <ul className="centre-choices" aria-label="Places of that name">
            {data.centreChoices.map((c) => (
              <li key={c.href}>
                <Link to={c.href}>{c.label}</Link>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <PerPageField perPage={data.perPage} choices={form.perPageChoices} errors={errors} />
      {/* A chosen sort order is kept; the default follows the search (by distance once a radius is given). */}
      {errors.sort ? (
        <FieldError errors={errors} name="sort" />
      ) : (
        data.sortIsChosen && <input type="hidden" name="sort" value={data.sort} />
      )}
      <FieldError errors={errors} name="page" />
      <SearchActions busy={busy} clearTo={form.searchPath} />
    </Form>
  );
}

function Results({ data, result }: { data: PageData; result: Result }) {
  const { sort } = data;
  const mapTitle = result.centre
    ? `Map of the ${formatCount(result.mappedCount)} places within ${result.radiusKm} km of ${result.centre.name}`
    : `Map of the ${formatCount(result.mappedCount)} places on this page`;
  const mapDescription = result.centre
    ? `${result.centre.name} is the large dot in the middle of the circle; every other dot is a place listed in the table.`
    : "Each dot is a place listed in the table.";
  return (
    <ResultsSection
      result={result}
      perPage={data.perPage}
      sort={sort}
      none="No places found"
      noun={["place", "places"]}
      note={
        result.centre && (
          <p>
            Distances are measured from <Link to={result.centre.href}>{result.centre.name}</Link> (
            {result.centre.province}), as the crow flies.
          </p>
        )
      }
      empty={<p>Nothing matched. Try “Sounds like” or “Contains” for the name, a larger distance, or fewer fields.</p>}
      className="place-results"
      after={
        result.map && <PlaceMap map={result.map} index={data.form.id} title={mapTitle} description={mapDescription} />
      }
    >
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Places found">
        <table className="results place-table card-table">
          <thead>
            <tr>
              <SortHeader query={result.query} sort={sort} column="name" label={data.form.nameLabel} />
              {data.form.ownColumnLabel && (
                <th scope="col" className="unsortable">
                  {data.form.ownColumnLabel}
                </th>
              )}
              <th scope="col" className="unsortable">
                Other names
              </th>
              <SortHeader query={result.query} sort={sort} column="province" label={data.form.provinceLabel} />
              <SortHeader query={result.query} sort={sort} column="sheet" label={data.form.coordinateColumn} />
              <th scope="col" className="unsortable">
                Coordinates
              </th>
              {result.withDistance && (
                <SortHeader query={result.query} sort={sort} column="distance" label="Distance" />
              )}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={r.id}>
                <td className="place-name card-title">
                  <PreloadLink to={r.href} lang={data.form.nameLang}>
                    {r.name}
                  </PreloadLink>
                </td>
                {data.form.ownColumnLabel && (
                  <td data-label={data.form.ownColumnLabel} lang={data.form.ownColumnLang ?? undefined}>
                    {r.ownSpelling}
                  </td>
                )}
                <td data-label="Other names" className={r.spellings.length ? undefined : "empty"}>
                  {r.spellings.length ? (
                    <ul className="spellings">
                      {r.spellings.map((s) => (
                        <li key={`${s.kind}${s.name}`}>
                          <span lang={s.lang}>{s.name}</span>{" "}
                          <span className="spelling-kind">({s.kind.toLowerCase()})</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label={data.form.provinceLabel}>{r.province}</td>
                <td data-label={data.form.coordinateColumn}>{r.mapCoordinate}</td>
                <td data-label="Coordinates" className="coords">
                  {r.coordinates}
                </td>
                {result.withDistance && (
                  <td data-label="Distance" className="distance">
                    {r.distance}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ResultsSection>
  );
}
