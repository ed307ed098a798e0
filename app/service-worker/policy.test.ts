import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CACHE_NAME_PREFIX } from "../config/service-worker";
import {
  type RequestLike,
  type ResponseLike,
  assetUrlsInHtml,
  cacheNamesFor,
  classifyRequest,
  isCacheable,
  isPrivatePath,
  offlinePageWithSavedPages,
  pageTitle,
  NO_SAVED_PAGES_END,
  NO_SAVED_PAGES_START,
  SAVED_LIST,
  SAVED_PAGES_END,
  SAVED_PAGES_START,
  offlineLanguage,
  staleCacheNames,
} from "./policy";

const ORIGIN = "https://metryka.test";

function request(path: string, init: { method?: string; mode?: string; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  return {
    method: init.method ?? "GET",
    url: path.includes("://") ? path : ORIGIN + path,
    mode: init.mode ?? "navigate",
    headers,
  } satisfies RequestLike;
}

function response(init: Partial<Omit<ResponseLike, "headers">> & { headers?: Record<string, string> } = {}) {
  return {
    status: init.status ?? 200,
    type: init.type ?? "basic",
    redirected: init.redirected ?? false,
    headers: new Headers(init.headers),
  } satisfies ResponseLike;
}

describe("cache names", () => {
  it("are per version and build, all under the app's prefix and distinct", () => {
    const names = cacheNamesFor("1.1.2", "b1");
    const all = Object.values(names);
    expect(new Set(all).size).toBe(3);
    for (const name of all) {
      expect(name.startsWith(CACHE_NAME_PREFIX)).toBe(true);
      expect(name).toContain("1.1.2-b1");
    }
    // A new build must start with empty caches, so no name may be shared between builds.
    const next = Object.values(cacheNamesFor("1.1.2", "b2"));
    expect(all.some((name) => next.includes(name))).toBe(false);
  });

  it("drops our caches of other builds and versions, keeps the current three and never touches another app's", () => {
    const current = cacheNamesFor("1.1.2", "b2");
    const previous = cacheNamesFor("1.1.2", "b1");
    const older = cacheNamesFor("1.0.0", "b0");
    const foreign = ["workbox-precache-v2", "other-app-pages", "my-metryka-pages", "Metryka-assets-1.1.2-b1"];
    const existing = [...Object.values(previous), ...foreign, ...Object.values(current), older.pages];
    const stale = staleCacheNames(existing, current);
    expect(stale.sort()).toEqual([...Object.values(previous), older.pages].sort());
    for (const name of [...foreign, ...Object.values(current)]) expect(stale).not.toContain(name);
  });

  it("has nothing to drop when only the current caches exist", () => {
    const current = cacheNamesFor("1.1.2", "b1");
    expect(staleCacheNames(Object.values(current), current)).toEqual([]);
    expect(staleCacheNames([], current)).toEqual([]);
  });
});

describe("isPrivatePath", () => {
  it.each([
    "/members",
    "/members/",
    "/members/profile",
    "/members/admin/members/12",
    "/api/auth/me",
    "/api/regions/PL",
    "/members/profile/_payload.json",
    "/stpete/birth/search/_payload.json",
    "/_payload.json",
    "/logout",
  ])("treats %s as private", (path) => {
    expect(isPrivatePath(path)).toBe(true);
  });

  it.each(["/", "/membership", "/members-area", "/Search", "/release-notes", "/api", "/logout-help", "/payload.json"])(
    "treats %s as public",
    (path) => {
      expect(isPrivatePath(path)).toBe(false);
    },
  );
});

describe("classifyRequest", () => {
  it("leaves anything but GET alone", () => {
    for (const method of ["POST", "PUT", "DELETE", "HEAD"]) {
      expect(classifyRequest(request("/assets/a-abc.js", { method }), ORIGIN)).toBe("passthrough");
      expect(classifyRequest(request("/Search", { method }), ORIGIN)).toBe("passthrough");
    }
  });

  it("leaves other origins alone, even for asset-looking paths and navigations", () => {
    expect(classifyRequest(request("https://cdn.example/assets/a-abc.js"), ORIGIN)).toBe("passthrough");
    expect(classifyRequest(request("https://cdn.example/"), ORIGIN)).toBe("passthrough");
    expect(classifyRequest(request("http://metryka.test/assets/a-abc.js"), ORIGIN)).toBe("passthrough");
  });

  it("serves build files cache first, whatever the mode", () => {
    expect(classifyRequest(request("/assets/entry-abc123.js", { mode: "cors" }), ORIGIN)).toBe("asset");
    expect(classifyRequest(request("/assets/root-abc.css", { mode: "no-cors" }), ORIGIN)).toBe("asset");
  });

  it("recognises payload files before navigations", () => {
    expect(classifyRequest(request("/stpete/birth/search/_payload.json", { mode: "cors" }), ORIGIN)).toBe("payload");
    expect(classifyRequest(request("/members/profile/_payload.json", { mode: "navigate" }), ORIGIN)).toBe("payload");
  });

  it("treats document navigations as pages, members pages included (they are never stored, but get the offline page)", () => {
    expect(classifyRequest(request("/Search?surname=Nowak"), ORIGIN)).toBe("page");
    expect(classifyRequest(request("/members/profile"), ORIGIN)).toBe("page");
  });

  it("passes other same-origin GETs through", () => {
    expect(classifyRequest(request("/api/auth/me", { mode: "cors" }), ORIGIN)).toBe("passthrough");
    expect(classifyRequest(request("/sw.js?v=1.1.2", { mode: "same-origin" }), ORIGIN)).toBe("passthrough");
    expect(classifyRequest(request("/builds/latest.json?t=1", { mode: "cors" }), ORIGIN)).toBe("passthrough");
    expect(classifyRequest(request("/favicon.ico", { mode: "no-cors" }), ORIGIN)).toBe("passthrough");
  });

  it("passes a malformed URL through instead of throwing", () => {
    expect(classifyRequest({ ...request("/"), url: "not a url" }, ORIGIN)).toBe("passthrough");
    expect(classifyRequest({ ...request("/"), url: "" }, ORIGIN)).toBe("passthrough");
  });
});

describe("isCacheable", () => {
  it("stores a plain public 200 (no-cache only means revalidate, which network-first does anyway)", () => {
    expect(isCacheable(request("/Search"), response())).toBe(true);
    expect(isCacheable(request("/Search"), response({ headers: { "Cache-Control": "no-cache" } }))).toBe(true);
    expect(isCacheable(request("/"), response({ headers: { Vary: "Cookie, Accept-Encoding" } }))).toBe(true);
  });

  it.each([201, 204, 206, 301, 304, 404, 500, 503])("refuses status %i", (status) => {
    expect(isCacheable(request("/Search"), response({ status }))).toBe(false);
  });

  it.each(["opaque", "cors", "opaqueredirect", "error", "default"])("refuses a response of type %s", (type) => {
    expect(isCacheable(request("/Search"), response({ type }))).toBe(false);
  });

  it("refuses a redirected response, which would replay the wrong address offline", () => {
    expect(isCacheable(request("/Search"), response({ redirected: true }))).toBe(false);
  });

  it.each(["no-store", "private", "private, no-store", "no-cache, No-Store", "PRIVATE", "max-age=0, private"])(
    "refuses Cache-Control: %s",
    (cacheControl) => {
      expect(isCacheable(request("/Search"), response({ headers: { "Cache-Control": cacheControl } }))).toBe(false);
    },
  );

  it.each(["Authorization", "Cookie, authorization", "*", "Accept-Encoding, *"])("refuses Vary: %s", (vary) => {
    expect(isCacheable(request("/Search"), response({ headers: { Vary: vary } }))).toBe(false);
  });

  it("refuses anything asked for with an Authorization header, whatever the answer says", () => {
    expect(isCacheable(request("/Search", { headers: { Authorization: "Bearer t" } }), response())).toBe(false);
  });

  it("refuses non-GET requests", () => {
    expect(isCacheable(request("/Search", { method: "POST" }), response())).toBe(false);
  });

  it.each(["/members", "/members/profile", "/api/auth/me", "/Search/_payload.json", "/logout"])(
    "refuses the private path %s even when it looks public",
    (path) => {
      expect(isCacheable(request(path), response({ headers: { "Cache-Control": "public, max-age=600" } }))).toBe(false);
    },
  );

  it("refuses a malformed request URL", () => {
    expect(isCacheable({ ...request("/"), url: "::" }, response())).toBe(false);
  });

  it("never stores anything under /members, whatever the response looks like", () => {
    // The second fence must hold even if the server forgot its `private, no-store` mark.
    const segment = fc.stringMatching(/^[A-Za-z0-9._~-]{0,12}$/);
    const membersPath = fc.oneof(
      fc.constant("/members"),
      fc.array(segment, { maxLength: 4 }).map((parts) => `/members/${parts.join("/")}`),
    );
    const query = fc.option(fc.stringMatching(/^[a-z0-9=&]{0,12}$/), { nil: undefined });
    const headerValue = fc.constantFrom("", "public", "max-age=3600", "no-cache", "immutable", "s-maxage=60");
    fc.assert(
      fc.property(
        membersPath,
        query,
        fc.constantFrom(200, 203, 304, 404),
        fc.constantFrom("basic", "cors", "default"),
        fc.boolean(),
        headerValue,
        fc.constantFrom("", "Accept-Encoding", "Cookie"),
        fc.constantFrom("navigate", "cors", "same-origin", "no-cors"),
        (path, q, status, type, redirected, cacheControl, vary, mode) => {
          const headers: Record<string, string> = {};
          if (cacheControl) headers["Cache-Control"] = cacheControl;
          if (vary) headers.Vary = vary;
          const req = request(q === undefined ? path : `${path}?${q}`, { mode });
          return !isCacheable(req, response({ status, type, redirected, headers }));
        },
      ),
    );
  });
});

describe("assetUrlsInHtml", () => {
  it("finds build files in src, href and inline import() specifiers, as absolute same-origin URLs", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="stylesheet" href="/assets/root-abc123.css"/>
      <link rel="modulepreload" href='/assets/entry.client-Def456.js'/>
      </head><body>
      <img src="/assets/logo-1a2b.svg" alt="">
      <script type="module">import("/assets/manifest-9f8e.js"); import('/assets/route-x_y-7.js');</script>
      <style>@font-face { src: url(/assets/font-00aa.woff2) }</style>
      </body></html>`;
    expect(assetUrlsInHtml(html, ORIGIN).sort()).toEqual(
      [
        "/assets/entry.client-Def456.js",
        "/assets/font-00aa.woff2",
        "/assets/logo-1a2b.svg",
        "/assets/manifest-9f8e.js",
        "/assets/root-abc123.css",
        "/assets/route-x_y-7.js",
      ].map((path) => ORIGIN + path),
    );
  });

  it("lists a file named several times once", () => {
    const html = `<link rel="modulepreload" href="/assets/x-abc.js"><script type="module" src="/assets/x-abc.js"></script>
      <script type="module">import("/assets/x-abc.js")</script>`;
    expect(assetUrlsInHtml(html, ORIGIN)).toEqual([`${ORIGIN}/assets/x-abc.js`]);
  });

  it("ignores other paths, other origins and unlisted file types", () => {
    const html = `<a href="/Search">Search</a><img src="/images/logo.png"><script src="https://cdn.example/assets/x-abc.js"></script>
      <link rel="manifest" href="/assets/site.webmanifest"><a href="/notassets/y-abc.js">y</a><p>/assets/bare-abc.js</p>`;
    expect(assetUrlsInHtml(html, ORIGIN)).toEqual([]);
  });
});

describe("the offline page's list of saved pages", () => {
  const page = `<main><h1>You are offline</h1>${SAVED_PAGES_START}<h2>Saved</h2>${SAVED_LIST}${SAVED_PAGES_END}${NO_SAVED_PAGES_START}<p>None saved.</p>${NO_SAVED_PAGES_END}<p>end</p></main>`;

  it("links each saved page by its title, by path and query only", () => {
    const html = offlinePageWithSavedPages(
      page,
      [
        { url: `${ORIGIN}/stpete/birth/search?surname=Kowalski&yearFrom=1850`, title: "Births: Kowalski" },
        { url: `${ORIGIN}/`, title: "Metryka" },
      ],
      ORIGIN,
    );
    expect(html).toContain('<a href="/stpete/birth/search?surname=Kowalski&#38;yearFrom=1850">Births: Kowalski</a>');
    expect(html).toContain('<a href="/">Metryka</a>');
    expect(html).toContain("<h2>Saved</h2>");
    expect(html).not.toContain("None saved.");
  });

  it("escapes titles and leaves out other sites", () => {
    const html = offlinePageWithSavedPages(
      page,
      [
        { url: `${ORIGIN}/x`, title: `<img src=x onerror="alert(1)">` },
        { url: "https://elsewhere.example/y", title: "Elsewhere" },
      ],
      ORIGIN,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(html).not.toContain("Elsewhere");
  });

  it("says so when nothing is saved", () => {
    const html = offlinePageWithSavedPages(page, [], ORIGIN);
    expect(html).toContain("<p>None saved.</p>");
    expect(html).not.toContain("<h2>Saved</h2>");
  });

  it("is in the language the site last answered in, else the browser's, else English", () => {
    expect(offlineLanguage("pl", ["de-DE"])).toBe("pl");
    expect(offlineLanguage(null, ["fr-FR", "uk-UA", "de"])).toBe("uk");
    expect(offlineLanguage("fr", ["fr"])).toBe("en");
    expect(offlineLanguage(undefined, [])).toBe("en");
  });

  it("reads a page's title, or falls back to its path", () => {
    expect(pageTitle("<html><head><title>Births &amp; baptisms · Metryka</title></head></html>", `${ORIGIN}/a`)).toBe(
      "Births & baptisms · Metryka",
    );
    expect(pageTitle("<html><body>no title</body></html>", `${ORIGIN}/stpete/birth/search`)).toBe(
      "/stpete/birth/search",
    );
  });
});
