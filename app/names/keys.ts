import { beiderMorse, beiderMorseTokens } from "./beider-morse/engine";
import { daitchMokotoff } from "./daitch-mokotoff";
import { genderFormKeys } from "./gender-forms";
import type { CodeKind } from "./match-levels";
import { variantKeys } from "./given-names";
import { exactKey, foldName, nameWords } from "./normalize";
import { similarSpellingKeys, similarSpellingSearchKeys } from "./similar-spelling";
import { transliterationKeys } from "./transliteration";

/**
 * Every key a name is stored and searched under. Imports, profile saves and
 * searches all take their keys from here, so a stored key and the key a
 * search looks for are always made the same way.
 */

/**
 * The version of the phonetic codes nameKeys() gives. Stored codes carry it
 * (app_meta "name_codes_version"), so that an installation whose codes were
 * written by an older coder rewrites them once at start-up and answers as a
 * fresh one would. Raise it with every change that alters a code.
 * 1: the first codes; 2: č is cz, NFKC first, every word coded as written; 3: person names also keyed by
 * transliteration, Beider–Morse and similar spelling, given names' variants across transliterations; 4: German
 * names read as Russian writes them, doubled letters and -ская/-ska made one in transliteration keys, more
 * given-name forms.
 */
export const NAME_CODES_VERSION = 4;

export interface WordKeys {
  /** The folded word: one of the name's tokens. */
  folded: string;
  /** Its Daitch–Mokotoff codes, every branch. */
  phonetic: string[];
  /** Its given-name group keys (empty unless asked for). */
  variants: string[];
  /** Its person-name keys (empty unless asked for): where its spellings in every transliteration meet. */
  transliteration: string[];
  /** Its Beider–Morse phonemes (generic, approximate), each once (empty unless asked for). */
  beiderMorse: string[];
  /** Its similar-spelling keys: the deletion neighbourhood (empty unless asked for, or under five letters). */
  similar: string[];
  /** Its masculine and feminine forms' shared key (empty unless asked for). */
  genderForm: string[];
}

export interface NameKeys {
  /** Only case and spacing forgiven. */
  exact: string;
  /** Case, accents, umlaut spellings and script folded; words separated by single spaces. */
  folded: string;
  /** Each word once (by its folded form), in the order written. */
  words: WordKeys[];
  /** The codes of every word, each once, sorted. */
  phonetic: string[];
  /** The group keys of every word, each once, in the order of the words. */
  variants: string[];
}

export interface NameKeyOptions {
  /** Whether the name is a given name, whose words also get given-name group keys. */
  variants?: boolean;
  /** Whether the name is a person's, whose words also get transliteration, Beider–Morse and similar-spelling keys. */
  person?: boolean;
}

type PersonWordKeys = Pick<WordKeys, "transliteration" | "beiderMorse" | "similar" | "genderForm">;

/** Words whose person keys are remembered: registers repeat the same names, and Beider–Morse costs ~0.2 ms a word. */
const PERSON_KEYS_CACHE_SIZE = 50_000;
const personKeysCache = new Map<string, PersonWordKeys>();

/** A word's transliteration, Beider–Morse and similar-spelling keys. */
export function personWordKeys(word: string): PersonWordKeys {
  const known = personKeysCache.get(word);
  if (known) return known;
  const keys = {
    transliteration: transliterationKeys(word),
    beiderMorse: beiderMorseTokens(beiderMorse(word).encoding),
    similar: similarSpellingKeys(word),
    genderForm: genderFormKeys(word),
  };
  if (personKeysCache.size >= PERSON_KEYS_CACHE_SIZE) personKeysCache.clear();
  personKeysCache.set(word, keys);
  return keys;
}

/** A word's keys of one stored code kind (name_codes.kind): where imports and searches read them alike. */
export function wordKeysOfKind(w: WordKeys, kind: CodeKind): readonly string[] {
  switch (kind) {
    case "d":
      return w.phonetic;
    case "v":
      return w.variants;
    case "t":
      return w.transliteration;
    case "g":
      return w.genderForm;
    case "b":
      return w.beiderMorse;
    case "s":
      return w.similar;
  }
}

/** The keys of one kind a search looks a typed word up by: those it would be stored under, and for a similar
 * spelling also a short word's own form (similarSpellingSearchKeys). */
export function searchKeysOfKind(w: WordKeys, kind: CodeKind): readonly string[] {
  return kind === "s" && !w.similar.length ? similarSpellingSearchKeys(w.folded) : wordKeysOfKind(w, kind);
}

/**
 * Whether a name's Beider–Morse encoding was cut at the engine's branch cap (BEIDER_MORSE_DEFAULT_MAX_PHONEMES):
 * a search by it then follows only the first branches, and says so.
 */
export function beiderMorseCapped(value: string): boolean {
  return nameWords(value).some((word) => beiderMorse(word).capped);
}

export function nameKeys(value: string, options: NameKeyOptions = {}): NameKeys {
  const words = new Map<string, WordKeys>();
  for (const word of nameWords(value)) {
    const folded = foldName(word);
    const known = words.get(folded);
    // Two spellings of one token (Müller, Mueller) may still code differently: a match on either counts.
    const phonetic = daitchMokotoff(word);
    if (known) {
      known.phonetic = [...new Set([...known.phonetic, ...phonetic])].sort();
      continue;
    }
    // The word as written, not folded: its transliteration keys need the ž, š, ł and ï that folding drops.
    words.set(folded, {
      folded,
      phonetic,
      variants: options.variants ? variantKeys(word) : [],
      ...(options.person
        ? personWordKeys(word)
        : { transliteration: [], beiderMorse: [], similar: [], genderForm: [] }),
    });
  }
  const list = [...words.values()];
  return {
    exact: exactKey(value),
    folded: foldName(value),
    words: list,
    phonetic: [...new Set(list.flatMap((w) => w.phonetic))].sort(),
    variants: [...new Set(list.flatMap((w) => w.variants))],
  };
}
