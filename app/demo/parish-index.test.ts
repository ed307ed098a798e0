import { describe, expect, it } from "vitest";
import { DEFAULT_DEMO_SEED } from "./generator";
import {
  EXTRACTORS,
  INDEX_PARISHES,
  PARISH_INDEX_SHARE,
  generateParishIndexRecords,
  parishIndexRecordAt,
} from "./parish-index";

describe("parish records index demo entries", () => {
  const records = [...generateParishIndexRecords({ seed: DEFAULT_DEMO_SEED, count: 2000 })];

  it("are deterministic: the same seed gives the same entries, from any start", () => {
    expect([...generateParishIndexRecords({ seed: DEFAULT_DEMO_SEED, count: 2000 })]).toEqual(records);
    expect([...generateParishIndexRecords({ seed: DEFAULT_DEMO_SEED, count: 5, startId: 50 })]).toEqual(
      records.slice(50, 55),
    );
    expect(parishIndexRecordAt(9, DEFAULT_DEMO_SEED)).toEqual(records[9]);
    expect(parishIndexRecordAt(0, DEFAULT_DEMO_SEED + 1)).not.toEqual(records[0]);
    expect(PARISH_INDEX_SHARE).toBe(0.05);
  });

  it("give a record type, a parish, an extractor and the act, film and page; marriages name the spouse", () => {
    const parishes = new Set(INDEX_PARISHES.map((p) => p.name));
    for (const r of records) {
      expect(r.collection).toBe("parish-records-idx");
      expect(["B", "M", "D"]).toContain(r.fields.recordType);
      expect(parishes.has(r.fields.parish!)).toBe(true);
      expect(EXTRACTORS).toContain(r.fields.extractor);
      expect(r.fields.act).toMatch(/^\d+$/);
      expect(r.fields.film).toMatch(/^1\d{6}$/);
      expect(Number(r.fields.page)).toBe(1 + Math.floor((Number(r.fields.act) - 1) / 4));
      if (r.fields.recordType === "M") expect(r.fields.spouse).toContain(r.fields.spouseSurname!);
      if (r.fields.recordType === "B") expect(r.fields.spouse).toBeNull();
      expect(r.date.year).toBeGreaterThanOrEqual(1808);
      expect(r.date.year).toBeLessThanOrEqual(1905);
    }
    // Polish and Volhynian parishes both appear, with Polish-written names in the Polish ones.
    expect(records.some((r) => r.fields.parish === "Rożyszcze")).toBe(true);
    expect(records.some((r) => r.fields.parish === "Lublin" && /(ski|ska|cki|cka|wicz)$/.test(r.fields.surname!))).toBe(
      true,
    );
  });
});
