import { formatNumber } from "~/i18n/format";
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";
import { FLAT_KEYS } from "~/i18n/namespaces";
import { type Say, type Words, labelInSentence } from "./say";

/** Validation messages in `language`: the `forms` catalog's sentence, or the English one when it has none. */
export function sayIn(language: Language): Say {
  const t = translator(language, "forms");
  const say = (sentence: string, vars?: Readonly<Record<string, string | number>>) =>
    String(t(sentence as never, { ...FLAT_KEYS, ...vars, defaultValue: sentence } as never));
  return Object.assign(say, {
    inSentence: (label: string) => labelInSentence(language, label),
    number: (n: number) => formatNumber(language, n),
  });
}

/**
 * A catalog's words in `language` (the `search` catalog's by default). A record type's label (`recordTypes.B`) is
 * the `fields` catalog's, where the collections' words are.
 */
export function searchWords(language: Language, namespace: "search" | "records" | "places" = "search"): Words {
  const t = translator(language, namespace);
  const fields = translator(language, "fields");
  const words = (key: string, vars?: Readonly<Record<string, unknown>>) =>
    String((key.startsWith("recordTypes.") ? fields : t)(key as never, vars as never));
  return Object.assign(words, { language });
}
