import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { loadRecordPage } from "../record-page.server";
import { Citation } from "~/ui/citation";

const KIND_LABEL = { birth: "Baptism", death: "Burial", marriage: "Marriage", index: "Entry" } as const;

export function RecordPage() {
  const { collection, record, citation, kind, search } = useLoaderData<typeof loadRecordPage>();
  return (
    <article className="record-page">
      <p className="breadcrumb">
        <Link to={collection.searchPath}>{collection.title}</Link> › Record {record.id}
      </p>
      <h1>
        {KIND_LABEL[kind]} of {record.subject}
      </h1>
      <p className="lead">
        {record.date}
        {record.julianDate && <> (Julian calendar: {record.julianDate})</>}
      </p>
      {search && (
        <section className="record-why" aria-labelledby="record-why-heading">
          {search.why.length > 0 && (
            <>
              <h2 id="record-why-heading">Why it matched your search</h2>
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
              Back to the results
            </Link>
          </p>
        </section>
      )}
      <h2>What the register says</h2>
      <dl className="dl-grid">
        {record.fields.map((f) => (
          <div key={f.label}>
            <dt>{f.label}</dt>
            <dd>
              {f.place?.href ? (
                <Link to={f.place.href}>{f.value}</Link>
              ) : f.place ? (
                <>
                  {f.value}{" "}
                  <span className="place-choices">
                    (several places have this name:{" "}
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
                f.value
              )}
            </dd>
          </div>
        ))}
      </dl>
      <h2>Source</h2>
      <dl className="dl-grid">
        <div>
          <dt>Collection</dt>
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
            <dt>Scan</dt>
            <dd>
              <a href={record.scanUrl} rel="noopener noreferrer">
                View the register page
              </a>
            </dd>
          </div>
        )}
      </dl>
      <Citation text={citation} />
      <p>
        <Link to={collection.searchPath}>New search in {collection.title}</Link>
      </p>
    </article>
  );
}

/** The record page's title and description (the description is what a search engine shows under the title). */
export function recordPageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as SerializeFrom<typeof loadRecordPage> | undefined;
  if (!d) return [{ title: "Record — Metryka" }];
  return [
    { title: `${d.record.subject}, ${d.record.date} — Metryka` },
    {
      name: "description",
      content: `${d.record.subject}, ${d.record.date}: a transcribed entry of ${d.collection.title}.`,
    },
  ];
}
