import { Form, Link } from "@remix-run/react";
import { useId } from "react";
import { GeoMap } from "~/maps/ui/geo-map";
import { formatCount } from "~/ui/format";
import type { SurnameMap as SurnameMapData } from "../surname-map.server";

const records = (n: number) => `${formatCount(n)} ${n === 1 ? "record" : "records"}`;

/**
 * A surname's map (decision 0040): the matches as one circle per place, sized by count, with a decade filter that is
 * a plain GET form (the server redraws the SVG without JavaScript), and the table of places under it — the table is
 * the content, the map repeats it as a picture.
 */
export function SurnameMap({ map, subject }: { map: SurnameMapData; subject: string }) {
  const id = useId();
  const tableHeadingId = `${id}-table`;
  const decadeLabel = map.decade === null ? "all decades" : `the ${map.decade}s`;
  const chosenIsListed = map.decade === null || map.decades.some((d) => d.decade === map.decade);
  return (
    <div className="surname-map">
      <p>
        {records(map.records)} counted
        {map.partial ? " (the first ones only: narrow the search to count them all)" : ""}
        {map.unplaced > 0 && (
          <>
            ; {formatCount(map.unplaced)} of them name a place that no map index you can read knows, so they are not on
            the map
          </>
        )}
        .
      </p>
      {map.decades.length > 0 && (
        <Form method="get" action={map.form.action} className="decade-form" aria-label="Choose a decade">
          {map.form.hidden.map(([name, value], n) => (
            <input key={`${name}${n}`} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor="decade">Decade</label>
          <select
            id="decade"
            name="decade"
            defaultValue={map.decade ?? ""}
            aria-invalid={map.decadeError ? true : undefined}
            aria-describedby={map.decadeError ? "decade-error" : undefined}
          >
            <option value="">All decades ({records(map.decades.reduce((n, d) => n + d.count, 0))})</option>
            {!chosenIsListed && <option value={map.decade!}>{map.decade}s (no records)</option>}
            {map.decades.map((d) => (
              <option key={d.decade} value={d.decade}>
                {d.decade}s ({records(d.count)})
              </option>
            ))}
          </select>
          <button type="submit" className="btn btn-secondary">
            Show
          </button>
          {map.decadeError && (
            <p className="field-error" id="decade-error">
              {map.decadeError}
            </p>
          )}
        </Form>
      )}
      <p className="surname-map-summary" aria-live="polite">
        {map.places.length
          ? `${records(map.shownRecords)} at ${formatCount(map.places.length)} ${map.places.length === 1 ? "place" : "places"} in ${decadeLabel}.`
          : `No records at a known place in ${decadeLabel}.`}
      </p>
      {map.map && (
        <GeoMap
          view={map.map}
          title={`Map of ${subject} per place, ${decadeLabel}`}
          description="One circle per place; its area grows with the number of records there. Each place links to its page."
        />
      )}
      {map.places.length > 0 && (
        <>
          <h3 id={tableHeadingId} className="table-heading">
            Records per place and decade, the most first
          </h3>
          <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={tableHeadingId}>
            <table className="results place-counts" aria-labelledby={tableHeadingId}>
              <thead>
                <tr>
                  <th scope="col">Place</th>
                  <th scope="col">{map.decade === null ? "Records" : `In the ${map.decade}s`}</th>
                  {map.decades.map((d) => (
                    <th scope="col" key={d.decade}>
                      {d.decade}s
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
                    <td>{formatCount(p.count)}</td>
                    {map.decades.map((d) => (
                      <td key={d.decade}>{p.byDecade[d.decade] ? formatCount(p.byDecade[d.decade]) : ""}</td>
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
