import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePlaceCriteria, placeCriteriaToParams } from "./criteria";

const parse = (qs: string) => parsePlaceCriteria(new URLSearchParams(qs));

describe("place search criteria", () => {
  it("reads every field, with defaults", () => {
    const { criteria, errors } = parse("name=Łódź&nameMode=sounds&province=Petrikau&sheet=Lodz&square=c4&perPage=50");
    expect(errors).toEqual({});
    expect(criteria).toMatchObject({
      name: { value: "Łódź", mode: "sounds" },
      province: "Petrikau",
      sheet: "Lodz",
      square: "C4",
      perPage: 50,
      page: 1,
      sort: [{ field: "name", descending: false }],
    });
  });

  it("a radius search sorts by distance and defaults to 10 km", () => {
    const { criteria, errors } = parse("near=Lodz");
    expect(errors).toEqual({});
    expect(criteria.near).toEqual({ value: "Lodz", id: undefined, radiusKm: 10 });
    expect(criteria.sort).toEqual([{ field: "distance", descending: false }]);
    expect(parse("near=Lodz&radius=2,5&nearId=7").criteria.near).toEqual({ value: "Lodz", id: 7, radiusKm: 2.5 });
  });

  it("bad input gets a message by field and keeps what was typed", () => {
    const { errors, values } = parse(
      "radius=15&province=Preussen&sheet=Berlin&square=Z9&nameMode=fuzzy&perPage=7&sort=age&page=0",
    );
    expect(Object.keys(errors).sort()).toEqual(
      ["near", "nameMode", "page", "perPage", "province", "sheet", "sort", "square"].sort(),
    );
    expect(errors.near).toMatch(/place to measure/);
    expect(errors.province).toMatch(/province from the list/);
    expect(values).toMatchObject({ radius: "15", province: "Preussen", sheet: "Berlin", square: "Z9" });
    expect(parse("near=Lodz&radius=500").errors.radius).toMatch(/at most 100/);
    expect(parse("near=Lodz&radius=ten").errors.radius).toMatch(/kilometres/);
    expect(parse("name=%21%21").errors.name).toMatch(/letter/);
    expect(parse("sort=distance").errors).toEqual({});
  });

  it("never throws, and a valid parse round-trips through its URL", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(
            "name",
            "nameMode",
            "province",
            "sheet",
            "square",
            "near",
            "nearId",
            "radius",
            "sort",
            "page",
          ),
          fc.string({ maxLength: 20 }),
        ),
        (dict) => {
          const parsed = parsePlaceCriteria(new URLSearchParams(dict));
          if (Object.keys(parsed.errors).length) return;
          const again = parsePlaceCriteria(placeCriteriaToParams(parsed.criteria));
          expect(again.errors).toEqual({});
          expect(again.criteria).toEqual(parsed.criteria);
        },
      ),
    );
  });
});
