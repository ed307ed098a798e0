import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { COLLECTIONS, searchPath } from "~/search/collections";
import { wasSeeded } from "~/db/seed.server";
import { FAMILY_COLLECTIONS, familySearchPath } from "~/families/collections";
import { peopleCount } from "~/families/store.server";
import { MAP_INDEXES, mapSearchPath } from "~/places/indexes";
import { placeCounts } from "~/places/store.server";
import { collectionSizes } from "~/search/stats.server";
import { signInPath } from "~/search/access";
import { viewerFor } from "~/search/search-page.server";
import { getDatabase } from "~/server/runtime.server";
import type { Database } from "~/db/connection.server";
import type { Viewer } from "~/search/engine.server";
import { GeneralErrorBoundary } from "~/ui/error-page";
import { formatCount } from "~/ui/format";

/** The place indexes with their sizes; a visitor is asked to sign in to search a members' one. */
async function placeIndexCards(database: Database, viewer: Viewer) {
  const counts = await placeCounts(database);
  return MAP_INDEXES.map((i) => {
    const locked = i.access === "members" && !viewer.isMember;
    return {
      id: i.id,
      title: i.title,
      description: i.description,
      access: i.access,
      places: counts.get(i.id) ?? 0,
      searchPath: locked ? signInPath(mapSearchPath(i)) : mapSearchPath(i),
      locked,
    };
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const database = await getDatabase();
  const sizes = await collectionSizes(database);
  const viewer = await viewerFor(request);
  return {
    demo: await wasSeeded(database),
    placeIndexes: await placeIndexCards(database, viewer),
    // People linked into families (decision 0017): members only, shown with their size like the others.
    families: await Promise.all(
      FAMILY_COLLECTIONS.map(async (c) => ({
        id: c.id,
        title: c.title,
        access: "members" as const,
        description: c.description,
        people: await peopleCount(database, c.id),
        searchPath: viewer.isMember ? familySearchPath(c) : signInPath(familySearchPath(c)),
        locked: !viewer.isMember,
        years: `${c.years.from}–${c.years.to}`,
      })),
    ),
    collections: COLLECTIONS.map((c) => {
      // A visitor sees that a members' collection exists and its size, and is asked to sign in to search it.
      const locked = c.access === "members" && !viewer.isMember;
      return {
        id: c.id,
        title: c.title,
        group: c.group,
        description: c.description,
        access: c.access,
        records: sizes.get(c.id) ?? 0,
        searchPath: locked ? signInPath(searchPath(c)) : searchPath(c),
        locked,
        years: `${c.years.from}–${c.years.to}`,
      };
    }),
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
      <form method="get" action="/Search" className="quick-search" role="search" aria-label="Quick search">
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
        society&apos;s rules. <Link to="/Signup">Become a member</Link> to see them and to support the volunteers&apos;
        work.
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
          <Link to={card.searchPath}>Sign in to search</Link> or <Link to="/Signup">become a member</Link>.
        </p>
      )}
    </li>
  );
}

export const meta: MetaFunction = () => [{ title: "Metryka — parish register search" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
