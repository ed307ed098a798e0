import { Form, Link, useLoaderData } from "@remix-run/react";
import type { loadUnifiedSearch } from "../unified.server";
import { Trans, useTranslation } from "~/i18n/react";
import { ModeField, NearField, YearRange } from "~/listing/ui/form-fields";
import { PATHS } from "~/routing/paths";
import { SurnameMap } from "~/search/ui/surname-map-lazy";

export function UnifiedSearchPage() {
  const { form, values, errors, results, placeIndexes, nearCandidates, map, mapHref } =
    useLoaderData<typeof loadUnifiedSearch>();
  const any = results?.some((c) => c.roles.some((r) => r.count > 0));
  const lockedOut = results?.some((c) => c.locked && c.unit === "record");
  const { t } = useTranslation("search");
  return (
    <>
      <h1>{t("unified.heading")}</h1>
      <p className="lead">{t("unified.lead")}</p>
      <Form
        method="get"
        action={PATHS.searchAll}
        className="search-form"
        role="search"
        aria-label={t("unified.formLabel")}
      >
        <div className="fields">
          {form.fields.map((f) => (
            <ModeField key={f.name} field={f} values={values} errors={errors} />
          ))}
          <YearRange values={values} errors={errors} />
          <NearField values={values} errors={errors} candidates={nearCandidates} />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            {t("form.search")}
          </button>
          <Link to={PATHS.searchAll} className="btn btn-secondary">
            {t("form.clear")}
          </Link>
        </div>
      </Form>
      <p>
        {t("unified.placesLead")}{" "}
        {placeIndexes.map((i, n) => (
          <span key={i.href}>
            {n > 0 && (n === placeIndexes.length - 1 ? t("unified.listAnd") : t("unified.listComma"))}
            <Link to={i.href}>{i.title}</Link>
            {i.access === "members" && ` ${t("unified.members")}`}
          </span>
        ))}
        .
      </p>
      {any && mapHref && !map && (
        <p className="results-actions">
          <Link to={mapHref} className="btn btn-secondary">
            {t("results.showMap")}
          </Link>
        </p>
      )}
      {map && (
        <section aria-labelledby="map-heading" className="results-section">
          <h2 id="map-heading">{t("unified.mapHeading")}</h2>
          {lockedOut && <p>{t("unified.mapLocked")}</p>}
          <SurnameMap map={map} subject={t("unified.mapSubject")} />
        </section>
      )}
      {results && (
        <section aria-labelledby="per-collection" className="results-section">
          <h2 id="per-collection">{any ? t("unified.found") : t("results.none")}</h2>
          <ul className="cards">
            {results.map((c) => (
              <li key={c.id} className="card">
                <h3>{c.title}</h3>
                <p>
                  <span className={c.access === "public" ? "badge-public" : "badge-members"}>
                    {c.access === "public" ? t("unified.free") : t("unified.membersOnly")}
                  </span>
                </p>
                <ul className="role-counts">
                  {c.roles.map((r) => (
                    <li key={r.label}>
                      {r.count > 0 ? (
                        <Link to={r.href}>
                          {t(`unified.${c.unit}${r.countIsLowerBound ? "MoreThan" : ""}`, {
                            count: r.count,
                            role: r.label,
                          })}
                        </Link>
                      ) : (
                        t(`unified.${c.unit}None`, { role: r.label })
                      )}
                    </li>
                  ))}
                </ul>
                {c.locked && (
                  <p className="members-invite">
                    <Trans t={t} i18nKey="unified.invite" components={{ signup: <Link to={PATHS.signup} /> }} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
