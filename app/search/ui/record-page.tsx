import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { loadRecordPage } from "../record-page.server";
import { Citation } from "~/ui/citation";
import { metaTags } from "~/i18n/meta";
import { useTranslation } from "~/i18n/react";
import { ScriptText, TextWithScript } from "~/ui/script-text";

export function RecordPage() {
  const { collection, record, citation, kind, search } = useLoaderData<typeof loadRecordPage>();
  const { t } = useTranslation("records");
  return (
    <article className="record-page">
      <p className="breadcrumb">
        <Link to={collection.searchPath}>{collection.title}</Link> › {t("record.breadcrumb", { id: record.id })}
      </p>
      <h1>
        <TextWithScript
          text={t(`record.heading.${kind}`, { subject: record.subject })}
          value={record.subject}
          hint={record.subjectScript}
        />
      </h1>
      <p className="lead">{record.hasJulianDate ? t("record.datePair", { pair: record.date }) : record.date}</p>
      {search && (
        <section className="record-why" aria-labelledby="record-why-heading">
          {search.why.length > 0 && (
            <>
              <h2 id="record-why-heading">{t("record.why")}</h2>
              <ul className="why">
                {search.why.map((w) => (
                  <li key={w.field}>
                    {w.field}: {w.text}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p>
            <Link to={search.backHref} id={search.why.length ? undefined : "record-why-heading"}>
              {t("record.back")}
            </Link>
          </p>
        </section>
      )}
      <h2>{t("record.registerSays")}</h2>
      <dl className="dl-grid">
        {record.fields.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>
              {f.place?.href ? (
                <Link to={f.place.href}>
                  <ScriptText value={f.value} hint={f.script} />
                </Link>
              ) : f.place ? (
                <>
                  <ScriptText value={f.value} hint={f.script} />{" "}
                  <span className="place-choices">
                    ({t("record.severalPlaces")}{" "}
                    {f.place.choices.map((c, n) => (
                      <span key={c.href}>
                        {n > 0 && "; "}
                        <Link to={c.href}>{c.label}</Link>
                      </span>
                    ))}
                    )
                  </span>
                </>
              ) : (
                <ScriptText value={f.value} hint={f.script} />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h2>{t("record.source")}</h2>
      <dl className="dl-grid">
        <div>
          <dt>{t("record.collection")}</dt>
          <dd>{collection.title}</dd>
        </div>
        {record.source.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
        {record.scanUrl && (
          <div>
            <dt>{t("record.scan")}</dt>
            <dd>
              <a href={record.scanUrl} rel="noopener noreferrer">
                {t("record.viewScan")}
              </a>
            </dd>
          </div>
        )}
      </dl>
      <Citation text={citation} />
      <p>
        <Link to={collection.searchPath}>{t("record.newSearch", { title: collection.title })}</Link>
      </p>
    </article>
  );
}

/** The record page's title and description, written by its loader in the reader's language. */
export function recordPageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as SerializeFrom<typeof loadRecordPage> | undefined;
  return metaTags(d?.meta);
}
