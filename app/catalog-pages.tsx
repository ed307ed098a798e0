import type { MetaDescriptor } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { DescendantsPage } from "~/families/ui/descendants-page";
import { PersonPage } from "~/families/ui/person-page";
import { PersonSearchPage } from "~/families/ui/person-search-page";
import type { loadDescendantsPage, loadPersonPage, loadPersonSearch } from "~/families/page.server";
import { PlacePage } from "~/places/ui/place-page";
import { PlaceRecords } from "~/search/ui/place-records";
import { PlaceSearchPage } from "~/places/ui/place-search-page";
import type { loadPlacePage, loadPlaceSearch } from "~/places/page.server";
import type { loadRecordPage } from "~/search/record-page.server";
import type { loadSearchPage } from "~/search/search-page.server";
import { RecordPage } from "~/search/ui/record-page";
import { SearchPage } from "~/search/ui/search-page";
import type { SerializeFrom } from "@remix-run/node";
import { sourceAt } from "./catalog";

/**
 * What the source routes render (decision 0018): one search route serves records, people and places alike, so
 * its page and its title follow the kind of the source the address names (the loader has already found it).
 */

type Data<T extends (...args: never[]) => unknown> = SerializeFrom<T> | undefined;

export function SourceSearchPage() {
  const kind = sourceAt(useLocation().pathname, "search")?.kind;
  if (kind === "families") return <PersonSearchPage />;
  if (kind === "places") return <PlaceSearchPage />;
  return <SearchPage />;
}

function recordsSearchMeta(data: Data<typeof loadSearchPage>): MetaDescriptor[] {
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
  const total = data?.result?.total;
  const title = data?.form.title ?? "Place index";
  return [
    { title: `${total !== undefined ? `${total} places — ` : ""}${title} — Metryka` },
    { name: "description", content: data?.form.description ?? "" },
  ];
}

export function sourceSearchMeta({ data, location }: { data: unknown; location: { pathname: string } }) {
  const kind = sourceAt(location.pathname, "search")?.kind;
  if (kind === "families") return peopleSearchMeta(data as Data<typeof loadPersonSearch>);
  if (kind === "places") return placeSearchMeta(data as Data<typeof loadPlaceSearch>);
  return recordsSearchMeta(data as Data<typeof loadSearchPage>);
}

export const SourceRecordPage = RecordPage;

export function sourceRecordMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as Data<typeof loadRecordPage>;
  return [{ title: d ? `${d.record.subject}, ${d.record.date} — Metryka` : "Record — Metryka" }];
}

export function SourcePlacePage() {
  return (
    <PlacePage>
      <PlaceRecords />
    </PlacePage>
  );
}

export function sourcePlaceMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as Data<typeof loadPlacePage>;
  return [{ title: d ? `${d.place.name}, ${d.place.province} — ${d.index.title} — Metryka` : "Place — Metryka" }];
}

export const SourcePersonPage = PersonPage;

export function sourcePersonMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as Data<typeof loadPersonPage>;
  return [{ title: d ? `${d.person.name} (${d.person.id}) — ${d.collection.title} — Metryka` : "Person — Metryka" }];
}

export const SourceDescendantsPage = DescendantsPage;

export function sourceDescendantsMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as Data<typeof loadDescendantsPage>;
  return [
    {
      title: d
        ? `Descendants of ${d.person.name} (${d.person.id}) — ${d.collection.title} — Metryka`
        : "Descendants — Metryka",
    },
  ];
}
