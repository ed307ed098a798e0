// What the browser needs of i18next to show a page's catalogs: a key's text in a language, with its plural form
// chosen by Intl.PluralRules and its {{placeholders}} filled ({{n, number}} through Intl.NumberFormat). The server
// renders with i18next itself; app/i18n/translate.test.ts checks that this gives i18next's text for every key of
// every catalog, so a page hydrates to the words the server wrote. The browser is spared i18next's 19 KB (the
// public pages' budget is 100 KB, decision 0071).

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  /** Keys that are sentences (the forms catalogs): looked up whole, not as a dotted path. */
  keySeparator?: false;
  nsSeparator?: false;
  [value: string]: unknown;
}

export type Catalogs = Record<string, unknown>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) numberFormats.set(language, (format = new Intl.NumberFormat(language)));
  return format;
}

function pluralRule(language: string): Intl.PluralRules {
  let rule = pluralRules.get(language);
  if (!rule) pluralRules.set(language, (rule = new Intl.PluralRules(language)));
  return rule;
}

function lookup(catalog: unknown, key: string, flat: boolean): string | undefined {
  if (!catalog || typeof catalog !== "object") return undefined;
  if (flat) {
    const text = (catalog as Record<string, unknown>)[key];
    return typeof text === "string" ? text : undefined;
  }
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (!node || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * `{{name}}` and `{{name, number}}` filled from the options as i18next fills them: a number formatted whatever it is
 * given (Intl's reading of it), a name without a value left as written (i18next's `skipOnVariables`).
 */
function interpolate(text: string, language: string, options: TranslateOptions): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format?: string) => {
    const value = options[name];
    if (format === "number") return numberFormat(language).format(value as number);
    if (value === undefined || value === null) return match;
    return String(value);
  });
}

/** A key's text in `language` from one namespace's catalog; the key itself when the catalog has no such text. */
export function translate(language: string, catalog: unknown, key: string, options: TranslateOptions = {}): string {
  const flat = options.keySeparator === false;
  let text: string | undefined;
  if (typeof options.count === "number") {
    text = lookup(catalog, `${key}_${pluralRule(language).select(options.count)}`, flat);
  }
  text ??= lookup(catalog, key, flat) ?? options.defaultValue;
  return text === undefined ? key : interpolate(text, language, options);
}
