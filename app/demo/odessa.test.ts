import { describe, expect, it } from "vitest";
import { DEFAULT_DEMO_SEED } from "./generator";
import { ODESSA_PARISHES, ODESSA_SHARE, generateOdessaRecords, odessaFilm, odessaRecordAt } from "./odessa";

describe("Odessa film index demo entries", () => {
  const records = [...generateOdessaRecords({ seed: DEFAULT_DEMO_SEED, count: 2000 })];

  it("are deterministic: the same seed gives the same entries, from any start", () => {
    expect([...generateOdessaRecords({ seed: DEFAULT_DEMO_SEED, count: 2000 })]).toEqual(records);
    expect([...generateOdessaRecords({ seed: DEFAULT_DEMO_SEED, count: 5, startId: 100 })]).toEqual(
      records.slice(100, 105),
    );
    expect(odessaRecordAt(7, DEFAULT_DEMO_SEED)).toEqual(records[7]);
    expect(odessaRecordAt(0, DEFAULT_DEMO_SEED + 1)).not.toEqual(records[0]);
    expect(ODESSA_SHARE).toBe(0.05);
  });

  it("point to an FHL-like film and item, the register year and a page, in the Black Sea and Bessarabian parishes", () => {
    const parishes = new Set(ODESSA_PARISHES.map((p) => p.name));
    const places = new Set(ODESSA_PARISHES.flatMap((p) => p.places));
    for (const r of records) {
      expect(r.collection).toBe("odessa-stpete");
      expect(r.fields.film).toMatch(/^18\d{5}$/);
      expect(r.fields.item).toMatch(/^[1-6]$/);
      expect(r.fields.register).toBe(String(r.date.year));
      expect(Number(r.fields.page)).toBeGreaterThanOrEqual(1);
      expect(Number(r.fields.page)).toBeLessThanOrEqual(120);
      expect(parishes.has(r.fields.parish!)).toBe(true);
      expect(places.has(r.fields.place!)).toBe(true);
      expect(r.fields.names).toContain(`${r.fields.givenName} ${r.fields.surname}`);
      expect(r.date.year).toBeGreaterThanOrEqual(1834);
      expect(r.date.year).toBeLessThanOrEqual(1885);
    }
    for (const name of ["Odessa", "Glückstal", "Kassel", "Hoffnungstal", "Sarata", "Tarutino"])
      expect(records.some((r) => r.fields.place === name)).toBe(true);
    expect(odessaFilm(0, 1834)).toEqual({ film: "1881234", item: "1", register: "1834" });
    // German Lutheran families lead.
    expect(records.filter((r) => r.fields.surname === "Schmidt").length).toBeGreaterThan(20);
  });
});
