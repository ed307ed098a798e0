// Which language a request is answered in (issue 29 item 3): `?lng=` first, then the cookie, then a signed-in
// member's profile setting, then Accept-Language, else English. Whatever a request carries, this answers one of
// LANGUAGES and never throws: an unknown code, a mangled cookie or a 10 KB header fall through to the next source.
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_PARAM, type Language, isLanguage } from "./languages";

/** What of a request the choice reads: a Fetch Request, or server.ts's lighter view of an Express request. */
export interface LanguageRequest {
  url: string;
  headers: Pick<Headers, "get">;
}

/**
 * Accept-Language is read only this far: a browser sends a few dozen bytes, and a 10 KB header must cost no more
 * than a short one. A language cut in half at the end is simply not one of ours.
 */
const ACCEPT_LANGUAGE_READ = 256;
/** A Cookie header is read this far for the language cookie (browsers cap one cookie at 4 KB). */
const COOKIE_HEADER_READ = 8192;

/** The language `?lng=` asks for, when it names one of ours. */
export function languageFromQuery(url: string): Language | undefined {
  const value = new URL(url, "http://x").searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : undefined;
}

/** The language cookie's value, when it names one of ours. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.slice(0, COOKIE_HEADER_READ).split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== LANGUAGE_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (isLanguage(value)) return value;
  }
  return undefined;
}

/** Whether a Cookie header holds the language cookie and nothing else (a visitor's page may then be shared). */
export function isOnlyLanguageCookie(cookieHeader: string): boolean {
  const parts = cookieHeader.split(";").filter((part) => part.trim());
  return parts.length === 1 && languageFromCookie(parts[0]) !== undefined;
}

/**
 * The best of our languages by Accept-Language (RFC 9110 §12.5.4): the highest q, the earlier on a tie; a region
 * or script (`de-AT`, `uk-UA`) counts as its language; `q=0` refuses one. `*` is ignored: it names no language.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  let best: { language: Language; q: number } | undefined;
  for (const item of header.slice(0, ACCEPT_LANGUAGE_READ).split(",")) {
    const [range = "", ...params] = item.split(";").map((s) => s.trim());
    const primary = range.toLowerCase().split("-")[0];
    if (!isLanguage(primary)) continue;
    const qParam = params.find((p) => /^q=/i.test(p));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0) || q > 1) continue;
    if (!best || q > best.q) best = { language: primary, q };
  }
  return best?.language;
}

/**
 * The language of the answer. `profileLanguage` is the signed-in member's setting ("" or null when they chose
 * none, or for a visitor); anything not one of ours counts as no choice.
 */
export function chooseLanguage(request: LanguageRequest, profileLanguage?: string | null): Language {
  return (
    languageFromQuery(request.url) ??
    languageFromCookie(request.headers.get("cookie")) ??
    (isLanguage(profileLanguage) ? profileLanguage : undefined) ??
    languageFromAcceptLanguage(request.headers.get("accept-language")) ??
    DEFAULT_LANGUAGE
  );
}

/** The Set-Cookie value forgetting the language cookie, or undefined when the request carries none. */
export function clearLanguageCookie(request: LanguageRequest): string | undefined {
  if (languageFromCookie(request.headers.get("cookie")) === undefined) return undefined;
  return `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** A year, in seconds: the choice is remembered until the visitor makes another. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

/**
 * The Set-Cookie value remembering a language, or undefined when the request already carries that choice. Not
 * HttpOnly: it holds nothing secret, and nothing else may read it either way. SameSite=Lax like the site's others.
 */
export function languageCookieFor(request: LanguageRequest, language: Language): string | undefined {
  if (languageFromCookie(request.headers.get("cookie")) === language) return undefined;
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}
