import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PreloadLink } from "~/browser/preload-link";
import { Citation } from "~/ui/citation";
import type { PersonLink, loadPersonPage } from "../page.server";
import { PedigreeChart } from "./pedigree-chart";

/** One person with the family around them, a pedigree chart and a citation. */
export function PersonPage() {
  const d = useLoaderData<typeof loadPersonPage>();
  const { person } = d;
  return (
    <article className="record-page person-page">
      <p className="breadcrumb">
        <Link to={d.collection.searchPath}>{d.collection.title}</Link> › {person.name}
      </p>
      <h1>
        {person.name} <span className="person-id">{person.id}</span>
      </h1>
      {person.hidden ? (
        <p className="notice" role="note">
          This person may be living: born less than 100 years ago with no death recorded. Only the society&apos;s
          administrators see the details.
        </p>
      ) : (
        person.years && <p className="lead">{person.years}</p>
      )}
      {!person.hidden && (
        <>
          <h2>Life</h2>
          <dl className="dl-grid">
            <div>
              <dt>Sex</dt>
              <dd>{person.sexLabel}</dd>
            </div>
            <div>
              <dt>Born</dt>
              <dd>{person.birth || "Not recorded"}</dd>
            </div>
            <div>
              <dt>Died</dt>
              <dd>{person.death || "Not recorded"}</dd>
            </div>
            {person.notes && (
              <div>
                <dt>Notes</dt>
                <dd>{person.notes}</dd>
              </div>
            )}
            {d.tree && (
              <div>
                <dt>Family tree</dt>
                <dd>
                  {d.tree.title}, submitted by {d.tree.submitter} on {d.tree.submittedOn}
                </dd>
              </div>
            )}
          </dl>
          {d.gedcomHref && (
            <p>
              <a href={d.gedcomHref} download>
                Download this person&apos;s ancestors and descendants as GEDCOM
              </a>
            </p>
          )}
        </>
      )}

      <section aria-labelledby="parents-heading">
        <h2 id="parents-heading">Parents</h2>
        {d.father || d.mother ? (
          <ul className="relatives">
            <Relative person={d.father} role="Father" />
            <Relative person={d.mother} role="Mother" />
          </ul>
        ) : (
          <p>No parents are recorded.</p>
        )}
      </section>

      <section aria-labelledby="siblings-heading">
        <h2 id="siblings-heading">Brothers and sisters</h2>
        {d.siblings.length ? (
          <ul className="relatives">
            {d.siblings.map((s) => (
              <Relative key={s.id} person={s} role={s.sex === "m" ? "Brother" : s.sex === "f" ? "Sister" : "Sibling"} />
            ))}
          </ul>
        ) : (
          <p>None recorded.</p>
        )}
      </section>

      <section aria-labelledby="families-heading">
        <h2 id="families-heading">Spouses and children</h2>
        {d.marriages.length ? (
          d.marriages.map((m, i) => (
            <div key={m.key} className="marriage">
              <h3>
                {d.marriages.length > 1 ? `${i + 1}. ` : ""}
                {m.spouse ? (
                  <>
                    Married <PreloadLink to={m.spouse.href}>{m.spouse.name}</PreloadLink>
                    {m.spouse.years && <span className="life-years"> {m.spouse.years}</span>}
                  </>
                ) : (
                  "Spouse not recorded"
                )}
              </h3>
              <p>{m.marriage ? `Marriage: ${m.marriage}` : "Marriage date and place not recorded."}</p>
              {m.children.length ? (
                <>
                  <p className="visually-hidden">Children:</p>
                  <ol className="relatives children">
                    {m.children.map((ch) => (
                      <Relative
                        key={ch.id}
                        person={ch}
                        role={ch.sex === "m" ? "Son" : ch.sex === "f" ? "Daughter" : "Child"}
                      />
                    ))}
                  </ol>
                </>
              ) : (
                <p>No children recorded.</p>
              )}
            </div>
          ))
        ) : (
          <p>No marriage is recorded.</p>
        )}
      </section>

      <section aria-labelledby="pedigree-heading" className="pedigree-section">
        <h2 id="pedigree-heading">Pedigree</h2>
        <p className="field-hint pedigree-hint">
          {d.generations} generations: each person is followed to the right by their father above and their mother
          below.
        </p>
        <PedigreeChart root={d.pedigree} name={person.name} generations={d.generations} />
        <p className="pedigree-links">
          <Link to={d.descendantsHref}>Descendants of {person.name}</Link>
        </p>
      </section>

      {!person.hidden && (
        <section aria-labelledby="sources-heading">
          <h2 id="sources-heading">Sources</h2>
          {d.sources.length ? (
            <>
              <p className="field-hint">{d.collection.sourceNote}:</p>
              <ul className="sources">
                {d.sources.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>No source is recorded for this person.</p>
          )}
        </section>
      )}
      <Citation text={d.citation} heading="Cite this person" />
      <p>
        <Link to={d.collection.searchPath}>New search in the {d.collection.title}</Link>
      </p>
    </article>
  );
}

function Relative({ person, role }: { person: PersonLink | null; role: string }) {
  return (
    <li>
      <span className="relative-role">{role}:</span>{" "}
      {person ? (
        <>
          <PreloadLink to={person.href}>{person.name}</PreloadLink>
          {person.years && <span className="life-years"> {person.years}</span>}{" "}
          <span className="person-id">{person.id}</span>
        </>
      ) : (
        "not recorded"
      )}
    </li>
  );
}

export function personPageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as SerializeFrom<typeof loadPersonPage> | undefined;
  return [{ title: d ? `${d.person.name} (${d.person.id}) — ${d.collection.title} — Metryka` : "Person — Metryka" }];
}
