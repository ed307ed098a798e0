/**
 * Beider–Morse Phonetic Matching (BMPM), ported from Apache Commons Codec's `language/bm` package
 * (`Languages`, `Lang`, `Rule`, `PhoneticEngine`, `BeiderMorseEncoder`; Apache-2.0) and run on its rule
 * files (rules/, turned into data by `npm run build:beider-morse`). It gives what Commons Codec gives,
 * quirks included, because stored codes and searched codes must be those of the reference implementation
 * (see docs/decisions/0064-beider-morse-port.md):
 *
 * - the languages of a name are guessed from its spelling (`{type}_lang.txt`); when one language is left its
 *   own rules apply, otherwise the "any" rules;
 * - the first pass turns letters into language-tagged phonemes, dropping a letter no rule matches;
 * - the common final rules, then the language's final rules (approximate or exact) turn those into
 *   the language-independent phonemes, sorted and each once;
 * - generic names try a name with and without `d'` and the prefixes da, de, van, von…; Ashkenazi and
 *   Sephardic names drop their prefixes;
 * - contexts are matched as Commons Codec matches them, literal where its shortcut reads them literally.
 *
 * Cyrillic is read as BMPM reads it: the language guess sees Cyrillic letters and the Cyrillic rules
 * spell them, so Мария and Marija meet in the phonemes rather than through a transliteration first.
 *
 * The number of phonemes a word may branch into is capped (`maxPhonemes`, Commons Codec's default 20); the
 * result says whether the cap dropped any branch, so a caller can tell a user the match was cut short.
 */
import {
  type BmData,
  type BmNameTypeData,
  type BmNameTypeKey,
  type BmRuleData,
  JAVA_WHITESPACE,
  javaSplit,
  javaTrim,
} from "./parse";
import { BM_DATA } from "./rules.generated";

// ---------------------------------------------------------------------------------------------------------
// Language sets (Java's Languages.LanguageSet: NO_LANGUAGES, ANY_LANGUAGE, SomeLanguages)

type LanguageSet = { kind: "none" } | { kind: "any" } | { kind: "some"; languages: ReadonlySet<string> };

const NO_LANGUAGES: LanguageSet = { kind: "none" };
const ANY_LANGUAGE: LanguageSet = { kind: "any" };

function languageSetFrom(languages: Iterable<string>): LanguageSet {
  const set = new Set(languages);
  return set.size === 0 ? NO_LANGUAGES : { kind: "some", languages: set };
}

function isSingleton(set: LanguageSet): boolean {
  return set.kind === "some" && set.languages.size === 1;
}

function isEmpty(set: LanguageSet): boolean {
  return set.kind === "none";
}

function restrictTo(set: LanguageSet, other: LanguageSet): LanguageSet {
  if (set.kind === "none") return set;
  if (set.kind === "any") return other;
  if (other.kind === "none") return other;
  if (other.kind === "any") return set;
  return languageSetFrom([...set.languages].filter((language) => other.languages.has(language)));
}

function merge(set: LanguageSet, other: LanguageSet): LanguageSet {
  if (set.kind === "none") return other;
  if (set.kind === "any") return other;
  if (other.kind === "none") return set;
  if (other.kind === "any") return other;
  return languageSetFrom([...set.languages, ...other.languages]);
}

// ---------------------------------------------------------------------------------------------------------
// Rules (Java's Rule, with its RPattern shortcuts)

interface Phoneme {
  text: string;
  languages: LanguageSet;
}

interface Rule {
  pattern: string;
  left: (s: string) => boolean;
  right: (s: string) => boolean;
  phonemes: readonly Phoneme[];
}

/** First character of the pattern → the rules starting with it, in file order. */
type RuleMap = ReadonlyMap<string, readonly Rule[]>;

/**
 * Commons Codec's `Rule.pattern`: contexts are regular expressions, but some shapes are matched without
 * one, and those shortcuts read the context literally. The port keeps them: "^(а|е)" only matches a text
 * that starts with the six characters "(а|е)", as in Commons Codec.
 */
export function contextMatcher(regex: string): (s: string) => boolean {
  const startsWith = regex.startsWith("^");
  const endsWith = regex.endsWith("$");
  const content = regex.substring(startsWith ? 1 : 0, endsWith ? regex.length - 1 : regex.length);
  if (!content.includes("[")) {
    if (startsWith && endsWith) return content === "" ? (s) => s.length === 0 : (s) => s === content;
    if ((startsWith || endsWith) && content === "") return () => true;
    if (startsWith) return (s) => s.startsWith(content);
    if (endsWith) return (s) => s.endsWith(content);
  } else if (content.startsWith("[") && content.endsWith("]")) {
    let box = content.substring(1, content.length - 1);
    if (!box.includes("[")) {
      const negate = box.startsWith("^");
      if (negate) box = box.substring(1);
      const chars = box;
      const has = (ch: string) => chars.includes(ch) === !negate;
      if (startsWith && endsWith) return (s) => s.length === 1 && has(s.charAt(0));
      if (startsWith) return (s) => s.length > 0 && has(s.charAt(0));
      if (endsWith) return (s) => s.length > 0 && has(s.charAt(s.length - 1));
    }
  }
  const re = new RegExp(regex);
  return (s) => re.test(s);
}

function buildRuleMap(rows: readonly BmRuleData[]): RuleMap {
  const map = new Map<string, Rule[]>();
  for (const [pattern, left, right, phonemes] of rows) {
    const rule: Rule = {
      pattern,
      left: contextMatcher(`${left}$`),
      right: contextMatcher(`^${right}`),
      phonemes: phonemes.map(([text, languages]) => ({
        text,
        languages: languages === undefined ? ANY_LANGUAGE : languageSetFrom(languages),
      })),
    };
    const key = pattern.charAt(0);
    const list = map.get(key);
    if (list) list.push(rule);
    else map.set(key, [rule]);
  }
  return map;
}

function ruleMatches(rule: Rule, input: string, i: number): boolean {
  const end = i + rule.pattern.length;
  if (end > input.length) return false;
  if (!input.startsWith(rule.pattern, i)) return false;
  if (!rule.right(input.substring(end))) return false;
  return rule.left(input.substring(0, i));
}

// ---------------------------------------------------------------------------------------------------------
// Name types, their languages, language guessing and rule tables

export type BeiderMorseNameType = "generic" | "ashkenazi" | "sephardic";
export type BeiderMorseRuleType = "approx" | "exact";

const TYPE_KEYS: Record<BeiderMorseNameType, BmNameTypeKey> = { generic: "gen", ashkenazi: "ash", sephardic: "sep" };

/**
 * Name prefixes per type. Generic ones are tried in the order Java's HashSet of these strings iterates
 * (String.hashCode in a table of 32 buckets), which decides "de la x": "de" comes first.
 */
const NAME_PREFIXES: Record<BeiderMorseNameType, readonly string[]> = {
  ashkenazi: ["bar", "ben", "da", "de", "van", "von"],
  sephardic: [
    "al",
    "el",
    "da",
    "dal",
    "de",
    "del",
    "dela",
    "de la",
    "della",
    "des",
    "di",
    "do",
    "dos",
    "du",
    "van",
    "von",
  ],
  generic: ["de", "van", "di", "dos", "del", "do", "dal", "della", "du", "des", "von", "dela", "de la", "da"],
};

interface LangRule {
  pattern: RegExp;
  /** The rule's languages as bits of `NameTypeTables.languages` (at most 31 languages a name type). */
  mask: number;
  accept: boolean;
}

class NameTypeTables {
  readonly languages: readonly string[];
  readonly langRules: readonly LangRule[];
  private readonly data: BmNameTypeData;
  private readonly maps = new Map<string, RuleMap>();

  constructor(data: BmNameTypeData) {
    this.data = data;
    this.languages = data.languages;
    if (this.languages.length > 31) throw new Error("Beider–Morse: more languages than bits in a mask");
    const bit = (language: string) => {
      const at = this.languages.indexOf(language);
      return at < 0 ? 0 : 1 << at;
    };
    this.langRules = data.lang.map(([pattern, languages, accept]) => ({
      pattern: new RegExp(pattern),
      mask: languages.reduce((mask, language) => mask | bit(language), 0),
      accept,
    }));
  }

  /** Java's `Rule.getInstanceMap`: a singleton set's language, otherwise "any". */
  rules(ruleType: "rules" | BeiderMorseRuleType, languages: LanguageSet | "common"): RuleMap {
    const language =
      languages === "common"
        ? "common"
        : languages.kind === "some" && isSingleton(languages)
          ? [...languages.languages][0]
          : "any";
    const key = `${ruleType}_${language}`;
    let map = this.maps.get(key);
    if (!map) {
      const rows = this.data.rules[key];
      if (rows === undefined) throw new Error(`No Beider–Morse rules for ${key}`);
      map = buildRuleMap(rows);
      this.maps.set(key, map);
    }
    return map;
  }

  /** Java's `Lang.guessLanguages`: every rule that matches keeps (or removes) its languages. */
  guessLanguages(input: string): LanguageSet {
    const text = input.toLowerCase();
    let mask = 2 ** this.languages.length - 1;
    for (const rule of this.langRules) {
      if (!rule.pattern.test(text)) continue;
      // A match keeps only the rule's languages (accept) or takes them away.
      mask &= rule.accept ? rule.mask : ~rule.mask;
    }
    const set = languageSetFrom(this.languages.filter((_, at) => (mask & (1 << at)) !== 0));
    return isEmpty(set) ? ANY_LANGUAGE : set;
  }
}

const tables = new Map<BmNameTypeKey, NameTypeTables>();

function tablesFor(nameType: BeiderMorseNameType, data: BmData = BM_DATA): NameTypeTables {
  const key = TYPE_KEYS[nameType];
  let found = tables.get(key);
  if (!found) {
    found = new NameTypeTables(data[key]);
    tables.set(key, found);
  }
  return found;
}

/** The languages BMPM guesses for a name (its spelling alone), sorted; ["any"] when it cannot tell. */
export function guessBeiderMorseLanguages(name: string, nameType: BeiderMorseNameType = "generic"): string[] {
  const set = tablesFor(nameType).guessLanguages(name);
  return set.kind === "some" ? [...set.languages].sort() : ["any"];
}

// ---------------------------------------------------------------------------------------------------------
// The engine (Java's PhoneticEngine with its PhonemeBuilder and RulesApplication)

/** What one encoding ran into. */
interface Run {
  maxPhonemes: number;
  capped: boolean;
}

/**
 * Every phoneme of the builder extended by every phoneme of the expression whose languages it shares,
 * in that order, up to `maxPhonemes`. Java's set holds phonemes by identity, so equal texts stay apart.
 */
function applyExpression(builder: Phoneme[], expression: readonly Phoneme[], run: Run): Phoneme[] {
  const next: Phoneme[] = [];
  for (const left of builder) {
    for (const right of expression) {
      const languages = restrictTo(left.languages, right.languages);
      if (isEmpty(languages)) continue;
      if (next.length >= run.maxPhonemes) {
        // A branch the cap leaves out.
        run.capped = true;
        return next;
      }
      next.push({ text: left.text + right.text, languages });
    }
  }
  return next;
}

/**
 * Runs a rule table over `input` from the start. In the first pass a character no rule matches is dropped;
 * in the final passes (`keepUnmatched`) it is copied as it is.
 */
function applyRules(input: string, rules: RuleMap, start: Phoneme[], keepUnmatched: boolean, run: Run): Phoneme[] {
  let builder = start;
  let i = 0;
  while (i < input.length) {
    let step = 1;
    let found = false;
    for (const rule of rules.get(input.charAt(i)) ?? []) {
      if (ruleMatches(rule, input, i)) {
        builder = applyExpression(builder, rule.phonemes, run);
        step = rule.pattern.length;
        found = true;
        break;
      }
    }
    if (!found && keepUnmatched) {
      const ch = input.charAt(i);
      builder = builder.map((p) => ({ text: p.text + ch, languages: p.languages }));
    }
    i += step;
  }
  return builder;
}

/** Java's `applyFinalRules`: each phoneme through the table, the results each once, sorted by text. */
function applyFinalRules(builder: Phoneme[], rules: RuleMap, run: Run): Phoneme[] {
  if (rules.size === 0) return builder;
  const byText = new Map<string, Phoneme>();
  for (const phoneme of builder) {
    const start: Phoneme[] = [{ text: "", languages: phoneme.languages }];
    for (const result of applyRules(phoneme.text, rules, start, true, run)) {
      const known = byText.get(result.text);
      // The same text from two phonemes keeps the languages of both.
      byText.set(
        result.text,
        known ? { text: known.text, languages: merge(known.languages, result.languages) } : result,
      );
    }
  }
  return [...byText.keys()].sort(compareUtf16).map((text) => byText.get(text) as Phoneme);
}

function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export interface BeiderMorseOptions {
  /** Generic (the default), Ashkenazi or Sephardic rules. */
  nameType?: BeiderMorseNameType;
  /** Approximate (the default) or exact final rules. */
  ruleType?: BeiderMorseRuleType;
  /** Whether the words of a name are encoded as one (the default, as BeiderMorseEncoder does). */
  concat?: boolean;
  /** The most phonemes one word may branch into while it is encoded: Commons Codec's default is 20. */
  maxPhonemes?: number;
  /** The languages to assume instead of guessing them from the name (Commons Codec's `encode(input, set)`). */
  languages?: readonly string[];
}

export interface BeiderMorseResult {
  /** The encoding as Commons Codec writes it: `|` between phonemes, `-` between words, words in `(…)`. */
  encoding: string;
  /** Whether `maxPhonemes` dropped a branch anywhere (the encoding is then a subset of the full one). */
  capped: boolean;
}

export const BEIDER_MORSE_DEFAULT_MAX_PHONEMES = 20;

class PhoneticEngine {
  private readonly tables: NameTypeTables;

  constructor(
    private readonly nameType: BeiderMorseNameType,
    private readonly ruleType: BeiderMorseRuleType,
    private readonly concat: boolean,
    private readonly run: Run,
  ) {
    this.tables = tablesFor(nameType);
  }

  encode(name: string, languageSet: LanguageSet = this.tables.guessLanguages(name)): string {
    const rules = this.tables.rules("rules", languageSet);
    const finalRules1 = this.tables.rules(this.ruleType, "common");
    const finalRules2 = this.tables.rules(this.ruleType, languageSet);

    let input = javaTrim(name.toLowerCase().replaceAll("-", " "));

    if (this.nameType === "generic") {
      if (input.startsWith("d'")) {
        const remainder = input.substring(2);
        return `(${this.encode(remainder)})-(${this.encode(`d${remainder}`)})`;
      }
      for (const prefix of NAME_PREFIXES.generic) {
        if (input.startsWith(`${prefix} `)) {
          const remainder = input.substring(prefix.length + 1);
          return `(${this.encode(remainder)})-(${this.encode(prefix + remainder)})`;
        }
      }
    }

    const words = javaSplit(input, JAVA_WHITESPACE);
    let kept: string[];
    if (this.nameType === "sephardic") {
      kept = words.map((word) => javaSplit(word, /'/).at(-1) ?? "");
    } else {
      kept = [...words];
    }
    if (this.nameType !== "generic") {
      const prefixes = NAME_PREFIXES[this.nameType];
      kept = kept.filter((word) => !prefixes.includes(word));
    }

    if (this.concat) {
      input = kept.join(" ");
    } else if (kept.length === 1) {
      // As in Commons Codec: the first word as written, even where a prefix or an apostrophe was cut.
      input = words[0];
    } else {
      // Commons Codec fails on a name that is all prefixes here; it gives no encoding instead.
      return kept.map((word) => this.encode(word)).join("-");
    }

    let phonemes = applyRules(input, rules, [{ text: "", languages: languageSet }], false, this.run);
    phonemes = applyFinalRules(phonemes, finalRules1, this.run);
    phonemes = applyFinalRules(phonemes, finalRules2, this.run);
    return phonemes.map((p) => p.text).join("|");
  }
}

/** Encodes a name as Commons Codec's PhoneticEngine does, and says whether the branch cap was reached. */
export function beiderMorse(name: string, options: BeiderMorseOptions = {}): BeiderMorseResult {
  const maxPhonemes = options.maxPhonemes ?? BEIDER_MORSE_DEFAULT_MAX_PHONEMES;
  if (!Number.isInteger(maxPhonemes) || maxPhonemes < 1) throw new RangeError("maxPhonemes must be a whole number ≥ 1");
  const run: Run = { maxPhonemes, capped: false };
  const engine = new PhoneticEngine(
    options.nameType ?? "generic",
    options.ruleType ?? "approx",
    options.concat ?? true,
    run,
  );
  const encoding = options.languages ? engine.encode(name, languageSetFrom(options.languages)) : engine.encode(name);
  return { encoding, capped: run.capped };
}

/** The encoding alone, as `BeiderMorseEncoder.encode` writes it (generic, approximate, concatenated by default). */
export function beiderMorseEncode(name: string, options: BeiderMorseOptions = {}): string {
  return beiderMorse(name, options).encoding;
}

/**
 * The distinct phonemes of an encoding, sorted: the keys a name can be stored and looked up under (two names
 * match when they share one). "(a|b)-(c|d)" gives a, b, c, d.
 */
export function beiderMorseTokens(encoding: string): string[] {
  return [...new Set(encoding.split(/[|()-]+/).filter((token) => token !== ""))].sort(compareUtf16);
}
