import { type RouteConfig, index, route } from "@remix-run/route-config";
import { FAMILY_COLLECTIONS, familySearchPath, personPathPattern } from "./families/collections";
import { MAP_INDEXES, mapPlacePath, mapSearchPath } from "./places/indexes";
import { COLLECTIONS, exportPath, recordPath, searchPath } from "./search/collections";

/**
 * The route table of SPEC §2. Paths keep their exact case and match
 * case-sensitively; a case variant of a known path falls through to the
 * catch-all, which answers 301 to the canonical spelling (routes/$.tsx).
 * Collection routes come from the registry, so a new collection needs no
 * route code.
 */
const caseSensitive = { caseSensitive: true } as const;

const collectionRoutes = COLLECTIONS.flatMap((c) => [
  route(searchPath(c), "routes/collection-search.tsx", { id: `${c.id}/search`, ...caseSensitive }),
  route(recordPath(c, ":recordId"), "routes/collection-record.tsx", {
    id: `${c.id}/record`,
    ...caseSensitive,
  }),
  route(exportPath(c), "routes/collection-export.ts", { id: `${c.id}/export`, ...caseSensitive }),
]);

// Linked people (decision 0017): people in families, not register entries.
const familyRoutes = FAMILY_COLLECTIONS.flatMap((c) => [
  route(familySearchPath(c), "routes/family-search.tsx", { id: `${c.id}/people`, ...caseSensitive }),
  route(personPathPattern(c), "routes/family-person.tsx", { id: `${c.id}/person`, ...caseSensitive }),
]);

// The place indexes (decisions 0012, 0016). Breyer's routes keep the ids of the time it had files of its own,
// which its payload files name.
const mapIndexRoutes = MAP_INDEXES.flatMap((i) => [
  route(mapSearchPath(i), "routes/map-index-search.tsx", {
    id: i.id === "breyer" ? "routes/breyer-map-search" : `${i.id}/map-search`,
    ...caseSensitive,
  }),
  route(mapPlacePath(i, ":placeId"), "routes/map-index-place.tsx", {
    id: i.id === "breyer" ? "routes/breyer-map-place" : `${i.id}/map-place`,
    ...caseSensitive,
  }),
]);

export default [
  index("routes/_index.tsx"),
  route("/Search", "routes/unified-search.tsx", caseSensitive),
  route("/Login", "routes/login.tsx", caseSensitive),
  route("/Signup", "routes/signup.tsx", caseSensitive),
  route("/signup/new", "routes/signup-new.tsx", caseSensitive),
  route("/signup/verify", "routes/signup-verify.ts", caseSensitive),
  route("/signup/error", "routes/signup-error.tsx", caseSensitive),
  route("/success", "routes/success.tsx", caseSensitive),
  route("/ConfigCheck", "routes/config-check.tsx", caseSensitive),
  route("/forgot-password", "routes/forgot-password.tsx", caseSensitive),
  route("/forgot-username", "routes/forgot-username.tsx", caseSensitive),
  route("/reset-password", "routes/reset-password.tsx", caseSensitive),
  route("/logout", "routes/logout.ts", caseSensitive),
  route("/api/auth/login", "routes/api.auth.login.ts", caseSensitive),
  route("/api/auth/refresh", "routes/api.auth.refresh.ts", caseSensitive),
  route("/api/auth/logout", "routes/api.auth.logout.ts", caseSensitive),
  route("/api/auth/me", "routes/api.auth.me.ts", caseSensitive),
  route("/api/regions/:code", "routes/api.regions.ts", caseSensitive),
  route("/release-notes", "routes/release-notes.tsx", caseSensitive),
  route("/members/profile", "routes/members.profile.tsx", caseSensitive),
  route("/members/profileEditPersonal", "routes/members.profileEditPersonal.tsx", caseSensitive),
  route("/members/profileEditEmail", "routes/members.profileEditEmail.tsx", caseSensitive),
  route("/members/profileEditPassword", "routes/members.profileEditPassword.tsx", caseSensitive),
  route("/members/profileEditUsername", "routes/members.profileEditUsername.tsx", caseSensitive),
  route("/api/username-available", "routes/api.username-available.ts", caseSensitive),
  // The member directory (decision 0015).
  route("/members/membership/search", "routes/members.membership.search.tsx", caseSensitive),
  route("/members/admin", "routes/members.admin.tsx", caseSensitive),
  route("/members/admin/members/:id", "routes/members.admin.members.$id.tsx", caseSensitive),
  route("/members/admin/approvals", "routes/members.admin.approvals.tsx", caseSensitive),
  route("/members/admin/pages", "routes/members.admin.pages.tsx", caseSensitive),
  route("/members/admin/pages/new", "routes/members.admin.pages.new.tsx", caseSensitive),
  // A splat: content page addresses may have parts ("guides/volhynia-parishes").
  route("/members/admin/pages/*", "routes/members.admin.pages.$.tsx", caseSensitive),
  route("/members/admin/audit", "routes/members.admin.audit.tsx", caseSensitive),
  ...collectionRoutes,
  ...familyRoutes,
  ...mapIndexRoutes,
  // The spec's members catch-all (auth-admin): content pages by slug.
  route("/members/*", "routes/members.$.tsx"),
  route("*", "routes/$.tsx"),
] satisfies RouteConfig;
