// The site's languages (issue 29). Shared by the server and the browser: only constants and pure functions here.

/** English first: the default, and the language a page falls back to for anything not chosen or not known. */
export const LANGUAGES = ["en", "de", "pl", "uk", "ru"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The query parameter that chooses a language (`?lng=de`), and the cookie that remembers the choice. */
export const LANGUAGE_PARAM = "lng";
export const LANGUAGE_COOKIE = "lng";

/** Each language's name in itself, as the language menu shows it (a German reader looks for "Deutsch"). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: "English",
  de: "Deutsch",
  pl: "Polski",
  uk: "Українська",
  ru: "Русский",
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The same address in another language: its path and query with `lng` set (the spec's paths have no language
 * prefix). Other parameters keep their order; a fragment is dropped, as a link to another page drops it.
 */
export function addressIn(pathAndQuery: string, language: Language): string {
  const url = new URL(pathAndQuery, "http://x");
  url.searchParams.set(LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}`;
}
