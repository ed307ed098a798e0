import { describe, expect, it } from "vitest";
import { gregorianToJulian } from "~/search/calendar";
import { getCollection } from "~/search/collections";
import { DEFAULT_DEMO_SEED } from "./generator";
import {
  LUBLIN_FIRST_YEAR,
  LUBLIN_LAST_YEAR,
  LUBLIN_PARISHES,
  RUSSIAN_FROM,
  generateLublinRecords,
  lublinCollectionAt,
  lublinRecordAt,
} from "./lublin";

const records = [...generateLublinRecords({ seed: DEFAULT_DEMO_SEED, count: 4000 })];

describe("Lublin demo records", () => {
  it("are the same for the same seed, wherever the sequence starts, and differ for another seed", () => {
    const again = [...generateLublinRecords({ seed: DEFAULT_DEMO_SEED, count: 50, startId: 100 })];
    expect(again).toEqual(records.slice(100, 150));
    expect(lublinRecordAt(1234, DEFAULT_DEMO_SEED)).toEqual(records[1234]);
    const other = [...generateLublinRecords({ seed: DEFAULT_DEMO_SEED + 1, count: 50 })];
    expect(other).not.toEqual(records.slice(0, 50));
    // Pinned: a change of the generator shows here (and the e2e data changes with it).
    expect(records[0]).toMatchObject({
      collection: "lublin-birth",
      date: { year: 1861, month: 1, day: 12 },
      julianDate: null,
      fields: { surname: "Mix", givenName: "Michał", givenNameDe: "Michael", place: "Chełm", act: "3" },
    });
  });

  it("hold 11 births, 6 deaths and 3 marriages in every 20", () => {
    const kinds = records.slice(0, 20).map((r) => r.collection);
    expect(kinds.filter((k) => k === "lublin-birth")).toHaveLength(11);
    expect(kinds.filter((k) => k === "lublin-death")).toHaveLength(6);
    expect(kinds.filter((k) => k === "lublin-marriage")).toHaveLength(3);
    records.forEach((r, i) => expect(r.collection).toBe(lublinCollectionAt(i)));
  });

  it("fall within 1826–1900, Polish acts with one date, Russian acts (from 1868) with the Julian date too", () => {
    for (const r of records) {
      expect(r.date.year).toBeGreaterThanOrEqual(LUBLIN_FIRST_YEAR);
      expect(r.date.year).toBeLessThanOrEqual(LUBLIN_LAST_YEAR);
      if (r.date.year >= RUSSIAN_FROM) {
        expect(r.fields.language).toBe("Russian");
        expect(r.julianDate).toEqual(gregorianToJulian(r.date));
      } else {
        expect(r.fields.language).toBe("Polish");
        expect(r.julianDate).toBeNull();
      }
    }
    expect(records.some((r) => r.julianDate)).toBe(true);
    expect(records.some((r) => !r.julianDate)).toBe(true);
  });

  it("give every name as written and Germanised (Jan / Johann, Bogumił / Gottlieb), villages of the parish, act numbers", () => {
    const pairs = new Set(records.map((r) => `${r.fields.givenName}/${r.fields.givenNameDe}`));
    expect(pairs).toContain("Jan/Johann");
    expect(pairs).toContain("Bogumił/Gottlieb");
    expect(records.some((r) => r.fields.surname !== r.fields.surnameDe && r.fields.surnameDe)).toBe(true);
    expect(records.some((r) => /ska$/.test(r.fields.surname ?? r.fields.brideSurname ?? ""))).toBe(true);
    for (const r of records) {
      const parish = LUBLIN_PARISHES.find((p) => p.name === r.fields.parish);
      expect(parish, r.fields.parish ?? "").toBeDefined();
      expect(parish!.villages).toContain(r.fields.place);
      expect(Number(r.fields.act)).toBeGreaterThan(0);
      expect(r.fields.fond).toBe(parish!.fond);
      expect(r.fields.registerYear).toBe(String(r.date.year));
      // Every search field of the collection reads fields the record has (or may leave empty).
      const collection = getCollection(r.collection)!;
      const names = r.collection === "lublin-marriage" ? ["groomSurname", "brideSurname"] : ["surname", "givenName"];
      for (const n of names) expect(r.fields[n]).toBeTruthy();
      expect(collection.access).toBe("members");
    }
    expect(new Set(records.map((r) => r.fields.place)).size).toBeGreaterThan(20);
  });
});
