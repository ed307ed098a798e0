import { describe, expect, it } from "vitest";
import { getCollection } from "~/search/collections";
import { transliterateCyrillic } from "~/names/normalize";
import { DEFAULT_DEMO_SEED } from "./generator";
import {
  VOLHYNIAN_FIRST_YEAR,
  VOLHYNIAN_LAST_YEAR,
  VOLHYNIAN_PARISHES,
  bookJulianDate,
  bothCalendars,
  generateVolhynianRecords,
  volhynianCollectionAt,
  volhynianRecordAt,
} from "./volhynian";

const records = [...generateVolhynianRecords({ seed: DEFAULT_DEMO_SEED, count: 4000 })];
const CYRILLIC = /^[\u0400-\u04ff -]+$/;

describe("Volhynian demo records", () => {
  it("are the same for the same seed, wherever the sequence starts, and differ for another seed", () => {
    const again = [...generateVolhynianRecords({ seed: DEFAULT_DEMO_SEED, count: 50, startId: 100 })];
    expect(again).toEqual(records.slice(100, 150));
    expect(volhynianRecordAt(1234, DEFAULT_DEMO_SEED)).toEqual(records[1234]);
    const other = [...generateVolhynianRecords({ seed: DEFAULT_DEMO_SEED + 1, count: 50 })];
    expect(other).not.toEqual(records.slice(0, 50));
    // Pinned: a change of the generator shows here (and the e2e data changes with it).
    expect(records[0]).toMatchObject({
      collection: "volhynian-birth",
      date: { year: 1911, month: 6, day: 7 },
      julianDate: { year: 1911, month: 5, day: 25 },
      fields: { surname: "Цибарт", surnameDe: "Ziebart", givenName: "Анна", placeRu: "Житомир", place: "Zhytomyr" },
    });
  });

  it("hold 10 births, 6 deaths and 4 marriages in every 20", () => {
    const kinds = records.slice(0, 20).map((r) => r.collection);
    expect(kinds.filter((k) => k === "volhynian-birth")).toHaveLength(10);
    expect(kinds.filter((k) => k === "volhynian-death")).toHaveLength(6);
    expect(kinds.filter((k) => k === "volhynian-marriage")).toHaveLength(4);
    records.forEach((r, i) => expect(r.collection).toBe(volhynianCollectionAt(i)));
  });

  it("fall within 1900–1918 with the Julian date (13 days behind) until 1/14 February 1918", () => {
    for (const r of records) {
      expect(r.date.year).toBeGreaterThanOrEqual(VOLHYNIAN_FIRST_YEAR);
      expect(r.date.year).toBeLessThanOrEqual(VOLHYNIAN_LAST_YEAR);
      expect(r.julianDate).toEqual(bookJulianDate(r.date));
    }
    expect(bookJulianDate({ year: 1905, month: 3, day: 12 })).toEqual({ year: 1905, month: 2, day: 27 });
    expect(bookJulianDate({ year: 1918, month: 2, day: 13 })).toEqual({ year: 1918, month: 1, day: 31 });
    expect(bookJulianDate({ year: 1918, month: 2, day: 14 })).toBeNull();
    expect(bothCalendars({ year: 1905, month: 3, day: 12 })).toBe("27 Feb 1905 (Julian) = 12 Mar 1905 (Gregorian)");
    expect(bothCalendars({ year: 1918, month: 5, day: 1 })).toBe("1 May 1918");
    expect(records.filter((r) => r.julianDate).length).toBeGreaterThan(3900);
  });

  it("give births a birth and a later baptism date in both calendars, godparents, book, page and act", () => {
    const births = records.filter((r) => r.collection === "volhynian-birth");
    for (const r of births.slice(0, 500)) {
      expect(r.fields.birthDate).toBe(bothCalendars(r.date));
      if (r.julianDate)
        expect(r.fields.birthDate).toMatch(/^\d+ \w{3} \d{4} \(Julian\) = \d+ \w{3} \d{4} \(Gregorian\)$/);
      expect(r.fields.baptismDate).not.toBe(r.fields.birthDate);
      expect(r.fields.baptismDate).toMatch(/^\d+ \w{3} \d{4}( \(Julian\) = \d+ \w{3} \d{4} \(Gregorian\))?$/);
      expect(r.fields.godfather).toMatch(/ \/ /);
      expect(r.fields.godmother).toMatch(/ \/ /);
      expect(r.fields.book).toMatch(/^fond 1\d\d, opis 1, delo \d+$/);
      expect(Number(r.fields.page)).toBeGreaterThan(0);
      expect(Number(r.fields.act)).toBeGreaterThan(0);
    }
  });

  it("write names in Cyrillic with their Germanised form (Шмидт / Schmidt), places of the parish in both scripts", () => {
    const surnames = new Set(
      records.map(
        (r) => `${r.fields.surname ?? r.fields.groomSurname}/${r.fields.surnameDe ?? r.fields.groomSurnameDe}`,
      ),
    );
    for (const pair of [
      "Шмидт/Schmidt",
      "Крюгер/Krüger",
      "Бартель/Bartel",
      "Радке/Radke",
      "Цибарт/Ziebart",
      "Фенске/Fenske",
      "Кливер/Kliewer",
      "Гофман/Hoffmann",
    ])
      expect(surnames).toContain(pair);
    const given = new Set(records.map((r) => `${r.fields.givenName}/${r.fields.givenNameDe}`));
    expect(given).toContain("Иоганн/Johann");
    for (const r of records) {
      const collection = getCollection(r.collection)!;
      expect(collection.access).toBe("members");
      const names =
        r.collection === "volhynian-marriage"
          ? ["groomSurname", "brideSurname", "groomGivenName"]
          : ["surname", "givenName"];
      for (const n of names) {
        expect(r.fields[n]).toMatch(CYRILLIC);
        expect(r.fields[`${n}De`]).toMatch(/^[A-Za-zäöüÄÖÜß -]+$/);
      }
      const parish = VOLHYNIAN_PARISHES.find((p) => r.fields.parish === `${p.ru} / ${p.lat}`);
      expect(parish, r.fields.parish ?? "").toBeDefined();
      expect(parish!.places).toContainEqual({ ru: r.fields.placeRu, lat: r.fields.place });
    }
    // The transliteration the search uses reads the Cyrillic close to the German form.
    expect(transliterateCyrillic("Шмидт").toLowerCase()).toContain("shmidt");
  });

  it("give deaths age, birthplace, status, burial place and cause; a spouse for most adults", () => {
    const deaths = records.filter((r) => r.collection === "volhynian-death");
    for (const r of deaths) {
      for (const f of ["deathDate", "age", "birthplace", "status", "buried", "cause"]) expect(r.fields[f]).toBeTruthy();
    }
    expect(deaths.filter((r) => r.fields.spouse).length).toBeGreaterThan(deaths.length / 3);
    expect(deaths.some((r) => r.fields.status === "widow")).toBe(true);
    expect(deaths.some((r) => r.fields.status === "colonist")).toBe(true);
  });
});
