import { FAMILY_COLLECTIONS, familySearchPath, personPathPattern } from "~/families/collections";
import { MAP_INDEXES, mapPlacePath, mapSearchPath } from "~/places/indexes";
import { COLLECTIONS, exportPath, recordPath, searchPath } from "~/search/collections";

/**
 * Every path pattern the app serves, in its canonical case. Kept beside
 * app/routes.ts; routing/canonical.test.ts checks that the two agree.
 */
export function routePatterns(): string[] {
  return [
    "/",
    "/Search",
    "/Login",
    "/Signup",
    "/signup/new",
    "/signup/verify",
    "/signup/error",
    "/success",
    "/ConfigCheck",
    "/forgot-password",
    "/forgot-username",
    "/reset-password",
    "/logout",
    "/api/auth/login",
    "/api/auth/refresh",
    "/api/auth/logout",
    "/api/auth/me",
    "/api/regions/:code",
    "/release-notes",
    "/members/profile",
    "/members/profileEditPersonal",
    "/members/profileEditEmail",
    "/members/profileEditPassword",
    "/members/profileEditUsername",
    "/api/username-available",
    "/members/membership/search",
    "/members/admin",
    "/members/admin/members/:id",
    "/members/admin/approvals",
    "/members/admin/pages",
    "/members/admin/pages/new",
    "/members/admin/audit",
    ...COLLECTIONS.flatMap((c) => [searchPath(c), recordPath(c, ":recordId"), exportPath(c)]),
    ...FAMILY_COLLECTIONS.flatMap((c) => [familySearchPath(c), personPathPattern(c)]),
    ...MAP_INDEXES.flatMap((i) => [mapSearchPath(i), mapPlacePath(i, ":placeId")]),
  ];
}

/**
 * The canonical spelling of a path that differs from a known route only in
 * letter case (`/search` → `/Search`), or undefined. Parameter segments keep
 * what the user typed.
 */
export function canonicalPath(pathname: string, patterns: string[] = routePatterns()): string | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const parts = trimmed.split("/");
  for (const pattern of patterns) {
    const want = pattern.split("/");
    if (want.length !== parts.length) continue;
    const out: string[] = [];
    let ok = true;
    for (let i = 0; i < want.length; i++) {
      if (want[i].startsWith(":")) out.push(parts[i]);
      else if (want[i].toLowerCase() === parts[i].toLowerCase()) out.push(want[i]);
      else {
        ok = false;
        break;
      }
    }
    const candidate = out.join("/") || "/";
    if (ok && candidate !== pathname) return candidate;
  }
  return undefined;
}
