import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COLLECTIONS, getCollection } from "./collections";
import { criteriaToParams, parseCriteria } from "./criteria";

const births = getCollection("stpete-birth")!;
const parse = (q: string) => parseCriteria(births, new URLSearchParams(q));

describe("criteria from the URL", () => {
  it("reads fields, modes and defaults", () => {
    const { criteria, errors } = parse(
      "surname=Schulz&givenName=Jan&givenNameMode=exact&yearFrom=1850&yearTo=1860&perPage=50&sort=year,-surname&page=2",
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((f) => [f.field.name, f.value, f.mode])).toEqual([
      ["surname", "Schulz", "sounds"],
      ["givenName", "Jan", "exact"],
    ]);
    expect(criteria).toMatchObject({ yearFrom: 1850, yearTo: 1860, perPage: 50, page: 2 });
    expect(criteria.sort).toEqual([
      { field: "year", descending: false },
      { field: "surname", descending: true },
    ]);
  });

  it("ignores unknown parameters and empty fields", () => {
    const { criteria, errors } = parse("surname=&utm_source=x&foo=bar");
    expect(errors).toEqual({});
    expect(criteria.fields).toEqual([]);
  });

  it("explains each kind of bad input beside its field", () => {
    expect(parse(`surname=${"a".repeat(101)}`).errors.surname).toMatch(/at most 100/);
    expect(parse("yearFrom=18x6").errors.yearFrom).toMatch(/four digits/);
    expect(parse("yearFrom=1860&yearTo=1850").errors.yearTo).toMatch(/before the start/);
    expect(parse("perPage=30").errors.perPage).toMatch(/10, 25, 50/);
    expect(parse("sort=shoeSize").errors.sort).toMatch(/cannot be sorted by “shoeSize”/);
    expect(parse("page=0").errors.page).toMatch(/start at 1/);
    expect(parse("surnameMode=variants").errors.surnameMode).toMatch(/Choose one/);
    expect(parse("surname=%25%25%25").errors.surname).toMatch(/at least one letter/);
  });

  it("keeps what the user typed for the form", () => {
    expect(parse("yearFrom=18x6&surname=Kühn").values).toMatchObject({ yearFrom: "18x6", surname: "Kühn" });
  });

  it("round-trips through URL parameters", () => {
    const { criteria } = parse("surname=Schulz&surnameMode=exact&yearTo=1860&sort=-year&perPage=10&page=3");
    const again = parseCriteria(births, criteriaToParams(criteria, births));
    expect(again.criteria).toEqual(criteria);
  });

  it("never throws and never accepts an over-long value, whatever the URL", () => {
    const keys = ["surname", "givenName", "surnameMode", "yearFrom", "yearTo", "page", "perPage", "sort", "place", "x"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...keys), fc.string({ unit: "binary", maxLength: 300 })), { maxLength: 12 }),
        fc.constantFrom(...COLLECTIONS),
        (pairs, collection) => {
          const params = new URLSearchParams(pairs);
          const { criteria, errors } = parseCriteria(collection, params);
          for (const f of criteria.fields) expect(f.value.length).toBeLessThanOrEqual(100);
          expect([10, 25, 50]).toContain(criteria.perPage);
          expect(criteria.page).toBeGreaterThanOrEqual(1);
          for (const message of Object.values(errors)) expect(message.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
