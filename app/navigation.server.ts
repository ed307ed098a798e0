import { catalogGroupsIn } from "~/catalog-text.server";
import { PATHS } from "~/routing/paths";
import type { NavItem } from "~/ui/nav-menu";
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";

/**
 * The site navigation: the catalog's groups of sources (so new sources appear by themselves) between fixed pages.
 * Server-only: the root loader hands it to the page, so the browser never loads the catalog for the menu.
 */
export function siteNavigation(language: Language): readonly NavItem[] {
  let navigation = navigations.get(language);
  if (!navigation) navigations.set(language, (navigation = Object.freeze(navigationIn(language))));
  return navigation;
}

/** The menu depends on the language alone (the catalog and the words are fixed while the server runs). */
const navigations = new Map<Language, readonly NavItem[]>();

function navigationIn(language: Language): NavItem[] {
  const t = translator(language, "common");
  const groups = catalogGroupsIn(language).map(({ directory, ...group }) => {
    // The members' group (the directory) also leads to the member's own account.
    if (directory) group.links.push({ label: t("nav.yourAccount"), to: PATHS.profile });
    return group;
  });
  return [
    { label: t("nav.home"), to: PATHS.home },
    // Short on wide screens so the menu keeps to one row; the whole name stays the link's accessible name.
    { label: t("nav.searchAll"), shortLabel: t("nav.searchAllShort"), to: PATHS.searchAll },
    ...groups,
    { label: t("nav.whatsNew"), to: PATHS.releaseNotes },
  ];
}
