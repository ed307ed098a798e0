/**
 * Kölner Phonetik (Postel, 1969): a phonetic code tuned to German spelling,
 * where Daitch–Mokotoff's Slavic-oriented groups over-split (Meier / Mayer /
 * Meyer, Christoph / Kristof).
 */

import { transliterateCyrillic } from "./normalize";

// Folded before coding: the algorithm is defined on A–Z, with umlauts as
// plain vowels and ß as S.
const FOLD: Readonly<Record<string, string>> = {
  ß: "s",
  ł: "l",
  ø: "o",
  æ: "a",
  œ: "o",
  đ: "d",
  ð: "d",
  ı: "i",
  ſ: "s",
};
const FOLD_RE = /[ßłøæœđðıſ]/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const NOT_LATIN = /[^a-z]+/u;

function letterCode(word: string, i: number): string {
  const ch = word[i];
  const prev = i > 0 ? word[i - 1] : "";
  const next = i + 1 < word.length ? word[i + 1] : "";
  switch (ch) {
    case "a":
    case "e":
    case "i":
    case "j":
    case "o":
    case "u":
    case "y":
      return "0";
    case "h":
      return "";
    case "b":
      return "1";
    case "p":
      return next === "h" ? "3" : "1";
    case "d":
    case "t":
      return next !== "" && "csz".includes(next) ? "8" : "2";
    case "f":
    case "v":
    case "w":
      return "3";
    case "g":
    case "k":
    case "q":
      return "4";
    case "c":
      // Initial C is hard before more letters than medial C is (Christoph,
      // Claus, Crusius), and C after S or Z belongs to that sibilant.
      if (i === 0) return next !== "" && "ahkloqrux".includes(next) ? "4" : "8";
      if (prev === "s" || prev === "z") return "8";
      return next !== "" && "ahkoqux".includes(next) ? "4" : "8";
    case "x":
      return prev === "c" || prev === "k" || prev === "q" ? "8" : "48";
    case "l":
      return "5";
    case "m":
    case "n":
      return "6";
    case "r":
      return "7";
    case "s":
    case "z":
      return "8";
    default:
      return "";
  }
}

/**
 * Kölner Phonetik code of a name ("" when it has no Latin or Cyrillic
 * letter). Each word's first letter counts as word-initial for the C rule;
 * the words' codes are then joined and reduced as one.
 */
export function kolnerPhonetik(name: string): string {
  // NFKC first, so that ligatures and full-width letters (ﬁ, Ｍ) are plain letters.
  const words = transliterateCyrillic(name.normalize("NFKC"))
    .toLowerCase()
    .replace(FOLD_RE, (ch) => FOLD[ch] ?? ch)
    .normalize("NFD")
    .replace(COMBINING_MARKS, "")
    .split(NOT_LATIN)
    .filter((w) => w !== "");

  let raw = "";
  for (const word of words) {
    for (let i = 0; i < word.length; i++) raw += letterCode(word, i);
  }

  let code = "";
  for (let i = 0; i < raw.length; i++) {
    const digit = raw[i];
    if (digit === raw[i - 1]) continue;
    // Vowels only separate consonants; they are kept just at the very start.
    if (digit === "0" && code !== "") continue;
    code += digit;
  }
  return code;
}
