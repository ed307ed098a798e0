import { DIRECTORY_PATH } from "~/members/directory-criteria";
import { FAMILY_COLLECTIONS, FAMILY_GROUP, familySearchPath } from "~/families/collections";
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
    // Short on wide screens so the menu keeps to one row; the whole name stays the link's accessible name.
    { label: "Search all records", shortLabel: "Search", to: "/Search" },
    ...[...groups].map(([label, links]) => ({ label, shortLabel: GROUP_SHORT_LABELS[label], links })),
    // People linked into families (decision 0017): their own searches, not register collections.
    {
      label: FAMILY_GROUP,
      shortLabel: "Families",
      links: FAMILY_COLLECTIONS.map((c) => ({ label: c.shortTitle, to: familySearchPath(c), description: "Members" })),
    },
    // Villages that changed their names: the place indexes answer "where was it?" for every collection.
    {
      label: "Places",
      links: MAP_INDEXES.map((i) => ({
        label: i.shortTitle,
        to: mapSearchPath(i),
        description: i.access === "members" ? "Members" : undefined,
      })),
    },
    // Members find each other by the surnames they research; visitors are sent to sign in first.
    {
      label: "Members",
      links: [
        { label: "Member directory", to: DIRECTORY_PATH, description: "Find members by the surnames they research" },
        { label: "Your account", to: "/members/profile" },
      ],
    },
    { label: "What's new", to: "/release-notes" },
  ];
}
