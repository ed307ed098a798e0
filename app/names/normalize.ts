/**
 * Name normalisation shared by every name-matching mode.
 *
 * The registers we index spell one person in German, Polish, Russian (in
 * Cyrillic) and Latin. Search keys therefore have to survive script changes,
 * diacritics that transcribers drop or add, and German umlauts written either
 * as "ü" or "ue" (or, by Polish and Russian clerks, just "u").
 */

// Russian letters (including pre-1918 orthography, because the Volhynian and
// St. Petersburg books predate the 1918 spelling reform). Letter for letter
// BGN/PCGN's, which romanize.ts writes for display with its rules of context.
export const RUSSIAN: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  // Russian writing routinely prints ё as е, so both must give the same key.
  ё: "e",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  і: "i",
  ѣ: "e",
  ѳ: "f",
  ѵ: "i",
  ї: "yi",
  є: "ye",
  ґ: "g",
  ў: "u",
};

// Ukrainian values that differ from Russian for the same glyph.
const UKRAINIAN_OVERRIDES: Readonly<Record<string, string>> = {
  г: "h",
  и: "y",
};

// Letters only modern Ukrainian uses. Plain і is also old Russian, so it only
// counts as Ukrainian when no pre-reform Russian letter appears in the word.
const UKRAINIAN_ONLY = /[їєґЇЄҐ]/u;
const UKRAINIAN_OR_OLD_RUSSIAN = /[іІ]/u;
const OLD_RUSSIAN = /[ъѣѳѵЪѢѲѴ]/u;

const CYRILLIC_WORD = /[\u0400-\u04FF'’ʼ]+/gu;
const CYRILLIC_LETTER = /[\u0400-\u04FF]/u;

function isUpper(ch: string | undefined): boolean {
  return ch !== undefined && ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

function isUkrainianWord(word: string): boolean {
  if (UKRAINIAN_ONLY.test(word)) return true;
  return UKRAINIAN_OR_OLD_RUSSIAN.test(word) && !OLD_RUSSIAN.test(word);
}

function transliterateWord(word: string): string {
  const ukrainian = isUkrainianWord(word);
  const chars = Array.from(word);
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const lower = ch.toLowerCase();
    const prev = chars[i - 1];
    const afterLetter = prev !== undefined && CYRILLIC_LETTER.test(prev);
    // ї is "yi" only where it starts a syllable of its own (Їжак, з'їзд);
    // after a letter the y is already there (Київ → Kyiv).
    const mapped =
      lower === "ї" && afterLetter ? "i" : ((ukrainian ? UKRAINIAN_OVERRIDES[lower] : undefined) ?? RUSSIAN[lower]);
    if (mapped === undefined) {
      out += ch;
      continue;
    }
    if (!isUpper(ch) || mapped === "") {
      out += mapped;
      continue;
    }
    // "ШМИДТ" should become "SHMIDT", but "Шмидт" must become "Shmidt".
    const next = chars[i + 1];
    const nextIsLetter = next !== undefined && CYRILLIC_LETTER.test(next);
    const allCaps = nextIsLetter ? isUpper(next) : isUpper(prev);
    out += allCaps ? mapped.toUpperCase() : mapped.charAt(0).toUpperCase() + mapped.slice(1);
  }
  return out;
}

/**
 * Russian and Ukrainian Cyrillic to Latin letters, in a scheme whose digraphs
 * (sh, zh, kh, ts, ch, shch) are exactly the ones Daitch–Mokotoff codes, so
 * that Шмидт and Schmidt end up with the same phonetic code.
 */
export function transliterateCyrillic(s: string): string {
  if (!CYRILLIC_LETTER.test(s)) return s;
  return s.replace(CYRILLIC_WORD, transliterateWord);
}

// Letters NFKD leaves whole although readers treat them as accented Latin.
// Only lowercase keys: the map is applied after lowercasing.
const UNDECOMPOSABLE: Readonly<Record<string, string>> = {
  ß: "ss",
  ł: "l",
  ø: "o",
  đ: "d",
  ð: "d",
  þ: "th",
  æ: "ae",
  œ: "oe",
  ı: "i",
  ħ: "h",
  ŧ: "t",
  ĸ: "k",
};
const UNDECOMPOSABLE_RE = /[ßłøđðþæœıħŧĸ]/gu;

// Apostrophes (and the primes used for ь/ъ in scholarly transliteration) are
// elided inside a word: Vil'gel'm and Vilgelm are one spelling. They must go
// before NFKD, which would turn ´ into a space plus a combining accent.
const APOSTROPHES = /['’‘ʼʻ`´ʹʺ′″]/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const NON_WORD = /[^\p{L}\p{N}]+/gu;
// After umlauts are folded, Mueller and Müller both read "mueller"; dropping
// the e lets them meet Muller too. "qu" is a digraph, so Quedlinburg keeps
// its e. All e's go at once so that a second pass finds nothing left to do.
const UMLAUT_DIGRAPH = /(?<!q)([aou])e+/gu;

/**
 * The loose ("normalized") search key: Müller, Mueller, Muller and MÜLLER all
 * give "muller"; hyphenated or multi-word names become space-separated words.
 */
export function foldName(s: string): string {
  // NFC first, so that a decomposed й is still й (y), not и plus a breve.
  const latin = transliterateCyrillic(s.normalize("NFC")).replace(APOSTROPHES, "");
  const folded = latin
    .toLowerCase()
    // NFKD rather than NFD so that ligatures, long s and full-width letters
    // from OCR or copy-paste fold to plain letters as well.
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    // Again, for apostrophes NFKD splits off letters (ŉ → ʼn).
    .replace(APOSTROPHES, "")
    .toLowerCase();
  // A second pass catches letters that only NFKD produced (ǣ → æ, and
  // compatibility forms of Cyrillic letters), which keeps foldName idempotent.
  return transliterateCyrillic(folded)
    .replace(UNDECOMPOSABLE_RE, (ch) => UNDECOMPOSABLE[ch] ?? ch)
    .replace(NON_WORD, " ")
    .trim()
    .replace(UMLAUT_DIGRAPH, "$1");
}

/**
 * The "exact" key: only case and spacing are forgiven, so that a user who
 * types Bogumił does not get Bogumil.
 */
export function exactKey(s: string): string {
  return s.normalize("NFC").trim().replace(/\s+/gu, " ").toLowerCase().normalize("NFC");
}

const WORD_SEPARATORS = /[^\p{L}\p{N}\p{M}]+/gu;

/**
 * The words of a name as written, for the phonetic coders: Cyrillic in Latin
 * letters, apostrophes elided and compatibility forms (ﬁ, Ｍ) plain, but
 * letters not folded, because a coder may read a letter differently from
 * its folded form (č is cz to Daitch–Mokotoff, not c). Their folded forms
 * are the name's tokens.
 */
export function nameWords(s: string): string[] {
  return transliterateCyrillic(s.normalize("NFC"))
    .replace(APOSTROPHES, "")
    .normalize("NFKC")
    .replace(APOSTROPHES, "")
    .split(WORD_SEPARATORS)
    .filter((word) => foldName(word) !== "");
}

/** The folded words of a name, each once, in the order given. */
export function nameTokens(s: string): string[] {
  const folded = foldName(s);
  if (folded === "") return [];
  return [...new Set(folded.split(" "))];
}
