import { describe, expect, it } from "vitest";
import { MAX_PRESIZED_SLOTS, SeenKeys, hash64 } from "./seen-keys";

describe("SeenKeys", () => {
  it("gives the first row of a key seen again, across growth, and nothing for a new key", () => {
    const seen = new SeenKeys(16);
    for (let row = 1; row <= 100_000; row++) expect(seen.firstRow(`key-${row}`, row)).toBeUndefined();
    expect(seen.count).toBe(100_000);
    expect(seen.firstRow("key-1", 100_001)).toBe(1);
    expect(seen.firstRow("key-77777", 100_002)).toBe(77_777);
    expect(seen.firstRow("key-100000", 100_003)).toBe(100_000);
    // A repeat is not recorded: the third time still names the first row.
    expect(seen.firstRow("key-1", 100_004)).toBe(1);
    expect(seen.count).toBe(100_000);
    expect(seen.firstRow("", 100_005)).toBeUndefined();
    expect(seen.firstRow("", 100_006)).toBe(100_005);
  });

  it("hashes keys that differ in one character, or only in order, apart", () => {
    const hashes = new Set(
      ["ab", "ba", "a", "b", "", "Śliwiński", "Sliwinski", "1", "01"].map((k) => hash64(k).join()),
    );
    expect(hashes.size).toBe(9);
    expect(hash64("Śliwiński")).toEqual(hash64("Śliwiński"));
  });

  it("is made large enough for the rows a file is expected to have, and no larger than its bound", () => {
    const keys = SeenKeys.forRows(100_000);
    expect(keys.slots).toBeGreaterThanOrEqual(150_000);
    for (let row = 1; row <= 100_000; row++) keys.firstRow(`k${row}`, row);
    expect(keys.slots).toBe(SeenKeys.forRows(100_000).slots);
    expect(SeenKeys.forRows(1e9).slots).toBe(MAX_PRESIZED_SLOTS);
    expect(SeenKeys.forRows(0).slots).toBeGreaterThan(0);
  });
});
