/**
 * Russian and Ukrainian Cyrillic in Latin letters as a reader of English, German or Polish writes it (issue 29,
 * item 4; decision 0074): English by BGN/PCGN (for Ukrainian its 2019 adoption of the Ukrainian national system),
 * German by Duden, Polish by the Polish practical transcription (PWN). Рожище reads Rozhishche, Roschischtsche,
 * Rożyszcze in Russian and Rozhyshche, Roschyschtsche, Rożyszcze in Ukrainian.
 *
 * For display, beside a value the register wrote in Cyrillic. Not for matching: normalize.ts and transliteration.ts
 * read every system into one key; here each system is spelled as its readers expect, with its rules of context
 * (е is ye, je or ie at a word's start and after vowels; ль, нь, сь are l, ń, ś in Polish; -ий is -iy, -i or -ij).
 */
import { RUSSIAN } from "./normalize";

export const ROMANIZATIONS = ["english", "german", "polish"] as const;
export type Romanization = (typeof ROMANIZATIONS)[number];
export type CyrillicLanguage = "ru" | "uk";

const CYRILLIC_LETTER = /[\u0400-\u04FF]/u;
/** A word: Cyrillic letters, with the apostrophe Ukrainian writes inside a word (м'ясо, Кам'янець). */
const CYRILLIC_WORD = /[\u0400-\u04FF]+(?:['’ʼ][\u0400-\u04FF]+)*/gu;
const APOSTROPHES = new Set(["'", "’", "ʼ"]);

// Letters only Ukrainian writes, and only Russian (with the letters of the spelling before 1918, which the
// registers of 1900–1918 use).
// ць and ськ, зьк (Луцьк, -ський) are Ukrainian spellings too: Russian writes Луцк, -ский.
const UKRAINIAN_ONLY = /[ґєїҐЄЇ]|[\u0400-\u04FF]['’ʼ][\u0400-\u04FF]|ць|[сз]ьк/iu;
const RUSSIAN_ONLY = /[ыэёъѣѳѵЫЭЁЪѢѲѴ]/u;
// Before 1918 Russian wrote і too, but only before a vowel or й (Марія, Василій); before a consonant or at a word's
// end it is Ukrainian (Рівне, Бердичів).
const UKRAINIAN_I = /[іІ](?![аеёиоуыэюяйіѣѵ])/iu;

/**
 * The language of a text in Cyrillic: Ukrainian when it has a letter only Ukrainian writes, Russian otherwise (the
 * registers indexed here are in Russian, and most words are spelled alike in both).
 */
export function cyrillicLanguage(text: string): CyrillicLanguage {
  if (UKRAINIAN_ONLY.test(text)) return "uk";
  if (RUSSIAN_ONLY.test(text)) return "ru";
  return UKRAINIAN_I.test(text) ? "uk" : "ru";
}

/** Whether a text has a Cyrillic letter. */
export function hasCyrillic(text: string): boolean {
  return CYRILLIC_LETTER.test(text);
}

/** One letter of a word (lower case) and what is around it. */
interface Letter {
  ch: string;
  /** The letter before (undefined at the word's start or after an apostrophe: the apostrophe separates). */
  prev: string | undefined;
  prev2: string | undefined;
  next: string | undefined;
  next2: string | undefined;
  /** The word's first letter. */
  initial: boolean;
  /** An apostrophe stands before it (Ukrainian м'я). */
  afterApostrophe: boolean;
  last: boolean;
}

type Rule = (l: Letter) => string | undefined;

const RU_VOWELS = "аеёиоуыэюяіѣѵ";
const UK_VOWELS = "аеєиіїоуюя";
const isIn = (set: string, ch: string | undefined) => ch !== undefined && set.includes(ch);
/** A vowel letter that starts a syllable after a vowel, ъ, ь or at the word's start is written with j/y. */
const iotatedRu = (l: Letter) => l.initial || isIn(RU_VOWELS + "ъьй", l.prev);
const iotatedUk = (l: Letter) => l.initial || l.afterApostrophe || isIn(UK_VOWELS + "ьй", l.prev);

/** The letters every system here writes alike (as BGN/PCGN does). */
const ALIKE: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from("абдкмопртуфыэѳѵ", (ch) => [ch, RUSSIAN[ch] as string]),
);

/** A rule from a table of letters, with the rules of context first. */
function rules(table: Readonly<Record<string, string>>, context: Rule): Rule {
  return (l) => context(l) ?? table[l.ch];
}

// ---------- English: BGN/PCGN ----------

// normalize.ts's letters are BGN/PCGN's, but for ь (ʼ) and the е, ё, ъ that depend on their place (below).
const ENGLISH_RU_TABLE: Readonly<Record<string, string>> = { ...RUSSIAN, ь: "ʼ" };

const ENGLISH_RU = rules(ENGLISH_RU_TABLE, (l) => {
  switch (l.ch) {
    case "е":
    case "ѣ":
      return iotatedRu(l) ? "ye" : "e";
    case "ё":
      return iotatedRu(l) ? "yë" : "ë";
    // The hard sign ending a word before 1918 (Иванъ) was never pronounced.
    case "ъ":
      return l.last ? "" : "ˮ";
  }
  return undefined;
});

// The Ukrainian national system (2010), which BGN/PCGN adopted in 2019: y/ye/yi/yu/ya only at a word's start.
const ENGLISH_UK_TABLE: Readonly<Record<string, string>> = {
  ...ENGLISH_RU_TABLE,
  г: "h",
  ґ: "g",
  е: "e",
  и: "y",
  ь: "",
};

const ENGLISH_UK = rules(ENGLISH_UK_TABLE, (l) => {
  const start = l.initial;
  switch (l.ch) {
    case "є":
      return start ? "ye" : "ie";
    case "ї":
      return start ? "yi" : "i";
    case "й":
      return start ? "y" : "i";
    case "ю":
      return start ? "yu" : "iu";
    case "я":
      return start ? "ya" : "ia";
    // зг is zgh, so that it does not read as ж (Згурівка Zghurivka).
    case "г":
      return l.prev === "з" ? "gh" : "h";
  }
  return undefined;
});

// ---------- German: Duden ----------

const GERMAN_RU_TABLE: Readonly<Record<string, string>> = {
  ...ALIKE,
  в: "w",
  г: "g",
  ж: "sch",
  з: "s",
  л: "l",
  н: "n",
  х: "ch",
  ц: "z",
  ч: "tsch",
  ш: "sch",
  щ: "schtsch",
  ъ: "",
  ю: "ju",
  я: "ja",
};

const HUSHING = "жчшщ";

/** Duden's с: ss between vowels (Василий Wassili), so that it is not read as a voiced s. */
function germanS(l: Letter, vowels: string): string {
  return isIn(vowels, l.prev) && isIn(vowels, l.next) ? "ss" : "s";
}

const GERMAN_RU = rules(GERMAN_RU_TABLE, (l) => {
  switch (l.ch) {
    case "е":
    case "ѣ":
      return iotatedRu(l) && !isIn(HUSHING, l.prev) ? "je" : "e";
    case "ё":
      return isIn(HUSHING, l.prev) ? "o" : "jo";
    case "и":
    case "і":
      return l.prev === "ь" ? "ji" : "i";
    // й: j before a vowel at the start (Йошкар-Ола), dropped in the endings -ий, -ый (Юрий Juri, Грозный Grosny).
    case "й":
      if (l.initial && isIn(RU_VOWELS, l.next)) return "j";
      return l.last && isIn("иыі", l.prev) ? "" : "i";
    // кс is x (Александр Alexandr).
    case "к":
      return l.next === "с" ? "x" : "k";
    case "с":
      return l.prev === "к" ? "" : germanS(l, RU_VOWELS);
    case "ь":
      return l.next === "о" ? "j" : "";
  }
  return undefined;
});

const GERMAN_UK_TABLE: Readonly<Record<string, string>> = {
  ...GERMAN_RU_TABLE,
  г: "h",
  ґ: "g",
  е: "e",
  є: "je",
  и: "y",
  і: "i",
  ї: "ji",
  й: "j",
  ь: "",
};

const GERMAN_UK = rules(GERMAN_UK_TABLE, (l) => {
  switch (l.ch) {
    case "с":
      return germanS(l, UK_VOWELS);
    case "ь":
      return l.next === "о" ? "j" : "";
  }
  return undefined;
});

// ---------- Polish: the practical transcription (PWN) ----------

const POLISH_TABLE: Readonly<Record<string, string>> = {
  ...ALIKE,
  в: "w",
  г: "g",
  ж: "ż",
  х: "ch",
  ч: "cz",
  ш: "sz",
  щ: "szcz",
  ъ: "",
  ь: "",
};

/** н, с, з, ц before ь not followed by a vowel are ń, ś, ź, ć (Казань Kazań, Вязьма Wiaźma, Луцьк Łućk). */
const POLISH_SOFT: Readonly<Record<string, string>> = { н: "ń", с: "ś", з: "ź", ц: "ć" };

function polishConsonant(l: Letter, vowels: string): string | undefined {
  const soft = POLISH_SOFT[l.ch];
  if (soft === undefined) return undefined;
  return l.next === "ь" && !isIn(vowels, l.next2) ? soft : { н: "n", с: "s", з: "z", ц: "c" }[l.ch];
}

/** я, ю, е, ё: ja after a vowel or at the start, a after л and the hushing letters, ia after other consonants. */
function polishSoftVowel(l: Letter, iotated: boolean, plain: string, hard: string): string {
  if (iotated) return `j${plain}`;
  return isIn(HUSHING + "цл", l.prev) ? hard : `i${plain}`;
}

const POLISH_RU = rules(POLISH_TABLE, (l) => {
  switch (l.ch) {
    case "л":
      return isIn("еёиіюяьѣ", l.next) ? "l" : "ł";
    case "е":
    case "ѣ":
      return polishSoftVowel(l, iotatedRu(l), "e", "e");
    case "ё":
      return polishSoftVowel(l, iotatedRu(l), "o", "o");
    case "ю":
      return polishSoftVowel(l, iotatedRu(l), "u", "u");
    case "я":
      return polishSoftVowel(l, iotatedRu(l), "a", "a");
    case "и":
    case "і":
      if (l.prev === "ь") return "ji";
      return isIn("жшц", l.prev) ? "y" : "i";
    case "о":
      return l.prev === "ь" ? "jo" : "o";
    // -ий is -ij (Юрий Jurij), but -i after к, г, х (Чайковский Czajkowski, Горький Gorki); -ый is -y (Грозный Grozny).
    case "й":
      if (l.last && l.prev === "ы") return "";
      if (l.last && isIn("иі", l.prev) && isIn("кгх", l.prev2)) return "";
      return "j";
  }
  return polishConsonant(l, RU_VOWELS);
});

const POLISH_UK = rules({ ...POLISH_TABLE, г: "h", ґ: "g", е: "e", и: "y", і: "i", ї: "ji", й: "j" }, (l) => {
  switch (l.ch) {
    // Ukrainian л is soft only before і, ї, є, ю, я, ь (Олена Ołena, Волинь Wołyń, Львів Lwiw).
    case "л":
      return isIn("єіїюяь", l.next) ? "l" : "ł";
    case "є":
      return polishSoftVowel(l, iotatedUk(l), "e", "e");
    case "ю":
      return polishSoftVowel(l, iotatedUk(l), "u", "u");
    case "я":
      return polishSoftVowel(l, iotatedUk(l), "a", "a");
    case "о":
      if (l.prev !== "ь") return "o";
      return l.prev2 === "л" ? "o" : "io";
  }
  return polishConsonant(l, UK_VOWELS);
});

const RULES: Readonly<Record<Romanization, Record<CyrillicLanguage, Rule>>> = {
  english: { ru: ENGLISH_RU, uk: ENGLISH_UK },
  german: { ru: GERMAN_RU, uk: GERMAN_UK },
  polish: { ru: POLISH_RU, uk: POLISH_UK },
};

const isUpper = (ch: string) => ch !== ch.toLowerCase() && ch === ch.toUpperCase();

function romanizeWord(word: string, rule: Rule, fallback: Rule): string {
  const letters: { ch: string; upper: boolean; afterApostrophe: boolean }[] = [];
  let apostrophe = false;
  for (const ch of word) {
    if (APOSTROPHES.has(ch)) {
      apostrophe = true;
      continue;
    }
    letters.push({ ch: ch.toLowerCase(), upper: isUpper(ch), afterApostrophe: apostrophe });
    apostrophe = false;
  }
  // ШМИДТ is SCHMIDT, Шмидт is Schmidt.
  const allCaps = letters.length > 1 && letters.every((l) => l.upper);
  let out = "";
  letters.forEach((letter, i) => {
    const context: Letter = {
      ch: letter.ch,
      prev: letter.afterApostrophe ? undefined : letters[i - 1]?.ch,
      prev2: letters[i - 2]?.ch,
      next: letters[i + 1]?.ch,
      next2: letters[i + 2]?.ch,
      initial: i === 0,
      afterApostrophe: letter.afterApostrophe,
      last: i === letters.length - 1,
    };
    // A Russian letter in a text read as Ukrainian reads as in Russian, and the other way round; a letter of neither
    // (Belarusian ў) stays as written.
    const latin = rule(context) ?? fallback(context) ?? letter.ch;
    if (!letter.upper || latin === "") out += latin;
    else if (allCaps) out += latin.toUpperCase();
    else out += latin.charAt(0).toUpperCase() + latin.slice(1);
  });
  return out;
}

/**
 * A text's Cyrillic words in Latin letters by `system`, read as `language` (by default as `cyrillicLanguage` tells);
 * everything else in the text is kept as it is.
 */
export function romanize(
  text: string,
  system: Romanization,
  language: CyrillicLanguage = cyrillicLanguage(text),
): string {
  const rule = RULES[system][language];
  const fallback = RULES[system][language === "ru" ? "uk" : "ru"];
  return text.normalize("NFC").replace(CYRILLIC_WORD, (word) => romanizeWord(word, rule, fallback));
}
