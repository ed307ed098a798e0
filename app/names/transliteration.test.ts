import { describe, expect, it } from "vitest";
import { foldName } from "./normalize";
import {
  MAX_READINGS,
  TRANSLITERATION_SYSTEMS,
  cyrillicReadings,
  sameTransliteratedName,
  transliterationKey,
  transliterationKeys,
} from "./transliteration";

// Russian names with their spellings in the five systems: English (BGN/PCGN or its common form), German
// (Duden), Polish, scholarly or ISO 9, French.
const NAMES: readonly (readonly [cyrillic: string, spellings: readonly string[]])[] = [
  ["Мария", ["Mariya", "Marija", "Maria", "Marija", "Maria"]],
  ["Щербаков", ["Shcherbakov", "Schtscherbakow", "Szczerbakow", "Ščerbakov", "Ŝerbakov", "Chtcherbakov"]],
  ["Юлия", ["Yuliya", "Julija", "Julia", "Julija", "Ûliâ", "Ioulia"]],
  ["Жуков", ["Zhukov", "Schukow", "Żukow", "Žukov", "Joukov"]],
  ["Хрущёв", ["Khrushchyov", "Khrushchev", "Chruschtschow", "Chruszczow", "Xruščëv", "Hruŝëv", "Khrouchtchev"]],
  ["Чайковский", ["Chaykovskiy", "Tschaikowski", "Czajkowski", "Čajkovskij", "Tchaïkovski"]],
  ["Евгений", ["Yevgeniy", "Jewgeni", "Jewgienij", "Evgenij", "Evgueni"]],
  ["Николай", ["Nikolay", "Nikolai", "Nikołaj", "Nikolaj", "Nikolaï"]],
  ["Цветаева", ["Tsvetayeva", "Zwetajewa", "Cwietajewa", "Cvetaeva", "Tsvetaïeva"]],
  ["Шостакович", ["Shostakovich", "Schostakowitsch", "Szostakowicz", "Šostakovič", "Chostakovitch"]],
  ["Фёдор", ["Fyodor", "Fedor", "Fjodor", "Fiodor", "Fëdor"]],
  ["Ольга", ["Ol'ga", "Olga", "Olʹga"]],
  ["Дмитрий", ["Dmitriy", "Dmitri", "Dmitrij"]],
  ["Алексей", ["Aleksey", "Alexei", "Aleksiej", "Aleksej", "Alexeï"]],
  ["Сергей", ["Sergey", "Sergei", "Siergiej", "Sergej", "Sergueï"]],
  ["Татьяна", ["Tat'yana", "Tatjana", "Tatiana", "Tatʹjana"]],
  ["Ксения", ["Kseniya", "Xenija", "Ksienia", "Ksenija", "Xenia"]],
  ["Зайцев", ["Zaytsev", "Saizew", "Zajcew", "Zajcev", "Zaïtsev"]],
  ["Шмидт", ["Shmidt", "Schmidt", "Szmidt", "Šmidt"]],
];

describe("transliterationKeys", () => {
  it.each(NAMES.flatMap(([cyrillic, spellings]) => spellings.map((latin) => [latin, cyrillic] as const)))(
    "%s meets %s",
    (latin, cyrillic) => {
      expect(transliterationKeys(latin)).toContain(transliterationKey(cyrillic));
      expect(sameTransliteratedName(latin, cyrillic)).toBe(true);
    },
  );

  it("lets the Latin spellings of one name meet each other", () => {
    for (const [, spellings] of NAMES) {
      for (const a of spellings)
        for (const b of spellings) expect(sameTransliteratedName(a, b), `${a} ~ ${b}`).toBe(true);
    }
  });

  it("reads a German spelling of a Polish name back (Zbroschek, Zbrożek)", () => {
    expect(sameTransliteratedName("Zbroschek", "Zbrożek")).toBe(true);
  });

  it("reads a German name the way Russian writes it (Hecht Гехт, Stein Штейн, Müller Мюллер)", () => {
    for (const [german, ...others] of [
      ["Hecht", "Гехт", "Geht", "Gekht"],
      ["Stein", "Штейн", "Shteyn", "Chteïn"],
      ["Müller", "Мюллер", "Mjuller", "Myuller"],
      ["Heinrich", "Гейнрих", "Geynrikh"],
      ["Johanna", "Иоганна", "Ioganna"],
      ["Böttcher", "Бетхер", "Betkher"],
      ["Dobberstein", "Доберштейн", "Doberschtejn"],
      ["Kuhn", "Кун", "Kun"],
    ] as const) {
      for (const other of others) expect(sameTransliteratedName(german, other), `${german} ~ ${other}`).toBe(true);
    }
  });

  it("makes the Russian feminine -ская the Polish -ska", () => {
    expect(sameTransliteratedName("Kowalska", "Koval'skaya")).toBe(true);
    expect(sameTransliteratedName("Kowalska", "Ковальская")).toBe(true);
    expect(sameTransliteratedName("Czarnetzka", "Charnetskaya")).toBe(true);
  });

  it("keeps different names apart", () => {
    // A German h before a vowel is г, not silent: Hanna is not Anna.
    expect(sameTransliteratedName("Hanna", "Anna")).toBe(false);
    expect(sameTransliteratedName("Stein", "Sten")).toBe(false);
    const keys = NAMES.map(([cyrillic]) => transliterationKey(cyrillic));
    expect(new Set(keys).size).toBe(keys.length);
    expect(sameTransliteratedName("Marija", "Mikhail")).toBe(false);
    expect(sameTransliteratedName("Schtscherbakow", "Zhukov")).toBe(false);
    expect(sameTransliteratedName("Юлия", "Julius")).toBe(false);
  });

  it("gives a Cyrillic word one key, in Latin letters", () => {
    expect(transliterationKeys("Мария")).toEqual(["marya"]);
    expect(transliterationKeys("ЩЕРБАКОВ")).toEqual(["shcherbakov"]);
    expect(transliterationKey("Хрущёв")).toBe("khrushchev");
    // The loose key is not the folded spelling: Мария folds to mariya.
    expect(foldName("Мария")).toBe("mariya");
  });

  it("gives nothing for a word without letters", () => {
    expect(transliterationKeys("")).toEqual([]);
    expect(transliterationKeys("'")).toEqual([]);
    expect(transliterationKeys("—")).toEqual([]);
  });
});

describe("cyrillicReadings", () => {
  it("reads each system's letter groups the longest way", () => {
    expect(cyrillicReadings("Szczerbakow", "polish")).toEqual(["щербаков"]);
    expect(cyrillicReadings("Schtscherbakow", "german")).toEqual(["щербаков"]);
    expect(cyrillicReadings("Chtcherbakov", "french")).toEqual(["щербаков"]);
    expect(cyrillicReadings("Ioulia", "french")).toEqual(["юля"]);
  });

  it("branches where a system writes two letters alike, up to MAX_READINGS", () => {
    expect(cyrillicReadings("Schukow", "german")).toEqual(["шуков", "жуков"]);
    expect(cyrillicReadings("Yuriy", "english")).toEqual(["юриы", "юрий"]);
    const many = cyrillicReadings("Sasasasasasasas", "german");
    expect(many).toHaveLength(MAX_READINGS);
  });

  it("knows five systems", () => {
    expect(TRANSLITERATION_SYSTEMS).toEqual(["english", "german", "polish", "scholarly", "french"]);
  });
});
