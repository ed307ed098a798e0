/**
 * Dates of linked people as far as they are known: year, year and month, or
 * a full day, written yyyy, yyyy-mm, yyyy-mm-dd and sorted as yyyymmdd with 0
 * for what is unknown. The rule for people who may be living sits here too,
 * because it is a rule about dates.
 */
import { formatDay } from "~/i18n/format";
import type { Language } from "~/i18n/languages";

export interface PartialDate {
  year: number;
  /** 0 when unknown */
  month: number;
  /** 0 when unknown */
  day: number;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function dateText(d: PartialDate): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  if (!d.month) return String(d.year);
  if (!d.day) return `${d.year}-${pad(d.month)}`;
  return `${d.year}-${pad(d.month)}-${pad(d.day)}`;
}

export function dateSort(d: PartialDate): number {
  return d.year * 10000 + d.month * 100 + d.day;
}

export function parseDateText(s: string): PartialDate | null {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(s);
  if (!m) return null;
  return { year: Number(m[1]), month: Number(m[2] ?? 0), day: Number(m[3] ?? 0) };
}

/**
 * A partial date in the reader's language: "12. Mai 1834", "maj 1834", "12 мая 1834"; English as
 * `formatPartialDate` writes it. A month without a day stands alone ("травень 1834"), as a calendar names it.
 */
export function formatPartialDateIn(language: Language, s: string | null | undefined): string {
  if (language === "en" || !s) return formatPartialDate(s);
  const d = parseDateText(s);
  if (!d) return s;
  if (!d.month) return String(d.year);
  if (!d.day) return `${monthName(language, d.month)} ${d.year}`;
  return formatDay(language, dateText(d), d.year);
}

const monthNames = new Map<Language, Intl.DateTimeFormat>();

function monthName(language: Language, month: number): string {
  let format = monthNames.get(language);
  if (!format)
    monthNames.set(language, (format = new Intl.DateTimeFormat(language, { month: "long", timeZone: "UTC" })));
  return format.format(new Date(Date.UTC(2000, month - 1, 1)));
}

/** "12 May 1834", "May 1834" or "1834". */
export function formatPartialDate(s: string | null | undefined): string {
  if (!s) return "";
  const d = parseDateText(s);
  if (!d) return s;
  if (!d.month) return String(d.year);
  if (!d.day) return `${MONTHS[d.month - 1]} ${d.year}`;
  return `${d.day} ${MONTHS[d.month - 1]} ${d.year}`;
}

/** Anyone born within this many years with no death recorded may be living. */
export const LIVING_YEARS = 100;

/** People born after this year with no death recorded may be living. */
export function livingCutoffYear(now: Date = new Date()): number {
  return now.getUTCFullYear() - LIVING_YEARS;
}

/**
 * Whether a person may be living: no death recorded and born less than 100
 * years ago — or with no birth year either, since nothing then shows that
 * the person is dead.
 */
export function mayBeLiving(
  p: { birthYear: number | null; deathYear: number | null },
  now: Date = new Date(),
): boolean {
  return p.deathYear === null && (p.birthYear === null || p.birthYear > livingCutoffYear(now));
}
