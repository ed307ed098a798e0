// The site's Content-Security-Policy, for every answer (server.ts) and for each rendered page with the hashes of its
// own inline scripts (app/entry.server.tsx). No `~/` imports: server.ts is compiled on its own (tsconfig.server.json).
import { createHash } from "node:crypto";
import { mapTileOrigins } from "../maps/tiles.js";

export const CSP_HEADER = "Content-Security-Policy";

/**
 * The policy. Scripts: `'strict-dynamic'` and the SHA-256 hashes of the page's inline scripts, so a page is the same
 * bytes for everyone and any HTTP cache may keep it with its header (decision 0066); the modules those scripts load
 * are trusted through `'strict-dynamic'`. `'self'` is only for browsers older than CSP 3, which ignore
 * `'strict-dynamic'` (newer ones ignore `'self'` beside it). Never `'unsafe-inline'` for scripts. An answer that is
 * not a rendered page gets no hash: no inline script of its may run.
 */
export function contentSecurityPolicy(
  scriptHashes: readonly string[] = [],
  env: Partial<Record<string, string>> = process.env,
): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["base-uri", "'self'"],
    ["font-src", "'self'", "https:", "data:"],
    ["form-action", "'self'"],
    // No page of the site is meant to be shown inside a frame, not even the site's own (clickjacking).
    ["frame-ancestors", "'none'"],
    // A tile server the site configured (MAP_TILE_URL) may serve the maps' images; nothing else may.
    ["img-src", "'self'", "data:", ...mapTileOrigins(env)],
    ["object-src", "'none'"],
    ["script-src", "'strict-dynamic'", ...scriptHashes.map((hash) => `'${hash}'`), "'self'"],
    ["script-src-attr", "'none'"],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["connect-src", "'self'", ...(env.NODE_ENV === "production" ? [] : ["ws:"])],
  ];
  return directives.map((directive) => directive.join(" ")).join(";");
}

// An inline script element: no src attribute, its text up to the first `</script` (HTML's own rule; React and
// Remix escape `<` inside the scripts they write, so a visitor's text cannot end one early).
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

/**
 * `sha256-…` of each distinct inline script of a rendered page, in the order they first stand. The page's bytes are
 * read as Latin-1, one character a byte, so the ASCII patterns find the same places as in its UTF-8 text and each
 * script's own bytes are hashed: decoding the whole page as UTF-8 took most of this (issue 30).
 */
export function inlineScriptHashes(html: string | Uint8Array): string[] {
  const bytes =
    typeof html === "string" ? Buffer.from(html, "utf8") : Buffer.from(html.buffer, html.byteOffset, html.length);
  const hashes = new Set<string>();
  for (const match of bytes.toString("latin1").matchAll(INLINE_SCRIPT)) {
    const [whole, attributes = "", text = ""] = match;
    if (SRC_ATTRIBUTE.test(attributes) || !text) continue;
    const end = match.index + whole.lastIndexOf("</");
    const start = end - text.length;
    hashes.add(`sha256-${createHash("sha256").update(bytes.subarray(start, end)).digest("base64")}`);
  }
  return [...hashes];
}
