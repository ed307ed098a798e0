import type { Say } from "~/jobs/said";
import {
  type CalendarKind,
  type SimpleDate,
  gregorianToJulian,
  isValidDate,
  julianToGregorian,
} from "~/search/calendar";

/**
 * A date as a register transcription writes it, read into the Gregorian date the site searches and sorts on and,
 * where the register gave it, the Julian date (DOMAIN: the Russian Empire kept the Julian calendar). Forms:
 * `1858`, `12.03.1858`, `1858-03-12`, `12 Mar 1858` (English, German, Polish or Russian month names), a double date
 * `1/13 Mar 1858` or `20 Dec 1857/1 Jan 1858` (Julian first), `Julian 1 Mar 1858` or `1 Mar 1858 (O.S.)`, and the
 * qualified or uncertain forms genealogists use: `abt 1850`, `bef 1850`, `aft 1850`, `1850-1855`,
 * `bet 1850 and 1855`. A qualified date keeps its year (and the text as written, for the record page).
 */

export type DateQualifier = "about" | "before" | "after" | "between";

export interface RegisterDate {
  /** Gregorian; month and day 0 when the register does not say. */
  date: SimpleDate;
  julian: SimpleDate | null;
  qualifier: DateQualifier | null;
}

/** A date that cannot be read says why: in English, and by its key in the `imports` catalogs (app/jobs/said.ts). */
export type DateReading = { ok: true; value: RegisterDate } | { ok: false; message: string; say: Say };

const MONTHS: Readonly<Record<string, number>> = (() => {
  const names: [number, string[]][] = [
    [1, ["jan", "january", "januar", "jänner", "styczeń", "stycznia", "sty", "январь", "января", "янв"]],
    [2, ["feb", "february", "februar", "luty", "lutego", "lut", "февраль", "февраля", "фев"]],
    [3, ["mar", "march", "märz", "marz", "mrz", "marzec", "marca", "март", "марта"]],
    [4, ["apr", "april", "kwiecień", "kwietnia", "kwi", "апрель", "апреля", "апр"]],
    [5, ["may", "mai", "maj", "maja", "май", "мая"]],
    [6, ["jun", "june", "juni", "czerwiec", "czerwca", "cze", "июнь", "июня", "июн"]],
    [7, ["jul", "july", "juli", "lipiec", "lipca", "lip", "июль", "июля", "июл"]],
    [8, ["aug", "august", "sierpień", "sierpnia", "sie", "август", "августа", "авг"]],
    [9, ["sep", "sept", "september", "wrzesień", "września", "wrz", "сентябрь", "сентября", "сен"]],
    [10, ["oct", "october", "okt", "oktober", "październik", "października", "paź", "октябрь", "октября", "окт"]],
    [11, ["nov", "november", "listopad", "listopada", "lis", "ноябрь", "ноября", "ноя"]],
    [12, ["dec", "december", "dez", "dezember", "grudzień", "grudnia", "gru", "декабрь", "декабря", "дек"]],
  ];
  const map: Record<string, number> = {};
  for (const [n, words] of names) for (const w of words) map[w] = n;
  return map;
})();

function monthNumber(word: string): number | undefined {
  return MONTHS[word.toLowerCase().replace(/\.$/, "")];
}

const QUALIFIERS: ReadonlyArray<readonly [RegExp, DateQualifier]> = [
  [/^(abt\.?|about|ca\.?|circa|c\.|um|ok\.?|około|est\.?|cal\.?|~)\s*/i, "about"],
  [/^(bef\.?|before|vor|przed)\s+/i, "before"],
  [/^(aft\.?|after|nach|po)\s+/i, "after"],
];

const JULIAN_MARK = /^(julian|jul\.?|o\.s\.?|old style)\s+|\s*\(?(julian|o\.\s?s\.|old style|st\.\s?st\.)\)?$/i;

/** A single date in one calendar: d.m.y, y-m-d, "d Mon y", "Mon y" or y. */
function readSingle(text: string): SimpleDate | null {
  const t = text.trim();
  let m = /^(\d{3,4})$/.exec(t);
  if (m) return { year: Number(m[1]), month: 0, day: 0 };
  m = /^(\d{1,2})[./](\d{1,2})[./](\d{3,4})$/.exec(t);
  if (m) return { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  m = /^(\d{3,4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  m = /^(\d{3,4})-(\d{1,2})$/.exec(t);
  if (m) return { year: Number(m[1]), month: Number(m[2]), day: 0 };
  m = /^(\d{1,2})\.?\s+(\p{L}+\.?)\s+(\d{3,4})$/u.exec(t);
  if (m) {
    const month = monthNumber(m[2]!);
    return month ? { year: Number(m[3]), month, day: Number(m[1]) } : null;
  }
  m = /^(\p{L}+\.?)\s+(\d{3,4})$/u.exec(t);
  if (m) {
    const month = monthNumber(m[1]!);
    return month ? { year: Number(m[2]), month, day: 0 } : null;
  }
  return null;
}

function valid(d: SimpleDate, calendar: CalendarKind): boolean {
  if (d.year < 1000 || d.year > 2100) return false;
  if (d.month === 0) return d.day === 0;
  if (d.day === 0) return d.month >= 1 && d.month <= 12;
  return isValidDate(d, calendar);
}

function inCalendar(d: SimpleDate, calendar: CalendarKind): RegisterDate {
  if (calendar === "gregorian") return { date: d, julian: null, qualifier: null };
  // A Julian year or month alone stays as it is: the day decides the Gregorian month.
  if (!d.day) return { date: d, julian: null, qualifier: null };
  return { date: julianToGregorian(d), julian: d, qualifier: null };
}

/** `1/13 Mar 1858`, `20 Dec 1857/1 Jan 1858`, `29 Feb/12 Mar 1860`: Julian first, then Gregorian. */
function readDouble(text: string): DateReading | null {
  let julian: SimpleDate | null = null;
  let gregorian: SimpleDate | null = null;
  const m = /^(\d{1,2})\s*\/\s*(\d{1,2})\.?\s+(\p{L}+\.?)\s+(\d{3,4})$/u.exec(text);
  if (m) {
    const month = monthNumber(m[3]!);
    if (!month) return null;
    const year = Number(m[4]);
    const jd = Number(m[1]);
    const gd = Number(m[2]);
    // "30/11 Dec": the Gregorian day is in the next month.
    julian = { year, month: jd > gd ? month - 1 || 12 : month, day: jd };
    if (jd > gd && month === 1) julian.year = year - 1;
    gregorian = { year, month, day: gd };
  } else {
    const parts = text.split("/");
    if (parts.length !== 2) return null;
    const [left, right] = parts.map((p) => p.trim()) as [string, string];
    gregorian = readSingle(right);
    if (!gregorian || !gregorian.day) return null;
    julian = readSingle(left) ?? readSingle(`${left} ${gregorian.year}`);
    if (!julian || !julian.day) return null;
  }
  if (!valid(julian, "julian") || !valid(gregorian, "gregorian")) {
    return {
      ok: false,
      message: `“${text}” is not a date: a day of that month does not exist`,
      say: { key: "problems.date.noSuchDay", values: { text } },
    };
  }
  const expected = julianToGregorian(julian);
  if (expected.year !== gregorian.year || expected.month !== gregorian.month || expected.day !== gregorian.day) {
    const g = gregorianToJulian(gregorian);
    const day = (d: { day: number; month: number; year: number }) => `${d.day}.${d.month}.${d.year}`;
    const values = { text, julian: day(julian), expected: day(expected), gregorian: day(gregorian), back: day(g) };
    return {
      ok: false,
      message: `“${text}” is not a Julian/Gregorian pair: ${values.julian} (Julian) is ${values.expected} (Gregorian), and ${values.gregorian} would be ${values.back} (Julian)`,
      say: { key: "problems.date.notAPair", values },
    };
  }
  return { ok: true, value: { date: gregorian, julian, qualifier: null } };
}

/** A year, or a year, month and day in ISO form, with nothing around them. */
const PLAIN_DATE = /^(\d{4})(?:-(\d{2})-(\d{2}))?$/;

/**
 * Reads a register date. `calendar` says how a single date is written (the batch's setting: the Russian Empire's
 * registers write Julian dates); a double date and an explicit "Julian" mark say it themselves.
 */
export function readRegisterDate(raw: string, calendar: CalendarKind = "gregorian"): DateReading {
  // Most cells of a large file are a plain year or ISO date: read those without the general patterns (an import
  // reads two dates a row).
  const plain = PLAIN_DATE.exec(raw);
  if (plain) {
    const date = { year: Number(plain[1]), month: Number(plain[2] ?? 0), day: Number(plain[3] ?? 0) };
    if (valid(date, calendar)) return { ok: true, value: inCalendar(date, calendar) };
  }
  const text = raw.trim().replace(/\s+/g, " ");
  if (!text) return { ok: false, message: "The date is empty", say: { key: "problems.date.empty" } };
  const notADate: DateReading = {
    ok: false,
    message: `“${raw.trim()}” is not a date (write it as 1858, 12.03.1858, 1858-03-12, 12 Mar 1858 or 1/13 Mar 1858)`,
    say: { key: "problems.date.notADate", values: { text: raw.trim() } },
  };

  const range =
    /^(?:bet\.?|between|zw\.?|między)\s+(.+?)\s+(?:and|und|a|i)\s+(.+)$/i.exec(text) ??
    /^(?:from|von|od)\s+(.+?)\s+(?:to|bis|do)\s+(.+)$/i.exec(text) ??
    /^(\d{3,4})\s*[-–]\s*(\d{3,4})$/.exec(text);
  if (range) {
    const from = readSingle(range[1]!);
    const to = readSingle(range[2]!);
    if (!from || !to || !valid(from, calendar) || !valid(to, calendar)) return notADate;
    if (to.year < from.year) {
      return {
        ok: false,
        message: `“${text}”: the range ends before it begins`,
        say: { key: "problems.date.backwards", values: { text } },
      };
    }
    const first = inCalendar(from, calendar);
    return { ok: true, value: { ...first, qualifier: "between" } };
  }

  for (const [pattern, qualifier] of QUALIFIERS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const rest = readRegisterDate(text.slice(m[0].length), calendar);
    return rest.ok ? { ok: true, value: { ...rest.value, qualifier } } : rest;
  }

  if (text.includes("/") && !/^\d{1,2}\/\d{1,2}\/\d{3,4}$/.test(text)) {
    const double = readDouble(text);
    if (double) return double;
  }

  let single = text;
  let cal = calendar;
  const mark = JULIAN_MARK.exec(text);
  if (mark) {
    single = text.replace(JULIAN_MARK, "").trim();
    cal = "julian";
  } else if (/\(?(gregorian|n\.\s?s\.|new style)\)?$/i.test(text)) {
    single = text.replace(/\s*\(?(gregorian|n\.\s?s\.|new style)\)?$/i, "").trim();
    cal = "gregorian";
  }
  const date = readSingle(single);
  if (!date) return notADate;
  if (!valid(date, cal)) {
    return date.year < 1000 || date.year > 2100
      ? {
          ok: false,
          message: `“${text}”: the year ${date.year} is not a register year`,
          say: { key: "problems.date.year", values: { text, year: date.year } },
        }
      : {
          ok: false,
          message: `“${text}” is not a date: that day does not exist in ${cal === "julian" ? "the Julian calendar" : "that month"}`,
          say: { key: cal === "julian" ? "problems.date.notJulian" : "problems.date.noSuchDay", values: { text } },
        };
  }
  return { ok: true, value: inCalendar(date, cal) };
}
