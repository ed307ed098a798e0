// Relative imports only: app/routes.ts reads this module at build time, outside the app's path aliases.
import { FAMILY_COLLECTIONS, FAMILY_GROUP, type FamilyCollection } from "./families/collections";
import { MAP_INDEXES, type MapIndexDef } from "./places/indexes";
import { MEMBERS_AREA, PATHS } from "./routing/paths";
import { COLLECTIONS, type CollectionDef, GROUP_SHORT_LABELS } from "./search/collections";

/**
 * The catalog of sources (decision 0018): every record collection, family collection, place index and the member
 * directory, described by one type. The route table (parameterised routes per kind of page), the canonical-path
 * table, the menu, the home page's cards, /Search and the members' guard test all read it, so a new source is
 * declared once, in its domain's registry, and appears everywhere.
 *
 * Shared by the server, the browser and the route config: no server-only imports. Domain modules never import
 * it (it imports them).
 */

/** The kinds of page a source can have; each is one route module (app/routes.ts). */
export type SourcePage = "search" | "record" | "export" | "place" | "person" | "descendants";

/** What a source's pages show, and so which domain answers them. */
export type SourceKind = "records" | "families" | "places" | "directory";

/** What a source's size counts, on its home page card. */
export type CountUnit = "records" | "people" | "places";

/** The parameter of a page's own segment: a record, place or person id (a person's descendants: theirs). */
export const PAGE_PARAMS = {
  record: "recordId",
  place: "placeId",
  person: "personId",
  descendants: "personId",
} as const;

interface SourceBase {
  /** Unique across the catalog (the records' collection id, the family collection's, the index's). */
  id: string;
  title: string;
  shortTitle: string;
  description: string;
  /** The menu group it is listed under, and the group's short label on wide screens. */
  group: string;
  groupShortLabel?: string;
  access: "public" | "members";
  /** Its pages live under this prefix: `${basePath}/search`, `${basePath}/record/:recordId`, … */
  basePath: string;
  /** Its pages, each as the path pattern the router matches. */
  routes: Partial<Record<SourcePage, string>>;
  /** What its card counts, or null when it has no card (the directory). */
  count: CountUnit | null;
  /** A note beside its menu link. */
  menuNote?: string;
}

export type CatalogSource =
  | (SourceBase & { kind: "records"; def: CollectionDef })
  | (SourceBase & { kind: "families"; def: FamilyCollection })
  | (SourceBase & { kind: "places"; def: MapIndexDef })
  | (SourceBase & { kind: "directory"; def: null });

export type SourceOf<K extends SourceKind> = Extract<CatalogSource, { kind: K }>;

const pagePath = (basePath: string, page: SourcePage): string =>
  page === "search"
    ? `${basePath}/search`
    : page === "export"
      ? `${basePath}/export.csv`
      : page === "descendants"
        ? `${basePath}/person/:${PAGE_PARAMS[page]}/descendants`
        : `${basePath}/${page}/:${PAGE_PARAMS[page]}`;

function pages(basePath: string, list: readonly SourcePage[]): Partial<Record<SourcePage, string>> {
  return Object.fromEntries(list.map((p) => [p, pagePath(basePath, p)]));
}

const membersNote = (access: "public" | "members") => (access === "members" ? "Members" : undefined);

export const CATALOG: readonly CatalogSource[] = [
  ...COLLECTIONS.map((c): SourceOf<"records"> => ({
    kind: "records",
    def: c,
    id: c.id,
    title: c.title,
    shortTitle: c.shortTitle,
    description: c.description,
    group: c.group,
    groupShortLabel: GROUP_SHORT_LABELS[c.group],
    access: c.access,
    basePath: c.basePath,
    routes: pages(c.basePath, ["search", "record", "export"]),
    count: "records",
    menuNote: membersNote(c.access),
  })),
  // People linked into families (decision 0017): their own searches, not register collections.
  ...FAMILY_COLLECTIONS.map((c): SourceOf<"families"> => ({
    kind: "families",
    def: c,
    id: c.id,
    title: c.title,
    shortTitle: c.shortTitle,
    description: c.description,
    group: FAMILY_GROUP,
    groupShortLabel: "Families",
    access: "members",
    basePath: c.basePath,
    routes: pages(c.basePath, ["search", "person", "descendants"]),
    count: "people",
    menuNote: "Members",
  })),
  // Villages that changed their names: the place indexes answer "where was it?" for every collection.
  ...MAP_INDEXES.map((i): SourceOf<"places"> => ({
    kind: "places",
    def: i,
    id: i.id,
    title: i.title,
    shortTitle: i.shortTitle,
    description: i.description,
    group: "Places",
    access: i.access,
    basePath: i.basePath,
    routes: pages(i.basePath, ["search", "place"]),
    count: "places",
    menuNote: membersNote(i.access),
  })),
  // Members find each other by the surnames they research (decision 0015); visitors are sent to sign in first.
  {
    kind: "directory",
    def: null,
    id: "membership",
    title: "Member directory",
    shortTitle: "Member directory",
    description: "Find members by the surnames they research",
    group: "Members",
    access: "members",
    basePath: PATHS.directory.replace(/\/search$/, ""),
    routes: { search: PATHS.directory },
    count: null,
    menuNote: "Find members by the surnames they research",
  },
];

export function sourcesOf<K extends SourceKind>(kind: K): SourceOf<K>[] {
  return CATALOG.filter((s): s is SourceOf<K> => s.kind === kind);
}

/** The catalog's sources by kind as their domains declare them, for code that spans domains (/Search). */
export function sourceDefs() {
  return {
    records: sourcesOf("records").map((s) => s.def),
    families: sourcesOf("families").map((s) => s.def),
    places: sourcesOf("places").map((s) => s.def),
  };
}

export function sourcePath(source: CatalogSource, page: SourcePage, id?: number | string): string {
  const pattern = source.routes[page];
  if (!pattern) throw new Error(`${source.id} has no ${page} page`);
  return id === undefined ? pattern : pattern.replace(/:[A-Za-z]+/, String(id));
}

/** Whether a concrete path fits a pattern, segment by segment: a parameter takes one non-empty segment (exact case, as routed). */
function fits(pattern: string, pathname: string): boolean {
  const want = pattern.split("/");
  const parts = pathname.split("/");
  return want.length === parts.length && want.every((w, i) => (w.startsWith(":") ? parts[i] !== "" : w === parts[i]));
}

/** The source whose `page` is at `pathname` (exact case), or undefined. */
export function sourceAt(pathname: string, page: SourcePage): CatalogSource | undefined {
  return CATALOG.find((s) => {
    const pattern = s.routes[page];
    return pattern !== undefined && fits(pattern, pathname);
  });
}

/** Every page of every source, as path patterns in their canonical case. */
export function sourcePatterns(): string[] {
  return CATALOG.flatMap((s) => Object.values(s.routes)).filter((p) => p !== PATHS.directory);
}

/** Every path pattern the site serves, in its canonical case: the table behind the 301s of case variants. */
export function sitePatterns(): string[] {
  return [...Object.values(PATHS), ...sourcePatterns()];
}

/**
 * The parameterised route patterns that serve the sources' pages: each source page's pattern with the segments
 * of its base path made parameters (`/stpete/birth/search` → `/:source/:part/search`), except the members'
 * area's first segment, so that members' pages have route modules of their own (each calls the guard). Two
 * sources whose paths have the same shape share a route; its module finds the source in the catalog.
 */
export interface SourceRoute {
  page: SourcePage;
  path: string;
  members: boolean;
}

const PARAM_NAMES = [":source", ":part"] as const;

export function sourceRoutes(): SourceRoute[] {
  const seen = new Map<string, SourceRoute>();
  for (const s of CATALOG) {
    if (s.kind === "directory") continue; // A page of its own: /members/membership/search outranks the shapes.
    const members = s.basePath.startsWith(`${MEMBERS_AREA}/`);
    // Only the members' route modules call the guard: a members' source outside /members would be served unguarded.
    if (members !== (s.access === "members"))
      throw new Error(`${s.id}: members' sources live under /members, others not`);
    const own = (members ? s.basePath.slice(MEMBERS_AREA.length) : s.basePath).split("/").slice(1);
    if (own.length > PARAM_NAMES.length) throw new Error(`${s.id}: a base path deeper than the route shapes`);
    const shape = `${members ? MEMBERS_AREA : ""}/${own.map((_, i) => PARAM_NAMES[i]).join("/")}`;
    for (const page of Object.keys(s.routes) as SourcePage[]) {
      const path = pagePath(shape, page);
      if (!seen.has(path)) seen.set(path, { page, path, members });
    }
  }
  return [...seen.values()];
}

/** The id of a source route in the route table, and so its key in payload files: its path without the colons. */
export function sourceRouteId(route: SourceRoute): string {
  return route.path.slice(1).replaceAll(":", "");
}
