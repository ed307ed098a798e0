import { describe, expect, it } from "vitest";
import { sitePatterns } from "~/catalog";
import {
  COLLECTIONS,
  LUBLIN_COLLECTIONS,
  exportPath,
  fieldSources,
  getCollection,
  nameForms,
  recordPath,
  searchPath,
} from "./collections";
import { criteriaToParams, parseCriteria } from "./criteria";
import { columnValue } from "./display";

/** The members' Lublin collections in the registry (DOMAIN.md, the Lublin row). */
describe("Lublin collections in the registry", () => {
  it("declares births, deaths and marriages under /members/lublin, members only, with codes of their own", () => {
    expect(LUBLIN_COLLECTIONS.map((c) => [c.id, searchPath(c), c.access, c.recordKind])).toEqual([
      ["lublin-birth", "/members/lublin/birth/search", "members", "birth"],
      ["lublin-death", "/members/lublin/death/search", "members", "death"],
      ["lublin-marriage", "/members/lublin/marriage/search", "members", "marriage"],
    ]);
    const codes = COLLECTIONS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of LUBLIN_COLLECTIONS) expect(getCollection(c.id)).toBe(c);
  });

  it("gets a search, a record and an export route each (the SPEC §2 paths exist now)", () => {
    const patterns = sitePatterns();
    for (const c of LUBLIN_COLLECTIONS) {
      expect(patterns).toContain(searchPath(c));
      expect(patterns).toContain(recordPath(c, ":recordId"));
      expect(patterns).toContain(exportPath(c));
    }
  });

  it("searches surname, given name, father or spouse, mother or spouse and village, each with its match modes", () => {
    const fields = (id: string) => getCollection(id)!.searchFields.map((f) => [f.name, f.kind]);
    expect(fields("lublin-birth")).toEqual([
      ["surname", "surname"],
      ["givenName", "givenName"],
      ["fatherGivenName", "givenName"],
      ["motherGivenName", "givenName"],
      ["motherMaidenName", "surname"],
      ["place", "place"],
    ]);
    expect(fields("lublin-death")).toEqual([
      ["surname", "surname"],
      ["givenName", "givenName"],
      ["fatherOrSpouse", "givenName"],
      ["motherOrSpouse", "givenName"],
      ["place", "place"],
    ]);
    expect(fields("lublin-marriage").map(([n]) => n)).toEqual([
      "groomSurname",
      "groomGivenName",
      "brideSurname",
      "brideGivenName",
      "place",
    ]);
    for (const c of LUBLIN_COLLECTIONS) {
      for (const f of c.searchFields) {
        if (f.kind === "surname")
          expect(f.modes).toEqual(["sounds", "normalized", "exact", "starts", "contains", "beiderMorse", "similar"]);
        if (f.kind === "givenName") expect(f.modes).toContain("variants");
        expect(f.modes).toEqual(expect.arrayContaining(["exact", "normalized", "starts", "contains", "sounds"]));
      }
    }
  });

  it("finds a name in the form as written and in the Germanised one", () => {
    const birth = getCollection("lublin-birth")!;
    expect(fieldSources(birth.searchFields[0])).toEqual(["surname", "surnameDe"]);
    expect(fieldSources(birth.searchFields[1])).toEqual(["givenName", "givenNameDe"]);
    const death = getCollection("lublin-death")!;
    expect(fieldSources(death.searchFields[2])).toEqual([
      "fatherGivenName",
      "fatherGivenNameDe",
      "husbandGivenName",
      "husbandGivenNameDe",
    ]);
    // A St. Petersburg field still reads only itself.
    expect(fieldSources(getCollection("stpete-birth")!.searchFields[0])).toEqual(["surname"]);
  });

  it("cites the archive, fond, parish, register year and act number", () => {
    for (const c of LUBLIN_COLLECTIONS) {
      expect(c.sourceFields.map((f) => f.name)).toEqual(["archive", "fond", "parish", "registerYear", "act"]);
      expect(c.resultColumns[0]).toEqual({ name: "act", label: "Act" });
    }
  });
});

describe("Lublin search criteria from the URL", () => {
  const birth = getCollection("lublin-birth")!;
  const death = getCollection("lublin-death")!;

  it("reads every field with its mode, and the year range", () => {
    const { criteria, errors } = parseCriteria(
      birth,
      new URLSearchParams(
        "surname=Szmidt&surnameMode=sounds&givenName=Bogumił&fatherGivenName=Jan&fatherGivenNameMode=exact&motherMaidenName=Krauze&place=Cyc&placeMode=starts&yearFrom=1850&yearTo=1870",
      ),
    );
    expect(errors).toEqual({});
    expect(criteria.fields.map((f) => [f.field.name, f.value, f.mode])).toEqual([
      ["surname", "Szmidt", "sounds"],
      ["givenName", "Bogumił", "variants"],
      ["fatherGivenName", "Jan", "exact"],
      ["motherMaidenName", "Krauze", "sounds"],
      ["place", "Cyc", "starts"],
    ]);
    expect([criteria.yearFrom, criteria.yearTo]).toEqual([1850, 1870]);
    expect(criteriaToParams(criteria, birth).toString()).toContain("fatherGivenName=Jan&fatherGivenNameMode=exact");
  });

  it("reads father or spouse and mother or spouse on deaths, and refuses a mode a field does not have", () => {
    const ok = parseCriteria(
      death,
      new URLSearchParams("fatherOrSpouse=Gottlieb&motherOrSpouseMode=sounds&motherOrSpouse=Anna"),
    );
    expect(ok.errors).toEqual({});
    expect(ok.criteria.fields.map((f) => [f.field.name, f.mode])).toEqual([
      ["fatherOrSpouse", "variants"],
      ["motherOrSpouse", "sounds"],
    ]);
    const bad = parseCriteria(death, new URLSearchParams("surname=Nowak&surnameMode=variants"));
    expect(bad.errors).toHaveProperty("surnameMode");
  });
});

describe("Lublin name forms in results", () => {
  it("shows the form as written and the Germanised form, once when they agree", () => {
    expect(nameForms("Jan", "Johann")).toBe("Jan / Johann");
    expect(nameForms("Wilhelm", "Wilhelm")).toBe("Wilhelm");
    expect(nameForms(null, "Johann")).toBe("Johann");
    const data = {
      surname: "Szmidt",
      surnameDe: "Schmidt",
      givenName: "Bogumił",
      givenNameDe: "Gottlieb",
      fatherGivenName: "Jan",
      fatherGivenNameDe: "Johann",
      motherGivenName: "Anna",
      motherGivenNameDe: "Anna",
      motherMaidenName: "Krauze",
      motherMaidenNameDe: "Krause",
      groomGivenName: "Jan",
      groomGivenNameDe: "Johann",
      groomSurname: "Nowicki",
      groomSurnameDe: "Nowitzki",
      spouse: "wife Anna née Krauze / Krause",
    };
    expect(columnValue("surnameForms", data)).toBe("Szmidt / Schmidt");
    expect(columnValue("givenNameForms", data)).toBe("Bogumił / Gottlieb");
    expect(columnValue("fatherForms", data)).toBe("Jan / Johann");
    expect(columnValue("motherForms", data)).toBe("Anna née Krauze / Krause");
    expect(columnValue("groomForms", data)).toBe("Jan Nowicki / Johann Nowitzki");
    expect(columnValue("relatives", data)).toBe(
      "parents Jan / Johann and Anna née Krauze / Krause; spouse wife Anna née Krauze / Krause",
    );
  });
});
