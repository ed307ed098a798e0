// The layers of app/ (decision 0022, issue 28), top first, and the rules `npm run lint` checks with
// dependency-cruiser. A module may import only from its own layer or from layers below it, so no two folders can
// import each other, and no longer loop of folders can form. A folder not listed here fails too, as soon as
// anything imports it or it imports anything: a new folder takes its place in this list first.
// Tests (*.test.ts) are not held to the order; app/testing/, the tests' helpers, is the top layer, so nothing
// but tests can import it.

/** @type {{ name: string; path: string; holds: string }[]} */
const LAYERS = [
  { name: "testing", path: "^app/testing/", holds: "helpers for tests: requests, outcomes, a started runtime" },
  {
    name: "routes",
    path: "^app/(routes/|routes\\.ts$|root\\.tsx$|entry\\.(client|server)\\.tsx$)",
    holds: "the route table, thin route modules, the root layout and the two entry modules",
  },
  { name: "server", path: "^app/server/", holds: "the composition root: start-up, availability, request guards" },
  { name: "unified", path: "^app/unified/", holds: "/Search: one name over every source (reads every domain)" },
  { name: "demo", path: "^app/demo/", holds: "every demo generator and the one list of demo sets (fills domains)" },
  { name: "imports", path: "^app/imports/", holds: "imports of records and places (write through their domains)" },
  { name: "admin", path: "^app/admin/", holds: "the administration (its content editor knows the site's routes)" },
  { name: "diagnostics", path: "^app/diagnostics/", holds: "/ConfigCheck" },
  {
    name: "catalog",
    path: "^app/(catalog(\\.server)?\\.ts|catalog-text\\.server\\.ts|catalog-pages\\.tsx|navigation\\.server\\.ts)$",
    holds: "the catalog of sources (0018) and the menu built from it",
  },
  { name: "search", path: "^app/search/", holds: "the records domain" },
  { name: "families", path: "^app/families/", holds: "linked people and members' trees" },
  { name: "places", path: "^app/places/", holds: "the place indexes" },
  { name: "members", path: "^app/members/", holds: "members' pages, directory, content pages" },
  { name: "maps", path: "^app/maps/", holds: "the base map, map views, the server's SVG" },
  { name: "jobs", path: "^app/jobs/", holds: "what every background job shares: batch rows, runner id, uploads" },
  {
    name: "platform",
    path: "^app/platform/",
    holds: "serving documents: build identity, document caching, kept pages, payload files, worker bundles",
  },
  { name: "listing", path: "^app/listing/", holds: "what every search page shares (0022)" },
  { name: "auth", path: "^app/auth/", holds: "accounts, sessions, tokens, guards and their pages" },
  { name: "gedcom", path: "^app/gedcom/", holds: "reading GEDCOM (a library: no domain)" },
  { name: "names", path: "^app/names/", holds: "name keys, match modes, typed lists (0019)" },
  { name: "ui", path: "^app/ui/", holds: "shared components: menu, error page, form field, formatting" },
  {
    name: "browser",
    path: "^app/browser/",
    holds: "the page's runtime in the browser: build check, service worker client, reload guard, preloads",
  },
  { name: "mail", path: "^app/mail/", holds: "sending mail" },
  { name: "service-worker", path: "^app/service-worker/", holds: "the service worker itself" },
  {
    name: "i18n",
    path: "^app/(i18n|locales)/",
    holds: "languages, choosing one, i18next on both sides, the catalogs (issue 29)",
  },
  { name: "routing", path: "^app/routing/", holds: "fixed paths, members' area, form reading, thrown responses" },
  { name: "db", path: "^app/db/", holds: "the database: connection, dialect operations, schema, migrations" },
  { name: "config", path: "^app/config/", holds: "environment, session secret, logger, time constants" },
  { name: "styles", path: "^app/styles/", holds: "stylesheets" },
  { name: "types", path: "^app/types/", holds: "ambient types" },
];

const TESTS = "\\.(test|spec)\\.tsx?$";
const anyLayer = LAYERS.map((layer) => `(${layer.path})`).join("|");

export default {
  forbidden: [
    // One rule per layer: nothing in it imports a layer above it.
    ...LAYERS.slice(1).map((layer, i) => ({
      name: `layer-${layer.name}`,
      comment: `${layer.name} (${layer.holds}) imports only from the layers below it (.dependency-cruiser.mjs)`,
      severity: "error",
      from: { path: layer.path, pathNot: TESTS },
      to: {
        path: LAYERS.slice(0, i + 1)
          .map((above) => `(${above.path})`)
          .join("|"),
        pathNot: TESTS,
      },
    })),
    {
      name: "layer-unlisted",
      comment: "every module under app/ belongs to a layer of .dependency-cruiser.mjs: give a new folder its place",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^app/", pathNot: `${anyLayer}|${TESTS}` },
    },
    {
      name: "layer-unlisted-importer",
      comment: "every module under app/ belongs to a layer of .dependency-cruiser.mjs: give a new folder its place",
      severity: "error",
      from: { path: "^app/", pathNot: `${anyLayer}|${TESTS}` },
      to: {},
    },
    {
      // An import the resolver cannot follow would slip past every rule above (a mistyped `~/` path, say).
      name: "local-import-resolves",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^(~/|\\.)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: TESTS },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
