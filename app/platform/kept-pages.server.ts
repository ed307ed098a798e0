// A visitor's public pages, kept rendered and compressed, and how any HTTP cache may keep them (decisions 0051, 0066).
// The one home of the rule: server.ts asks here before Remix runs (a kept page or a 304), entry.server.tsx hands a
// freshly rendered page here, and this decides what is kept, what a shared cache may store, and on what it varies.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { PAGE_CACHE_FRESH_MS, SHARED_CACHE_MAX_AGE_S } from "~/config/timing";
import { getDatabase } from "~/db/current.server";
import { dataVersion } from "~/db/data-version.server";
import { chooseLanguage, isOnlyLanguageCookie, languageCookieFor, languageFromQuery } from "~/i18n/choose.server";
import { currentBuildId } from "./build-info.server";

/** What the kept pages may take in all (each with its plain, brotli and gzip bytes). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * The addresses asked for once and not kept, remembered so that a second ask keeps the page: a crawler walking
 * thousands of addresses once each then pushes out no page that people ask for again.
 */
export const PAGE_CACHE_SEEN_KEYS = 8192;
/** A larger page is not kept: a few of them would push out hundreds of ordinary ones. */
export const PAGE_CACHE_MAX_PAGE_BYTES = 1024 * 1024;
/**
 * Brotli's quality for a kept page, compressed once per page and data version. On a 60 KB page (2 cores, busy): 5
 * takes 2–5 ms and is 10 % smaller than the 4 used per answer; 9 is 1 % smaller again for 30 ms, 11 15 % for 200 ms,
 * paid by each of the requests that arrive together for a page not yet kept.
 */
const KEPT_BROTLI_QUALITY = 5;

/**
 * What a shared page's bytes depend on besides its URL, the build and the data: each dimension names the request
 * header a cache must vary on and reads the request's value of it. The kept pages' key, the ETag and `Vary` all
 * come from this list, so a new dimension is one more entry here. The language (issue 29) comes from `?lng=` (in
 * the URL already), the language cookie (Vary: Cookie already) or Accept-Language: a visitor has no profile.
 */
interface Dimension {
  vary: string;
  of(request: PageRequest): string;
}
const DIMENSIONS: readonly Dimension[] = [{ vary: "Accept-Language", of: (request) => chooseLanguage(request) }];

/** The content codings a kept page is sent in, best first. */
type Coding = "br" | "gzip" | "identity";

/**
 * Shared caches (nginx, a CDN) may keep a visitor's page for this long and then ask again with If-None-Match, which
 * costs the site a data-version read; browsers ask again every time (`max-age=0`, `must-revalidate`).
 */
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_MAX_AGE_S}, must-revalidate`;
export const SHARED_PAGE_VARY = ["Cookie", "Accept-Encoding", ...DIMENSIONS.map((d) => d.vary)].join(", ");

/**
 * What of a request decides whether a kept page may answer it: a Fetch Request, or server.ts's lighter view of an
 * Express request (a kept page is sent without building a Request at all).
 */
export interface PageRequest {
  /** The URL as Remix sees it (protocol, host and path with its query). */
  url: string;
  method: string;
  headers: Pick<Headers, "get" | "has">;
}

/** A kept page's answer, for server.ts to send as it is. */
export interface KeptAnswer {
  status: 200 | 304;
  headers: [string, string][];
  body?: Buffer<ArrayBuffer>;
}

interface KeptPage {
  /** The ETag without its coding: build, data version, day and key. */
  tag: string;
  version: string;
  renderedAt: number;
  /** The rendered answer's headers, less those of one coding (length, encoding, ETag). */
  headers: [string, string][];
  bodies: Record<Coding, Buffer<ArrayBuffer>>;
}

const pages = new LRUCache<string, KeptPage>({
  maxSize: PAGE_CACHE_MAX_BYTES,
  sizeCalculation: (page) => page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length,
  ttl: PAGE_CACHE_FRESH_MS,
});
const seen = new LRUCache<string, true>({ max: PAGE_CACHE_SEEN_KEYS });

/**
 * Only a visitor asking with GET, no cookie but the language's and no token is given or makes a kept page: whatever
 * else the site renders may hold someone's data or their CSRF token, and a shared cache may not keep it either
 * (decision 0031). The language cookie only picks the language, which is one of the page's dimensions. A `?lng=`
 * the cookie does not hold yet is answered with the cookie that remembers it, so not from a kept page (which sets
 * none: the visitor's next page would fall back to their browser's language).
 */
export function isAnonymousPageRequest(request: PageRequest): boolean {
  const cookie = request.headers.get("cookie");
  const chosen = languageFromQuery(request.url);
  return (
    request.method === "GET" &&
    (cookie === null || isOnlyLanguageCookie(cookie)) &&
    !request.headers.has("authorization") &&
    (chosen === undefined || languageCookieFor(request, chosen) === undefined)
  );
}

/**
 * Whether a page's loader data may be kept: not when a `volatile` key (root data that changes on every answer, the
 * honeypot's timestamp) holds anything, since the kept bytes would carry another answer's.
 */
export function isKeepableData(loaderData: Record<string, unknown>, volatile: readonly string[]): boolean {
  return Object.values(loaderData).every((data) => {
    if (!data || typeof data !== "object") return true;
    return volatile.every((key) => {
      const value = (data as Record<string, unknown>)[key];
      return value === undefined || value === null || (typeof value === "object" && !Object.keys(value).length);
    });
  });
}

/** The key of a page among the kept ones: its URL as Remix sees it, and its dimensions. */
function pageKey(request: PageRequest): string {
  return [request.url, ...DIMENSIONS.map((d) => d.of(request))].join("\n");
}

/**
 * The page's strong validator: the build, the database's version, the day (time changes a page by the day at most:
 * the public years' limit, a citation's access date) and the key, with the coding, since each coding is its own
 * bytes (RFC 9110 §8.8.3).
 */
function tagOf(key: string, version: string, now: number): string {
  const day = new Date(now).toISOString().slice(0, 10);
  return createHash("sha256")
    .update(`${currentBuildId() ?? ""}\0${version}\0${day}\0${key}`)
    .digest("base64url")
    .slice(0, 32);
}
const etagOf = (tag: string, coding: Coding) => `"${tag}${coding === "identity" ? "" : `-${coding}`}"`;

/** The best coding an Accept-Encoding header takes (RFC 9110 §12.5.3: a q of 0 refuses it; `*` stands for any). */
export function negotiateCoding(header: string | null | undefined): Coding {
  const accepted = new Map<string, boolean>();
  for (const item of (header ?? "").split(",")) {
    const [name = "", ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    if (name) accepted.set(name === "x-gzip" ? "gzip" : name, q === undefined || Number(q.slice(2)) > 0);
  }
  const star = accepted.get("*") ?? false;
  for (const coding of ["br", "gzip"] as const) if (accepted.get(coding) ?? star) return coding;
  return "identity";
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => opaque(tag) === opaque(etag));
}

function notModified(etag: string, headers: [string, string][]): KeptAnswer {
  const kept = new Map<string, string>([
    ["cache-control", SHARED_PAGE_CACHE_CONTROL],
    ["vary", SHARED_PAGE_VARY],
  ]);
  for (const [name, value] of headers) if (name === "cache-control" || name === "vary") kept.set(name, value);
  kept.set("etag", etag);
  return { status: 304, headers: [...kept] };
}

function sendKept(page: KeptPage, coding: Coding): KeptAnswer {
  const body = page.bodies[coding];
  const headers: [string, string][] = [
    ...page.headers,
    ["etag", etagOf(page.tag, coding)],
    ["content-length", String(body.length)],
  ];
  if (coding !== "identity") headers.push(["content-encoding", coding]);
  return { status: 200, headers, body };
}

/**
 * Before Remix: a 304 for a browser or cache that holds the page as it is now, or the kept page while its data
 * version is the current one (no loader, no render, no compression). Otherwise the current version comes back, read
 * before the loaders that will now run, so the page they make is vouched for by it. The version is read only for an
 * address asked for before or a conditional request: a first ask, a client navigation's `.data` request, a file or
 * an export would pay a database round trip on PostgreSQL for nothing.
 */
export async function answerBeforeRemix(
  request: PageRequest,
  now = Date.now(),
): Promise<{ answer?: KeptAnswer; version?: string }> {
  if (!isAnonymousPageRequest(request)) return {};
  const key = pageKey(request);
  const ifNoneMatch = request.headers.get("if-none-match");
  if (!ifNoneMatch && !pages.has(key) && !seen.has(key)) return {};
  const version = await dataVersion(await getDatabase());
  if (version === undefined) return {};
  const coding = negotiateCoding(request.headers.get("accept-encoding"));
  const page = pages.get(key);
  const current = page && page.version === version && now - page.renderedAt < PAGE_CACHE_FRESH_MS ? page : undefined;
  const etag = etagOf(current?.tag ?? tagOf(key, version, now), coding);
  // The tag names this URL, build, data and day: whoever holds it holds this page, kept here or not.
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return { answer: notModified(etag, current?.headers ?? []), version };
  if (current) return { answer: sendKept(current, coding), version };
  return { version };
}

/**
 * After a render of a page a shared cache may store (entry.server.tsx: a 200 for a visitor, public, setting no
 * cookie, with nothing in it that changes per answer): its caching headers, and the answer. From its second ask on
 * (`version` is then known) the page is kept, compressed once in each coding, and sent from there with its ETag;
 * a first ask goes out as rendered, to be compressed on the way like any answer.
 */
export function answerRenderedPage(
  request: Request,
  html: Buffer<ArrayBuffer>,
  init: { status: number; headers: Headers },
  version: string | undefined,
  now = Date.now(),
): Response {
  const { headers } = init;
  headers.set("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  headers.set("Vary", SHARED_PAGE_VARY);
  const key = pageKey(request);
  if (version === undefined || !isAnonymousPageRequest(request) || html.length > PAGE_CACHE_MAX_PAGE_BYTES) {
    if (!pages.has(key)) seen.set(key, true);
    return new Response(html, init);
  }
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "content-encoding" && name !== "etag") kept.push([name, value]);
  });
  const page: KeptPage = {
    tag: tagOf(key, version, now),
    version,
    renderedAt: now,
    headers: kept,
    bodies: {
      identity: html,
      br: brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: KEPT_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        },
      }),
      gzip: gzipSync(html, { level: 6 }),
    },
  };
  seen.delete(key);
  pages.set(key, page);
  const answer = sendKept(page, negotiateCoding(request.headers.get("accept-encoding")));
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/** Forgets every kept page and every address seen (tests). */
export function forgetKeptPages(): void {
  pages.clear();
  seen.clear();
}
