import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  directoryCriteriaToParams,
  formatMemberNumber,
  hasAnyDirectoryCriterion,
  parseDirectoryCriteria,
} from "./directory-criteria";
import { directoryCodes, directoryNameRows, itemMatches } from "~/auth/directory-names";

const parse = (query: string) => parseDirectoryCriteria(new URLSearchParams(query));

describe("member directory criteria", () => {
  it("reads every field with its defaults", () => {
    const { criteria, errors } = parse(
      "number=%2342&surname=+Nowak+&givenName=Anna&email=Anna%40Example.org&research=Schmidt&place=%C5%81%C3%B3d%C5%BA",
    );
    expect(errors).toEqual({});
    expect(criteria).toEqual({
      number: 42,
      surname: "Nowak",
      givenName: "Anna",
      email: "Anna@Example.org",
      research: { value: "Schmidt", mode: "sounds" },
      place: "Łódź",
      page: 1,
      perPage: 25,
      sort: [{ field: "surname", descending: false }],
    });
    expect(hasAnyDirectoryCriterion(criteria)).toBe(true);
    expect(hasAnyDirectoryCriterion(parse("research=&place=+").criteria)).toBe(false);
  });

  it("accepts the member number as it is printed", () => {
    expect(parse(`number=${encodeURIComponent(formatMemberNumber(7))}`).criteria.number).toBe(7);
    expect(parse("number=no7").criteria.number).toBe(7);
  });

  it("puts a message beside each bad field and keeps what was typed", () => {
    const { errors, values } = parse(
      "number=12a&email=anna&research=%21%21&researchMode=loud&place=" +
        "x".repeat(101) +
        "&perPage=30&page=0&sort=email",
    );
    expect(Object.keys(errors).sort()).toEqual(
      ["email", "number", "page", "perPage", "place", "research", "researchMode", "sort"].sort(),
    );
    expect(errors.number).toMatch(/whole number/);
    expect(errors.email).toMatch(/whole e-mail address/);
    expect(errors.research).toBe("Enter at least one letter.");
    expect(errors.sort).toMatch(/cannot be sorted by “email”/);
    expect(values).toMatchObject({ number: "12a", email: "anna", research: "!!", researchMode: "loud", perPage: "30" });
  });

  it("writes criteria back to the same URL, defaults left out", () => {
    const query =
      "number=3&surname=Nowak&givenName=Anna&email=a%40b.org&research=Kuhn&researchMode=starts&place=Lodz&sort=-number&perPage=50&page=2";
    const { criteria } = parse(query);
    expect(directoryCriteriaToParams(criteria).toString()).toBe(query);
    expect(directoryCriteriaToParams(parse("research=Kuhn").criteria).toString()).toBe("research=Kuhn");
  });

  it("never throws, whatever the URL holds", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("number", "surname", "email", "research", "researchMode", "place", "perPage", "page", "sort"),
          fc.string(),
        ),
        (params) => {
          const parsed = parseDirectoryCriteria(new URLSearchParams(params));
          for (const [name, message] of Object.entries(parsed.errors)) {
            expect(typeof message).toBe("string");
            expect(parsed.values[name] ?? params[name] ?? "").toBeDefined();
          }
        },
      ),
    );
  });
});

describe("member directory keys", () => {
  const source = {
    surname: "Müller",
    given_name: "",
    research_surnames: "Szmidt, Kühn\nszmidt, Van der Berg",
    research_places: "Łódź",
  };

  it("makes one row per listed item, folded, in the order typed", () => {
    expect(directoryNameRows(source).map((r) => [r.kind, r.position, r.value, r.folded])).toEqual([
      ["surname", 0, "Müller", "muller"],
      ["research_surname", 0, "Szmidt", "szmidt"],
      ["research_surname", 1, "Kühn", "kuhn"],
      ["research_surname", 2, "Van der Berg", "van der berg"],
      ["research_place", 0, "Łódź", "lodz"],
    ]);
  });

  it("codes every word of every research surname once", () => {
    const codes = directoryCodes(source);
    expect(codes).toContain("463000"); // Szmidt = Schmidt
    expect(codes).toContain("560000"); // Kühn
    expect(codes).toContain("795000"); // Berg
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("matches items by each mode", () => {
    expect(itemMatches("Szmidt", "Schmidt", "sounds")).toBe(true);
    expect(itemMatches("Szmidt", "Wagner", "sounds")).toBe(false);
    expect(itemMatches("Van der Berg", "berg", "starts")).toBe(true);
    expect(itemMatches("Kühn", "kuh", "starts")).toBe(true);
    expect(itemMatches("Kühn", "Kuhn", "exact")).toBe(false);
    expect(itemMatches("Kühn", " KÜHN ", "exact")).toBe(true);
  });
});
