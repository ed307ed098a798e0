import { matchRoutes } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { cachingMatchRoutes } from "./route-matches.server";

/** A fresh tree of fresh route objects, as Remix's render builds for every request. */
const tree = (recordPath = "stpete/:kind/record/:id") => [
  {
    id: "root",
    path: "/",
    children: [
      { id: "home", index: true },
      { id: "search", path: "stpete/:kind/search" },
      { id: "record", path: recordPath },
      { id: "splat", path: "*" },
    ],
  },
];
const PATHS = ["/", "/stpete/birth/search", "/stpete/birth/record/12", "/nowhere/at/all"];

describe("cachingMatchRoutes", () => {
  it("answers as the router does, the first time and from what it kept", () => {
    const cached = cachingMatchRoutes(matchRoutes as never);
    for (let round = 0; round < 2; round++) {
      const routes = tree();
      for (const path of PATHS) {
        expect(cached(routes, path), path).toEqual(matchRoutes(routes, path));
        expect(cached(routes, `${path}?page=2#top`), path).toEqual(matchRoutes(routes, path));
        expect(cached(routes, { pathname: path }), path).toEqual(matchRoutes(routes, path));
      }
    }
  });

  it("matches a path once per tree shape, on each call's own route objects and params", () => {
    const original = vi.fn(matchRoutes);
    const cached = cachingMatchRoutes(original as never);
    const first = cached(tree(), "/stpete/birth/record/12")!;
    first[1]!.params.id = "changed";
    const routes = tree();
    const second = cached(routes, "/stpete/birth/record/12?page=2")!;
    expect(original).toHaveBeenCalledTimes(1);
    expect(second[1]!.params.id).toBe("12");
    expect(second[1]!.route).toBe(routes[0]!.children[2]);
    // A tree whose paths differ (a dev server's edited routes) is matched afresh.
    expect(cached(tree("stpete/:kind/akt/:id"), "/stpete/birth/record/12")![1]!.route.id).toBe("splat");
    expect(original).toHaveBeenCalledTimes(2);
    // Nothing matched is kept too.
    expect(cached([{ id: "only", path: "/a" }], "/b")).toBeNull();
    expect(cached([{ id: "only", path: "/a" }], "/b")).toBeNull();
    expect(original).toHaveBeenCalledTimes(3);
  });

  it("forgets the oldest paths beyond its limit, and leaves trees without ids to the router", () => {
    const original = vi.fn(matchRoutes);
    const cached = cachingMatchRoutes(original as never, 2);
    const routes = tree();
    for (const kind of ["a", "b", "c", "c", "a"]) cached(routes, `/stpete/${kind}/search`);
    expect(original).toHaveBeenCalledTimes(4);
    const anonymous = [{ path: "/a" }];
    cached(anonymous, "/a");
    cached(anonymous, "/a");
    expect(original).toHaveBeenCalledTimes(6);
  });
});
