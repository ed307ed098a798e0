import type { MetaDescriptor } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PreloadLink } from "~/browser/preload-link";
import { Citation } from "~/ui/citation";
import type { PersonLink, loadPersonPage } from "../page.server";
import { PedigreeChart } from "./pedigree-chart";
import { type TFunction, useTranslation } from "~/i18n/react";
import { pageOrRootMeta } from "~/members/route-meta";

/** One person with the family around them, a pedigree chart and a citation. */
export function PersonPage() {
  const d = useLoaderData<typeof loadPersonPage>();
  const { person } = d;
  const { t } = useTranslation("trees");
  const relative = (role: string, sex: string) => t(`person.roles.${role}.${sex}`);
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
          {t("person.living")}
        </p>
      ) : (
        person.years && <p className="lead">{person.years}</p>
      )}
      {!person.hidden && (
        <>
          <h2>{t("person.life")}</h2>
          <dl className="dl-grid">
            <div>
              <dt>{t("person.sexTerm")}</dt>
              <dd>{person.sexLabel}</dd>
            </div>
            <div>
              <dt>{t("person.born")}</dt>
              <dd>{person.birth || t("person.notRecorded")}</dd>
            </div>
            <div>
              <dt>{t("person.died")}</dt>
              <dd>{person.death || t("person.notRecorded")}</dd>
            </div>
            {person.notes && (
              <div>
                <dt>{t("person.notes")}</dt>
                <dd>{person.notes}</dd>
              </div>
            )}
            {d.tree && (
              <div>
                <dt>{t("person.tree")}</dt>
                <dd>{t("person.treeBy", { title: d.tree.title, name: d.tree.submitter, day: d.tree.submittedOn })}</dd>
              </div>
            )}
          </dl>
          {d.gedcomHref && (
            <p>
              <a href={d.gedcomHref} download>
                {t("person.gedcom")}
              </a>
            </p>
          )}
        </>
      )}

      <section aria-labelledby="parents-heading">
        <h2 id="parents-heading">{t("person.parents")}</h2>
        {d.father || d.mother ? (
          <ul className="relatives">
            <Relative person={d.father} role={relative("parent", "m")} t={t} />
            <Relative person={d.mother} role={relative("parent", "f")} t={t} />
          </ul>
        ) : (
          <p>{t("person.noParents")}</p>
        )}
      </section>

      <section aria-labelledby="siblings-heading">
        <h2 id="siblings-heading">{t("person.siblings")}</h2>
        {d.siblings.length ? (
          <ul className="relatives">
            {d.siblings.map((s) => (
              <Relative key={s.id} person={s} role={relative("sibling", s.sex)} t={t} />
            ))}
          </ul>
        ) : (
          <p>{t("person.noneRecorded")}</p>
        )}
      </section>

      <section aria-labelledby="families-heading">
        <h2 id="families-heading">{t("person.families")}</h2>
        {d.marriages.length ? (
          d.marriages.map((m, i) => (
            <div key={m.key} className="marriage">
              <h3>
                {d.marriages.length > 1 ? `${i + 1}. ` : ""}
                {m.spouse ? (
                  <>
                    {t("person.married")} <PreloadLink to={m.spouse.href}>{m.spouse.name}</PreloadLink>
                    {m.spouse.years && <span className="life-years"> {m.spouse.years}</span>}
                  </>
                ) : (
                  t("person.noSpouse")
                )}
              </h3>
              <p>{m.marriage ? t("person.marriage", { marriage: m.marriage }) : t("person.noMarriageDate")}</p>
              {m.children.length ? (
                <>
                  <p className="visually-hidden">{t("person.children")}</p>
                  <ol className="relatives children">
                    {m.children.map((ch) => (
                      <Relative key={ch.id} person={ch} role={relative("child", ch.sex)} t={t} />
                    ))}
                  </ol>
                </>
              ) : (
                <p>{t("person.noChildren")}</p>
              )}
            </div>
          ))
        ) : (
          <p>{t("person.noMarriage")}</p>
        )}
      </section>

      <section aria-labelledby="pedigree-heading" className="pedigree-section">
        <h2 id="pedigree-heading">{t("person.pedigree")}</h2>
        <p className="field-hint pedigree-hint">{t("person.pedigreeHint", { count: d.generations })}</p>
        <PedigreeChart root={d.pedigree} name={person.name} generations={d.generations} />
        <p className="pedigree-links">
          <Link to={d.descendantsHref}>{t("descendants.of", { name: person.name })}</Link>
        </p>
      </section>

      {!person.hidden && (
        <section aria-labelledby="sources-heading">
          <h2 id="sources-heading">{t("person.sources")}</h2>
          {d.sources.length ? (
            <>
              <p className="field-hint">{t("person.sourceNote", { note: d.collection.sourceNote })}</p>
              <ul className="sources">
                {d.sources.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t("person.noSources")}</p>
          )}
        </section>
      )}
      <Citation text={d.citation} heading={t("person.cite")} />
      <p>
        <Link to={d.collection.searchPath}>{t("person.newSearch", { collection: d.collection.title })}</Link>
      </p>
    </article>
  );
}

function Relative({ person, role, t }: { person: PersonLink | null; role: string; t: TFunction }) {
  return (
    <li>
      <span className="relative-role">{t("person.role", { role })}</span>{" "}
      {person ? (
        <>
          <PreloadLink to={person.href}>{person.name}</PreloadLink>
          {person.years && <span className="life-years"> {person.years}</span>}{" "}
          <span className="person-id">{person.id}</span>
        </>
      ) : (
        t("person.notRecordedLower")
      )}
    </li>
  );
}

export function personPageMeta(args: {
  data: unknown;
  matches: readonly { id: string; meta: MetaDescriptor[] }[];
}): MetaDescriptor[] {
  return pageOrRootMeta(args);
}
