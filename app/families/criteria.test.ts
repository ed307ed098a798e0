import { describe, expect, it } from "vitest";
import { getFamilyCollection, parsePersonId } from "./collections";
import { parsePersonCriteria, personCriteriaToParams } from "./criteria";
import { formatPartialDate, formatPartialDateIn, mayBeLiving } from "./dates";

const lodz = getFamilyCollection("lodz")!;
const genealogy = getFamilyCollection("genealogy")!;
const parse = (qs: string, c = lodz) => parsePersonCriteria(c, new URLSearchParams(qs));

describe("person search criteria", () => {
  it("reads names with their modes, the id, birth years, paging and sort", () => {
    const { criteria, errors } = parse(
      "surname=Schmidt&givenName=Jan&givenNameMode=exact&birthPlace=Lodz&deathPlaceMode=sounds&id=l12&yearFrom=1830&yearTo=1840&perPage=10&sort=-year&page=2",
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((f) => [f.field.name, f.value, f.mode])).toEqual([
      ["surname", "Schmidt", "sounds"],
      ["givenName", "Jan", "exact"],
      ["birthPlace", "Lodz", "starts"],
    ]);
    expect(criteria).toMatchObject({ id: 12, yearFrom: 1830, yearTo: 1840, perPage: 10, page: 2 });
    expect(criteria.sort).toEqual([{ field: "year", descending: true }]);
    expect(personCriteriaToParams(lodz, criteria).toString()).toBe(
      "surname=Schmidt&givenName=Jan&givenNameMode=exact&birthPlace=Lodz&yearFrom=1830&yearTo=1840&sort=-year&perPage=10&page=2&id=L12",
    );
  });

  it("puts a message beside each bad field and keeps what was typed", () => {
    const { errors, values } = parse("surname=Schmidt&surnameMode=loud&id=G5&yearFrom=18x0&perPage=20&sort=colour");
    expect(Object.keys(errors).sort()).toEqual(["id", "perPage", "sort", "surnameMode", "yearFrom"]);
    expect(errors.id).toBe("Ids in this collection are L and a number, for example L1234.");
    expect(values).toMatchObject({ surname: "Schmidt", surnameMode: "loud", id: "G5", yearFrom: "18x0" });
    expect(parse("id=G5", genealogy).errors).toEqual({});
    expect(parse("surname=%21%21").errors.surname).toBe("Enter at least one letter.");
  });

  it("reads person ids with or without the letter, never another collection's", () => {
    expect(parsePersonId(lodz, "L1234")).toBe(1234);
    expect(parsePersonId(lodz, "1234")).toBe(1234);
    expect(parsePersonId(lodz, "G1234")).toBeUndefined();
    expect(parsePersonId(genealogy, "g7")).toBe(7);
    expect(parsePersonId(lodz, "L0")).toBeUndefined();
    expect(parsePersonId(lodz, "L12x")).toBeUndefined();
  });
});

describe("dates and people who may be living", () => {
  it("writes partial dates in words", () => {
    expect(formatPartialDate("1834-05-12")).toBe("12 May 1834");
    expect(formatPartialDate("1834-05")).toBe("May 1834");
    expect(formatPartialDate("1762")).toBe("1762");
    expect(formatPartialDate(null)).toBe("");
  });

  it("writes them in the reader's language: a day's month in its case, a month alone as a calendar names it", () => {
    expect(formatPartialDateIn("en", "1834-05-12")).toBe("12 May 1834");
    expect(formatPartialDateIn("de", "1834-05-12")).toBe("12. Mai 1834");
    expect(formatPartialDateIn("pl", "1834-05-12")).toBe("12 maja 1834");
    expect(formatPartialDateIn("pl", "1834-05")).toBe("maj 1834");
    expect(formatPartialDateIn("uk", "1834-05")).toBe("травень 1834");
    expect(formatPartialDateIn("ru", "1834-05-12")).toBe("12 мая 1834");
    expect(formatPartialDateIn("ru", "1834")).toBe("1834");
    expect(formatPartialDateIn("de", "not a date")).toBe("not a date");
    expect(formatPartialDateIn("uk", null)).toBe("");
  });

  it("counts anyone born less than 100 years ago with no death as possibly living", () => {
    const now = new Date("2026-11-22T00:00:00Z");
    expect(mayBeLiving({ birthYear: 1927, deathYear: null }, now)).toBe(true);
    expect(mayBeLiving({ birthYear: 1926, deathYear: null }, now)).toBe(false);
    expect(mayBeLiving({ birthYear: 1950, deathYear: 2001 }, now)).toBe(false);
    expect(mayBeLiving({ birthYear: null, deathYear: null }, now)).toBe(true);
  });
});
