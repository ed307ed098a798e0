// Rendered public pages kept in memory, sent again with a fresh CSP nonce (issue 12 item 2, decision 0051).
import { constants, crc32, deflateRawSync } from "node:zlib";

/** What the kept pages may take in all (their bytes and their compressed parts). */
export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * The addresses asked for once and not kept, remembered so that a second ask keeps the page: a crawler walking
 * thousands of addresses once each then pushes out no page that people ask for again.
 */
export const PAGE_CACHE_SEEN_KEYS = 8192;
/** A larger page is not kept: a few of them would push out hundreds of ordinary ones. */
export const PAGE_CACHE_MAX_PAGE_BYTES = 1024 * 1024;

// The gzip member header (RFC 1952): deflate, no name or time, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// An empty stored block with BFINAL set: it ends the deflate stream after the last sync-flushed part.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
// A stored block holds at most this many bytes (its LEN is 16 bits).
const STORED_BLOCK_MAX = 0xffff;

export interface KeptPage {
  /** The page's validator (documentETag): the build and a digest of its loaders' data. */
  etag: string;
  /**
   * The database's version read before the loaders that made this page ran (app/db/data-version.server.ts), or
   * undefined where the database has none: then the page is sent only after its loaders ran and gave this etag.
   */
  version: string | undefined;
  /** When it was rendered (ms since the epoch): a page is rendered again after PAGE_CACHE_FRESH_MS whatever else. */
  renderedAt: number;
  /** The response's headers, as they were when it was rendered. */
  headers: [string, string][];
  /** The page's bytes between the places where its nonce stood. */
  parts: Buffer[];
  /** Each part as raw deflate ending on a byte-aligned sync flush, so a gzip body is spliced around any nonce. */
  deflated: Buffer[];
  /** The bytes this entry holds. */
  size: number;
}

/**
 * A rendered page made ready to be sent again: cut where its nonce stands, each part compressed once. A nonce is 16
 * random bytes drawn for this request, so it stands nowhere else in the page (a visitor's text cannot have known
 * it). Undefined when there is no nonce to cut on or the page is too large to keep.
 */
export function keptPage(
  html: Buffer,
  nonce: string,
  fields: Pick<KeptPage, "etag" | "version" | "renderedAt" | "headers">,
): KeptPage | undefined {
  if (!nonce || html.length > PAGE_CACHE_MAX_PAGE_BYTES) return undefined;
  const needle = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(needle); at !== -1; at = html.indexOf(needle, from)) {
    parts.push(html.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(html.subarray(from));
  const deflated = parts.map((part) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }));
  // The parts are copied out of the render's buffer, which is otherwise let go.
  const kept = parts.map((part) => Buffer.from(part));
  const size = html.length + deflated.reduce((sum, d) => sum + d.length, 0);
  return { ...fields, parts: kept, deflated, size };
}

/**
 * The page's body with `nonce` where its own stood: plain, or as one gzip member whose deflate stream is the parts'
 * sync-flushed blocks with the nonce between them as stored blocks (the way pigz joins blocks compressed apart).
 * Compressing the page costs milliseconds; this costs a checksum over its bytes.
 */
export function pageBody(page: KeptPage, nonce: string, gzip: boolean): Buffer<ArrayBuffer> {
  const needle = Buffer.from(nonce);
  if (!gzip) {
    const pieces: Buffer[] = [];
    page.parts.forEach((part, i) => (i ? pieces.push(needle, part) : pieces.push(part)));
    return Buffer.concat(pieces);
  }
  if (needle.length > STORED_BLOCK_MAX) throw new Error("A nonce longer than a stored block");
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(needle.length, 1);
  stored.writeUInt16LE(~needle.length & 0xffff, 3);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.parts.forEach((part, i) => {
    if (i) {
      pieces.push(stored, needle);
      crc = crc32(needle, crc);
      length += needle.length;
    }
    pieces.push(page.deflated[i]!);
    crc = crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

/** Whether an Accept-Encoding header takes gzip (RFC 9110 §12.5.3: a q of 0 refuses it; `*` stands for it). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let star: boolean | undefined;
  for (const item of header.split(",")) {
    const [name = "", ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name === "gzip" || name === "x-gzip") return accepted;
    if (name === "*") star = accepted;
  }
  return star ?? false;
}

/** The kept pages by key, the least recently sent dropped first when they would take more than `maxBytes`. */
export class PageCache {
  private readonly pages = new Map<string, KeptPage>();
  private readonly seen = new Set<string>();
  private held = 0;

  constructor(
    private readonly maxBytes = PAGE_CACHE_MAX_BYTES,
    private readonly seenKeys = PAGE_CACHE_SEEN_KEYS,
  ) {}

  /** Whether a page rendered for `key` now would be kept, without counting this as an ask. */
  wouldAdmit(key: string): boolean {
    return this.pages.has(key) || this.seen.has(key);
  }

  /** Whether a page rendered for `key` is worth keeping: it is kept already, or was asked for once before. */
  admits(key: string): boolean {
    if (this.pages.has(key) || this.seen.delete(key)) return true;
    this.seen.add(key);
    if (this.seen.size > this.seenKeys) this.seen.delete(this.seen.values().next().value!);
    return false;
  }

  get(key: string): KeptPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: KeptPage): void {
    this.delete(key);
    if (page.size > this.maxBytes) return;
    this.pages.set(key, page);
    this.held += page.size;
    for (const [oldest, old] of this.pages) {
      if (this.held <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.held -= old.size;
    }
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.held -= page.size;
  }

  clear(): void {
    this.pages.clear();
    this.seen.clear();
    this.held = 0;
  }

  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.pages.size;
  }
}
