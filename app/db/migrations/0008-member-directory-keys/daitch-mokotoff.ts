// Frozen copy of app/search/names/daitch-mokotoff.ts as migration 0008 used it (commit ed188f8): the keys an old
// migration writes must not change when the name module changes. Never edit; a new key scheme is a new migration.

/**
 * Daitch–Mokotoff soundex with all branches.
 *
 * The rule table mirrors the one shipped with Apache Commons Codec
 * (dmrules.txt), whose test suite is our reference for expected codes; the
 * matching procedure below reproduces its observable behaviour, including the
 * quirks (how equal codes merge, how branches that reach the same code
 * collapse), because published codes depend on them.
 */

import { transliterateCyrillic } from "./normalize";

const CODE_LENGTH = 6;

// pattern, code at the start of the name, code before a vowel, code elsewhere.
// "|" separates the alternatives of a branching group; an empty alternative
// means "not coded".
const RULE_TABLE: ReadonlyArray<readonly [string, string, string, string]> = [
  ["a", "0", "", ""],
  ["e", "0", "", ""],
  ["i", "0", "", ""],
  ["o", "0", "", ""],
  ["u", "0", "", ""],
  ["b", "7", "7", "7"],
  ["d", "3", "3", "3"],
  ["f", "7", "7", "7"],
  ["g", "5", "5", "5"],
  ["h", "5", "5", ""],
  ["k", "5", "5", "5"],
  ["l", "8", "8", "8"],
  ["m", "6", "6", "6"],
  ["n", "6", "6", "6"],
  ["p", "7", "7", "7"],
  ["q", "5", "5", "5"],
  ["r", "9", "9", "9"],
  ["s", "4", "4", "4"],
  ["t", "3", "3", "3"],
  ["v", "7", "7", "7"],
  ["w", "7", "7", "7"],
  ["x", "5", "54", "54"],
  ["y", "1", "", ""],
  ["z", "4", "4", "4"],
  // Romanian t-cedilla / t-comma.
  ["ţ", "3|4", "3|4", "3|4"],
  ["ț", "3|4", "3|4", "3|4"],
  // Polish nasal vowels: silent, or an n-sound before a consonant.
  ["ę", "", "", "|6"],
  ["ą", "", "", "|6"],
  ["schtsch", "2", "4", "4"],
  ["schtsh", "2", "4", "4"],
  ["schtch", "2", "4", "4"],
  ["shtch", "2", "4", "4"],
  ["shtsh", "2", "4", "4"],
  ["stsch", "2", "4", "4"],
  ["ttsch", "4", "4", "4"],
  ["zhdzh", "2", "4", "4"],
  ["shch", "2", "4", "4"],
  ["scht", "2", "43", "43"],
  ["schd", "2", "43", "43"],
  ["stch", "2", "4", "4"],
  ["strz", "2", "4", "4"],
  ["strs", "2", "4", "4"],
  ["stsh", "2", "4", "4"],
  ["szcz", "2", "4", "4"],
  ["szcs", "2", "4", "4"],
  ["ttch", "4", "4", "4"],
  ["tsch", "4", "4", "4"],
  ["ttsz", "4", "4", "4"],
  ["zdzh", "2", "4", "4"],
  ["zsch", "4", "4", "4"],
  ["chs", "5", "54", "54"],
  ["csz", "4", "4", "4"],
  ["czs", "4", "4", "4"],
  ["drz", "4", "4", "4"],
  ["drs", "4", "4", "4"],
  ["dsh", "4", "4", "4"],
  ["dsz", "4", "4", "4"],
  ["dzh", "4", "4", "4"],
  ["dzs", "4", "4", "4"],
  ["sch", "4", "4", "4"],
  ["sht", "2", "43", "43"],
  ["szt", "2", "43", "43"],
  ["shd", "2", "43", "43"],
  ["szd", "2", "43", "43"],
  ["tch", "4", "4", "4"],
  ["trz", "4", "4", "4"],
  ["trs", "4", "4", "4"],
  ["tsh", "4", "4", "4"],
  ["tts", "4", "4", "4"],
  ["ttz", "4", "4", "4"],
  ["tzs", "4", "4", "4"],
  ["tsz", "4", "4", "4"],
  ["zdz", "2", "4", "4"],
  ["zhd", "2", "43", "43"],
  ["zsh", "4", "4", "4"],
  ["ai", "0", "1", ""],
  ["aj", "0", "1", ""],
  ["ay", "0", "1", ""],
  ["au", "0", "7", ""],
  ["cz", "4", "4", "4"],
  ["cs", "4", "4", "4"],
  ["ds", "4", "4", "4"],
  ["dz", "4", "4", "4"],
  ["dt", "3", "3", "3"],
  ["ei", "0", "1", ""],
  ["ej", "0", "1", ""],
  ["ey", "0", "1", ""],
  ["eu", "1", "1", ""],
  ["fb", "7", "7", "7"],
  ["ia", "1", "", ""],
  ["ie", "1", "", ""],
  ["io", "1", "", ""],
  ["iu", "1", "", ""],
  ["ks", "5", "54", "54"],
  ["kh", "5", "5", "5"],
  ["mn", "66", "66", "66"],
  ["nm", "66", "66", "66"],
  ["oi", "0", "1", ""],
  ["oj", "0", "1", ""],
  ["oy", "0", "1", ""],
  ["pf", "7", "7", "7"],
  ["ph", "7", "7", "7"],
  ["sh", "4", "4", "4"],
  ["sc", "2", "4", "4"],
  ["st", "2", "43", "43"],
  ["sd", "2", "43", "43"],
  ["sz", "4", "4", "4"],
  ["th", "3", "3", "3"],
  ["ts", "4", "4", "4"],
  ["tc", "4", "4", "4"],
  ["tz", "4", "4", "4"],
  ["ui", "0", "1", ""],
  ["uj", "0", "1", ""],
  ["uy", "0", "1", ""],
  ["ue", "0", "1", ""],
  ["zd", "2", "43", "43"],
  ["zh", "4", "4", "4"],
  ["zs", "4", "4", "4"],
  ["c", "4|5", "4|5", "4|5"],
  ["ch", "4|5", "4|5", "4|5"],
  ["ck", "5|45", "5|45", "5|45"],
  ["rs", "4|94", "4|94", "4|94"],
  ["rz", "4|94", "4|94", "4|94"],
  ["j", "1|4", "|4", "|4"],
];

// Apache's ASCII folding. It deliberately differs from foldName: ä is a (not
// ae, which would hit the "ae"-less vowel rules differently) and ß is one s.
const APACHE_FOLDING: Readonly<Record<string, string>> = {
  ß: "s",
  à: "a",
  á: "a",
  â: "a",
  ã: "a",
  ä: "a",
  å: "a",
  æ: "a",
  ç: "c",
  è: "e",
  é: "e",
  ê: "e",
  ë: "e",
  ì: "i",
  í: "i",
  î: "i",
  ï: "i",
  ð: "d",
  ñ: "n",
  ò: "o",
  ó: "o",
  ô: "o",
  õ: "o",
  ö: "o",
  ø: "o",
  ù: "u",
  ú: "u",
  û: "u",
  ü: "u",
  ý: "y",
  þ: "b",
  ÿ: "y",
  ć: "c",
  ł: "l",
  ś: "s",
  ż: "z",
  ź: "z",
};

// Beyond Apache: letters it leaves uncoded but that our registers contain.
// Czech ř is the sound Polish writes rz, so it should branch the same way.
const EXTRA_FOLDING: Readonly<Record<string, string>> = {
  ř: "rz",
  œ: "o",
  đ: "d",
  ı: "i",
  ħ: "h",
  ſ: "s",
};

interface Rule {
  readonly pattern: readonly string[];
  readonly atStart: readonly string[];
  readonly beforeVowel: readonly string[];
  readonly otherwise: readonly string[];
}

function alternatives(spec: string): string[] {
  return spec.split("|");
}

// Longest pattern first, so that "schtsch" wins over "sch" and "s".
const RULES: ReadonlyMap<string, readonly Rule[]> = (() => {
  const byFirst = new Map<string, Rule[]>();
  for (const [pattern, atStart, beforeVowel, otherwise] of RULE_TABLE) {
    const chars = Array.from(pattern);
    const rule: Rule = {
      pattern: chars,
      atStart: alternatives(atStart),
      beforeVowel: alternatives(beforeVowel),
      otherwise: alternatives(otherwise),
    };
    const list = byFirst.get(chars[0]) ?? [];
    list.push(rule);
    byFirst.set(chars[0], list);
  }
  for (const list of byFirst.values()) {
    list.sort((a, b) => b.pattern.length - a.pattern.length);
  }
  return byFirst;
})();

const PLAIN_LATIN = /^[a-z]$/u;
const WHITESPACE = /^\s$/u;
const COMBINING = /^\p{M}$/u;

function foldChar(ch: string): string {
  if (RULES.has(ch)) return ch;
  const apache = APACHE_FOLDING[ch] ?? EXTRA_FOLDING[ch];
  if (apache !== undefined) return apache;
  // Other accented Latin letters (ń, š, ő …) code as their base letter.
  const base = ch.normalize("NFD").charAt(0);
  return PLAIN_LATIN.test(base) ? base : ch;
}

// Whitespace goes (a name is coded as one string, like Apache); other
// non-letters stay, uncoded, so that they still separate letter groups.
function prepare(name: string): string[] {
  const out: string[] = [];
  // NFC before transliterating, so that a decomposed й is still й.
  const source = transliterateCyrillic(name.normalize("NFC"));
  for (const ch of source) {
    if (WHITESPACE.test(ch)) continue;
    for (const lower of ch.toLowerCase()) {
      // A mark left over after lowercasing (İ → i + dot) belongs to the
      // letter before it, not a separator.
      if (COMBINING.test(lower)) continue;
      // eslint-disable-next-line no-restricted-syntax -- one letter's folding: a few characters.
      out.push(...foldChar(lower));
    }
  }
  return out;
}

function isVowel(ch: string | undefined): boolean {
  return ch === "a" || ch === "e" || ch === "i" || ch === "o" || ch === "u";
}

function matchAt(chars: readonly string[], index: number, rule: Rule): boolean {
  const { pattern } = rule;
  if (index + pattern.length > chars.length) return false;
  for (let k = 0; k < pattern.length; k++) {
    if (chars[index + k] !== pattern[k]) return false;
  }
  return true;
}

interface Branch {
  readonly code: string;
  // The code of the previous letter group; null before the first one.
  readonly last: string | null;
}

function extend(branch: Branch, replacement: string, force: boolean): Branch {
  // A group repeating the previous group's code (ss, tt, "rs" after "r")
  // adds nothing. An uncoded vowel becomes `last` with code "", so a code on
  // both sides of a vowel is written twice: Mannheim is 66…, not 6….
  const append = branch.last === null || !branch.last.endsWith(replacement) || force;
  const code =
    append && branch.code.length < CODE_LENGTH ? (branch.code + replacement).slice(0, CODE_LENGTH) : branch.code;
  return { code, last: replacement };
}

/**
 * All Daitch–Mokotoff codes of a name, unique and sorted; [] when the name
 * has no codable letter. Cyrillic is transliterated first.
 */
export function daitchMokotoff(name: string): string[] {
  const chars = prepare(name);
  let branches: Branch[] = [{ code: "", last: null }];
  let lastChar: string | null = null;

  for (let index = 0; index < chars.length; index++) {
    const ch = chars[index];
    const rule = RULES.get(ch)?.find((r) => matchAt(chars, index, r));
    if (rule === undefined) continue;

    const after = chars[index + rule.pattern.length];
    const replacements = lastChar === null ? rule.atStart : isVowel(after) ? rule.beforeVowel : rule.otherwise;
    // M and N next to each other are two sounds (Kleinmann), not one.
    const force = (lastChar === "m" && ch === "n") || (lastChar === "n" && ch === "m");

    // Branches that reach the same code are one branch from then on; the
    // first keeps its history, as in the reference implementation.
    const next: Branch[] = [];
    const seen = new Set<string>();
    for (const branch of branches) {
      for (const replacement of replacements) {
        const extended = extend(branch, replacement, force);
        if (seen.has(extended.code)) continue;
        seen.add(extended.code);
        next.push(extended);
      }
    }
    branches = next;
    index += rule.pattern.length - 1;
    lastChar = ch;

    // Full codes can no longer change; long inputs stop here.
    if (branches.every((b) => b.code.length >= CODE_LENGTH)) break;
  }

  if (lastChar === null) return [];
  const codes = new Set(branches.map((b) => b.code.padEnd(CODE_LENGTH, "0")));
  return [...codes].sort();
}
