import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PAGE_CACHE_MAX_PAGE_BYTES, PageCache, acceptsGzip, keptPage, pageBody } from "./page-cache.server";

const FIELDS = { etag: 'W/"e"', version: "1.0", renderedAt: 0, headers: [] as [string, string][] };
const OLD = "b2xkLW5vbmNlLW9mLXRoZS1yZW5kZXI=";
const NEW = "bmV3LW5vbmNlK2Zvci10aGlzLWFuc3dlcg==";

function page(html: string) {
  const kept = keptPage(Buffer.from(html), OLD, FIELDS);
  if (!kept) throw new Error("not kept");
  return kept;
}

describe("a kept page sent again", () => {
  const pages = {
    "nonces inside": `<html><script nonce="${OLD}">a()</script><p>ż ł</p><script nonce="${OLD}"></script></html>`,
    "a nonce first and last": `${OLD}<p>x</p>${OLD}${OLD}`,
    "no nonce": "<p>only text</p>",
    empty: "",
    // Longer than a stored block and than zlib's window: each part is compressed apart.
    large: `<main>${Array.from({ length: 4000 }, (_, i) => `<tr><td>${i}</td><td>Schmidt ${i % 97}</td></tr>`).join("")}</main><script nonce="${OLD}"></script>`,
  };

  for (const [name, html] of Object.entries(pages)) {
    it(`gunzips to the page with the new nonce: ${name}`, () => {
      const kept = page(html);
      const expected = html.split(OLD).join(NEW);
      expect(gunzipSync(pageBody(kept, NEW, true)).toString()).toBe(expected);
      expect(pageBody(kept, NEW, false).toString()).toBe(expected);
    });
  }

  it("keeps the old nonce nowhere and compresses the page", () => {
    const kept = page(pages.large);
    expect(kept.parts).toHaveLength(2);
    const gz = pageBody(kept, NEW, true);
    expect(gunzipSync(gz).includes(OLD)).toBe(false);
    expect(gz.length).toBeLessThan(pages.large.length / 4);
  });

  it("is not kept without a nonce or when too large", () => {
    expect(keptPage(Buffer.from("<p></p>"), "", FIELDS)).toBeUndefined();
    expect(keptPage(Buffer.alloc(PAGE_CACHE_MAX_PAGE_BYTES + 1, 32), OLD, FIELDS)).toBeUndefined();
  });
});

describe("acceptsGzip", () => {
  it("reads the header's names and weights", () => {
    expect(acceptsGzip("br, gzip")).toBe(true);
    expect(acceptsGzip("gzip;q=0.5, br")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("gzip;q=0, *")).toBe(false);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});

describe("PageCache", () => {
  const sized = (size: number) => ({ ...page("<p></p>"), size });

  it("drops the least recently sent pages first to stay within its bytes", () => {
    const cache = new PageCache(100);
    cache.set("a", sized(40));
    cache.set("b", sized(40));
    expect(cache.get("a")).toBeDefined(); // now b is the oldest
    cache.set("c", sized(40));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBeDefined();
    expect(cache.get("c")).toBeDefined();
    expect(cache.bytes).toBe(80);
    expect(cache.size).toBe(2);
  });

  it("replaces a page under the same key and refuses one larger than itself", () => {
    const cache = new PageCache(100);
    cache.set("a", sized(40));
    cache.set("a", sized(30));
    expect(cache.bytes).toBe(30);
    cache.set("b", sized(101));
    expect(cache.get("b")).toBeUndefined();
    expect(cache.bytes).toBe(30);
    cache.clear();
    expect([cache.bytes, cache.size]).toEqual([0, 0]);
  });
});

describe("PageCache admission", () => {
  it("admits an address on its second ask, or when its page is kept", () => {
    const cache = new PageCache(1000, 2);
    expect(cache.wouldAdmit("a")).toBe(false);
    expect(cache.admits("a")).toBe(false);
    // Asking whether it would be admitted does not count as an ask.
    expect(cache.wouldAdmit("a")).toBe(true);
    expect(cache.wouldAdmit("a")).toBe(true);
    expect(cache.admits("a")).toBe(true);
    expect(cache.wouldAdmit("a")).toBe(false);
    // Admitted once, it must be seen twice again unless its page was kept meanwhile.
    expect(cache.admits("a")).toBe(false);
    cache.set("b", page("<p></p>"));
    expect(cache.wouldAdmit("b")).toBe(true);
    expect(cache.admits("b")).toBe(true);
  });

  it("forgets the oldest addresses seen once beyond its bound", () => {
    const cache = new PageCache(1000, 2);
    for (const key of ["a", "b", "c"]) expect(cache.admits(key)).toBe(false);
    expect(cache.admits("a")).toBe(false); // forgotten, seen afresh
    expect(cache.admits("c")).toBe(true);
  });
});
