import { describe, expect, it } from "vitest";
import { routeModuleUrlsFor, samePathname, type ManifestLike } from "./preload-link";

// Shaped like window.__remixManifest in a Vite build (ids and paths as app/routes.ts would produce them).
const manifest: ManifestLike = {
  routes: {
    root: { id: "root", path: "", module: "/assets/root-A.js" },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-B.js" },
    "routes/region": { id: "routes/region", parentId: "root", path: ":region", module: "/assets/region-C.js" },
    "routes/region.search": {
      id: "routes/region.search",
      parentId: "routes/region",
      path: ":record/search",
      module: "/assets/search-D.js",
    },
    "routes/region.index": {
      id: "routes/region.index",
      parentId: "routes/region",
      index: true,
      module: "/assets/region-index-E.js",
    },
    "routes/config-check": {
      id: "routes/config-check",
      parentId: "root",
      path: "ConfigCheck",
      module: "/assets/config-F.js",
    },
  },
};

describe("routeModuleUrlsFor", () => {
  it("lists every matched route's module from the root down", () => {
    expect(routeModuleUrlsFor("/stpete/birth/search", manifest)).toEqual([
      "/assets/root-A.js",
      "/assets/region-C.js",
      "/assets/search-D.js",
    ]);
    expect(routeModuleUrlsFor("/", manifest)).toEqual(["/assets/root-A.js", "/assets/home-B.js"]);
    expect(routeModuleUrlsFor("/odessa", manifest)).toEqual([
      "/assets/root-A.js",
      "/assets/region-C.js",
      "/assets/region-index-E.js",
    ]);
  });

  it("prefers a static segment over a dynamic one, as the router does", () => {
    expect(routeModuleUrlsFor("/ConfigCheck", manifest)).toEqual(["/assets/root-A.js", "/assets/config-F.js"]);
  });

  it("leaves out routes whose code is already loaded", () => {
    expect(routeModuleUrlsFor("/stpete/birth/search", manifest, new Set(["root", "routes/region"]))).toEqual([
      "/assets/search-D.js",
    ]);
  });

  it("answers null for a path the (possibly partial) manifest cannot match yet", () => {
    expect(routeModuleUrlsFor("/a/b/c/d", manifest)).toBeNull();
    const partial: ManifestLike = { routes: { root: manifest.routes.root } };
    expect(routeModuleUrlsFor("/stpete/birth/search", partial)).toBeNull();
  });

  it("strips the basename", () => {
    expect(routeModuleUrlsFor("/base/ConfigCheck", manifest, new Set(["root"]), "/base")).toEqual([
      "/assets/config-F.js",
    ]);
  });
});

describe("samePathname", () => {
  it("keeps same-origin paths and drops other sites", () => {
    expect(samePathname("/stpete/birth/search?surname=Schulz#x", "https://metryka.test")).toBe("/stpete/birth/search");
    expect(samePathname("https://metryka.test/odessa", "https://metryka.test")).toBe("/odessa");
    expect(samePathname("https://elsewhere.test/odessa", "https://metryka.test")).toBeNull();
    expect(samePathname("//elsewhere.test/odessa", "https://metryka.test")).toBeNull();
  });
});
