import { MAP_INDEXES, mapSearchPath } from "~/places/indexes";
import { COLLECTIONS, GROUP_SHORT_LABELS, searchPath } from "~/search/collections";
import type { NavItem } from "./nav-menu";

/** The site navigation, built from the collection registry so new collections appear by themselves. */
export function siteNavigation(): NavItem[] {
  const groups = new Map<string, { label: string; to: string; description?: string }[]>();
  for (const c of COLLECTIONS) {
    const links = groups.get(c.group) ?? [];
    links.push({ label: c.shortTitle, to: searchPath(c), description: c.access === "members" ? "Members" : undefined });
    groups.set(c.group, links);
  }
  return [
    { label: "Home", to: "/" },
    { label: "Search all records", to: "/Search" },
    ...[...groups].map(([label, links]) => ({ label, shortLabel: GROUP_SHORT_LABELS[label], links })),
    // Villages that changed their names: the place indexes answer "where was it?" for every collection.
    {
      label: "Places",
      links: MAP_INDEXES.map((i) => ({
        label: i.shortTitle,
        to: mapSearchPath(i),
        description: i.access === "members" ? "Members" : undefined,
      })),
    },
    { label: "What's new", to: "/release-notes" },
  ];
}
