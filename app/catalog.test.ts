import { describe, expect, it } from "vitest";
import { catalogGroupsIn, groupKey } from "./catalog-text.server";
import { allResources } from "./i18n/i18next.server";
import { CATALOG, sitePatterns, sourceAt, sourcePath, sourceRouteId, sourceRoutes } from "./catalog";

describe("the catalog of sources", () => {
  it("holds every record collection, family collection, place index and the directory, once each", () => {
    const ids = CATALOG.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(CATALOG.filter((s) => s.kind === "records")).toHaveLength(11);
    expect(CATALOG.filter((s) => s.kind === "families").map((s) => s.id)).toEqual(["lodz", "genealogy"]);
    expect(CATALOG.filter((s) => s.kind === "places").map((s) => s.id)).toEqual(["breyer", "russia-poland", "ukraine"]);
    expect(CATALOG.filter((s) => s.kind === "directory").map((s) => sourcePath(s, "search"))).toEqual([
      "/members/membership/search",
    ]);
  });

  it("finds a source by the exact path of one of its pages only", () => {
    expect(sourceAt("/stpete/birth/search", "search")?.id).toBe("stpete-birth");
    expect(sourceAt("/breyer/map/search", "search")?.id).toBe("breyer");
    expect(sourceAt("/members/russia-poland/map/place/12", "place")?.id).toBe("russia-poland");
    expect(sourceAt("/members/lodz/person/L12", "person")?.id).toBe("lodz");
    expect(sourceAt("/members/genealogy/person/G7/descendants", "descendants")?.id).toBe("genealogy");
    expect(sourceAt("/members/genealogy/person/G7/descendants", "person")).toBeUndefined();
    expect(sourceAt("/members/genealogy/person//descendants", "descendants")).toBeUndefined();
    expect(sourceAt("/members/genealogy/person/G7/Descendants", "descendants")).toBeUndefined();
    expect(sourceAt("/members/lublin/death/record/7", "record")?.id).toBe("lublin-death");
    expect(sourceAt("/members/odessa-stpete/export.csv", "export")?.id).toBe("odessa-stpete");
    expect(sourceAt("/stpete/Birth/search", "search")).toBeUndefined();
    expect(sourceAt("/members/ukraine/map", "search")).toBeUndefined();
    expect(sourceAt("/breyer/map/record/1", "record")).toBeUndefined();
    expect(sourceAt("/stpete/birth/record/1/2", "record")).toBeUndefined();
    expect(sourceAt("/stpete/birth/record/", "record")).toBeUndefined();
  });

  it("serves its pages through a few parameterised routes, the members' area apart", () => {
    const routes = sourceRoutes();
    expect(routes.map(sourceRouteId).sort()).toEqual(
      [
        "source/part/search",
        "source/part/record/recordId",
        "source/part/export.csv",
        "source/part/place/placeId",
        "members/source/search",
        "members/source/record/recordId",
        "members/source/export.csv",
        "members/source/person/personId",
        "members/source/person/personId/descendants",
        "members/source/part/search",
        "members/source/part/record/recordId",
        "members/source/part/export.csv",
        "members/source/part/place/placeId",
      ].sort(),
    );
    for (const r of routes) expect(r.members, r.path).toBe(r.path.startsWith("/members/"));
  });

  it("gives the canonical table every page of every source", () => {
    const patterns = sitePatterns();
    for (const s of CATALOG) for (const p of Object.values(s.routes)) expect(patterns).toContain(p);
    expect(patterns).toContain("/Login");
    const genealogy = CATALOG.find((s) => s.id === "genealogy")!;
    expect(sourcePath(genealogy, "descendants", "G7")).toBe("/members/genealogy/person/G7/descendants");
  });

  it("lists the sources in the menu by group, in catalog order", () => {
    const groups = catalogGroupsIn("en").map((g) => [g.label, g.links.length]);
    expect(groups).toEqual([
      ["St. Petersburg Lutheran Consistory", 3],
      ["Lublin Lutheran parishes", 3],
      ["Volhynia 1900–1918", 3],
      ["Indexes (members)", 2],
      ["Families (members)", 2],
      ["Places", 3],
      ["Members", 1],
    ]);
  });

  it("names the groups and sources in the reader's language", () => {
    const groups = catalogGroupsIn("de");
    expect(groups[0].label).toBe("Evangelisch-Lutherisches Konsistorium St. Petersburg");
    expect(groups[0].links[0].label).toBe("Geburten");
    expect(groups.find((g) => g.directory)?.links[0].description).toBe(
      "Mitglieder nach den Familiennamen finden, die sie erforschen",
    );
    expect(catalogGroupsIn("pl")[1].links[0].description).toBe("dla członków");
  });

  it("has the words of exactly the catalog's sources and groups in the catalogs", () => {
    const words = allResources().en!.catalog as { sources: object; groups: object };
    expect(Object.keys(words.sources).sort()).toEqual(CATALOG.map((s) => s.id).sort());
    expect(Object.keys(words.groups).sort()).toEqual([...new Set(CATALOG.map((s) => groupKey(s.group)))].sort());
  });
});
