/**
 * A value the register wrote in Cyrillic, with a hint in the reader's Latin letters (issue 29, item 4; decision
 * 0074): for a reader of English, German or Polish, who may not read Cyrillic. Computed by the server, shown by
 * app/ui/script-text.tsx.
 */
import type { Language } from "~/i18n/languages";
import { type CyrillicLanguage, type Romanization, cyrillicLanguage, hasCyrillic, romanize } from "./romanize";

export interface ScriptHint {
  /** The value as written, in runs: the Cyrillic ones with their language (for `lang` and `translate="no"`). */
  parts: { text: string; lang?: CyrillicLanguage }[];
  /** The value in the reader's Latin letters. */
  latin: string;
  /** Its `lang`: the reader's language in Latin script ("de-Latn"). */
  lang: string;
}

/**
 * The readers who get a hint, and their system. Ukrainian and Russian readers read the Cyrillic as it stands; Latin
 * letters are not read back into Cyrillic for them (decision 0074).
 */
const SYSTEM_OF: Readonly<Partial<Record<Language, Romanization>>> = {
  en: "english",
  de: "german",
  pl: "polish",
};

/** Cyrillic words with what joins them into one run (spaces, hyphens, apostrophes). */
const CYRILLIC_RUN = /[\u0400-\u04FF]+(?:[\s'’ʼ-]+[\u0400-\u04FF]+)*/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;

/** "Рожище / Rozhyshche", "Иоганн / Johann": the record already gives the Cyrillic in Latin letters beside it. */
function pairedWithLatin(value: string): boolean {
  const sides = value.split("/");
  return sides.some(
    (side, i) =>
      i > 0 &&
      ((hasCyrillic(sides[i - 1] as string) && LATIN_LETTER.test(side)) ||
        (LATIN_LETTER.test(sides[i - 1] as string) && hasCyrillic(side))),
  );
}

function runs(value: string, language: CyrillicLanguage): ScriptHint["parts"] {
  const parts: ScriptHint["parts"] = [];
  let at = 0;
  for (const match of value.matchAll(CYRILLIC_RUN)) {
    if (match.index > at) parts.push({ text: value.slice(at, match.index) });
    parts.push({ text: match[0], lang: language });
    at = match.index + match[0].length;
  }
  if (at < value.length) parts.push({ text: value.slice(at) });
  return parts;
}

/**
 * The hint beside a value for a reader of `reader`, or null: none for a value without Cyrillic, one the record
 * already pairs with Latin letters, or a reader of Ukrainian or Russian. `language` when the value's language is
 * known (a place's Ukrainian name); else its letters tell (`cyrillicLanguage`).
 */
export function scriptHint(value: string, reader: Language, language?: CyrillicLanguage): ScriptHint | null {
  const system = SYSTEM_OF[reader];
  if (!system || !hasCyrillic(value) || pairedWithLatin(value)) return null;
  const written = value.normalize("NFC");
  const read = language ?? cyrillicLanguage(written);
  return { parts: runs(written, read), latin: romanize(written, system, read), lang: `${reader}-Latn` };
}

/** A value as the pages' loaders send it: with its hint when it has one (`scriptHint`). */
export function withHint(value: string, reader: Language): { value: string; script?: ScriptHint } {
  const script = scriptHint(value, reader);
  return script ? { value, script } : { value };
}
