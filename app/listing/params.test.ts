import { describe, expect, it } from "vitest";
import { ParamReader, termSchema } from "./params";
import { formatSort, parseSort } from "./sort";

describe("ParamReader", () => {
  it("treats blanks as absent, keeps typed values bounded, and collects one message per parameter", () => {
    const read = new ParamReader(
      new URLSearchParams({ a: "  ", b: "x".repeat(500), c: "!!", page: "0", perPage: "25" }),
    );
    expect(read.typed("a")).toBeUndefined();
    expect(read.parse("b", termSchema)).toBeUndefined();
    expect(read.values.b).toHaveLength(200);
    expect(read.parse("c", termSchema)).toBeUndefined();
    expect(read.page()).toBe(1);
    expect(read.perPage()).toBe(25);
    expect(read.errors).toEqual({
      b: "Please use at most 100 characters.",
      c: "Enter at least one letter.",
      page: "Pages start at 1.",
    });
    expect(read.values).not.toHaveProperty("page");
  });

  it("names the real page limit for a number too large or not a number", () => {
    for (const page of ["1000000000", "100001", "2.5", "x"]) {
      const read = new ParamReader(new URLSearchParams({ page }));
      expect(read.page()).toBe(1);
      expect(read.errors.page).toBe("The page must be a whole number from 1 to 100,000.");
    }
    expect(new ParamReader(new URLSearchParams({ page: "100000" })).page()).toBe(100_000);
  });

  it("reads the first of repeated parameters", () => {
    expect(new ParamReader(new URLSearchParams("x=1&x=2")).typed("x")).toBe("1");
  });
});

describe("sort orders", () => {
  it("reads columns once each, descending with a minus", () => {
    expect(parseSort("year,-name,year", ["name", "year"])).toEqual([
      { field: "year", descending: false },
      { field: "name", descending: true },
    ]);
    expect(formatSort([{ field: "year", descending: true }])).toBe("-year");
  });

  it("refuses unknown columns and empty orders unless told what to fall back to", () => {
    expect(parseSort("colour", ["name"])).toBe("Results cannot be sorted by “colour”. Sort by name.");
    expect(parseSort(",", ["name"])).toBe("Choose a column to sort by.");
    expect(
      parseSort("distance", ["name"], { dropped: ["distance"], fallback: [{ field: "name", descending: false }] }),
    ).toEqual([{ field: "name", descending: false }]);
    expect(parseSort("x".repeat(101), ["name"])).toBe("That sort order is too long.");
  });
});
