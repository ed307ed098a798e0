import { Form, Link, useLoaderData } from "@remix-run/react";
import type { loadUnifiedSearch } from "../unified.server";
import { formatCount } from "~/ui/format";

export function UnifiedSearchPage() {
  const { form, values, errors, results } = useLoaderData<typeof loadUnifiedSearch>();
  const any = results?.some((c) => c.roles.some((r) => r.count > 0));
  return (
    <>
      <h1>Search all records</h1>
      <p className="lead">
        One search over every collection. Each collection tells you how many records it holds for the person, and a link
        takes the search into that collection with all its fields.
      </p>
      <Form method="get" action="/Search" className="search-form" role="search" aria-label="Search all collections">
        <div className="fields">
          {form.fields.map((f) => {
            const modeName = `${f.name}Mode`;
            return (
              <div className="field" key={f.name}>
                <label htmlFor={f.name}>{f.label}</label>
                <input
                  id={f.name}
                  name={f.name}
                  defaultValue={values[f.name] ?? ""}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={errors[f.name] ? true : undefined}
                  aria-describedby={errors[f.name] ? `${f.name}-error` : undefined}
                />
                <select
                  name={modeName}
                  aria-label={`How to match ${f.label.toLowerCase()}`}
                  defaultValue={values[modeName] ?? f.defaultMode}
                >
                  {f.modes.map((m) => (
                    <option key={m.value} value={m.value}>
                      {m.label}
                    </option>
                  ))}
                </select>
                {errors[f.name] && (
                  <p className="field-error" id={`${f.name}-error`}>
                    {errors[f.name]}
                  </p>
                )}
                {errors[modeName] && <p className="field-error">{errors[modeName]}</p>}
              </div>
            );
          })}
          <fieldset className="field field-years">
            <legend>Years</legend>
            <div className="field-row">
              <label htmlFor="yearFrom" className="visually-hidden">
                From year
              </label>
              <input
                id="yearFrom"
                name="yearFrom"
                inputMode="numeric"
                size={6}
                defaultValue={values.yearFrom ?? ""}
                aria-invalid={errors.yearFrom ? true : undefined}
                aria-describedby={errors.yearFrom ? "yearFrom-error" : undefined}
              />
              <span aria-hidden="true">–</span>
              <label htmlFor="yearTo" className="visually-hidden">
                To year
              </label>
              <input
                id="yearTo"
                name="yearTo"
                inputMode="numeric"
                size={6}
                defaultValue={values.yearTo ?? ""}
                aria-invalid={errors.yearTo ? true : undefined}
                aria-describedby={errors.yearTo ? "yearTo-error" : undefined}
              />
            </div>
            {errors.yearFrom && (
              <p className="field-error" id="yearFrom-error">
                {errors.yearFrom}
              </p>
            )}
            {errors.yearTo && (
              <p className="field-error" id="yearTo-error">
                {errors.yearTo}
              </p>
            )}
          </fieldset>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Search
          </button>
          <Link to="/Search" className="btn btn-secondary">
            Clear
          </Link>
        </div>
      </Form>
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
                          {formatCount(r.count)} {r.count === 1 ? "record" : "records"} {r.label}
                        </Link>
                      ) : (
                        <>No records {r.label}</>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
