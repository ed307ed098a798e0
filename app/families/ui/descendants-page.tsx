import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PreloadLink } from "~/browser/preload-link";
import type { loadDescendantsPage } from "../page.server";

type Data = ReturnType<typeof useLoaderData<typeof loadDescendantsPage>>;
type Item = NonNullable<Data["outline"]>["root"];

/** A person's descendants as an indented outline: each person, their marriages, the children of each. */
export function DescendantsPage() {
  const d = useLoaderData<typeof loadDescendantsPage>();
  const o = d.outline;
  const errorId = "depth-error";
  return (
    <article className="record-page descendants-page">
      <p className="breadcrumb">
        <Link to={d.collection.searchPath}>{d.collection.title}</Link> ›{" "}
        <PreloadLink to={d.person.href}>{d.person.name}</PreloadLink> › Descendants
      </p>
      <h1>
        Descendants of {d.person.name} <span className="person-id">{d.person.id}</span>
      </h1>
      <Form method="get" action={d.path} className="depth-form">
        <div className="depth-row">
          <div className="field">
            <label htmlFor="depth">Generations</label>
            <select
              id="depth"
              name="depth"
              // Keyed by the depth shown: a new page of the outline resets the uncontrolled select to it.
              key={d.depth}
              defaultValue={String(d.depth)}
              aria-invalid={d.error ? true : undefined}
              aria-describedby={d.error ? errorId : undefined}
            >
              {d.depths.map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? "generation (children)" : n === 2 ? "generations (grandchildren)" : "generations"}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Show
          </button>
        </div>
        {d.error && (
          <p className="field-error" id={errorId}>
            {d.error} {d.typedDepth && <>You asked for “{d.typedDepth}”.</>}
          </p>
        )}
      </Form>
      {o && (
        <>
          <p className="lead">
            {o.count === 0
              ? "No children are recorded."
              : `${o.count.toLocaleString("en")} ${o.count === 1 ? "descendant" : "descendants"} in ${d.depth} ${d.depth === 1 ? "generation" : "generations"}.`}
          </p>
          {o.truncated && (
            <p className="notice" role="note">
              The outline stops at {d.limit.toLocaleString("en")} people. Choose fewer generations, or start from a
              child, to see a whole branch.
            </p>
          )}
          <ul className="descendants" aria-label={`Descendants of ${d.person.name}`}>
            <Person item={o.root} root />
          </ul>
          {o.beyond > 0 && (
            <p>
              {o.beyond.toLocaleString("en")} {o.beyond === 1 ? "child is" : "children are"} recorded in the next
              generation. {o.deeperHref && <Link to={o.deeperHref}>Show {d.depth + 1} generations</Link>}
            </p>
          )}
        </>
      )}
      <p>
        <PreloadLink to={d.person.href}>Back to {d.person.name}</PreloadLink>
      </p>
    </article>
  );
}

function Person({ item, root = false }: { item: Item; root?: boolean }) {
  const p = item.person;
  return (
    <li className="descendant">
      <div className="descendant-line">
        {root ? <strong>{p.name}</strong> : <PreloadLink to={p.href}>{p.name}</PreloadLink>}
        {p.years && <span className="life-years"> {p.years}</span>}
        {item.repeated && <span className="descendant-note"> (shown above)</span>}
      </div>
      {item.marriages.length > 0 && (
        <ul className="descendant-marriages">
          {item.marriages.map((m) => (
            <li key={m.key} className="descendant-marriage">
              <div className="descendant-line">
                <span className="descendant-m">m.</span>{" "}
                {m.spouse ? (
                  <PreloadLink to={m.spouse.href}>{m.spouse.name}</PreloadLink>
                ) : (
                  <span className="descendant-note">spouse not recorded</span>
                )}
                {m.year && <span className="descendant-year"> {m.year}</span>}
                {m.childrenBeyond > 0 && (
                  <span className="descendant-note">
                    {" "}
                    · {m.childrenBeyond} {m.childrenBeyond === 1 ? "child" : "children"}
                  </span>
                )}
              </div>
              {m.children.length > 0 && (
                <ul className="descendant-children">
                  {m.children.map((ch) => (
                    <Person key={ch.person.id} item={ch} />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function descendantsPageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as SerializeFrom<typeof loadDescendantsPage> | undefined;
  return [
    {
      title: d
        ? `Descendants of ${d.person.name} (${d.person.id}) — ${d.collection.title} — Metryka`
        : "Descendants — Metryka",
    },
  ];
}
