// The site's kept public pages (decision 0051): what server.ts answers before Remix, and what entry.server keeps.
import { PAGE_CACHE_FRESH_MS } from "~/config/timing";
import { getDatabase } from "~/db/current.server";
import { dataVersion } from "~/db/data-version.server";
import { matchesIfNoneMatch } from "./document-caching.server";
import { type KeptPage, PageCache, acceptsGzip, keptPage, pageBody } from "./page-cache.server";

const pages = new PageCache();

/** What a page request says that decides whether a kept page may answer it. */
export interface PageAsk {
  /** The URL as Remix sees it (protocol, host and path with its query). */
  url: string;
  method: string;
  cookie?: string | null;
  authorization?: string | null;
  ifNoneMatch?: string | null;
  acceptEncoding?: string | null;
  /** This answer's CSP nonce, which the page's scripts will carry. */
  nonce: string;
}

export interface KeptAnswer {
  status: 200 | 304;
  headers: [string, string][];
  body?: Buffer<ArrayBuffer>;
}

/**
 * Only a visitor asking with no cookie and no token is given or makes a kept page: whatever else the site renders
 * may hold someone's data or their CSRF token, and a shared cache may not keep it either (decision 0031).
 */
export function isAnonymousPageAsk(ask: Pick<PageAsk, "method" | "cookie" | "authorization">): boolean {
  return ask.method === "GET" && !ask.cookie && !ask.authorization;
}

/**
 * Whether a page's loader data may be kept: not when a `volatile` key (one left out of its etag because it changes
 * on every request, the honeypot's timestamp) holds anything, since the kept bytes would carry another answer's.
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

function answerWith(page: KeptPage, ask: PageAsk): KeptAnswer {
  if (matchesIfNoneMatch(ask.ifNoneMatch, page.etag)) {
    return { status: 304, headers: page.headers.filter(([name]) => name !== "content-type") };
  }
  const gzip = acceptsGzip(ask.acceptEncoding);
  const body = pageBody(page, ask.nonce, gzip);
  const headers: [string, string][] = [...page.headers, ["content-length", String(body.length)]];
  if (gzip) headers.push(["content-encoding", "gzip"]);
  return { status: 200, headers, body };
}

function isFresh(page: KeptPage, now: number): boolean {
  return now - page.renderedAt < PAGE_CACHE_FRESH_MS;
}

/**
 * Before Remix: a kept page whose database version is still the current one is sent as it is, no loader run, no
 * render, no compression. Otherwise the current version comes back, read before the loaders that will now run, so
 * the page they make can be vouched for by it (undefined when the database did not answer: the page is then reused
 * only after its loaders gave the same etag). The version is read only for an address whose page would be kept:
 * a first ask, a client navigation's `.data` request, a file or an export would pay a database round trip on
 * PostgreSQL for nothing.
 */
export async function answerFromKeptPage(
  ask: PageAsk,
  now = Date.now(),
): Promise<{ answer?: KeptAnswer; version?: string }> {
  if (!isAnonymousPageAsk(ask) || !pages.wouldAdmit(ask.url)) return {};
  const version = await dataVersion(await getDatabase());
  if (version === undefined) return {};
  const page = pages.get(ask.url);
  if (page && page.version === version && isFresh(page, now)) return { answer: answerWith(page, ask), version };
  return { version };
}

/**
 * After the loaders: the kept page, when they gave the etag it was rendered with, so the render is skipped; the
 * version vouches for it from now on.
 */
export function reuseKeptPage(
  ask: PageAsk,
  etag: string,
  version: string | undefined,
  now = Date.now(),
): KeptAnswer | undefined {
  const page = pages.get(ask.url);
  if (!page || page.etag !== etag || !isFresh(page, now)) return undefined;
  page.version = version;
  return answerWith(page, ask);
}

/**
 * After a render: the page kept under its URL, and the answer made from it; undefined when it is not kept (the
 * first ask for an address, or a page that cannot be kept), and the caller sends what it rendered.
 */
export function keepRenderedPage(
  ask: PageAsk,
  html: Buffer,
  fields: { etag: string; version: string | undefined; headers: Headers },
  now = Date.now(),
): KeptAnswer | undefined {
  if (!pages.admits(ask.url)) return undefined;
  const headers: [string, string][] = [];
  fields.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "content-encoding" && name !== "vary") headers.push([name, value]);
  });
  // The body is gzip or not by what the browser takes.
  const vary = (fields.headers.get("vary") ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (!vary.some((v) => v.toLowerCase() === "accept-encoding")) vary.push("Accept-Encoding");
  headers.push(["vary", vary.join(", ")]);
  const page = keptPage(html, ask.nonce, { etag: fields.etag, version: fields.version, renderedAt: now, headers });
  if (!page) return undefined;
  pages.set(ask.url, page);
  return answerWith(page, ask);
}

/** Forgets every kept page (tests). */
export function forgetKeptPages(): void {
  pages.clear();
}
