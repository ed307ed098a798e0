/**
 * Where a Cyrillic name and its Latin spellings meet (issue 27, item 4). One Russian name reaches the
 * registers and the families in five systems at least: English (BGN/PCGN) Shcherbakov, German (Duden)
 * Schtscherbakow, Polish Szczerbakow, scholarly Ščerbakov or ISO 9 Ŝerbakov, French Chtcherbakov.
 *
 * No single folding of the Latin letters can join them: "ch" is ч in English, х in German and Polish and
 * ш in French, "s" is с or з in German. So a Latin word is read back into Cyrillic under each system
 * (`cyrillicReadings`), and every reading, like a name written in Cyrillic, is reduced to a loose key
 * (`transliterationKey`): the letters the systems spell alike but differently (е/э/ё, и/й, ь and ъ, -ий
 * and -и, -ия and -я) made one and written in Latin letters. Two spellings of one name share a key
 * (`transliterationKeys`): Мария, Marija, Mariya and Maria all give "marya".
 *
 * Pure: nothing here is stored yet. A word has a few keys (one for Cyrillic; for Latin, one per reading,
 * at most MAX_READINGS per system), which a key table can hold as it holds Daitch–Mokotoff codes.
 */
import { foldName, transliterateCyrillic } from "./normalize";

export const TRANSLITERATION_SYSTEMS = ["english", "german", "polish", "scholarly", "french"] as const;
export type TransliterationSystem = (typeof TRANSLITERATION_SYSTEMS)[number];
/**
 * The other way round: a German (or Germanised Polish) spelling read as a Russian clerk wrote the name in Cyrillic,
 * by the practical transcription of German names (Hecht Гехт, Stein Штейн, Müller Мюллер, Heinrich Гейнрих). The
 * St. Petersburg and Volhynian registers hold both, and the Cyrillic form comes back in Latin letters as Gekht,
 * Shtein, Mjuller: this reading lets Hecht meet them.
 */
const GERMAN_NAMES = "germanNames";
type ReadingSystem = TransliterationSystem | typeof GERMAN_NAMES;
const READING_SYSTEMS: readonly ReadingSystem[] = [...TRANSLITERATION_SYSTEMS, GERMAN_NAMES];

/** Each system's Latin letters and letter groups with the Cyrillic they may stand for (several: a branch). */
type Table = Readonly<Record<string, string | readonly string[]>>;

// Letters all systems write alike; a system's own table is read first.
const COMMON: Table = {
  a: "а",
  b: "б",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  h: "х",
  i: "и",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  q: "к",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  w: "в",
  x: "кс",
  z: "з",
  y: "ы",
  c: "ц",
  j: "й",
  ph: "ф",
  ck: "к",
};

const TABLES: Record<TransliterationSystem, Table> = {
  // BGN/PCGN (and the "ye", "yo" of the common English usage): y is both ы and й.
  english: {
    shch: "щ",
    zh: "ж",
    kh: "х",
    ts: "ц",
    ch: "ч",
    sh: "ш",
    yu: "ю",
    ya: "я",
    ye: "е",
    yo: "ё",
    yë: "ё",
    ë: "ё",
    y: ["ы", "й"],
  },
  // Duden: sch for ш and ж, z for ц, s for з (ss between vowels for с), w for в, j before vowels.
  german: {
    schtsch: "щ",
    tsch: "ч",
    sch: ["ш", "ж"],
    ch: "х",
    ja: "я",
    ju: "ю",
    jo: "ё",
    je: "е",
    // z is ц in Duden, but z in a German spelling of a Polish name (Zbroschek for Zbrożek).
    z: ["ц", "з"],
    s: ["с", "з"],
    ss: "с",
    tz: "ц",
  },
  // Polish: szcz, cz, sz, ż (rz), ch, c; i before a vowel softens (ia, ie, io, iu); ł and l.
  polish: {
    szcz: "щ",
    cz: "ч",
    sz: "ш",
    rz: "ж",
    ż: "ж",
    ź: "з",
    ś: "с",
    ć: "ц",
    ń: "н",
    ł: "л",
    ó: "о",
    ch: "х",
    ja: "я",
    ju: "ю",
    jo: "ё",
    je: "е",
    ia: "я",
    iu: "ю",
    io: "ё",
    ie: "е",
  },
  // Scholarly (šč, x for х) and ISO 9 (ŝ, h for х, â, û, ë, è), with the Library of Congress digraphs.
  scholarly: {
    šč: "щ",
    ŝ: "щ",
    ž: "ж",
    č: "ч",
    š: "ш",
    â: "я",
    û: "ю",
    ë: "ё",
    è: "э",
    ė: "э",
    ǎ: "я",
    x: "х",
    ja: "я",
    ju: "ю",
    jo: "ё",
    je: "е",
    zh: "ж",
    kh: "х",
    ts: "ц",
    ch: "х",
  },
  // French: ch for ш, tch for ч, j for ж, ou for у, gu before e and i, ï for й, ss between vowels.
  french: {
    chtch: "щ",
    tch: "ч",
    ch: "ш",
    kh: "х",
    ts: "ц",
    dj: "дж",
    j: "ж",
    iou: "ю",
    you: "ю",
    ou: "у",
    ia: "я",
    ie: "е",
    io: "ё",
    ya: "я",
    ye: "е",
    yo: "ё",
    gue: "ге",
    gui: "ги",
    guï: "гй",
    ï: "й",
    é: "е",
    è: "э",
    ë: "ё",
    ss: "с",
    s: ["с", "з"],
    y: ["ы", "й"],
  },
};

// Russian practical transcription of German: h is г (silent after a vowel: GERMAN_SILENT_H), ei ей, eu ой, ie и, ü ю, ö ё, z ц,
// st and sp шт and шп (at a word's or a root's start, so both readings), v ф, y и; Polish cz and sz kept by German
// clerks (Czarnetzka).
const GERMAN_NAME_TABLE: Table = {
  tsch: "ч",
  sch: "ш",
  chs: "кс",
  ch: "х",
  ck: "к",
  tz: "ц",
  cz: "ч",
  sz: "ш",
  z: "ц",
  st: ["шт", "ст"],
  sp: ["шп", "сп"],
  ss: "сс",
  ß: "сс",
  s: ["з", "с"],
  ei: "ей",
  ey: "ей",
  ai: "ай",
  ay: "ай",
  eu: "ой",
  äu: "ой",
  ie: "и",
  ä: "е",
  ae: "е",
  ö: "ё",
  oe: "ё",
  ü: "ю",
  ue: "ю",
  ja: "я",
  je: "е",
  ju: "ю",
  h: "г",
  th: "т",
  dt: "т",
  qu: "кв",
  v: ["ф", "в"],
  y: "и",
  c: ["к", "ц"],
};

/** A German h after a vowel and not before one only lengthens it (Kuhn Кун, Hahn Ган; but Johanna Иоганна). */
const GERMAN_SILENT_H = /([aeiouyäöü])h(?![aeiouyäöü])/gu;

interface CompiledTable {
  /** The Latin groups by their first letter, longest first. */
  byFirst: ReadonlyMap<string, readonly (readonly [latin: string, cyrillic: readonly string[]])[]>;
}

function compile(table: Table): CompiledTable {
  const merged = new Map<string, readonly string[]>();
  for (const [latin, cyrillic] of Object.entries({ ...COMMON, ...table })) {
    merged.set(latin.normalize("NFC"), typeof cyrillic === "string" ? [cyrillic] : cyrillic);
  }
  const byFirst = new Map<string, (readonly [string, readonly string[]])[]>();
  for (const [latin, cyrillic] of merged) {
    const first = latin.charAt(0);
    byFirst.set(first, [...(byFirst.get(first) ?? []), [latin, cyrillic] as const]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b[0].length - a[0].length);
  return { byFirst };
}

const COMPILED = new Map<ReadingSystem, CompiledTable>([
  ...TRANSLITERATION_SYSTEMS.map((system) => [system, compile(TABLES[system])] as const),
  [GERMAN_NAMES, compile(GERMAN_NAME_TABLE)],
]);

/** The most readings one word gets under one system; branches beyond are dropped. */
export const MAX_READINGS = 8;

// Apostrophes and primes stand for ь and ъ, which the keys drop anyway.
const APOSTROPHES = /['’‘ʼʻ`´ʹʺ′″"]/gu;
const CYRILLIC = /[\u0400-\u04FF]/u;

/**
 * The Cyrillic a Latin word may have been transliterated from under one system: each letter group read
 * the longest way the system writes one, every alternative of an ambiguous group a reading of its own
 * (at most MAX_READINGS). Letters the system has no reading for are kept as they are.
 */
export function cyrillicReadings(word: string, system: ReadingSystem): string[] {
  let text = word.normalize("NFC").toLowerCase().replace(APOSTROPHES, "");
  if (system === GERMAN_NAMES) text = text.replace(GERMAN_SILENT_H, "$1");
  const table = COMPILED.get(system) as CompiledTable;
  let readings = [""];
  let i = 0;
  while (i < text.length) {
    const group = table.byFirst.get(text.charAt(i))?.find(([latin]) => text.startsWith(latin, i));
    const [latin, cyrillic] = group ?? [text.charAt(i), [text.charAt(i)]];
    const next: string[] = [];
    for (const reading of readings) {
      for (const letters of cyrillic) if (next.length < MAX_READINGS) next.push(reading + letters);
    }
    readings = next;
    i += latin.length;
  }
  return [...new Set(readings)];
}

const PIVOT_LETTERS: Readonly<Record<string, string>> = { ё: "е", э: "е", ъ: "", ь: "", й: "и" };

/**
 * The loose key of a name written in Cyrillic (Russian, with the pre-1918 letters as normalize.ts reads
 * them): letters the systems disagree on made one, then in Latin letters and folded. Not a spelling to
 * show: Хрущёв gives "khrushchev", Юлия "yulya", Чайковский "chaikovski".
 */
export function transliterationKey(cyrillic: string): string {
  const pivot = cyrillic
    .normalize("NFC")
    .toLowerCase()
    .replace(/[ёэъьй]/gu, (ch) => PIVOT_LETTERS[ch] ?? ch)
    // German and Polish write ё after ж, ч, ш, щ as o (Chruschtschow, Chruszczow), the others e.
    .replace(/([жчшщ])о/gu, "$1е")
    // -ий, -ия, -ие, -ию: Dmitri and Dmitrij, Maria and Marija, Tsvetaïeva and Tsvetayeva.
    .replace(/и+([иеяю])/gu, "$1")
    .replace(/и+/gu, "и")
    // Doubled letters, which German spellings keep and Russian ones often drop (Müller Мюллер, Böttcher Бетхер).
    .replace(/(\p{L})\1+/gu, "$1")
    // The Russian feminine -ская, -цкая is the Polish -ska, -cka (Kowalska, Koval'skaya).
    .replace(/([сц]к)ая$/u, "$1а");
  return foldName(transliterateCyrillic(pivot));
}

/**
 * The keys of one word: for a word in Cyrillic its key; for a word in Latin letters the keys of its
 * readings under every system, each once, sorted. Two spellings of one name share a key.
 */
export function transliterationKeys(word: string): string[] {
  if (CYRILLIC.test(word)) return [transliterationKey(word)].filter((key) => key !== "");
  const keys = new Set<string>();
  for (const system of READING_SYSTEMS) {
    for (const reading of cyrillicReadings(word, system)) keys.add(transliterationKey(reading));
  }
  keys.delete("");
  return [...keys].sort();
}

/** Whether two words may be spellings of one name in different transliterations (or scripts). */
export function sameTransliteratedName(a: string, b: string): boolean {
  const left = new Set(transliterationKeys(a));
  return transliterationKeys(b).some((key) => left.has(key));
}
