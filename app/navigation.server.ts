import { DIRECTORY_GROUP, catalogGroups } from "~/catalog";
import { PATHS } from "~/routing/paths";
import type { NavItem } from "~/ui/nav-menu";

/**
 * The site navigation: the catalog's groups of sources (so new sources appear by themselves) between fixed pages.
 * Server-only: the root loader hands it to the page, so the browser never loads the catalog for the menu.
 */
export function siteNavigation(): NavItem[] {
  const groups = catalogGroups();
  // The members' group (the directory) also leads to the member's own account.
  const members = groups.find((g) => g.label === DIRECTORY_GROUP);
  members?.links.push({ label: "Your account", to: PATHS.profile });
  return [
    { label: "Home", to: PATHS.home },
    // Short on wide screens so the menu keeps to one row; the whole name stays the link's accessible name.
    { label: "Search all records", shortLabel: "Search", to: PATHS.searchAll },
    ...groups,
    { label: "What's new", to: PATHS.releaseNotes },
  ];
}
