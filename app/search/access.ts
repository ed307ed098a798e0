/**
 * Where a visitor goes to reach a members' page: the sign-in page, which
 * comes back to `to` afterwards (the guard's own redirect, spelled out so
 * that links need not bounce through it).
 */
export function signInPath(to: string): string {
  return `/Login?redirectTo=${encodeURIComponent(to)}`;
}
