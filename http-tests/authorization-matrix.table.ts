/**
 * The authorization matrix of issue 13 (http-tests/authorization-matrix.test.ts): for every route pattern of the
 * build, the exact answer to each kind of account, in the order of KINDS. Written by hand, and so reviewed: a new
 * route fails the test until it has a row here.
 *
 * - get: GET of the page or endpoint, its parameters filled with real fixtures (the member's own tree, a record
 *   that exists, …); payload: GET of its `_payload.json` (decision 0008: 404 for a resource route, which has no
 *   page, and 401 rather than a redirect for a members' page without an active membership);
 * - post: a form post with a valid CSRF token and no other field (the guard runs first, then the form's own
 *   checks: 400 is "the form was empty", 405 "this address takes no posts", 415 "an upload form needs a file");
 *   postNoCsrf: the same without the token (403 once the guard has let the account through).
 *
 * The sign-up form's answer to a post without its trap fields is the answer a person gets (a bot learns nothing);
 * /api/auth/login reads JSON, not forms, so a form post is 400 with or without a token. The members' guard answers
 * 403 for pending, expired and suspended accounts, and 403 for a member on an administrator's page.
 */
export const KINDS = ["visitor", "pending", "active", "expired", "suspended", "admin"] as const;
export type Kind = (typeof KINDS)[number];

/** One answer: a status, or a redirect's status and where it goes ("302 login": to sign in, and back here). */
export type Cell = number | string;

export interface RouteCells {
  get: Cell[];
  payload: Cell[];
  post?: Cell[];
  postNoCsrf?: Cell[];
}

/** A visitor sent to sign in and come back. */
const L = "302 login";

// prettier-ignore
export const EXPECTED: Record<string, RouteCells> = {
  "/": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200] },
  "/Search": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200] },
  "/Login": { get: [200, "302 /", "302 /", "302 /", "302 /", "302 /"], payload: [200, 202, 202, 202, 202, 202], post: [400, "302 /", "302 /", "302 /", "302 /", "302 /"], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/Signup": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200] },
  "/signup/new": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: ["302 /signup/new?sent=your%20address", "302 /signup/new?sent=your%20address", "302 /signup/new?sent=your%20address", "302 /signup/new?sent=your%20address", "302 /signup/new?sent=your%20address", "302 /signup/new?sent=your%20address"], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/signup/verify": { get: ["302 /signup/error?reason=invalid", "302 /signup/error?reason=invalid", "302 /signup/error?reason=invalid", "302 /signup/error?reason=invalid", "302 /signup/error?reason=invalid", "302 /signup/error?reason=invalid"], payload: [404, 404, 404, 404, 404, 404] },
  "/signup/error": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [400, 400, 400, 400, 400, 400], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/success": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200] },
  "/ConfigCheck": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200] },
  "/forgot-password": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [400, 400, 400, 400, 400, 400], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/forgot-username": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [400, 400, 400, 400, 400, 400], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/reset-password": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [400, 400, 400, 400, 400, 400], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/logout": { get: ["302 /", "302 /", "302 /", "302 /", "302 /", "302 /"], payload: [404, 404, 404, 404, 404, 404], post: ["302 /", "302 /", "302 /", "302 /", "302 /", "302 /"], postNoCsrf: [403, 403, 403, 403, 403, 403] },
  "/api/auth/login": { get: [405, 405, 405, 405, 405, 405], payload: [404, 404, 404, 404, 404, 404], post: [400, 400, 400, 400, 400, 400], postNoCsrf: [400, 400, 400, 400, 400, 400] },
  "/api/auth/refresh": { get: [401, 200, 200, 200, 401, 200], payload: [404, 404, 404, 404, 404, 404] },
  "/api/auth/logout": { get: [200, 200, 200, 200, 200, 200], payload: [404, 404, 404, 404, 404, 404] },
  "/api/auth/me": { get: [401, 200, 200, 200, 200, 200], payload: [404, 404, 404, 404, 404, 404] },
  "/api/regions/:code": { get: [200, 200, 200, 200, 200, 200], payload: [404, 404, 404, 404, 404, 404] },
  "/release-notes": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200] },
  "/maps/base.json": { get: [200, 200, 200, 200, 200, 200], payload: [404, 404, 404, 404, 404, 404] },
  "/maps/towns.json": { get: [200, 200, 200, 200, 200, 200], payload: [404, 404, 404, 404, 404, 404] },
  "/members/profile": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, "302 /", 403, 403, "302 /"], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/profileEditPersonal": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 400, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/profileEditEmail": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 400, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/profileEditPassword": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 400, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/profileEditUsername": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 400, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/api/username-available": { get: [401, 401, 400, 401, 401, 400], payload: [404, 404, 404, 404, 404, 404] },
  "/members/admin": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/admin/members/:id": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/admin/approvals": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/admin/pages": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/admin/pages/new": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/admin/audit": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/admin/imports": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/admin/imports/new": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 415], postNoCsrf: [L, 403, 403, 403, 403, 415] },
  "/members/admin/imports/:id": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 409], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/admin/imports/:id/events": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 404, 401, 401, 404], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/admin/imports/:id/problems": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 404, 401, 401, 404], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/admin/exports/:collection": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 404, 401, 401, 404], post: [L, 403, 403, 403, 403, 405], postNoCsrf: [L, 403, 403, 403, 403, 405] },
  "/members/genealogy/submit": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 415, 403, 403, 415], postNoCsrf: [L, 403, 415, 403, 403, 415] },
  "/members/genealogy/my-trees": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 400, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/members/genealogy/trees/:treeId": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/genealogy/person/:personId/gedcom": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 404, 401, 401, 404], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/membership/search": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200] },
  "/members/admin/pages/*": { get: [L, 403, 403, 403, 403, 200], payload: [401, 401, 403, 401, 401, 200], post: [L, 403, 403, 403, 403, 400], postNoCsrf: [L, 403, 403, 403, 403, 403] },
  "/:source/:part/search": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [405, 405, 405, 405, 405, 405], postNoCsrf: [405, 405, 405, 405, 405, 405] },
  "/:source/:part/record/:recordId": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [405, 405, 405, 405, 405, 405], postNoCsrf: [405, 405, 405, 405, 405, 405] },
  "/:source/:part/export.csv": { get: [200, 200, 200, 200, 200, 200], payload: [404, 404, 404, 404, 404, 404], post: [405, 405, 405, 405, 405, 405], postNoCsrf: [405, 405, 405, 405, 405, 405] },
  "/members/:source/:part/search": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/:part/record/:recordId": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/:part/export.csv": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 404, 401, 401, 404], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/search": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/record/:recordId": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/export.csv": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 404, 401, 401, 404], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/person/:personId": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/:source/person/:personId/descendants": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/:source/:part/place/:placeId": { get: [200, 200, 200, 200, 200, 200], payload: [200, 200, 200, 200, 200, 200], post: [405, 405, 405, 405, 405, 405], postNoCsrf: [405, 405, 405, 405, 405, 405] },
  "/members/:source/:part/place/:placeId": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "/members/*": { get: [L, 403, 200, 403, 403, 200], payload: [401, 401, 200, 401, 401, 200], post: [L, 403, 405, 403, 403, 405], postNoCsrf: [L, 403, 405, 403, 403, 405] },
  "*": { get: [404, 404, 404, 404, 404, 404], payload: [404, 404, 404, 404, 404, 404], post: [404, 404, 404, 404, 404, 404], postNoCsrf: [404, 404, 404, 404, 404, 404] },
};
