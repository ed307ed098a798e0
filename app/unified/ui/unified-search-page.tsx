import { Form, Link, useLoaderData } from "@remix-run/react";
import type { loadUnifiedSearch } from "../unified.server";
import { formatCount } from "~/ui/format";
import { ModeField, NearField, YearRange } from "~/listing/ui/form-fields";
import { PATHS } from "~/routing/paths";
import { SurnameMap } from "~/search/ui/surname-map-lazy";

export function UnifiedSearchPage() {
  const { form, values, errors, results, placeIndexes, nearCandidates, map, mapHref } =
    useLoaderData<typeof loadUnifiedSearch>();
  const any = results?.some((c) => c.roles.some((r) => r.count > 0));
  const lockedOut = results?.some((c) => c.locked && c.unit === "record");
  return (
    <>
      <h1>Search all records</h1>
      <p className="lead">
        One search over every collection. Each collection tells you how many records it holds for the person, and a link
        takes the search into that collection with all its fields.
      </p>
      <Form
        method="get"
        action={PATHS.searchAll}
        className="search-form"
        role="search"
        aria-label="Search all collections"
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
            Search
          </button>
          <Link to={PATHS.searchAll} className="btn btn-secondary">
            Clear
          </Link>
        </div>
      </Form>
      <p>
        Looking for a village rather than a person? The place indexes find places by any of their names, and the places
        near them:{" "}
        {placeIndexes.map((i, n) => (
          <span key={i.href}>
            {n > 0 && (n === placeIndexes.length - 1 ? " and " : ", ")}
            <Link to={i.href}>{i.title}</Link>
            {i.access === "members" && " (members)"}
          </span>
        ))}
        .
      </p>
      {any && mapHref && !map && (
        <p className="results-actions">
          <Link to={mapHref} className="btn btn-secondary">
            Where are they? Map of places
          </Link>
        </p>
      )}
      {map && (
        <section aria-labelledby="map-heading" className="results-section">
          <h2 id="map-heading">Where they are</h2>
          {lockedOut && (
            <p>
              The map holds the collections you may read: members&rsquo; collections are counted below but not mapped.
            </p>
          )}
          <SurnameMap map={map} subject="the records found in every collection" />
        </section>
      )}
      {results && (
        <section aria-labelledby="per-collection" className="results-section">
          <h2 id="per-collection">{any ? "Records found" : "No records found"}</h2>
          <ul className="cards">
            {results.map((c) => (
              <li key={c.id} className="card">
                <h3>{c.title}</h3>
                <p>
                  <span className={c.access === "public" ? "badge-public" : "badge-members"}>
                    {c.access === "public" ? "Free for everyone" : "Members only"}
                  </span>
                </p>
                <ul className="role-counts">
                  {c.roles.map((r) => (
                    <li key={r.label}>
                      {r.count > 0 ? (
                        <Link to={r.href}>
                          {r.countIsLowerBound ? "More than " : ""}
                          {formatCount(r.count)} {r.count === 1 ? c.unit : c.unit === "person" ? "people" : "records"}{" "}
                          {r.label}
                        </Link>
                      ) : (
                        <>
                          No {c.unit === "person" ? "people" : "records"} {r.label}
                        </>
                      )}
                    </li>
                  ))}
                </ul>
                {c.locked && (
                  <p className="members-invite">
                    Members only: <Link to={PATHS.signup}>become a member</Link> or sign in through a link above to see
                    these records.
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
