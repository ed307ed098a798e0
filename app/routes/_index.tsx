import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "~/i18n/react";
import { type CatalogSource, sourcePath, sourcesOf } from "~/catalog";
import { sourceCounts } from "~/catalog.server";
import { sourceText } from "~/catalog-text.server";
import { wasSeeded } from "~/demo/seed.server";
import { PATHS, signInPath } from "~/routing/paths";
import { viewerFor } from "~/auth/viewer.server";
import { getDatabase } from "~/db/current.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { metaTags } from "~/i18n/meta";
import { i18nHandle } from "~/i18n/namespaces";

export const handle = i18nHandle("home");

export async function loader({ request }: LoaderFunctionArgs) {
  const database = await getDatabase();
  const counts = await sourceCounts(database);
  const viewer = await viewerFor(request);
  const language = await languageOfRequest(request);
  // A visitor sees that a members' source exists and its size, and is asked to sign in to search it.
  const card = (s: CatalogSource) => {
    const locked = s.access === "members" && !viewer.isMember;
    const search = sourcePath(s, "search");
    const text = sourceText(language, s);
    return {
      id: s.id,
      title: text.title,
      description: text.description,
      group: text.group,
      access: s.access,
      searchPath: locked ? signInPath(search) : search,
      locked,
    };
  };
  const size = (s: CatalogSource) => counts.get(s.id) ?? 0;
  return {
    meta: pageMeta(language, "home", "meta"),
    demo: await wasSeeded(database),
    placeIndexes: sourcesOf("places").map((s) => ({ ...card(s), places: size(s) })),
    // People linked into families (decision 0017): members only, shown with their size like the others.
    families: sourcesOf("families").map((s) => ({
      ...card(s),
      people: size(s),
      years: `${s.def.years.from}–${s.def.years.to}`,
    })),
    collections: sourcesOf("records").map((s) => ({
      ...card(s),
      records: size(s),
      years: `${s.def.years.from}–${s.def.years.to}`,
    })),
  };
}

export default function Home() {
  const { collections, demo, placeIndexes, families } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  const total = collections.reduce((s, c) => s + c.records, 0);
  return (
    <>
      <h1>{t("heading")}</h1>
      <p className="lead">{t("lead", { total })}</p>
      {demo && (
        <p className="notice" role="note">
          {t("demo")}
        </p>
      )}
      <form
        method="get"
        action={PATHS.searchAll}
        className="quick-search"
        role="search"
        aria-label={t("quickSearch.label")}
      >
        <div className="field">
          <label htmlFor="quick-surname">{t("quickSearch.surname")}</label>
          <input
            id="quick-surname"
            name="surname"
            type="search"
            autoComplete="off"
            maxLength={100}
            placeholder={t("quickSearch.placeholder")}
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            {t("quickSearch.submit")}
          </button>
        </div>
      </form>
      <h2>{t("collections")}</h2>
      <ul className="cards">
        {collections.map((c) => (
          <Card key={c.id} className="card" card={c} count={t("records", { count: c.records })} extra={c.years} />
        ))}
      </ul>
      <h2>{t("families")}</h2>
      <ul className="cards">
        {families.map((c) => (
          <Card key={c.id} className="card" card={c} count={t("people", { count: c.people })} extra={c.years} />
        ))}
      </ul>
      <h2>{t("places")}</h2>
      <ul className="place-cards">
        {placeIndexes.map((i) => (
          // The public index keeps its own class: it was the only place index card before.
          <Card
            key={i.id}
            className={i.access === "public" ? "card place-index-card" : "card map-index-card"}
            card={i}
            count={t("placeCount", { count: i.places })}
          />
        ))}
      </ul>
      <h2>{t("privacy.heading")}</h2>
      <p>
        <Trans t={t} i18nKey="privacy.text" components={{ signUp: <Link to={PATHS.signup} /> }} />
      </p>
    </>
  );
}

interface CardInfo {
  title: string;
  description: string;
  access: "public" | "members";
  searchPath: string;
  locked: boolean;
}

/** A collection or place index: its size, who may search it, and for a visitor the way into a members' one. */
function Card({ card, className, count, extra }: { card: CardInfo; className: string; count: string; extra?: string }) {
  const { t } = useTranslation("home");
  return (
    <li className={className}>
      <h3>
        <Link to={card.searchPath}>{card.title}</Link>
      </h3>
      <p>
        <span className={card.access === "public" ? "badge-public" : "badge-members"}>
          {card.access === "public" ? t("free") : t("membersOnly")}
        </span>{" "}
        <span className="count">{count}</span>
        {extra && <> · {extra}</>}
      </p>
      <p>{card.description}</p>
      {card.locked && (
        <p className="members-invite">
          <Trans
            t={t}
            i18nKey="invite"
            components={{ signIn: <Link to={card.searchPath} />, signUp: <Link to={PATHS.signup} /> }}
          />
        </p>
      )}
    </li>
  );
}

// A page's meta replaces the root's, so the home page says again what the site is (a search engine shows it).
export const meta: MetaFunction<typeof loader> = ({ data }) => metaTags(data?.meta);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
