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
import { Trans, useTranslation } from "~/i18n/react";
import { labelInSentence } from "~/listing/say";
import { LabelledField } from "~/ui/labelled-field";
import type { loadPlaceSearch } from "../page.server";
import { PlaceMap } from "./place-map";
import { PATHS } from "~/routing/paths";

type PageData = ReturnType<typeof useLoaderData<typeof loadPlaceSearch>>;
type Result = NonNullable<PageData["result"]>;

/** A place index's search (`/breyer/map/search`, …): the GET form, its chips, table, pages and map. */
export function PlaceSearchPage() {
  const data = useLoaderData<typeof loadPlaceSearch>();
  const { t } = useTranslation("search");
  return (
    <>
      <p className="breadcrumb">
        <Link to={PATHS.searchAll}>{t("page.allCollections")}</Link> › {data.form.title}
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
  const { t } = useTranslation("search");
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
        <option value="">{t("form.any")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {/* What was typed into the URL stays visible beside its message. */}
        {!known && <option value={typed}>{t("places.notOnList", { value: typed })}</option>}
      </select>
      <FieldError errors={errors} name={name} />
    </LabelledField>
  );
}

function PlaceSearchForm({ data }: { data: PageData }) {
  const { form, values, errors } = data;
  const navigation = useNavigation();
  const { t } = useTranslation("search");
  const busy = navigation.state !== "idle" && navigation.location?.pathname === form.searchPath;
  return (
    <Form
      // The fields are uncontrolled: a new search (Clear, a removed chip) must start them afresh.
      key={JSON.stringify(values)}
      method="get"
      action={form.searchPath}
      className="search-form"
      role="search"
      aria-label={t("places.formLabel", { title: form.title })}
    >
      <FormProblemsNotice errors={errors} />
      <ModeField
        field={{ name: "name", label: t("places.nameField"), defaultMode: "starts", modes: form.nameModes }}
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
          label={t("places.square")}
          hint={t("places.squareHint")}
          size={4}
          values={values}
          errors={errors}
        />
      )}
      <fieldset className="field field-near">
        <legend>{t("places.within")}</legend>
        <div className="near-row">
          <TextField
            name="radius"
            label={t("places.km")}
            inputMode="decimal"
            size={5}
            values={values}
            errors={errors}
          />
          <TextField name="near" label={t("places.ofPlace")} values={values} errors={errors} />
        </div>
        {values.nearId && !errors.near && <input type="hidden" name="nearId" value={values.nearId} />}
        {data.centreChoices.length > 0 && (
          <ul className="centre-choices" aria-label={t("near.candidates")}>
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
  const { t, translator } = useTranslation("search");
  const { language } = translator;
  const mapTitle = result.centre
    ? t("places.mapTitleNear", { count: result.mappedCount, km: result.radiusKm, place: result.centre.name })
    : t("places.mapTitlePage", { count: result.mappedCount });
  const mapDescription = result.centre
    ? t("places.mapDescNear", { place: result.centre.name })
    : t("places.mapDescPage");
  return (
    <ResultsSection
      result={result}
      perPage={data.perPage}
      sort={sort}
      none={t("places.none")}
      counted={(n) => t("places.count", { count: n })}
      note={
        result.centre && (
          <p>
            <Trans
              t={t}
              i18nKey="places.distanceNote"
              values={{ place: result.centre.name, province: result.centre.province }}
              components={{ centre: <Link to={result.centre.href} /> }}
            />
          </p>
        )
      }
      empty={<p>{t("places.nothing")}</p>}
      className="place-results"
      after={
        result.map && (
          <PlaceMap
            map={result.map}
            index={data.form.id}
            gridLabel={data.form.gridLabel}
            title={mapTitle}
            description={mapDescription}
          />
        )
      }
    >
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t("places.tableLabel")}>
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
                {t("places.otherNames")}
              </th>
              <SortHeader query={result.query} sort={sort} column="province" label={data.form.provinceLabel} />
              <SortHeader query={result.query} sort={sort} column="sheet" label={data.form.coordinateColumn} />
              <th scope="col" className="unsortable">
                {t("places.coordinates")}
              </th>
              {result.withDistance && (
                <SortHeader query={result.query} sort={sort} column="distance" label={t("places.distance")} />
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
                <td data-label={t("places.otherNames")} className={r.spellings.length ? undefined : "empty"}>
                  {r.spellings.length ? (
                    <ul className="spellings">
                      {r.spellings.map((s) => (
                        <li key={`${s.kind}${s.name}`}>
                          <span lang={s.lang}>{s.name}</span>{" "}
                          <span className="spelling-kind">({labelInSentence(language, s.kind)})</span>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    "—"
                  )}
                </td>
                <td data-label={data.form.provinceLabel}>{r.province}</td>
                <td data-label={data.form.coordinateColumn}>{r.mapCoordinate}</td>
                <td data-label={t("places.coordinates")} className="coords">
                  {r.coordinates}
                </td>
                {result.withDistance && (
                  <td data-label={t("places.distance")} className="distance">
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
