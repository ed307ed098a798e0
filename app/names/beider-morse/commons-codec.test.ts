/**
 * Commons Codec's other Beider–Morse tests (LanguageGuessingTest, BeiderMorseEncoderTest), as facts about
 * the port: the languages it guesses, the names it must give an encoding for, the inputs it must survive.
 */
import { describe, expect, it } from "vitest";
import { beiderMorse, beiderMorseEncode, guessBeiderMorseLanguages } from "./engine";

describe("language guessing (LanguageGuessingTest)", () => {
  it.each([
    ["Renault", "french"],
    ["Mickiewicz", "polish"],
    ["Thompson", "english"],
    ["Nuñez", "spanish"],
    ["Carvalho", "portuguese"],
    ["Čapek", "czech"],
    ["Sjneijder", "dutch"],
    ["Klausewitz", "german"],
    ["Küçük", "turkish"],
    ["Giacometti", "italian"],
    ["Nagy", "hungarian"],
    ["Ceauşescu", "romanian"],
    ["Angelopoulos", "greeklatin"],
    ["Αγγελόπουλος", "greek"],
    ["Пушкин", "cyrillic"],
    ["כהן", "hebrew"],
    ["ácz", "any"],
    ["átz", "any"],
  ])("%s is among others %s", (name, language) => {
    expect(guessBeiderMorseLanguages(name)).toContain(language);
  });
});

describe("encodings that must not be empty (BeiderMorseEncoderTest)", () => {
  it("gives every ASCII letter and pair of letters, in either case, an encoding", () => {
    const letters = "abcdefghijklmnopqrstuvwxyz";
    for (const a of letters) {
      expect(beiderMorseEncode(a), a).not.toBe("");
      expect(beiderMorseEncode(a.toUpperCase()), a).not.toBe("");
      for (const b of letters) {
        expect(beiderMorseEncode(a + b), a + b).not.toBe("");
        expect(beiderMorseEncode((a + b).toUpperCase()), a + b).not.toBe("");
      }
    }
  });

  it("encodes ácz, átz, Ignácz, Ignátz, Ignác and gna", () => {
    for (const name of ["ácz", "átz", "Ignácz", "Ignátz", "Ignác", "gna"]) {
      expect(beiderMorseEncode(name), name).not.toBe("");
    }
  });
});

describe("inputs the engine must survive (BeiderMorseEncoderTest)", () => {
  it("encodes every UTF-16 code unit on its own without failing", () => {
    for (let c = 0; c < 0xffff; c++) beiderMorseEncode(String.fromCharCode(c));
  });

  it("keeps a markup-like phrase to 10 phonemes when told to (testOOM)", () => {
    const phrase =
      "200697900'-->&#1913348150;</  bceaeef >aadaabcf\"aedfbff<!--'-->?>cae" +
      'cfaaa><?&#<!--</script>&lang&fc;aadeaf?>>&bdquo<    cc ="abff"    /></   afe  >' +
      '<script><!-- f(\';<    cf aefbeef = "bfabadcf" ebbfeedd = fccabeb >';
    const result = beiderMorse(phrase, { ruleType: "exact", maxPhonemes: 10 });
    expect(result.encoding).not.toBe("");
    expect(result.encoding.split("|").length).toBeLessThanOrEqual(10);
  });

  it("encodes the longest English surname and growing prefixes of awkward phrases quickly", () => {
    const started = performance.now();
    beiderMorseEncode("MacGhilleseatheanaich");
    for (const phrase of [
      "ItstheendoftheworldasweknowitandIfeelfine",
      "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz",
    ]) {
      for (let i = 1; i <= phrase.length; i++) beiderMorseEncode(phrase.substring(0, i));
    }
    const chars = "abcdefghou";
    let text = chars[0];
    for (let i = 0, j = 1; i < 40; i++, j = (j + 1) % chars.length) {
      beiderMorseEncode(text);
      text += chars[j];
    }
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
