import { describe, expect, it } from "vitest";
import { getCollection } from "~/search/collections";
import { headerKey, importTargets, looksLikeName, matchHeaders, storedFields, unmappedNames } from "./fields";

const stpeteBirth = getCollection("stpete-birth")!;
const parishIndex = getCollection("parish-records-idx")!;

describe("import targets", () => {
  it("are the collection's stored fields, never the columns the site makes from them", () => {
    const names = storedFields(stpeteBirth).map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(["surname", "givenName", "motherMaidenName", "film", "page"]));
    expect(names).not.toContain("mother");
    expect(storedFields(parishIndex).map((f) => f.name)).toEqual(
      expect.arrayContaining(["spouse", "spouseSurname", "recordType", "act"]),
    );
    expect(storedFields(parishIndex).map((f) => f.name)).not.toContain("recordTypeLabel");
  });

  it("require the date and the principal surname", () => {
    const required = importTargets(getCollection("stpete-marriage")!).filter((t) => t.required);
    expect(required.map((t) => t.name)).toEqual(["date", "groomSurname"]);
  });
});

describe("matchHeaders", () => {
  it("matches headers in German, Polish and Russian, ignoring case, accents and spaces", () => {
    expect(headerKey(" Mother's  Maiden-Name ")).toBe("mothersmaidenname");
    expect(matchHeaders(["Nachname", "Imię", "Data", "Parafia", "Uwagi", "Spalte X"], stpeteBirth)).toEqual([
      "surname",
      "givenName",
      "date",
      "parish",
      "remarks",
      null,
    ]);
    expect(matchHeaders(["Фамилия", "имя", "Дата"], stpeteBirth)).toEqual(["surname", "givenName", "date"]);
    expect(matchHeaders(["Mother's maiden name", "motherGivenName"], stpeteBirth)).toEqual([
      "motherMaidenName",
      "motherGivenName",
    ]);
  });

  it("matches the mother's maiden name in English, German, Polish, Ukrainian and Russian", () => {
    const lublinBirth = getCollection("lublin-birth")!;
    for (const header of [
      "Mother's maiden name",
      "Geburtsname der Mutter",
      "Mädchenname der Mutter",
      "Nazwisko rodowe matki",
      "Nazwisko panieńskie matki",
      "Matka z domu",
      "Дівоче прізвище матері",
      "Девичья фамилия матери",
    ]) {
      expect([header, matchHeaders(["Nachname", header], stpeteBirth)[1]]).toEqual([header, "motherMaidenName"]);
      expect([header, matchHeaders([header], lublinBirth)[0]]).toEqual([header, "motherMaidenName"]);
    }
    expect(matchHeaders(["Прізвище", "Ім'я", "Ім'я батька", "Ім'я матері", "Парафія"], stpeteBirth)).toEqual([
      "surname",
      "givenName",
      "fatherGivenName",
      "motherGivenName",
      "parish",
    ]);
  });

  it("tells the columns left out that look like names", () => {
    for (const h of [
      "Geburtsname der Mutter",
      "Vorname des Paten",
      "Nazwisko chrzestnego",
      "Имя крёстного",
      "Прізвище",
    ]) {
      expect([h, looksLikeName(h)]).toEqual([h, true]);
    }
    for (const h of ["Datum", "Seite", "Uwagi", "Nr aktu", "Год"]) expect([h, looksLikeName(h)]).toEqual([h, false]);
    expect(unmappedNames(["Nachname", "Pate Name", "Seite"], ["surname", null, null])).toEqual(["Pate Name"]);
  });

  it("gives a field to one column only", () => {
    expect(matchHeaders(["Surname", "Nazwisko"], stpeteBirth)).toEqual(["surname", null]);
  });
});
