import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { daitchMokotoff } from "./daitch-mokotoff";
import { variantKeys } from "./given-names";
import { nameKeys } from "./keys";
import { exactKey, foldName, nameTokens, nameWords } from "./normalize";

// Names as the registers write them, and anything a form may receive.
const anyName = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc
    .array(fc.constantFrom("Müller", "Čapek", "Dąbrowa", "Шмидт", "Vil'gel'm", "ﬁscher", "Jan", "-", " ", "’"), {
      maxLength: 5,
    })
    .map((parts) => parts.join(" ")),
);

describe("nameKeys", () => {
  it("gives the exact and folded keys of the whole name", () => {
    const keys = nameKeys("  Bogumił   MÜLLER ");
    expect(keys.exact).toBe("bogumił müller");
    expect(keys.folded).toBe("bogumil muller");
  });

  it("codes every word as written, so that the coder sees the letters folding would lose", () => {
    expect(nameKeys("Čapek").phonetic).toEqual(["475000"]);
    // ą is silent or an n-sound: folded to a it would lose the second branch.
    expect(nameKeys("Dąbrowa").phonetic).toEqual(["367970", "379700"]);
    expect(nameKeys("Johann Gottlieb").words.map((w) => w.folded)).toEqual(["johann", "gottlieb"]);
    expect(nameKeys("Johann Gottlieb").phonetic).toEqual(
      [...daitchMokotoff("Johann"), ...daitchMokotoff("Gottlieb")].sort(),
    );
  });

  it("reads Cyrillic, apostrophes and compatibility letters like their plain Latin spellings", () => {
    expect(nameKeys("Шмидт").words).toEqual(nameKeys("Shmidt").words);
    expect(nameKeys("Vil'gel'm").words).toEqual(nameKeys("Vilgelm").words);
    expect(nameKeys("ﬁscher").words).toEqual(nameKeys("fischer").words);
    expect(nameKeys("Ｍüller").phonetic).toEqual(nameKeys("Müller").phonetic);
  });

  it("lists a word once, with the codes of each of its spellings", () => {
    const keys = nameKeys("Müller-Mueller");
    expect(keys.words).toHaveLength(1);
    expect(keys.words[0].phonetic).toEqual(
      [...new Set([...daitchMokotoff("Müller"), ...daitchMokotoff("Mueller")])].sort(),
    );
  });

  it("gives given-name group keys only when asked", () => {
    expect(nameKeys("Johann Gottlieb").variants).toEqual([]);
    const keys = nameKeys("Johann Gottlieb", { variants: true });
    expect(keys.variants).toEqual(variantKeys("Johann Gottlieb"));
    expect(keys.words.map((w) => w.variants)).toEqual([variantKeys("Johann"), variantKeys("Gottlieb")]);
    expect(nameKeys("Iwan", { variants: true }).variants).toEqual(nameKeys("Jan", { variants: true }).variants);
  });

  it("has no words and no codes for a name without letters", () => {
    for (const value of ["", "   ", "'", "- ? 🙂"]) {
      const keys = nameKeys(value, { variants: true });
      expect(keys.phonetic).toEqual([]);
      expect(keys.variants).toEqual([]);
    }
    expect(nameKeys("").words).toEqual([]);
  });

  it("agrees with the folding functions on every input, and never throws", () => {
    fc.assert(
      fc.property(anyName, (value) => {
        const keys = nameKeys(value, { variants: true });
        expect(keys.exact).toBe(exactKey(value));
        expect(keys.folded).toBe(foldName(value));
        // The words' folded forms are exactly the name's tokens.
        expect(new Set(keys.words.map((w) => w.folded))).toEqual(new Set(nameTokens(value)));
        expect(keys.phonetic).toEqual([...new Set(nameWords(value).flatMap((w) => daitchMokotoff(w)))].sort());
        for (const code of keys.phonetic) expect(code).toMatch(/^\d{6}$/);
        expect(new Set(keys.variants)).toEqual(new Set(variantKeys(value)));
      }),
      { numRuns: 2000 },
    );
  });
});
