import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  SIMILAR_SPELLING_MIN_LETTERS,
  similarSpelling,
  similarSpellingKeys,
  similarSpellingSearchKeys,
  withinOneEdit,
} from "./similar-spelling";

const shareKey = (a: string, b: string) => {
  const keys = new Set(similarSpellingKeys(a));
  return similarSpellingKeys(b).some((key) => keys.has(key));
};

/** Optimal string alignment distance, the slow way, to check the keys and withinOneEdit against. */
function osa(a: string[], b: string[]): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe("similarSpellingKeys", () => {
  it("is the folded word and each form with one letter left out", () => {
    expect(similarSpellingKeys("Kowal")).toEqual(["kowa", "kowal", "kowl", "koal", "kwal", "owal"].sort());
    // Repeated letters give the same key once.
    expect(similarSpellingKeys("Schmitt")).toEqual(
      ["schmitt", "chmitt", "shmitt", "scmitt", "schitt", "schmtt", "schmit"].sort(),
    );
  });

  it("folds first: accents, umlauts and Cyrillic give the keys of their folded form", () => {
    expect(similarSpellingKeys("Müller")).toEqual(similarSpellingKeys("Muller"));
    expect(similarSpellingKeys("MUELLER")).toEqual(similarSpellingKeys("muller"));
    expect(similarSpellingKeys("Шмидт")).toEqual(similarSpellingKeys("Shmidt"));
  });

  it("gives nothing for names of fewer than five letters", () => {
    expect(SIMILAR_SPELLING_MIN_LETTERS).toBe(5);
    expect(similarSpellingKeys("Jan")).toEqual([]);
    expect(similarSpellingKeys("Nowk")).toEqual([]);
    expect(similarSpellingKeys("")).toEqual([]);
    expect(similarSpellingKeys("— ’ —")).toEqual([]);
    expect(similarSpellingKeys("Nowak")).toHaveLength(6);
  });

  it("lets a search of four letters find the five-letter names it is one letter missing from", () => {
    expect(similarSpellingSearchKeys("Kaft")).toEqual(["kaft"]);
    expect(similarSpellingKeys("Kraft")).toContain("kaft");
    expect(similarSpellingSearchKeys("Kraft")).toEqual(similarSpellingKeys("Kraft"));
    expect(similarSpellingSearchKeys("Jan")).toEqual([]);
  });

  it("lets one letter wrong, missing, extra or two swapped meet", () => {
    for (const other of ["Schmitd", "Schmid", "Schmitt", "Schmidtt", "Schmldt", "chmidt"]) {
      expect(shareKey("Schmidt", other), other).toBe(true);
      expect(similarSpelling("Schmidt", other), other).toBe(true);
    }
    expect(similarSpelling("Kowalski", "Kowalsky")).toBe(true);
    expect(similarSpelling("Kowalski", "Kowlaski")).toBe(true);
  });

  it("keeps names two edits apart from matching", () => {
    for (const other of ["Schmitz", "Schmied", "Smith", "Schidmt", "Shmit"]) {
      expect(similarSpelling("Schmidt", other), other).toBe(false);
    }
    // Schidmt shares a key (schidt) but has the m moved by two places: the check drops it.
    expect(shareKey("Schmidt", "Schidmt")).toBe(true);
    expect(withinOneEdit("Schmidt", "Schidmt")).toBe(false);
  });

  it("finds every pair one edit apart, by keys alone (property)", () => {
    const word = fc.array(fc.constantFrom(..."abcdioszł"), { minLength: 5, maxLength: 10 }).map((a) => a.join(""));
    const edit = fc.tuple(
      word,
      fc.nat(),
      fc.constantFrom(..."abcdioszł"),
      fc.constantFrom("sub", "del", "ins", "swap"),
    );
    fc.assert(
      fc.property(edit, ([w, at, ch, kind]) => {
        const chars = Array.from(w);
        const i = at % chars.length;
        const edited = [...chars];
        if (kind === "sub") edited[i] = ch;
        if (kind === "del") edited.splice(i, 1);
        if (kind === "ins") edited.splice(i, 0, ch);
        if (kind === "swap" && i + 1 < chars.length) [edited[i], edited[i + 1]] = [edited[i + 1], edited[i]];
        const other = edited.join("");
        if (Array.from(other.replace(/ł/g, "l")).length < 5) return;
        expect(shareKey(w, other)).toBe(true);
        expect(withinOneEdit(w, other)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("withinOneEdit", () => {
  it("agrees with the optimal string alignment distance (property)", () => {
    const word = fc.array(fc.constantFrom(..."abcx"), { maxLength: 7 }).map((a) => a.join(""));
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(withinOneEdit(a, b)).toBe(osa(Array.from(a), Array.from(b)) <= 1);
      }),
      { numRuns: 2000 },
    );
  });
});
