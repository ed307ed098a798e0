import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { canonicalPath, routePatterns } from "./canonical";

describe("canonical paths", () => {
  it("redirects case variants of known paths", () => {
    expect(canonicalPath("/search")).toBe("/Search");
    expect(canonicalPath("/SEARCH")).toBe("/Search");
    expect(canonicalPath("/stpete/Birth/search")).toBe("/stpete/birth/search");
    expect(canonicalPath("/Release-Notes")).toBe("/release-notes");
    expect(canonicalPath("/configcheck")).toBe("/ConfigCheck");
    expect(canonicalPath("/STPETE/death/Record/17")).toBe("/stpete/death/record/17");
  });
  it("leaves canonical and unknown paths alone", () => {
    expect(canonicalPath("/Search")).toBeUndefined();
    expect(canonicalPath("/no/such/page")).toBeUndefined();
    expect(canonicalPath("/stpete/birth/search/extra")).toBeUndefined();
  });
  it("knows every route of app/routes.ts", () => {
    const configured = routes.map((r) => r.path).filter((p): p is string => typeof p === "string" && !p.endsWith("*"));
    expect(
      routePatterns()
        .filter((p) => p !== "/")
        .sort(),
    ).toEqual(configured.sort());
  });
});
