import { describe, expect, it } from "vitest";
import {
  BEIDER_MORSE_DEFAULT_MAX_PHONEMES,
  beiderMorse,
  beiderMorseEncode,
  beiderMorseTokens,
  contextMatcher,
  guessBeiderMorseLanguages,
} from "./engine";

const shareToken = (a: string, b: string) => {
  const left = new Set(beiderMorseTokens(beiderMorseEncode(a)));
  return beiderMorseTokens(beiderMorseEncode(b)).some((token) => left.has(token));
};

describe("beiderMorse: Cyrillic as BMPM reads it", () => {
  it("guesses Cyrillic from the letters and spells it with the Cyrillic rules", () => {
    expect(guessBeiderMorseLanguages("Мария")).toEqual(["cyrillic"]);
    expect(guessBeiderMorseLanguages("МАРИЯ")).toEqual(["cyrillic"]);
    expect(beiderMorseEncode("Мария")).toBe("marD|morD");
    expect(beiderMorseEncode("Щербаков")).toBe("stsYrbakof|stsYrbokof|stsirbakof|stsirbokof");
  });

  it("lets a Cyrillic name meet its Latin spellings", () => {
    for (const latin of ["Marija", "Mariya"]) expect(shareToken("Мария", latin), latin).toBe(true);
    for (const latin of ["Shcherbakov", "Szczerbakow", "Schtscherbakow"]) {
      expect(shareToken("Щербаков", latin), latin).toBe(true);
    }
    for (const latin of ["Julija", "Yuliya"]) expect(shareToken("Юлия", latin), latin).toBe(true);
    expect(shareToken("Шмидт", "Schmidt")).toBe(true);
    expect(shareToken("Мария", "Schmidt")).toBe(false);
  });
});

describe("beiderMorse: the branch cap", () => {
  it("is Commons Codec's 20 by default and is not reached by ordinary names", () => {
    expect(BEIDER_MORSE_DEFAULT_MAX_PHONEMES).toBe(20);
    for (const name of ["Schwarzenegger", "Wiśniewska", "Jaworski", "Halpern", "Мария"]) {
      expect(beiderMorse(name).capped, name).toBe(false);
    }
  });

  it("says when it dropped branches, and keeps the first ones as Commons Codec does", () => {
    const full = beiderMorse("Renault", { nameType: "ashkenazi", maxPhonemes: 10 });
    const one = beiderMorse("Renault", { nameType: "ashkenazi", maxPhonemes: 1 });
    expect(full).toEqual({ encoding: "rYnDlt|rYnalt|rYnult|rinDlt|rinalt|rinolt|rinult", capped: false });
    expect(one).toEqual({ encoding: "rinDlt", capped: true });
  });

  it("keeps a pathological name within bounds", () => {
    const name = "aeiouy".repeat(80);
    const started = performance.now();
    const result = beiderMorse(name);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.capped).toBe(true);
    // At most maxPhonemes after the first pass, each through two final passes of at most maxPhonemes each.
    expect(result.encoding.split("|").length).toBeLessThanOrEqual(20 ** 3);
    expect(result.encoding.length).toBeLessThan(name.length * 2 * 20 ** 3);
  });

  it("refuses a cap below one", () => {
    expect(() => beiderMorse("Renault", { maxPhonemes: 0 })).toThrow(RangeError);
    expect(() => beiderMorse("Renault", { maxPhonemes: 1.5 })).toThrow(RangeError);
  });
});

describe("beiderMorse: names Commons Codec would fail on", () => {
  it("gives an empty encoding for an Ashkenazi name that is only prefixes, encoded word by word", () => {
    expect(beiderMorse("van de", { nameType: "ashkenazi", concat: false })).toEqual({ encoding: "", capped: false });
  });

  it("gives an empty encoding for punctuation, digits and emoji", () => {
    for (const name of ["", "   ", "1234", "—", "🙂"]) expect(beiderMorseEncode(name), name).toBe("");
  });
});

describe("beiderMorseTokens", () => {
  it("splits an encoding into its distinct phonemes, sorted", () => {
    expect(beiderMorseTokens("(ortlaj|ortlej)-(dortlaj|dortlej)")).toEqual(["dortlaj", "dortlej", "ortlaj", "ortlej"]);
    expect(beiderMorseTokens("rinD|rina|rinD")).toEqual(["rinD", "rina"]);
    expect(beiderMorseTokens("")).toEqual([]);
  });
});

describe("contextMatcher: Commons Codec's shortcuts", () => {
  it("reads a context without brackets literally, as Commons Codec does", () => {
    // Right context "(а|е|о|и|у)" of a Cyrillic rule becomes "^(а|е|о|и|у)": literal, never a vowel.
    expect(contextMatcher("^(а|е|о|и|у)")("ар")).toBe(false);
    expect(contextMatcher("^(а|е|о|и|у)")("(а|е|о|и|у)x")).toBe(true);
    expect(contextMatcher("^")("anything")).toBe(true);
    expect(contextMatcher("^$")("")).toBe(true);
    expect(contextMatcher("^$")("a")).toBe(false);
  });

  it("matches one bracketed class at either end without a regular expression", () => {
    expect(contextMatcher("[aeiou]$")("br")).toBe(false);
    expect(contextMatcher("[aeiou]$")("bra")).toBe(true);
    expect(contextMatcher("^[^k]$")("t")).toBe(true);
    expect(contextMatcher("^[^k]$")("k")).toBe(false);
    expect(contextMatcher("^[^k]$")("tt")).toBe(false);
  });

  it("falls back to a regular expression for anything else", () => {
    expect(contextMatcher("[ln][bdf]$")("xlb")).toBe(true);
    expect(contextMatcher("^D[^aeiEIou]")("Dk")).toBe(true);
    expect(contextMatcher("^D[^aeiEIou]")("Da")).toBe(false);
  });
});
