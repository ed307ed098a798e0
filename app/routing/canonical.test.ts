import { matchRoutes } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { sitePatterns } from "~/catalog";
import routes from "~/routes";
import { canonicalPath } from "./canonical";

const canonical = (pathname: string) => canonicalPath(pathname, sitePatterns());

describe("canonical paths", () => {
  it("redirects case variants of known paths", () => {
    expect(canonical("/search")).toBe("/Search");
    expect(canonical("/SEARCH")).toBe("/Search");
    expect(canonical("/stpete/Birth/search")).toBe("/stpete/birth/search");
    expect(canonical("/Release-Notes")).toBe("/release-notes");
    expect(canonical("/configcheck")).toBe("/ConfigCheck");
    expect(canonical("/STPETE/death/Record/17")).toBe("/stpete/death/record/17");
  });
  it("leaves canonical and unknown paths alone", () => {
    expect(canonical("/Search")).toBeUndefined();
    expect(canonical("/no/such/page")).toBeUndefined();
    expect(canonical("/stpete/birth/search/extra")).toBeUndefined();
  });
  it("knows every fixed route of app/routes.ts, and every pattern it knows is routed case-sensitively", () => {
    const fixed = routes
      .map((r) => r.path)
      .filter((p): p is string => typeof p === "string" && !p.endsWith("*") && !p.includes("/:source"));
    const known = sitePatterns().filter((p) => p !== "/");
    expect(known).toEqual(expect.arrayContaining(fixed));
    const table = routes.map((r) => ({ path: r.path ?? "", caseSensitive: r.caseSensitive }));
    for (const pattern of known) {
      const leaf = matchRoutes(table, pattern)?.at(-1)?.route;
      expect(leaf?.caseSensitive, pattern).toBe(true);
      expect(leaf?.path?.endsWith("*"), `${pattern} reaches ${leaf?.path}`).toBe(false);
    }
  });
});
