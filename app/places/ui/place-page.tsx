import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PreloadLink } from "~/browser/preload-link";
import { Citation } from "~/ui/citation";
import type { loadPlacePage } from "../page.server";
import { PlaceMap } from "./place-map";

/**
 * One entry of a place index, like a record page: what the index says, where it is, how to cite it. `children`
 * (the records that mention the place, from the records' side) follow what the index says.
 */
export function PlacePage({ children }: { children?: ReactNode }) {
  const { index, place, neighbours, neighbourCount, neighbourKm, nearbyHref, sameSquareHref, map, citation } =
    useLoaderData<typeof loadPlacePage>();
  return (
    <article className="record-page">
      <p className="breadcrumb">
        <Link to={index.searchPath}>{index.title}</Link> › {place.name}
      </p>
      <h1>{place.name}</h1>
      <p className="lead">
        {place.province} {index.provinceNoun} · {place.coordinateText}
      </p>
      <h2>{index.entryHeading}</h2>
      <dl className="dl-grid">
        <div>
          <dt>{index.nameLabel}</dt>
          <dd lang={index.nameLang}>{place.name}</dd>
        </div>
        {index.ownColumnLabel && place.ownSpelling && (
          <div>
            <dt>{index.ownColumnLabel}</dt>
            <dd lang={index.ownColumnLang ?? undefined}>{place.ownSpelling}</dd>
          </div>
        )}
        {place.spellings.map((s) => (
          <div key={`${s.kind}${s.name}`}>
            <dt>{s.kind}</dt>
            <dd lang={s.lang}>{s.name}</dd>
          </div>
        ))}
        <div>
          <dt>{index.provinceLabel}</dt>
          <dd>{place.province}</dd>
        </div>
        <div>
          <dt>{index.coordinateLabel}</dt>
          <dd>
            {place.mapCoordinate} (<Link to={sameSquareHref}>{index.sameCoordinateLabel}</Link>)
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
      {children}
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
        index={index.id}
        title={`Map of ${place.name} and the places within ${neighbourKm} km`}
        description={`${place.name} is the large dot in the middle of the circle; the other dots are the places listed above.`}
      />
      <Citation text={citation} heading="Cite this entry" />
      <p>
        <Link to={index.searchPath}>New search in the {index.title}</Link>
      </p>
    </article>
  );
}
