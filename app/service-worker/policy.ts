// What the service worker may cache and how it answers each request (issue #4 item 1). Pure functions, so the
// rules that keep members' data out of the caches are unit-tested without a browser.
import { CACHE_NAME_PREFIX } from "../config/service-worker";
import { isMembersPath } from "../routing/members-area";
import { PATHS } from "../routing/paths";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, isLanguage } from "../i18n/languages";

export interface CacheNames {
  /** Hashed build files: cache first, they never change under their name. */
  assets: string;
  /** Public pages, network first; the copy is only used when the network is gone. */
  pages: string;
  /** The offline page, stored at install. */
  offline: string;
}

/** Per worker version and build: a new build's worker starts empty and drops the previous build's caches. */
export function cacheNamesFor(version: string, buildId: string): CacheNames {
  const suffix = `${version}-${buildId}`;
  return {
    assets: `${CACHE_NAME_PREFIX}assets-${suffix}`,
    pages: `${CACHE_NAME_PREFIX}pages-${suffix}`,
    offline: `${CACHE_NAME_PREFIX}offline-${suffix}`,
  };
}

/** Caches to delete when a worker activates: ours from other versions/builds; never another app's. */
export function staleCacheNames(existing: readonly string[], current: CacheNames): string[] {
  const keep = new Set(Object.values(current));
  return existing.filter((name) => name.startsWith(CACHE_NAME_PREFIX) && !keep.has(name));
}

/** Where each language's offline page is served (./offline-page.ts); English keeps the address it always had. */
export function offlinePath(language: Language): string {
  return language === "en" ? "/offline.html" : `/offline.${language}.html`;
}

export const OFFLINE_PATHS: readonly string[] = LANGUAGES.map(offlinePath);

/** The key under which the worker remembers the language the site last answered in (a cache outlives the worker). */
export const LANGUAGE_MEMO_PATH = "/offline-language";

/** Where members' data lives: never stored, whoever asks. */
export function isPrivatePath(pathname: string): boolean {
  return (
    isMembersPath(pathname) ||
    pathname.startsWith("/api/") ||
    pathname.endsWith("/_payload.json") ||
    pathname === PATHS.logout
  );
}

export type RequestKind =
  /** Not ours to touch: other origins, non-GET, build checks, the worker script itself. */
  | "passthrough"
  /** /assets/* — cache first. */
  | "asset"
  /** A document navigation — network first, then the cached copy, then the offline page. */
  | "page"
  /** A payload file — fetched by the worker with the member's token when the page sent none; never cached. */
  | "payload";

export interface RequestLike {
  method: string;
  url: string;
  mode: string;
  headers: { has(name: string): boolean };
}

export function classifyRequest(request: RequestLike, origin: string): RequestKind {
  if (request.method !== "GET") return "passthrough";
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return "passthrough";
  }
  if (url.origin !== origin) return "passthrough";
  if (url.pathname.startsWith("/assets/")) return "asset";
  if (url.pathname.endsWith("/_payload.json")) return "payload";
  if (request.mode === "navigate") return "page";
  return "passthrough";
}

export interface ResponseLike {
  status: number;
  type: string;
  redirected: boolean;
  headers: { get(name: string): string | null };
}

/**
 * Whether a response may be stored. The server marks everything rendered for a signed-in browser (session
 * cookie or Authorization header), every members page and every response that sets a cookie as
 * `private, no-store` (entry.server.tsx); the worker cannot see cookies, so it trusts that mark and, as a
 * second fence, refuses private paths and requests that carried an Authorization header.
 */
export function isCacheable(request: RequestLike, response: ResponseLike): boolean {
  if (request.method !== "GET" || request.headers.has("authorization")) return false;
  let pathname: string;
  try {
    pathname = new URL(request.url).pathname;
  } catch {
    return false;
  }
  if (isPrivatePath(pathname)) return false;
  // Opaque, redirected and error answers would replay the wrong thing offline.
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/\b(no-store|private)\b/.test(cacheControl)) return false;
  const vary = (response.headers.get("vary") ?? "").toLowerCase();
  // A response that varies on credentials is someone's; one that varies on everything cannot be matched.
  if (/\bauthorization\b|\*/.test(vary)) return false;
  return true;
}

/** Same-origin build files a page refers to (`/assets/…` in src, href and import specifiers). */
export function assetUrlsInHtml(html: string, origin: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/["'(](\/assets\/[A-Za-z0-9._\-/]+\.(?:js|css|woff2?|svg|png))["')]/g)) {
    found.add(new URL(match[1], origin).href);
  }
  return [...found];
}

/** The largest number of build files kept; a long session across deploys must not fill the disk. */
export const MAX_ASSET_ENTRIES = 400;
/** The largest number of pages kept for offline reading. */
export const MAX_PAGE_ENTRIES = 60;

/**
 * The offline page's two blocks (./offline-page.ts): the list of saved pages, which the worker fills, and the
 * sentence for when there are none. The worker keeps one and drops the other, so both come in the page's language.
 */
export const SAVED_PAGES_START = "<!--saved-pages-->";
export const SAVED_PAGES_END = "<!--/saved-pages-->";
export const NO_SAVED_PAGES_START = "<!--no-saved-pages-->";
export const NO_SAVED_PAGES_END = "<!--/no-saved-pages-->";
export const SAVED_LIST = '<ul class="saved"></ul>';

function withoutBlock(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  const to = html.indexOf(end, from);
  return from < 0 || to < 0 ? html : html.slice(0, from) + html.slice(to + end.length);
}

export interface SavedPage {
  url: string;
  title: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The `<title>` of a stored page, unescaped enough to be escaped again safely; the path when it has none. */
export function pageTitle(html: string, url: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (!title) return new URL(url).pathname;
  return title
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'");
}

/** The offline page with links to the pages that can still be read, newest first. */
export function offlinePageWithSavedPages(offlineHtml: string, saved: readonly SavedPage[], origin: string): string {
  const links = saved
    .filter((page) => new URL(page.url).origin === origin)
    .map((page) => {
      const { pathname, search } = new URL(page.url);
      return `<li><a href="${escapeHtml(pathname + search)}">${escapeHtml(page.title)}</a></li>`;
    });
  if (links.length === 0) return withoutBlock(offlineHtml, SAVED_PAGES_START, SAVED_PAGES_END);
  return withoutBlock(offlineHtml, NO_SAVED_PAGES_START, NO_SAVED_PAGES_END).replace(
    SAVED_LIST,
    `<ul class="saved">${links.join("")}</ul>`,
  );
}

/**
 * The language of the offline page: the one the site last answered in (the `Content-Language` of the last page, so
 * a choice made with ?lng= or in the profile holds), else the browser's first language the site speaks, else
 * English.
 */
export function offlineLanguage(
  lastAnswered: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  if (isLanguage(lastAnswered)) return lastAnswered;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
