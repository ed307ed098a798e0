import { type RouteConfig, index, route } from "@remix-run/route-config";
import { type SourcePage, sourceRouteId, sourceRoutes } from "./catalog";
import { type FixedPage, MEMBERS_AREA, PATHS } from "./routing/paths";

/**
 * The route table of SPEC §2. Paths keep their exact case and match
 * case-sensitively; a case variant of a known path falls through to the
 * catch-all (or a source route), which answers 301 to the canonical spelling.
 * The sources' pages (decision 0018) are a few parameterised routes per kind
 * of page, made from the catalog: their modules find the source in the
 * catalog and answer 404 for a path that names none, so a new source needs no
 * route code.
 */
const caseSensitive = { caseSensitive: true } as const;

/** The module of each fixed page (app/routing/paths.ts). */
const FIXED_ROUTES: Record<Exclude<FixedPage, "home">, string> = {
  searchAll: "routes/unified-search.tsx",
  login: "routes/login.tsx",
  signup: "routes/signup.tsx",
  signupNew: "routes/signup-new.tsx",
  signupVerify: "routes/signup-verify.ts",
  signupError: "routes/signup-error.tsx",
  success: "routes/success.tsx",
  configCheck: "routes/config-check.tsx",
  forgotPassword: "routes/forgot-password.tsx",
  forgotUsername: "routes/forgot-username.tsx",
  resetPassword: "routes/reset-password.tsx",
  logout: "routes/logout.ts",
  apiLogin: "routes/api.auth.login.ts",
  apiRefresh: "routes/api.auth.refresh.ts",
  apiLogout: "routes/api.auth.logout.ts",
  apiMe: "routes/api.auth.me.ts",
  apiRegions: "routes/api.regions.ts",
  releaseNotes: "routes/release-notes.tsx",
  mapShapes: "routes/maps.base.ts",
  mapTowns: "routes/maps.towns.ts",
  profile: "routes/members.profile.tsx",
  profileEditPersonal: "routes/members.profileEditPersonal.tsx",
  profileEditEmail: "routes/members.profileEditEmail.tsx",
  profileEditPassword: "routes/members.profileEditPassword.tsx",
  profileEditUsername: "routes/members.profileEditUsername.tsx",
  usernameAvailable: "routes/api.username-available.ts",
  admin: "routes/members.admin.tsx",
  adminMember: "routes/members.admin.members.$id.tsx",
  adminApprovals: "routes/members.admin.approvals.tsx",
  adminPages: "routes/members.admin.pages.tsx",
  adminPagesNew: "routes/members.admin.pages.new.tsx",
  adminAudit: "routes/members.admin.audit.tsx",
  adminImports: "routes/members.admin.imports.tsx",
  adminImportsNew: "routes/members.admin.imports.new.tsx",
  adminImport: "routes/members.admin.imports.$id.tsx",
  adminImportEvents: "routes/members.admin.imports.$id.events.ts",
  adminImportProblems: "routes/members.admin.imports.$id.problems.ts",
  adminExport: "routes/members.admin.exports.$collection.ts",
  treeSubmit: "routes/members.genealogy.submit.tsx",
  myTrees: "routes/members.genealogy.my-trees.tsx",
  treePreview: "routes/members.genealogy.trees.$treeId.tsx",
  personGedcom: "routes/members.genealogy.person.$personId.gedcom.ts",
  directory: "routes/members.membership.search.tsx",
};

/** The module of each kind of source page; the members' area has its own, which call the guard first. */
const SOURCE_MODULES: Record<"public" | "members", Partial<Record<SourcePage, string>>> = {
  public: {
    search: "routes/source-search.tsx",
    record: "routes/source-record.tsx",
    export: "routes/source-export.ts",
    place: "routes/source-place.tsx",
  },
  members: {
    search: "routes/members.source-search.tsx",
    record: "routes/members.source-record.tsx",
    export: "routes/members.source-export.ts",
    place: "routes/members.source-place.tsx",
    person: "routes/members.source-person.tsx",
    descendants: "routes/members.source-descendants.tsx",
  },
};

const sourceRouteTable = sourceRoutes().map((r) => {
  const file = SOURCE_MODULES[r.members ? "members" : "public"][r.page];
  if (!file) throw new Error(`app/routes.ts: no module for ${r.members ? "members'" : "public"} ${r.page} pages`);
  return route(r.path, file, { id: sourceRouteId(r), ...caseSensitive });
});

export default [
  index("routes/_index.tsx"),
  ...Object.entries(FIXED_ROUTES).map(([page, file]) => route(PATHS[page as FixedPage], file, caseSensitive)),
  // A splat: content page addresses may have parts ("guides/volhynia-parishes").
  route(`${PATHS.adminPages}/*`, "routes/members.admin.pages.$.tsx", caseSensitive),
  ...sourceRouteTable,
  // The spec's members catch-all (auth-admin): content pages by slug.
  route(`${MEMBERS_AREA}/*`, "routes/members.$.tsx"),
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
