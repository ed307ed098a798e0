/**
 * Reads Beider–Morse rule files (the text resources of Apache Commons Codec's `language/bm` package, copied
 * into `rules/` beside this file) into plain data that the engine runs. It reads them as Commons Codec's
 * `Languages`, `Lang` and `Rule` loaders do: line comments (`//`), block comments (a line starting with `/*`
 * up to a line ending in `*\/`), `#include` of another file at the point of inclusion, four whitespace-separated
 * quoted columns per rule, and phoneme expressions `text`, `text[lang+lang]` or `(a|b[lang]|…)`.
 *
 * Used by `scripts/build-beider-morse.ts`, which writes `rules.generated.ts`, and by the test that checks the
 * generated module still matches the rule files.
 */

export const BM_NAME_TYPES = ["gen", "ash", "sep"] as const;
export type BmNameTypeKey = (typeof BM_NAME_TYPES)[number];

/** Java's `RuleType`: the first pass ("rules") and the two kinds of final rules. */
export const BM_RULE_TYPES = ["rules", "approx", "exact"] as const;
export type BmRuleTypeKey = (typeof BM_RULE_TYPES)[number];

/** One phoneme of a rule's expression: its text and, when it has one, its `[lang+lang]` set. */
export type BmPhonemeData = [text: string] | [text: string, languages: string[]];

/** One rule: pattern (a literal), left context, right context (regular expressions), phoneme expression. */
export type BmRuleData = [pattern: string, left: string, right: string, phonemes: BmPhonemeData[]];

/** One language-guessing rule: a regular expression, its languages, and whether a match keeps or removes them. */
export type BmLangRuleData = [pattern: string, languages: string[], accept: boolean];

export interface BmNameTypeData {
  /** The languages of `{type}_languages.txt`, in file order (Java keeps them in a set; order never matters). */
  languages: string[];
  /** `{type}_lang.txt`, in file order. */
  lang: BmLangRuleData[];
  /** Rule lists by `{ruleType}_{language}` (and `approx_common`, `exact_common`), includes expanded, in file order. */
  rules: Record<string, BmRuleData[]>;
}

export type BmData = Record<BmNameTypeKey, BmNameTypeData>;

const CMT = "//";
const EXT_CMT_START = "/*";
const EXT_CMT_END = "*/";
const HASH_INCLUDE = "#include";

/** Java's `Scanner.nextLine` line separators. */
function javaLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\u2028\u2029\u0085]/u);
  // Scanner gives no line after a final separator.
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Java's `String.trim`: every char up to U+0020 at either end, no other whitespace. */
export function javaTrim(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 0x20) start++;
  while (end > start && s.charCodeAt(end - 1) <= 0x20) end--;
  return s.substring(start, end);
}

/** Java's `String.split(regex)`: trailing empty strings removed; no match gives the string itself. */
export function javaSplit(s: string, separator: RegExp): string[] {
  const parts = s.split(separator);
  if (parts.length === 1) return parts;
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/**
 * The lines of a resource that carry content: block comments skipped as Java does (a raw line starting
 * with `/*` opens one, a raw line ending in `*\/` closes it), `//` comments cut, the rest trimmed.
 */
function contentLines(text: string, cutComments: boolean): string[] {
  const out: string[] = [];
  let inComment = false;
  for (const raw of javaLines(text)) {
    if (inComment) {
      if (raw.endsWith(EXT_CMT_END)) inComment = false;
      continue;
    }
    if (raw.startsWith(EXT_CMT_START)) {
      inComment = true;
      continue;
    }
    let line = raw;
    if (cutComments) {
      const at = line.indexOf(CMT);
      if (at >= 0) line = line.substring(0, at);
    }
    line = javaTrim(line);
    if (line !== "") out.push(line);
  }
  return out;
}

/** `{type}_languages.txt`: one language a line (Java trims each line before looking for comments). */
export function parseLanguages(text: string): string[] {
  const out: string[] = [];
  let inComment = false;
  for (const raw of javaLines(text)) {
    const line = javaTrim(raw);
    if (inComment) {
      if (line.endsWith(EXT_CMT_END)) inComment = false;
    } else if (line.startsWith(EXT_CMT_START)) {
      inComment = true;
    } else if (line !== "" && !out.includes(line)) {
      out.push(line);
    }
  }
  return out;
}

/** Java's `\\s+`: ASCII whitespace only, not the other Unicode spaces JavaScript's \s takes. */
export const JAVA_WHITESPACE = /[ \t\n\v\f\r]+/;

export function parseLangRules(text: string, location: string): BmLangRuleData[] {
  return contentLines(text, true).map((line) => {
    const parts = javaSplit(line, JAVA_WHITESPACE);
    if (parts.length !== 3) throw new Error(`Malformed line '${line}' in language resource '${location}'`);
    return [parts[0], [...new Set(javaSplit(parts[1], /\+/))], parts[2] === "true"];
  });
}

function stripQuotes(s: string): string {
  let out = s;
  if (out.startsWith('"')) out = out.substring(1);
  if (out.endsWith('"')) out = out.substring(0, out.length - 1);
  return out;
}

function parsePhoneme(ph: string): BmPhonemeData {
  const open = ph.indexOf("[");
  if (open < 0) return [ph];
  if (!ph.endsWith("]")) throw new Error(`Phoneme expression contains a '[' but does not end in ']': ${ph}`);
  return [ph.substring(0, open), [...new Set(javaSplit(ph.substring(open + 1, ph.length - 1), /\+/))]];
}

export function parsePhonemeExpr(ph: string): BmPhonemeData[] {
  if (!ph.startsWith("(")) return [parsePhoneme(ph)];
  if (!ph.endsWith(")")) throw new Error(`Phoneme starts with '(' so must end with ')': ${ph}`);
  const body = ph.substring(1, ph.length - 1);
  const phonemes = javaSplit(body, /\|/).map(parsePhoneme);
  // As Commons Codec does: a leading or trailing bar adds one empty phoneme (Java's split has dropped
  // the trailing empty part, but keeps a leading one, so "(|a)" has two).
  if (body.startsWith("|") || body.endsWith("|")) phonemes.push([""]);
  return phonemes;
}

/**
 * One rule file, with its `#include`s read where they stand. `read` gives a resource's text by its name
 * without `.txt`.
 */
export function parseRules(read: (name: string) => string, name: string, location = name): BmRuleData[] {
  const rules: BmRuleData[] = [];
  for (const line of contentLines(read(name), true)) {
    if (line.startsWith(HASH_INCLUDE)) {
      const include = javaTrim(line.substring(HASH_INCLUDE.length));
      if (include.includes(" ")) throw new Error(`Malformed import statement '${line}' in ${location}`);
      // Every #include in Commons Codec's files comes before the including file's own rules, where Java's
      // map-of-lists merge (putAll) amounts to reading the included rules first.
      if (rules.length > 0) throw new Error(`#include after rules in ${location} would lose rules in Java`);
      for (const rule of parseRules(read, include, `${location}->${include}`)) rules.push(rule);
      continue;
    }
    const parts = javaSplit(line, JAVA_WHITESPACE);
    if (parts.length !== 4) {
      throw new Error(`Malformed rule statement split into ${parts.length} parts: ${line} in ${location}`);
    }
    const [pattern, left, right, phoneme] = parts.map(stripQuotes);
    if (pattern === "") throw new Error(`Empty pattern in ${location}: ${line}`);
    rules.push([pattern, left, right, parsePhonemeExpr(phoneme)]);
  }
  return rules;
}

/** Every resource Commons Codec loads for the three name types, as data. */
export function parseBeiderMorseData(read: (name: string) => string): BmData {
  const data = {} as BmData;
  for (const type of BM_NAME_TYPES) {
    const languages = parseLanguages(read(`${type}_languages`));
    const rules: Record<string, BmRuleData[]> = {};
    for (const ruleType of BM_RULE_TYPES) {
      const names = ruleType === "rules" ? languages : [...languages, "common"];
      for (const language of names) {
        rules[`${ruleType}_${language}`] = parseRules(read, `${type}_${ruleType}_${language}`);
      }
    }
    data[type] = { languages, lang: parseLangRules(read(`${type}_lang`), `${type}_lang`), rules };
  }
  return data;
}
