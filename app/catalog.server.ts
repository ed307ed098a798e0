import { languageOfRequest } from "~/auth/language.server";
import { redirect } from "@remix-run/node";
import { requireActiveMember } from "~/auth/guard.server";
import { type User, membershipState } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import { loadDescendantsPage, loadPersonPage, loadPersonSearch } from "~/families/page.server";
import type { FamilyViewer } from "~/families/search.server";
import { peopleCount } from "~/families/store.server";
import { loadPlacePage, loadPlaceSearch } from "~/places/page.server";
import { placeCounts } from "~/places/store.server";
import { canonicalPath } from "~/routing/canonical";
import { isMembersPath } from "~/routing/members-area";
import { pageNotFound } from "~/routing/responses";
import { exportCsv } from "~/search/export.server";
import { loadRecordPage } from "~/search/record-page.server";
import { placeMentions } from "~/search/place-mentions.server";
import { loadSearchPage } from "~/search/search-page.server";
import { getDatabase } from "~/db/current.server";
import { collectionSizes } from "~/search/stats.server";
import {
  CATALOG,
  type CatalogSource,
  PAGE_PARAMS,
  type SourceOf,
  type SourcePage,
  sitePatterns,
  sourceAt,
} from "./catalog";

/**
 * The server side of the catalog (decision 0018): the parameterised source routes find their source here and
 * hand it to its domain's loader; a path that names no source is answered as an unmatched one.
 */

/**
 * A path no route or source answers. A case variant of a known path answers 301 to its canonical spelling (old
 * links and typed URLs keep working), anything else 404 with SPEC §8's message. Under /members the guard
 * answers first, so a visitor learns nothing about which members' pages exist.
 */
export async function unknownPage(request: Request): Promise<never> {
  const url = new URL(request.url);
  if (isMembersPath(url.pathname)) {
    await requireActiveMember(request);
    throw pageNotFound(url.pathname);
  }
  const canonical = canonicalPath(url.pathname, sitePatterns());
  if (canonical) throw redirect(`${canonical}${url.search}`, 301);
  throw pageNotFound(url.pathname);
}

async function sourceFor(request: Request, page: SourcePage): Promise<CatalogSource> {
  const source = sourceAt(new URL(request.url).pathname, page);
  return source ?? unknownPage(request);
}

async function sourceOf<K extends CatalogSource["kind"]>(request: Request, page: SourcePage, kind: K) {
  const source = await sourceFor(request, page);
  return source.kind === kind ? (source as SourceOf<K>) : unknownPage(request);
}

/**
 * Who asks, as the sources' queries take it. `user` is the guard's on the members' routes (an active member),
 * the session's on the public ones (anyone, or nobody): the routes decide, the queries check again.
 */
function viewerOf(user: User | null): FamilyViewer {
  const isMember = !!user && membershipState(user) === "active";
  return { isMember, isAdmin: isMember && user.role === "admin", userId: isMember ? user.id : null };
}

/** The search page of whichever source the path names: records, people in families or places. */
export async function loadSourceSearch(request: Request, user: User | null) {
  const source = await sourceFor(request, "search");
  const viewer = viewerOf(user);
  switch (source.kind) {
    case "records":
      return loadSearchPage(request, source.def, viewer);
    case "families":
      return loadPersonSearch(request, source.def, viewer);
    case "places":
      return loadPlaceSearch(request, source.def, viewer);
    case "directory":
      // Its own route (routes/members.membership.search.tsx) outranks the shapes; never reached through them.
      return unknownPage(request);
  }
}

type Params = Record<string, string | undefined>;

export async function loadSourceRecord(request: Request, user: User | null, params: Params) {
  const source = await sourceOf(request, "record", "records");
  return loadRecordPage(request, source.def, viewerOf(user), params[PAGE_PARAMS.record]);
}

export async function sourceExport(request: Request, user: User | null) {
  const source = await sourceOf(request, "export", "records");
  return exportCsv(request, source.def, viewerOf(user));
}

export async function loadSourcePlace(request: Request, user: User | null, params: Params) {
  const source = await sourceOf(request, "place", "places");
  const viewer = viewerOf(user);
  const page = await loadPlacePage(request, source.def, viewer, params[PAGE_PARAMS.place]);
  // The records that mention the place (decision 0033), from the records' side, which sits above the places.
  // Their collections' titles in the reader's language, as the place page's own words.
  const mentions = await placeMentions(
    await getDatabase(),
    page.place,
    viewer,
    undefined,
    await languageOfRequest(request),
  );
  return { ...page, mentions };
}

export async function loadSourcePerson(request: Request, user: User | null, params: Params) {
  const source = await sourceOf(request, "person", "families");
  return loadPersonPage(request, source.def, viewerOf(user), params[PAGE_PARAMS.person]);
}

export async function loadSourceDescendants(request: Request, user: User | null, params: Params) {
  const source = await sourceOf(request, "descendants", "families");
  return loadDescendantsPage(request, source.def, viewerOf(user), params[PAGE_PARAMS.descendants]);
}

/**
 * The sources' pages take no posts: an unknown path stays a 404 (or its 301), a known one is 405, as a route
 * without an action answers.
 */
export async function refusePost(request: Request, page: SourcePage): Promise<never> {
  await sourceFor(request, page);
  throw new Response("This page cannot be posted to.", {
    status: 405,
    statusText: "Method Not Allowed",
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** The size of every source that has a card, by id: its records, people or places (its `count`). */
export async function sourceCounts(database: Database): Promise<Map<string, number>> {
  const records = await collectionSizes(database);
  const places = await placeCounts(database);
  const counts = new Map<string, number>();
  for (const s of CATALOG) {
    if (s.kind === "records") counts.set(s.id, records.get(s.id) ?? 0);
    else if (s.kind === "places") counts.set(s.id, places.get(s.def.id) ?? 0);
    else if (s.kind === "families") counts.set(s.id, await peopleCount(database, s.def.id));
  }
  return counts;
}
