import { describe, expect, it } from "vitest";
import { odessaRecordAt } from "~/demo/odessa";
import { sitePatterns } from "~/catalog";
import {
  COLLECTIONS,
  GROUP_SHORT_LABELS,
  ODESSA_COLLECTIONS,
  exportPath,
  getCollection,
  recordPath,
  searchPath,
} from "./collections";
import { parseCriteria } from "./criteria";
import { columnValue } from "./display";

/** The members' Odessa / St. Petersburg film index in the registry (DOMAIN.md, its row). */
describe("Odessa film index in the registry", () => {
  it("has one search at the SPEC path, members only, with a code of its own", () => {
    expect(ODESSA_COLLECTIONS.map((c) => [c.id, searchPath(c), c.access, c.recordKind, c.code])).toEqual([
      ["odessa-stpete", "/members/odessa-stpete/search", "members", "index", 10],
    ]);
    const codes = COLLECTIONS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(GROUP_SHORT_LABELS[ODESSA_COLLECTIONS[0].group]).toBe("Indexes");
  });

  it("gets a search, a record and an export route", () => {
    const patterns = sitePatterns();
    const c = getCollection("odessa-stpete")!;
    expect(patterns).toContain("/members/odessa-stpete/search");
    expect(patterns).toContain(recordPath(c, ":recordId"));
    expect(patterns).toContain(exportPath(c));
  });

  it("searches surname, given name, film, register and page with their match modes", () => {
    const c = getCollection("odessa-stpete")!;
    expect(c.searchFields.map((f) => [f.name, f.kind, f.defaultMode])).toEqual([
      ["surname", "surname", "sounds"],
      ["givenName", "givenName", "variants"],
      ["film", "code", "exact"],
      ["register", "code", "exact"],
      ["filmPage", "code", "exact"],
    ]);
    expect(c.searchFields[0].modes).toEqual([
      "sounds",
      "normalized",
      "exact",
      "starts",
      "contains",
      "beiderMorse",
      "similar",
    ]);
    expect(c.searchFields[2].modes).toEqual(["exact", "starts", "contains"]);
    const { criteria, errors } = parseCriteria(
      c,
      new URLSearchParams({ surname: "Schmidt", film: "1881234", filmMode: "starts", filmPage: "12" }),
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((f) => [f.field.name, f.value, f.mode])).toEqual([
      ["surname", "Schmidt", "sounds"],
      ["film", "1881234", "starts"],
      ["filmPage", "12", "exact"],
    ]);
    // A mode the field does not offer is refused.
    expect(parseCriteria(c, new URLSearchParams({ film: "1881234", filmMode: "sounds" })).errors.filmMode).toBeTruthy();
  });

  it("shows the film and item together", () => {
    expect(columnValue("filmItem", { film: "1881234", item: "3" })).toBe("1881234 item 3");
    expect(columnValue("filmItem", { film: "1881234" })).toBe("1881234");
    const r = odessaRecordAt(0, 1838);
    expect(columnValue("filmItem", r.fields as Record<string, string>)).toMatch(/^18\d{5} item [1-6]$/);
  });
});
