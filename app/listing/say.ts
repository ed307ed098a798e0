/**
 * A search's messages in the reader's language (issue 29). Validation messages are English sentences, which are the
 * keys of the `forms` catalogs (decision 0071 § 3); a sentence's `{{name}}` is filled from `vars`. The parsers take
 * a `Say` (the server's is app/listing/say.server.ts); without one they speak English, so a search page not yet
 * translated reads as before.
 */
export type SayVars = Readonly<Record<string, string | number>>;

export interface Say {
  (sentence: string, vars?: SayVars): string;
  /** A field's or a mode's label inside a sentence: "the surname"; German keeps its capital ("Familienname"). */
  inSentence(label: string): string;
  /** A number as the reader writes it: 12,345 · 12.345 · 12 345. */
  number(n: number): string;
}

/** A label inside a sentence: lower case ("how to match surname"), but German nouns keep their capital. */
export function labelInSentence(language: string, label: string): string {
  return language === "de" ? label : label.toLowerCase();
}

const PLACEHOLDER = /\{\{\s*(\w+)[^}]*\}\}/g;

/** `{{name}}` and `{{name, number}}` filled in English. */
export function fillEnglish(sentence: string, vars?: SayVars): string {
  if (!vars) return sentence;
  return sentence.replace(PLACEHOLDER, (_, name: string) => {
    const value = vars[name];
    return typeof value === "number" ? value.toLocaleString("en-GB") : (value ?? "");
  });
}

export const ENGLISH_SAY: Say = Object.assign((sentence: string, vars?: SayVars) => fillEnglish(sentence, vars), {
  inSentence: (label: string) => label.toLowerCase(),
  number: (n: number) => n.toLocaleString("en-GB"),
});

/**
 * A search's other words (chips, reasons, notes): keys of the `search` catalogs. The shared modules take one and
 * keep their English words without it.
 */
export interface Words {
  (key: string, vars?: Readonly<Record<string, unknown>>): string;
  /** The language the words are in (a label inside a sentence is written by it: `labelInSentence`). */
  language?: string;
}
