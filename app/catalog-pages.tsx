import type { MetaDescriptor } from "@remix-run/node";
import { metaTags } from "~/i18n/meta";
import { useLoaderData } from "@remix-run/react";
import { Suspense, lazy } from "react";
import type { loadPersonSearch } from "~/families/page.server";
import type { loadPlaceSearch } from "~/places/page.server";
import type { loadSearchPage } from "~/search/search-page.server";
import { SearchPage } from "~/search/ui/search-page";
import type { SerializeFrom } from "@remix-run/node";

/**
 * What the source search routes render (decision 0018): one search route serves records, people and places alike,
 * so its page and its title follow the kind of the source the address names, which the loader's data says. (Not
 * the catalog: its registries would ride along in every search page's JavaScript, issue 12 item 4.) The other
 * source routes render one kind of page each and import it, with its title, from its domain.
 */

type Data<T extends (...args: never[]) => unknown> = SerializeFrom<T> | undefined;

// The records' search page is in the route's own chunk; the people's and the places' come in their own chunks when
// such a page is shown (the server renders them whole; the browser hydrates them once their chunk is in), so a
// records search does not carry their code (issue 12 item 4: ≤ 100 KB of JavaScript on a search page).
const PersonSearchPage = lazy(async () => ({
  default: (await import("~/families/ui/person-search-page")).PersonSearchPage,
}));
const PlaceSearchPage = lazy(async () => ({
  default: (await import("~/places/ui/place-search-page")).PlaceSearchPage,
}));

export function SourceSearchPage() {
  const kind = useLoaderData<{ kind?: string }>()?.kind;
  if (kind === "families" || kind === "places") {
    return <Suspense fallback={null}>{kind === "families" ? <PersonSearchPage /> : <PlaceSearchPage />}</Suspense>;
  }
  return <SearchPage />;
}

function recordsSearchMeta(data: Data<typeof loadSearchPage>): MetaDescriptor[] {
  // Written by the loader in the reader's language.
  if (data?.meta) return metaTags(data.meta);
  const title = data?.collection.title ?? "Search";
  const total = data?.result?.total;
  return [
    { title: `${total !== undefined ? `${total} results — ` : ""}${title} — Metryka` },
    { name: "description", content: data?.collection.description ?? "" },
  ];
}

function peopleSearchMeta(data: Data<typeof loadPersonSearch>): MetaDescriptor[] {
  const total = data?.result?.total;
  return [
    {
      title: `${total !== undefined ? `${total} ${total === 1 ? "person" : "people"} — ` : ""}${data?.form.title ?? "Families"} — Metryka`,
    },
    { name: "description", content: data?.form.description ?? "" },
  ];
}

function placeSearchMeta(data: Data<typeof loadPlaceSearch>): MetaDescriptor[] {
  // Written by the loader in the reader's language.
  if (data?.meta) return metaTags(data.meta);
  const total = data?.result?.total;
  const title = data?.form.title ?? "Place index";
  return [
    { title: `${total !== undefined ? `${total} places — ` : ""}${title} — Metryka` },
    { name: "description", content: data?.form.description ?? "" },
  ];
}

export function sourceSearchMeta({ data }: { data: unknown }) {
  const kind = (data as { kind?: string } | undefined)?.kind;
  if (kind === "families") return peopleSearchMeta(data as Data<typeof loadPersonSearch>);
  if (kind === "places") return placeSearchMeta(data as Data<typeof loadPlaceSearch>);
  return recordsSearchMeta(data as Data<typeof loadSearchPage>);
}
