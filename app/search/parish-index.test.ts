import { describe, expect, it } from "vitest";
import { sitePatterns } from "~/catalog";
import {
  COLLECTIONS,
  GROUP_SHORT_LABELS,
  PARISH_INDEX_COLLECTIONS,
  exportPath,
  getCollection,
  recordPath,
  searchPath,
} from "./collections";
import { criteriaToParams, parseCriteria } from "./criteria";
import { columnValue } from "./display";

/** The members' parish records index in the registry (DOMAIN.md, its row). */
describe("parish records index in the registry", () => {
  const c = getCollection("parish-records-idx")!;

  it("has one search at the SPEC path, members only, with a code of its own", () => {
    expect(PARISH_INDEX_COLLECTIONS.map((x) => [x.id, searchPath(x), x.access, x.recordKind, x.code])).toEqual([
      ["parish-records-idx", "/members/parish-records-idx/search", "members", "index", 11],
    ]);
    const codes = COLLECTIONS.map((x) => x.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(GROUP_SHORT_LABELS[c.group]).toBe("Indexes");
    const patterns = sitePatterns();
    expect(patterns).toContain("/members/parish-records-idx/search");
    expect(patterns).toContain(recordPath(c, ":recordId"));
    expect(patterns).toContain(exportPath(c));
  });

  it("searches surname, given name, record type (a select), spouse, parish and extractor", () => {
    expect(c.searchFields.map((f) => [f.name, f.kind, f.defaultMode])).toEqual([
      ["surname", "surname", "sounds"],
      ["givenName", "givenName", "variants"],
      ["recordType", "code", "exact"],
      ["spouse", "surname", "sounds"],
      ["parish", "parish", "normalized"],
      ["extractor", "parish", "normalized"],
    ]);
    expect(c.searchFields[2].choices?.map((x) => x.value)).toEqual(["B", "M", "D"]);
    expect(c.searchFields[3].sources).toEqual(["spouseSurname"]);
    const { criteria, errors } = parseCriteria(
      c,
      new URLSearchParams({ surname: "Nowak", recordType: "M", yearFrom: "1850", yearTo: "1860" }),
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((f) => [f.field.name, f.value])).toEqual([
      ["surname", "Nowak"],
      ["recordType", "M"],
    ]);
    expect(criteria.yearFrom).toBe(1850);
    expect(criteriaToParams(criteria, c).get("recordType")).toBe("M");
    // Only the listed record types.
    expect(parseCriteria(c, new URLSearchParams({ recordType: "X" })).errors.recordType).toBe(
      "Choose one of the listed record types.",
    );
  });

  it("shows the record type in words", () => {
    expect(columnValue("recordTypeLabel", { recordType: "B" })).toBe("Birth or baptism");
    expect(columnValue("recordTypeLabel", { recordType: "D" })).toBe("Death or burial");
  });
});
