import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { GeoMap } from "~/maps/ui/geo-map";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import type { SurnameMap as SurnameMapData } from "../surname-map.server";

/** A decade as the reader names it: "1850s", "1850er", "1850–1859". */
export function decadeName(language: string, decade: number): string {
  if (language === "en") return `${decade}s`;
  if (language === "de") return `${decade}er`;
  return `${decade}–${decade + 9}`;
}

/**
 * A surname's map (decision 0040): the matches as one circle per place, sized by count, with a decade filter that is
 * a plain GET form (the server redraws the SVG without JavaScript), and the table of places under it — the table is
 * the content, the map repeats it as a picture.
 */
export function SurnameMap({ map, subject }: { map: SurnameMapData; subject: string }) {
  const id = useId();
  const { t, translator } = useTranslation("search");
  const format = useFormat();
  const records = (n: number) => t("results.records", { count: n });
  const decade = (d: number) => decadeName(translator.language, d);
  const tableHeadingId = `${id}-table`;
  const chosenIsListed = map.decade === null || map.decades.some((d) => d.decade === map.decade);
  return (
    <div className="surname-map">
      <p>
        {t("map.counted", { count: map.records })}
        {map.partial ? t("map.partial") : ""}
        {map.unplaced > 0 && t("map.unplaced", { count: map.unplaced })}.
      </p>
      {map.decades.length > 0 && (
        <Form method="get" action={map.form.action} className="decade-form" aria-label={t("map.chooseDecade")}>
          {map.form.hidden.map(([name, value], n) => (
            <input key={`${name}${n}`} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="decade">{t("map.decade")}</label>
          <select
            id="decade"
            name="decade"
            defaultValue={map.decade ?? ""}
            aria-invalid={map.decadeError ? true : undefined}
            aria-describedby={map.decadeError ? "decade-error" : undefined}
          >
            <option value="">
              {t("map.allDecades", { records: records(map.decades.reduce((n, d) => n + d.count, 0)) })}
            </option>
            {!chosenIsListed && (
              <option value={map.decade!}>{t("map.decadeNone", { decade: decade(map.decade!) })}</option>
            )}
            {map.decades.map((d) => (
              <option key={d.decade} value={d.decade}>
                {t("map.decadeOption", { decade: decade(d.decade), records: records(d.count) })}
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary">
            {t("map.show")}
          </button>
          {map.decadeError && (
            <p className="field-error" id="decade-error">
              {map.decadeError}
            </p>
          )}
        </Form>
      )}
      <p className="surname-map-summary" aria-live="polite">
        {map.decade === null
          ? map.places.length
            ? t("map.summaryAll", { records: records(map.shownRecords), count: map.places.length })
            : t("map.noneAll")
          : map.places.length
            ? t("map.summaryDecade", {
                records: records(map.shownRecords),
                count: map.places.length,
                decade: decade(map.decade),
              })
            : t("map.noneDecade", { decade: decade(map.decade) })}
      </p>
      {map.map && (
        <GeoMap
          view={map.map}
          title={
            map.decade === null
              ? t("map.titleAll", { subject })
              : t("map.titleDecade", { subject, decade: decade(map.decade) })
          }
          description={t("map.description")}
        />
      )}
      {map.places.length > 0 && (
        <>
          <h3 id={tableHeadingId} className="table-heading">
            {t("map.tableHeading")}
          </h3>
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={tableHeadingId}>
            <table className="results place-counts" aria-labelledby={tableHeadingId}>
              <thead>
                <tr>
                  <th scope="col">{t("map.place")}</th>
                  <th scope="col">
                    {map.decade === null ? t("map.records") : t("map.inDecade", { decade: decade(map.decade) })}
                  </th>
                  {map.decades.map((d) => (
                    <th scope="col" key={d.decade}>
                      {decade(d.decade)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {map.places.map((p) => (
                  <tr key={p.id}>
                    <th scope="row">
                      <Link to={p.href}>{p.name}</Link>
                      <span className="place-counts-where">
                        {p.province}
                        {p.province ? " · " : ""}
                        {p.index}
                      </span>
                    </th>
                    <td>{format.number(p.count)}</td>
                    {map.decades.map((d) => (
                      <td key={d.decade}>{p.byDecade[d.decade] ? format.number(p.byDecade[d.decade]) : ""}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
