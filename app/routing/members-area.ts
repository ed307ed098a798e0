/**
 * Whether a path lies under the members' area however it is spelled: the members' catch-all route matches
 * without regard to letter case, and the router decodes `%6D` before matching, so `/Members/x`,
 * `//members/x` and `/%6Dembers/x` all reach it. Everything that must treat members' pages differently
 * (payload files, page caching headers, the service worker) asks this one function.
 */
export function isMembersPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape cannot be routed anywhere; judge the raw text.
  }
  path = path.replace(/\/{2,}/g, "/").toLowerCase();
  return path === "/members" || path.startsWith("/members/");
}
