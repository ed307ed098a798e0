import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { PreloadLink } from "~/platform/preload-link";
import type { loadPlacePage } from "../page.server";
import { PlaceMap } from "./place-map";

/** One entry of the Breyer map index, like a record page: what the map says, where it is, how to cite it. */
export function PlacePage() {
  const { index, place, neighbours, neighbourCount, neighbourKm, nearbyHref, sameSquareHref, map, citation } =
    useLoaderData<typeof loadPlacePage>();
  return (
    <article className="record-page">
      <p className="breadcrumb">
        <Link to={index.searchPath}>{index.title}</Link> › {place.name}
      </p>
      <h1>{place.name}</h1>
      <p className="lead">
        {place.province} province · sheet {place.sheet}, square {place.square}
      </p>
      <h2>What the map says</h2>
      <dl className="dl-grid">
        <div>
          <dt>Name on the map</dt>
          <dd lang="de">{place.name}</dd>
        </div>
        {place.spellings.map((s) => (
          <div key={`${s.kind}${s.name}`}>
            <dt>{s.kind}</dt>
            <dd lang={s.kind === "Polish" ? "pl" : "de"}>{s.name}</dd>
          </div>
        ))}
        <div>
          <dt>Province</dt>
          <dd>{place.province}</dd>
        </div>
        <div>
          <dt>Map sheet and square</dt>
          <dd>
            {place.sheet}, {place.square} (<Link to={sameSquareHref}>other places in this square</Link>)
          </dd>
        </div>
        <div>
          <dt>Coordinates</dt>
          <dd>
            {place.coordinates}{" "}
            <span className="visually-hidden">
              (latitude {place.lat}, longitude {place.lon})
            </span>
          </dd>
        </div>
        {place.notes && (
          <div>
            <dt>Notes</dt>
            <dd>{place.notes}</dd>
          </div>
        )}
      </dl>
      <h2>Within {neighbourKm} km</h2>
      {neighbours.length ? (
        <>
          <p>
            {neighbourCount} {neighbourCount === 1 ? "place lies" : "places lie"} within {neighbourKm} km.{" "}
            {neighbourCount > neighbours.length ? `The nearest ${neighbours.length}: ` : ""}
            <Link to={nearbyHref}>Search them all</Link>.
          </p>
          <ul className="neighbours">
            {neighbours.map((n) => (
              <li key={n.id}>
                <PreloadLink to={n.href}>{n.name}</PreloadLink> — {n.distance}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>No other place of the index lies within {neighbourKm} km.</p>
      )}
      <PlaceMap
        map={map}
        title={`Map of ${place.name} and the places within ${neighbourKm} km`}
        description={`${place.name} is the large dot in the middle of the circle; the other dots are the places listed above.`}
      />
      <Citation text={citation} />
      <p>
        <Link to={index.searchPath}>New search in the {index.title}</Link>
      </p>
    </article>
  );
}

function Citation({ text }: { text: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  }
  return (
    <section className="citation" aria-labelledby="cite-heading">
      <h2 id="cite-heading">Cite this entry</h2>
      <label htmlFor="citation-text" className="visually-hidden">
        Citation text
      </label>
      <textarea id="citation-text" readOnly value={text} rows={4} onFocus={(e) => e.currentTarget.select()} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={copy}>
          Copy citation
        </button>
        <span role="status" aria-live="polite">
          {copied === "copied" ? "Copied." : copied === "failed" ? "Select the text and copy it with Ctrl+C." : ""}
        </span>
      </div>
    </section>
  );
}
