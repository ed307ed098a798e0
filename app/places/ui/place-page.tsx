import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PreloadLink } from "~/browser/preload-link";
import { Citation } from "~/ui/citation";
import type { loadPlacePage } from "../page.server";
import { PlaceMap } from "./place-map";
import { useTranslation } from "~/i18n/react";
import { ScriptText } from "~/ui/script-text";

/**
 * One entry of a place index, like a record page: what the index says, where it is, how to cite it. `children`
 * (the records that mention the place, from the records' side) follow what the index says.
 */
export function PlacePage({ children }: { children?: ReactNode }) {
  const { index, place, neighbours, neighbourCount, neighbourKm, nearbyHref, sameSquareHref, map, citation } =
    useLoaderData<typeof loadPlacePage>();
  const { t } = useTranslation("places");
  return (
    <article className="record-page">
      <p className="breadcrumb">
        <Link to={index.searchPath}>{index.title}</Link> › {place.name}
      </p>
      <h1>
        <ScriptText value={place.name} hint={place.nameScript} />
      </h1>
      <p className="lead">
        {place.province} {index.provinceNoun} · {place.coordinateText}
      </p>
      <h2>{index.entryHeading}</h2>
      <dl className="dl-grid">
        <div>
          <dt>{index.nameLabel}</dt>
          {/* With a hint, the name's own parts carry its language, so that the hint's words keep the page's. */}
          <dd lang={place.nameScript ? undefined : index.nameLang}>
            <ScriptText value={place.name} hint={place.nameScript} />
          </dd>
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
          <dt>{t("page.coordinates")}</dt>
          <dd>
            {place.coordinates}{" "}
            <span className="visually-hidden">{t("page.latLon", { lat: place.lat, lon: place.lon })}</span>
          </dd>
        </div>
        {place.notes && (
          <div>
            <dt>{t("page.notes")}</dt>
            <dd>{place.notes}</dd>
          </div>
        )}
      </dl>
      {children}
      <h2>{t("page.within", { km: neighbourKm })}</h2>
      {neighbours.length ? (
        <>
          <p>
            {t("page.neighbours", { count: neighbourCount, km: neighbourKm })}{" "}
            {neighbourCount > neighbours.length ? t("page.nearest", { count: neighbours.length }) : ""}
            <Link to={nearbyHref}>{t("page.searchAll")}</Link>.
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
        <p>{t("page.noNeighbours", { km: neighbourKm })}</p>
      )}
      <PlaceMap
        map={map}
        index={index.id}
        gridLabel={index.gridLabel}
        title={t("page.mapTitle", { place: place.name, km: neighbourKm })}
        description={t("page.mapDescription", { place: place.name })}
      />
      <Citation text={citation} heading={t("page.citeHeading")} />
      <p>
        <Link to={index.searchPath}>{t("page.newSearch", { title: index.title })}</Link>
      </p>
    </article>
  );
}
