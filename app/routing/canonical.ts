/**
 * The canonical spelling of a path that differs from a known route only in
 * letter case (`/search` → `/Search`), or undefined. Parameter segments keep
 * what the user typed. `patterns` is the site's table (app/catalog.ts, sitePatterns).
 */
export function canonicalPath(pathname: string, patterns: readonly string[]): string | undefined {
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
