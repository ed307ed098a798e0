/**
 * Every fixed address of the site (SPEC §2), once. app/routes.ts gives each a route, the canonical-path table
 * (routing/canonical.ts) knows them for the 301s of case variants, and links, redirects and forms use the
 * constants, so that no path is spelled by hand twice. The sources' addresses (collections, place indexes,
 * families, the directory) come from app/catalog.ts instead.
 *
 * Shared by the server, the browser, the service worker and the route config: no imports.
 */
export const PATHS = {
  home: "/",
  searchAll: "/Search",
  login: "/Login",
  signup: "/Signup",
  signupNew: "/signup/new",
  signupVerify: "/signup/verify",
  signupError: "/signup/error",
  success: "/success",
  configCheck: "/ConfigCheck",
  forgotPassword: "/forgot-password",
  forgotUsername: "/forgot-username",
  resetPassword: "/reset-password",
  logout: "/logout",
  apiLogin: "/api/auth/login",
  apiRefresh: "/api/auth/refresh",
  apiLogout: "/api/auth/logout",
  apiMe: "/api/auth/me",
  apiRegions: "/api/regions/:code",
  releaseNotes: "/release-notes",
  mapShapes: "/maps/base.json",
  mapTowns: "/maps/towns.json",
  profile: "/members/profile",
  profileEditPersonal: "/members/profileEditPersonal",
  profileEditEmail: "/members/profileEditEmail",
  profileEditPassword: "/members/profileEditPassword",
  profileEditUsername: "/members/profileEditUsername",
  usernameAvailable: "/api/username-available",
  admin: "/members/admin",
  adminMember: "/members/admin/members/:id",
  adminApprovals: "/members/admin/approvals",
  adminPages: "/members/admin/pages",
  adminPagesNew: "/members/admin/pages/new",
  adminAudit: "/members/admin/audit",
  adminImports: "/members/admin/imports",
  adminImportsNew: "/members/admin/imports/new",
  adminImport: "/members/admin/imports/:id",
  adminImportEvents: "/members/admin/imports/:id/events",
  adminImportProblems: "/members/admin/imports/:id/problems",
  adminExport: "/members/admin/exports/:collection",
  // Members' own trees in the Master Pedigree Database (decision 0026).
  treeSubmit: "/members/genealogy/submit",
  myTrees: "/members/genealogy/my-trees",
  treePreview: "/members/genealogy/trees/:treeId",
  personGedcom: "/members/genealogy/person/:personId/gedcom",
  // The member directory (decision 0015): a source in the catalog, with a page of its own.
  directory: "/members/membership/search",
} as const;

export type FixedPage = keyof typeof PATHS;

/** The members' area: everything under it is behind the auth-admin guard (routing/members-area.ts). */
export const MEMBERS_AREA = "/members";

/**
 * The pages where a visitor without a session fills in a form (signing in, signing up, account help): only
 * these give a visitor the CSRF cookie, so every other public page sets no cookie and a shared cache may keep it.
 */
const VISITOR_FORM_PAGES: ReadonlySet<string> = new Set([
  PATHS.login,
  PATHS.signup,
  PATHS.signupNew,
  PATHS.signupVerify,
  PATHS.signupError,
  PATHS.success,
  PATHS.forgotPassword,
  PATHS.forgotUsername,
  PATHS.resetPassword,
]);

export const isVisitorFormPage = (pathname: string): boolean => VISITOR_FORM_PAGES.has(pathname);

/**
 * Where a visitor goes to reach a members' page: the sign-in page, which comes back to `to` afterwards. The
 * guard's redirect, the links for visitors and the account menu all build it here.
 */
export function signInPath(to: string): string {
  return to === PATHS.home ? PATHS.login : `${PATHS.login}?redirectTo=${encodeURIComponent(to)}`;
}

/** One member's page in the administration. */
export const adminMemberPath = (id: number | string) => PATHS.adminMember.replace(":id", String(id));

/** One import batch's page, its progress events and its problems as CSV. */
export const adminImportPath = (id: number | string) => PATHS.adminImport.replace(":id", String(id));
export const adminImportEventsPath = (id: number | string) => PATHS.adminImportEvents.replace(":id", String(id));
export const adminImportProblemsPath = (id: number | string) => PATHS.adminImportProblems.replace(":id", String(id));
/** A whole record collection as CSV in the import format. */
export const adminExportPath = (collection: string) => PATHS.adminExport.replace(":collection", collection);

/** A member's tree as its submitter and the administrators see it before approval. */
export const treePreviewPath = (id: number | string) => PATHS.treePreview.replace(":treeId", String(id));
/** The upload of a newer file of an approved tree. */
export const treeReplacePath = (id: number | string) => `${PATHS.treeSubmit}?replaces=${id}`;
/** A person's ancestors and descendants as GEDCOM (`G123`). */
export const personGedcomPath = (personId: string, depth?: number) =>
  PATHS.personGedcom.replace(":personId", personId) + (depth === undefined ? "" : `?depth=${depth}`);

/** The editor of the content page at `slug`. */
export const editPagePath = (slug: string) => `${PATHS.adminPages}/${slug}`;

/** A members' content page (the members' catch-all). */
export const contentPagePath = (slug: string) => `${MEMBERS_AREA}/${slug}`;

/** The regions of a country, for the address form's select. */
export const regionsPath = (code: string) => PATHS.apiRegions.replace(":code", encodeURIComponent(code));
