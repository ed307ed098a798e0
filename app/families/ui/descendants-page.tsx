import type { MetaDescriptor } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PreloadLink } from "~/browser/preload-link";
import type { loadDescendantsPage } from "../page.server";
import { type TFunction, useTranslation } from "~/i18n/react";
import { useFormat } from "~/i18n/use-format";
import { pageOrRootMeta } from "~/members/route-meta";

type Data = ReturnType<typeof useLoaderData<typeof loadDescendantsPage>>;
type Item = NonNullable<Data["outline"]>["root"];

/** A person's descendants as an indented outline: each person, their marriages, the children of each. */
export function DescendantsPage() {
  const d = useLoaderData<typeof loadDescendantsPage>();
  const o = d.outline;
  const errorId = "depth-error";
  const { t } = useTranslation("trees");
  const format = useFormat();
  return (
    <article className="record-page descendants-page">
      <p className="breadcrumb">
        <Link to={d.collection.searchPath}>{d.collection.title}</Link> ›{" "}
        <PreloadLink to={d.person.href}>{d.person.name}</PreloadLink> › {t("descendants.breadcrumb")}
      </p>
      <h1>
        {t("descendants.of", { name: d.person.name })} <span className="person-id">{d.person.id}</span>
      </h1>
      <Form method="get" action={d.path} className="depth-form">
        <div className="depth-row">
          <div className="field">
            <label htmlFor="depth">{t("descendants.generations")}</label>
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
                  {n === 1
                    ? t("descendants.depthChildren")
                    : n === 2
                      ? t("descendants.depthGrandchildren")
                      : t("descendants.depth", { count: n })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            {t("descendants.show")}
          </button>
        </div>
        {d.error && (
          <p className="field-error" id={errorId}>
            {d.error} {d.typedDepth && t("descendants.askedFor", { typed: d.typedDepth })}
          </p>
        )}
      </Form>
      {o && (
        <>
          <p className="lead">
            {o.count === 0
              ? t("descendants.none")
              : t("descendants.found", {
                  count: o.count,
                  generations: t("descendants.inGenerations", { count: d.depth }),
                })}
          </p>
          {o.truncated && (
            <p className="notice" role="note">
              {t("descendants.truncated", { limit: format.number(d.limit) })}
            </p>
          )}
          <ul className="descendants" aria-label={t("descendants.of", { name: d.person.name })}>
            <Person item={o.root} root t={t} />
          </ul>
          {o.beyond > 0 && (
            <p>
              {t("descendants.beyond", { count: o.beyond })}{" "}
              {o.deeperHref && <Link to={o.deeperHref}>{t("descendants.deeper", { count: d.depth + 1 })}</Link>}
            </p>
          )}
        </>
      )}
      <p>
        <PreloadLink to={d.person.href}>{t("descendants.back", { name: d.person.name })}</PreloadLink>
      </p>
    </article>
  );
}

function Person({ item, root = false, t }: { item: Item; root?: boolean; t: TFunction }) {
  const p = item.person;
  return (
    <li className="descendant">
      <div className="descendant-line">
        {root ? <strong>{p.name}</strong> : <PreloadLink to={p.href}>{p.name}</PreloadLink>}
        {p.years && <span className="life-years"> {p.years}</span>}
        {item.repeated && <span className="descendant-note"> {t("descendants.shownAbove")}</span>}
      </div>
      {item.marriages.length > 0 && (
        <ul className="descendant-marriages">
          {item.marriages.map((m) => (
            <li key={m.key} className="descendant-marriage">
              <div className="descendant-line">
                <span className="descendant-m">{t("descendants.married")}</span>{" "}
                {m.spouse ? (
                  <PreloadLink to={m.spouse.href}>{m.spouse.name}</PreloadLink>
                ) : (
                  <span className="descendant-note">{t("descendants.noSpouse")}</span>
                )}
                {m.year && <span className="descendant-year"> {m.year}</span>}
                {m.childrenBeyond > 0 && (
                  <span className="descendant-note"> · {t("descendants.children", { count: m.childrenBeyond })}</span>
                )}
              </div>
              {m.children.length > 0 && (
                <ul className="descendant-children">
                  {m.children.map((ch) => (
                    <Person key={ch.person.id} item={ch} t={t} />
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

export function descendantsPageMeta(args: {
  data: unknown;
  matches: readonly { id: string; meta: MetaDescriptor[] }[];
}): MetaDescriptor[] {
  return pageOrRootMeta(args);
}
