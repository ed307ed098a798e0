import { describe, it, expect } from "vitest";
import fc from "fast-check";
import { exactKey, foldName, nameTokens, transliterateCyrillic } from "./normalize";

// Strings of arbitrary UTF-16 code units, lone surrogates included.
const anyCodeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((units) => String.fromCharCode(...units));

describe("transliterateCyrillic", () => {
  it.each([
    ["Шмидт", "Shmidt"],
    ["Иван", "Ivan"],
    ["Щ", "Shch"],
    ["Жуков", "Zhukov"],
    ["Хмельницкий", "Khmelnitskiy"],
    ["Цыган", "Tsygan"],
    ["Чехов", "Chekhov"],
    ["Юлия", "Yuliya"],
    ["Яков", "Yakov"],
    ["Щукин", "Shchukin"],
    ["Вильгельм", "Vilgelm"],
    ["Подъячев", "Podyachev"],
    ["Игорь", "Igor"],
    ["Фёдор", "Fedor"],
    ["Эрнст", "Ernst"],
  ])("Russian %s → %s", (cyrillic, latin) => {
    expect(transliterateCyrillic(cyrillic)).toBe(latin);
  });

  it.each([
    ["Київ", "Kyiv"],
    ["Їжак", "Yizhak"],
    ["Григорій", "Hryhoriy"],
    ["Ґалаґан", "Galagan"],
    ["Євген", "Yevhen"],
    ["Ірина", "Iryna"],
  ])("Ukrainian %s → %s", (cyrillic, latin) => {
    expect(transliterateCyrillic(cyrillic)).toBe(latin);
  });

  it("reads pre-1918 Russian spelling as Russian even though it has і", () => {
    expect(transliterateCyrillic("Іоганнъ")).toBe("Iogann");
    expect(transliterateCyrillic("Андрѣй")).toBe("Andrey");
    expect(transliterateCyrillic("Ѳеодоръ")).toBe("Feodor");
  });

  it("keeps all-capital words all capital", () => {
    expect(transliterateCyrillic("ШМИДТ Шмидт")).toBe("SHMIDT Shmidt");
    expect(transliterateCyrillic("ЩУКА")).toBe("SHCHUKA");
  });

  it("leaves Latin text and punctuation alone", () => {
    expect(transliterateCyrillic("Müller-Lüdenscheidt")).toBe("Müller-Lüdenscheidt");
    expect(transliterateCyrillic("Иван (Johann), 1851")).toBe("Ivan (Johann), 1851");
  });

  it("never leaves a Cyrillic letter of Russian or Ukrainian behind", () => {
    const alphabet = "абвгдеёжзийклмнопрстуфхцчшщъыьэюяіїєґѣѳѵАБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯІЇЄҐ";
    expect(transliterateCyrillic(alphabet)).toMatch(/^[A-Za-z]+$/);
  });
});

describe("foldName", () => {
  it("makes Müller, Mueller, Muller and MÜLLER one key", () => {
    const key = foldName("Müller");
    expect(key).toBe("muller");
    expect(foldName("Mueller")).toBe(key);
    expect(foldName("Muller")).toBe(key);
    expect(foldName("MÜLLER")).toBe(key);
    expect(foldName("MUELLER")).toBe(key);
  });

  it("folds the other umlauts the same way", () => {
    expect(foldName("Schröder")).toBe(foldName("Schroeder"));
    expect(foldName("Schröder")).toBe(foldName("Schroder"));
    expect(foldName("Bäcker")).toBe(foldName("Baecker"));
    expect(foldName("Bäcker")).toBe(foldName("Backer"));
    expect(foldName("Günther")).toBe(foldName("Guenther"));
  });

  it("keeps the e of qu", () => {
    expect(foldName("Quedlinburg")).toBe("quedlinburg");
  });

  it("folds ß to ss", () => {
    expect(foldName("Straße")).toBe("strasse");
    expect(foldName("STRAẞE")).toBe("strasse");
  });

  it.each([
    ["Bogumił", "bogumil"],
    ["Łódź", "lodz"],
    ["Świętochowski", "swietochowski"],
    ["Żółć", "zolc"],
    ["Wacław Kościński", "waclaw koscinski"],
    ["Ørsted", "orsted"],
    ["Đorđević", "dordevic"],
    ["Æbeltoft", "abeltoft"],
    ["Œhlenschläger", "ohlenschlager"],
    ["Dvořák", "dvorak"],
    ["Éléonore", "eleonore"],
  ])("strips diacritics: %s → %s", (name, key) => {
    expect(foldName(name)).toBe(key);
  });

  it("transliterates Cyrillic", () => {
    expect(foldName("Шмидт")).toBe("shmidt");
    expect(foldName("Иван Шмидт")).toBe("ivan shmidt");
    expect(foldName("Вильгельм")).toBe(foldName("Vil'gel'm"));
  });

  it("treats a decomposed й like a composed one", () => {
    expect(foldName("Андрей".normalize("NFD"))).toBe("andrey");
  });

  it("trims and collapses whitespace", () => {
    expect(foldName("  Johann \t\n Gottlieb  ")).toBe("johann gottlieb");
  });

  it("splits hyphenated names into words and drops apostrophes", () => {
    expect(foldName("Müller-Lüdenscheidt")).toBe("muller ludenscheidt");
    expect(foldName("O'Brien")).toBe("obrien");
    expect(foldName("D’Arcy")).toBe("darcy");
    expect(foldName("Vil'gel'm")).toBe("vilgelm");
  });

  it("turns other punctuation into word breaks and keeps digits", () => {
    expect(foldName("Schmidt, Johann (jun.)")).toBe("schmidt johann jun");
    expect(foldName("Friedrich II.")).toBe("friedrich ii");
    expect(foldName("Akt 123/1851")).toBe("akt 123 1851");
  });

  it("folds typographic and compatibility forms", () => {
    expect(foldName("ﬁscher")).toBe("fischer");
    expect(foldName("ŉ")).toBe("n");
    expect(foldName("Ｍüller")).toBe("muller");
  });

  it("returns an empty key when there is nothing to match on", () => {
    expect(foldName("")).toBe("");
    expect(foldName("   ")).toBe("");
    expect(foldName("-- ' ?")).toBe("");
    expect(foldName("🙂")).toBe("");
    expect(foldName("\ud800")).toBe("");
  });

  it("handles lone surrogates, emoji and very long input", () => {
    expect(foldName("\udc00Jan\ud800")).toBe("jan");
    expect(foldName("Jan🙂Kowalski")).toBe("jan kowalski");
    const long = "Müller-".repeat(1500);
    expect(foldName(long).split(" ")).toHaveLength(1500);
  });

  it("never throws and only produces lowercase words", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), anyCodeUnits), (s) => {
        const key = foldName(s);
        expect(key).toBe(key.trim());
        expect(key).not.toMatch(/ {2}/);
        expect(key).toBe(key.toLowerCase());
        expect(key).toMatch(/^[\p{L}\p{N} ]*$/u);
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent, so stored keys can be re-folded safely", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), anyCodeUnits), (s) => {
        const key = foldName(s);
        expect(foldName(key)).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("exactKey", () => {
  it("forgives only case and spacing", () => {
    expect(exactKey("  Bogumił   MÜLLER ")).toBe("bogumił müller");
    expect(exactKey("Bogumił")).not.toBe(exactKey("Bogumil"));
    expect(exactKey("Müller")).not.toBe(exactKey("Mueller"));
  });

  it("normalises to NFC so decomposed input matches composed", () => {
    const decomposed = "Mu\u0308ller";
    expect(exactKey(decomposed)).toBe("müller");
    expect(exactKey(decomposed)).toBe(exactKey("Müller"));
  });

  it("does not transliterate", () => {
    expect(exactKey("Шмидт")).toBe("шмидт");
  });

  it("never throws", () => {
    fc.assert(
      fc.property(anyCodeUnits, (s) => {
        expect(typeof exactKey(s)).toBe("string");
      }),
    );
  });
});

describe("nameTokens", () => {
  it("returns the folded words in order", () => {
    expect(nameTokens("Johann Gottlieb")).toEqual(["johann", "gottlieb"]);
    expect(nameTokens("Anna-Maria")).toEqual(["anna", "maria"]);
  });

  it("drops repeated words", () => {
    expect(nameTokens("Johann Johann Gottlieb JOHANN")).toEqual(["johann", "gottlieb"]);
  });

  it("returns no tokens for input without letters or digits", () => {
    expect(nameTokens("")).toEqual([]);
    expect(nameTokens(" - ")).toEqual([]);
  });
});
