import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { type CatalogSource, sourcePath, sourcesOf } from "~/catalog";
import { sourceCounts } from "~/catalog.server";
import { wasSeeded } from "~/demo/seed.server";
import { PATHS, signInPath } from "~/routing/paths";
import { viewerFor } from "~/auth/viewer.server";
import { getDatabase } from "~/db/current.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { formatCount } from "~/ui/format";

export async function loader({ request }: LoaderFunctionArgs) {
  const database = await getDatabase();
  const counts = await sourceCounts(database);
  const viewer = await viewerFor(request);
  // A visitor sees that a members' source exists and its size, and is asked to sign in to search it.
  const card = (s: CatalogSource) => {
    const locked = s.access === "members" && !viewer.isMember;
    const search = sourcePath(s, "search");
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      access: s.access,
      searchPath: locked ? signInPath(search) : search,
      locked,
    };
  };
  const size = (s: CatalogSource) => counts.get(s.id) ?? 0;
  return {
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
      group: s.group,
      records: size(s),
      years: `${s.def.years.from}–${s.def.years.to}`,
    })),
  };
}

export default function Home() {
  const { collections, demo, placeIndexes, families } = useLoaderData<typeof loader>();
  const total = collections.reduce((s, c) => s + c.records, 0);
  return (
    <>
      <h1>Find your ancestors in the parish registers</h1>
      <p className="lead">
        Metryka searches {formatCount(total)} transcribed baptisms, burials and marriages from the Lutheran parishes of
        Volhynia, Kiev, Podolia and Congress Poland. Names are matched the way they were really written: German, Polish
        and Russian spellings, Cyrillic script and sound-alike surnames all find each other.
      </p>
      {demo && (
        <p className="notice" role="note">
          This installation holds generated demonstration records: realistic names, places and dates, but no real
          person&apos;s entry. The society&apos;s own transcriptions replace them when they are imported.
        </p>
      )}
      <form method="get" action={PATHS.searchAll} className="quick-search" role="search" aria-label="Quick search">
        <div className="field">
          <label htmlFor="quick-surname">Surname</label>
          <input
            id="quick-surname"
            name="surname"
            type="search"
            autoComplete="off"
            maxLength={100}
            placeholder="e.g. Schulz"
          />
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Search all records
          </button>
        </div>
      </form>
      <h2>What you can search</h2>
      <ul className="cards">
        {collections.map((c) => (
          <Card key={c.id} className="card" card={c} count={`${formatCount(c.records)} records`} extra={c.years} />
        ))}
      </ul>
      <h2>Families and pedigrees</h2>
      <ul className="cards">
        {families.map((c) => (
          <Card key={c.id} className="card" card={c} count={`${formatCount(c.people)} people`} extra={c.years} />
        ))}
      </ul>
      <h2>Where was it?</h2>
      <ul className="place-cards">
        {placeIndexes.map((i) => (
          // The public index keeps its own class: it was the only place index card before.
          <Card
            key={i.id}
            className={i.access === "public" ? "card place-index-card" : "card map-index-card"}
            card={i}
            count={`${formatCount(i.places)} places`}
          />
        ))}
      </ul>
      <h2>Privacy</h2>
      <p>
        Births of the last 100 years and deaths and marriages of the last 75 years are shown to members only, as in the
        society&apos;s rules. <Link to={PATHS.signup}>Become a member</Link> to see them and to support the
        volunteers&apos; work.
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
  return (
    <li className={className}>
      <h3>
        <Link to={card.searchPath}>{card.title}</Link>
      </h3>
      <p>
        <span className={card.access === "public" ? "badge-public" : "badge-members"}>
          {card.access === "public" ? "Free for everyone" : "Members only"}
        </span>{" "}
        <span className="count">{count}</span>
        {extra && <> · {extra}</>}
      </p>
      <p>{card.description}</p>
      {card.locked && (
        <p className="members-invite">
          <Link to={card.searchPath}>Sign in to search</Link> or <Link to={PATHS.signup}>become a member</Link>.
        </p>
      )}
    </li>
  );
}

// A page's meta replaces the root's, so the home page says again what the site is (a search engine shows it).
export const meta: MetaFunction = () => [
  { title: "Metryka — parish register search" },
  {
    name: "description",
    content: "Search transcribed parish registers of Poland, Volhynia, St. Petersburg and Odessa.",
  },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
