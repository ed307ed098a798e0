import { describe, expect, it } from "vitest";
import { sitePatterns } from "~/catalog";
import {
  COLLECTIONS,
  VOLHYNIAN_COLLECTIONS,
  exportPath,
  fieldSources,
  getCollection,
  recordPath,
  searchPath,
} from "./collections";
import { criteriaToParams, parseCriteria } from "./criteria";
import { citationText, columnValue } from "./display";

/** The members' Volhynian collections in the registry (DOMAIN.md, the Volhynian row). */
describe("Volhynian collections in the registry", () => {
  it("declares births, deaths and marriages under /members/volhynian, members only, with codes of their own", () => {
    expect(VOLHYNIAN_COLLECTIONS.map((c) => [c.id, searchPath(c), c.access, c.recordKind, c.code])).toEqual([
      ["volhynian-birth", "/members/volhynian/birth/search", "members", "birth", 7],
      ["volhynian-death", "/members/volhynian/death/search", "members", "death", 8],
      ["volhynian-marriage", "/members/volhynian/marriage/search", "members", "marriage", 9],
    ]);
    const codes = COLLECTIONS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of VOLHYNIAN_COLLECTIONS) {
      expect(getCollection(c.id)).toBe(c);
      expect(c.years).toEqual({ from: 1900, to: 1918, missing: [] });
    }
  });

  it("gets a search, a record and an export route each (the SPEC §2 paths exist now)", () => {
    const patterns = sitePatterns();
    for (const c of VOLHYNIAN_COLLECTIONS) {
      expect(patterns).toContain(searchPath(c));
      expect(patterns).toContain(recordPath(c, ":recordId"));
      expect(patterns).toContain(exportPath(c));
    }
  });

  it("searches the DOMAIN.md fields, each with every match mode (variants for given names)", () => {
    const fields = (id: string) => getCollection(id)!.searchFields.map((f) => [f.name, f.kind]);
    expect(fields("volhynian-birth")).toEqual([
      ["surname", "surname"],
      ["givenName", "givenName"],
      ["fatherGivenName", "givenName"],
      ["motherGivenName", "givenName"],
      ["place", "place"],
    ]);
    expect(fields("volhynian-death")).toEqual([
      ["surname", "surname"],
      ["givenName", "givenName"],
      ["spouseGivenName", "givenName"],
      ["place", "place"],
    ]);
    expect(fields("volhynian-marriage").map(([n]) => n)).toEqual([
      "groomSurname",
      "groomGivenName",
      "brideSurname",
      "brideGivenName",
      "place",
    ]);
    for (const c of VOLHYNIAN_COLLECTIONS) {
      for (const f of c.searchFields) {
        if (f.kind === "givenName") expect(f.modes).toContain("variants");
        expect(f.modes).toEqual(expect.arrayContaining(["exact", "normalized", "starts", "contains", "sounds"]));
      }
    }
  });

  it("finds a name in Cyrillic as written and in the Germanised form, a place in both scripts", () => {
    const birth = getCollection("volhynian-birth")!;
    expect(fieldSources(birth.searchFields[0])).toEqual(["surname", "surnameDe"]);
    expect(fieldSources(birth.searchFields[1])).toEqual(["givenName", "givenNameDe"]);
    expect(fieldSources(birth.searchFields[4])).toEqual(["place", "placeRu"]);
    const death = getCollection("volhynian-death")!;
    expect(fieldSources(death.searchFields[2])).toEqual(["spouseGivenName", "spouseGivenNameDe"]);
  });

  it("shows both dates, godparents and the church book on a birth; cause, burial and status on a death", () => {
    const names = (id: string) => getCollection(id)!.detailFields.map((f) => f.name);
    expect(names("volhynian-birth")).toEqual(
      expect.arrayContaining(["birthDate", "baptismDate", "godfather", "godmother", "parish", "remarks"]),
    );
    expect(names("volhynian-death")).toEqual(
      expect.arrayContaining(["deathDate", "buried", "age", "birthplace", "status", "spouse", "cause"]),
    );
    expect(names("volhynian-marriage")).toEqual(expect.arrayContaining(["marriageDate", "parish", "remarks"]));
    for (const c of VOLHYNIAN_COLLECTIONS)
      expect(c.sourceFields.map((f) => f.name)).toEqual(["archive", "book", "page", "act"]);
  });
});

describe("Volhynian search criteria from the URL", () => {
  it("reads every field with its mode, and the year range", () => {
    const birth = getCollection("volhynian-birth")!;
    const { criteria, errors } = parseCriteria(
      birth,
      new URLSearchParams(
        "surname=Schmidt&surnameMode=sounds&givenName=Johann&fatherGivenName=Gottlieb&fatherGivenNameMode=exact&place=Rozh&placeMode=starts&yearFrom=1905&yearTo=1910",
      ),
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((f) => [f.field.name, f.value, f.mode])).toEqual([
      ["surname", "Schmidt", "sounds"],
      ["givenName", "Johann", "variants"],
      ["fatherGivenName", "Gottlieb", "exact"],
      ["place", "Rozh", "starts"],
    ]);
    expect([criteria.yearFrom, criteria.yearTo]).toEqual([1905, 1910]);
    expect(criteriaToParams(criteria, birth).toString()).toContain(
      "fatherGivenName=Gottlieb&fatherGivenNameMode=exact",
    );
    const death = getCollection("volhynian-death")!;
    const ok = parseCriteria(death, new URLSearchParams("spouseGivenName=Wilhelmine"));
    expect(ok.criteria.fields.map((f) => [f.field.name, f.mode])).toEqual([["spouseGivenName", "variants"]]);
    expect(parseCriteria(death, new URLSearchParams("surname=Radke&surnameMode=variants")).errors).toHaveProperty(
      "surnameMode",
    );
  });
});

describe("Volhynian name and place forms", () => {
  const data = {
    surname: "Шмидт",
    surnameDe: "Schmidt",
    givenName: "Иоганн",
    givenNameDe: "Johann",
    placeRu: "Рожище",
    place: "Rozhyshche",
    parish: "Рожище / Rozhyshche",
    groomGivenName: "Готлиб",
    groomGivenNameDe: "Gottlieb",
    groomSurname: "Радке",
    groomSurnameDe: "Radke",
    book: "fond 179, opis 1, delo 16",
    page: "4",
    act: "12",
  };

  it("shows the Cyrillic as written beside its Germanised or Latin form", () => {
    expect(columnValue("surnameForms", data)).toBe("Шмидт / Schmidt");
    expect(columnValue("givenNameForms", data)).toBe("Иоганн / Johann");
    expect(columnValue("placeForms", data)).toBe("Рожище / Rozhyshche");
    expect(columnValue("groomForms", data)).toBe("Готлиб Радке / Gottlieb Radke");
  });

  it("cites the person in the Germanised form, both calendars and the church book", () => {
    const text = citationText({
      collection: getCollection("volhynian-birth")!,
      data,
      gregDate: "1905-03-12",
      julianDate: "1905-02-27",
      year: 1905,
      url: "https://example.org/members/volhynian/birth/record/1",
      accessed: new Date("2026-11-22T00:00:00Z"),
    });
    expect(text).toContain("Baptism of Johann Schmidt");
    expect(text).toContain("Julian");
    expect(text).toContain("church book fond 179, opis 1, delo 16, page 4, act number 12");
  });
});
