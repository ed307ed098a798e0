// Julian ↔ Gregorian conversion for Russian-Empire records.
//
// The Russian Empire kept the Julian calendar until 1/14 February 1918, so a
// register date is Julian while the site searches and sorts on the Gregorian
// date. Converting through the Julian Day Number (a plain day count shared by
// both calendars) keeps month/year boundaries and the differing century leap
// rules right without special cases: the gap is 12 days from 1 March 1800 to
// 28 February 1900 (Julian) and 13 days from 1 March 1900 (Julian).

export type SimpleDate = { year: number; month: number; day: number };

export type CalendarKind = "gregorian" | "julian";

const ISO_DATE = /^(-?\d{1,6})-(\d{1,2})-(\d{1,2})$/;

export function isLeapYear(year: number, calendar: CalendarKind = "gregorian"): boolean {
  if (calendar === "julian") return mod(year, 4) === 0;
  return (mod(year, 4) === 0 && mod(year, 100) !== 0) || mod(year, 400) === 0;
}

export function daysInMonth(year: number, month: number, calendar: CalendarKind = "gregorian"): number {
  switch (month) {
    case 2:
      return isLeapYear(year, calendar) ? 29 : 28;
    case 4:
    case 6:
    case 9:
    case 11:
      return 30;
    default:
      return 31;
  }
}

/** True when the date exists in the given calendar (1900-02-29 is Julian only). */
export function isValidDate(d: SimpleDate, calendar: CalendarKind = "gregorian"): boolean {
  return (
    Number.isInteger(d.year) &&
    Number.isInteger(d.month) &&
    Number.isInteger(d.day) &&
    d.month >= 1 &&
    d.month <= 12 &&
    d.day >= 1 &&
    d.day <= daysInMonth(d.year, d.month, calendar)
  );
}

/** Julian Day Number of a Gregorian calendar date (proleptic, astronomical years). */
export function gregorianToJdn(d: SimpleDate): number {
  const a = Math.floor((14 - d.month) / 12);
  const y = d.year + 4800 - a;
  const m = d.month + 12 * a - 3;
  return (
    d.day +
    Math.floor((153 * m + 2) / 5) +
    365 * y +
    Math.floor(y / 4) -
    Math.floor(y / 100) +
    Math.floor(y / 400) -
    32045
  );
}

/** Julian Day Number of a Julian calendar date. */
export function julianToJdn(d: SimpleDate): number {
  const a = Math.floor((14 - d.month) / 12);
  const y = d.year + 4800 - a;
  const m = d.month + 12 * a - 3;
  return d.day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
}

export function jdnToGregorian(jdn: number): SimpleDate {
  const a = jdn + 32044;
  const b = Math.floor((4 * a + 3) / 146097);
  const c = a - Math.floor((146097 * b) / 4);
  return fromDayOfEra(c, 100 * b);
}

export function jdnToJulian(jdn: number): SimpleDate {
  return fromDayOfEra(jdn + 32082, 0);
}

export function julianToGregorian(d: SimpleDate): SimpleDate {
  return jdnToGregorian(julianToJdn(d));
}

export function gregorianToJulian(d: SimpleDate): SimpleDate {
  return jdnToJulian(gregorianToJdn(d));
}

/** "1856-03-02"; years are padded to four digits so strings sort chronologically. */
export function formatIsoDate(d: SimpleDate): string {
  const year = d.year < 0 ? "-" + pad(-d.year, 4) : pad(d.year, 4);
  return year + "-" + pad(d.month, 2) + "-" + pad(d.day, 2);
}

/**
 * Parses "YYYY-MM-DD" into a real date of the given calendar; anything else
 * (wrong shape, 1856-02-30, non-strings from a query string) gives null.
 */
export function parseIsoDate(s: unknown, calendar: CalendarKind = "gregorian"): SimpleDate | null {
  if (typeof s !== "string") return null;
  const match = ISO_DATE.exec(s.trim());
  if (!match) return null;
  const d = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDate(d, calendar) ? d : null;
}

function fromDayOfEra(c: number, centuryYears: number): SimpleDate {
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    year: centuryYears + d - 4800 + Math.floor(m / 10),
    month: m + 3 - 12 * Math.floor(m / 10),
    day: e - Math.floor((153 * m + 2) / 5) + 1,
  };
}

function mod(n: number, m: number): number {
  return ((n % m) + m) % m;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}
