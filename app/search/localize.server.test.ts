import { describe, expect, it } from "vitest";
import en from "~/locales/en/fields.json";
import { COLLECTIONS, RECORD_TYPES, getCollection } from "./collections";
import { localizedCollection } from "./localize.server";
import { citationText, columnValue, recordDatePair } from "./display";
import { searchWords } from "~/listing/say.server";

const catalog = en as unknown as Record<string, Record<string, Record<string, string> | string>>;

describe("the collections' words in the reader's language", () => {
  it("keep the English catalog equal to the registry, so English pages read as the registry says", () => {
    for (const c of COLLECTIONS) {
      const entry = catalog[c.id]!;
      for (const f of [...c.detailFields, ...c.sourceFields])
        expect((entry.fields as Record<string, string>)[f.name]).toBe(f.label);
      for (const f of c.searchFields) expect((entry.search as Record<string, string>)[f.name]).toBe(f.label);
      for (const f of c.resultColumns) expect((entry.columns as Record<string, string>)[f.name]).toBe(f.label);
    }
    for (const t of RECORD_TYPES)
      expect((catalog.recordTypes as unknown as Record<string, string>)[t.value]).toBe(t.label);
  });

  it("give a collection's title, labels and record types in German and Polish, and leave English as it is", () => {
    const births = getCollection("stpete-birth")!;
    expect(localizedCollection(births, "en")).toBe(births);
    const de = localizedCollection(births, "de");
    expect(de.title).toBe("Konsistorium St. Petersburg: Geburten");
    expect(de.searchFields.find((f) => f.name === "surname")?.label).toBe("Familienname");
    expect(de.searchFields.map((f) => f.name)).toEqual(births.searchFields.map((f) => f.name));
    const index = localizedCollection(getCollection("parish-records-idx")!, "pl");
    expect(index.searchFields.find((f) => f.name === "recordType")?.choices?.map((c) => c.label)).toEqual([
      "Urodzenie lub chrzest",
      "Ślub",
      "Zgon lub pochówek",
    ]);
  });

  it("title a marriage with the couple joined in the reader's language", () => {
    const marriages = localizedCollection(getCollection("stpete-marriage")!, "de");
    const data = { groomGivenName: "Johann", groomSurname: "Schulz", brideGivenName: "Anna", brideSurname: "Radke" };
    expect(marriages.subject(data)).toBe("Johann Schulz und Anna Radke");
  });

  it("writes combined columns, dates and the citation in the reader's language", () => {
    const data = { motherGivenName: "Anna", motherMaidenName: "Radke", recordType: "M" };
    expect(columnValue("mother", data, searchWords("pl"))).toBe("Anna z d. Radke");
    expect(columnValue("mother", data)).toBe("Anna née Radke");
    expect(columnValue("recordTypeLabel", data, searchWords("ru"))).toBe("Брак");
    expect(recordDatePair("1858-03-13", "1858-03-01", 1858, {}, "pl")).toBe("1/13 marca 1858");
    expect(recordDatePair("1858-03-13", null, 1858, {}, "pl")).toBe("13 marca 1858");
    expect(recordDatePair("1858-03-13", "1858-03-01", 1858, { date: "abt 1858" }, "pl")).toBe("abt 1858");
    const input = {
      collection: localizedCollection(getCollection("stpete-birth")!, "de"),
      data: {
        givenName: "Johann",
        surname: "Schulz",
        place: "Heimtal",
        parish: "Heimtal",
        film: "1887234",
        page: "12",
      },
      gregDate: "1856-03-12",
      julianDate: "1856-02-29",
      year: 1856,
      url: "https://example.org/stpete/birth/record/7",
      accessed: new Date("2026-11-22T00:00:00Z"),
    };
    expect(citationText(input, searchWords("de", "records"), "de")).toBe(
      "Taufe von Johann Schulz, 12. März 1856 (julianisch 29. Februar 1856), Heimtal, Kirchengemeinde Heimtal. " +
        "Konsistorium St. Petersburg: Geburten, Film 1887234, Seite 12. Metryka-Index, " +
        "https://example.org/stpete/birth/record/7 (abgerufen am 22. November 2026).",
    );
    // The English catalog writes the citation the registry always wrote.
    const english = { ...input, collection: getCollection("stpete-birth")! };
    expect(citationText(english, searchWords("en", "records"), "en")).toBe(citationText(english));
  });
});
