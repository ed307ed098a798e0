import type { MetaDescriptor, SerializeFrom } from "@remix-run/node";
import type { loadPlacePage } from "../page.server";

/** A place page's title and description (the description is what a search engine shows under the title). */
export function placePageMeta({ data }: { data: unknown }): MetaDescriptor[] {
  const d = data as SerializeFrom<typeof loadPlacePage> | undefined;
  if (!d) return [{ title: "Place — Metryka" }];
  return [
    { title: `${d.place.name}, ${d.place.province} — ${d.index.title} — Metryka` },
    { name: "description", content: `${d.place.name}, ${d.place.province}: an entry of ${d.index.title}.` },
  ];
}
