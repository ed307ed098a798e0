// Numbers, dates, lists and the order of names in the reader's language (issue 29 item 4). Shared by the server and
// the browser: Intl does the work; what is here is only what Intl leaves to the page. Formatters are built once per
// language, since constructing one costs far more than using it.
import type { Language } from "./languages";

const ENGLISH_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// English keeps the short month the site has always written ("12 Mar 1858"); ICU's en-GB now writes "Sept".
const INTL_LOCALE: Readonly<Record<Language, string>> = { en: "en-GB", de: "de", pl: "pl", uk: "uk", ru: "ru" };

function cached<T>(make: (language: Language) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let value = made.get(language);
    if (value === undefined) made.set(language, (value = make(language)));
    return value;
  };
}

const numberFormat = cached((language) => new Intl.NumberFormat(INTL_LOCALE[language]));
const dayFormat = cached(
  (language) =>
    new Intl.DateTimeFormat(INTL_LOCALE[language], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);
const listFormat = cached((language) => new Intl.ListFormat(INTL_LOCALE[language], { type: "conjunction" }));
const kmFormat = cached(
  (language) =>
    new Intl.NumberFormat(INTL_LOCALE[language], { style: "unit", unit: "kilometer", maximumFractionDigits: 0 }),
);
const kmTenthsFormat = cached(
  (language) =>
    new Intl.NumberFormat(INTL_LOCALE[language], {
      style: "unit",
      unit: "kilometer",
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }),
);
const collator = cached((language) => new Intl.Collator(INTL_LOCALE[language], { sensitivity: "base" }));

/** 1,234 · 1.234 · 1234 / 12 345 (Polish groups from five digits) · 1 234. */
export function formatNumber(language: Language, n: number): string {
  return numberFormat(language).format(n);
}

/** A distance, in tenths below 10 km: "2.4 km" · "2,4 km" · "2,4 км" · "1.234 km". */
export function formatKm(language: Language, km: number): string {
  return (km < 10 ? kmTenthsFormat : kmFormat)(language).format(km);
}

/** "a, b and c" · "a, b und c" · "a, b i c" … */
export function formatList(language: Language, items: readonly string[]): string {
  return listFormat(language).format(items);
}

/** Names in the reader's alphabetical order: Ł after L in Polish, Ä with A in German, Cyrillic in its own order. */
export function compareNames(language: Language): (a: string, b: string) => number {
  return collator(language).compare;
}

interface DayParts {
  day: string;
  month: string;
  year: string;
}

// The parts of a day in the month's grammatical case ("12 marca", "12 марта"). Years before 100 would be read as
// 19xx by Date.UTC, so the year is set alone; Russian and Ukrainian add "г."/"р." after a year, which a register's
// date does not need, so only the day, month and year parts are kept.
function dayParts(language: Language, year: number, month: number, day: number): DayParts {
  if (language === "en") return { day: String(day), month: ENGLISH_MONTHS[month - 1], year: String(year) };
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const parts = { day: String(day), month: "", year: String(year) };
  for (const part of dayFormat(language).formatToParts(date)) if (part.type === "month") parts.month = part.value;
  return parts;
}

function joinDay(language: Language, p: DayParts): string {
  return language === "de" ? `${p.day}. ${p.month} ${p.year}` : `${p.day} ${p.month} ${p.year}`;
}

function isoParts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split("-").map(Number);
  return [y, m || 0, d || 0];
}

/**
 * "1856-03-12" as the reader writes a day: "12 Mar 1856", "12. März 1856", "12 marca 1856", "12 березня 1856",
 * "12 марта 1856". A date without a day, or no date, is its year.
 */
export function formatDay(language: Language, iso: string | null, year: number): string {
  if (!iso) return String(year);
  const [y, m, d] = isoParts(iso);
  if (!m || !d) return String(y || year);
  return joinDay(language, dayParts(language, y, m, d));
}

/**
 * A register's two dates, Julian (Old Style) first, the way each language pairs them: "1/13 Mar 1858",
 * "1./13. März 1858", "1/13 marca 1858", and in Russian and Ukrainian the New Style in brackets, "1 (13) марта 1858".
 * When month or year differ, each date is whole: "20 Dec 1857/1 Jan 1858", "20 декабря 1857 (1 января 1858)".
 */
export function formatDatePair(language: Language, julianIso: string, gregorianIso: string): string {
  const [jy, jm, jd] = isoParts(julianIso);
  const [gy, gm, gd] = isoParts(gregorianIso);
  if (!jm || !jd || !gm || !gd) return formatDay(language, gregorianIso, gy);
  const julian = dayParts(language, jy, jm, jd);
  const gregorian = dayParts(language, gy, gm, gd);
  const bracketed = language === "ru" || language === "uk";
  if (jm === gm && jy === gy) {
    const days =
      language === "de"
        ? `${julian.day}./${gregorian.day}.`
        : bracketed
          ? `${julian.day} (${gregorian.day})`
          : `${julian.day}/${gregorian.day}`;
    return `${days} ${gregorian.month} ${gregorian.year}`;
  }
  const first = joinDay(language, julian);
  const second = joinDay(language, gregorian);
  return bracketed ? `${first} (${second})` : `${first}/${second}`;
}
