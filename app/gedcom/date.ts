/** A day as far as it is known: month and day 0 when unknown (the shape the family collections store). */
export interface PartialDate {
  year: number;
  month: number;
  day: number;
}

/**
 * GEDCOM dates (5.5.1 DATE_VALUE and 7.0 DateValue) to the families'
 * PartialDate. A PartialDate holds a year, month and day and nothing else —
 * no qualifier, no range, no calendar — so a GedcomDate keeps those beside
 * it, and the text as written, for whoever needs to say more than the
 * PartialDate can (the conversion puts it in the person's notes).
 *
 * What lands in `date`: the date itself for plain, ABT/CAL/EST, INT, BEF and
 * AFT dates; the first date of BET … AND … and FROM … TO …; the date of TO.
 * Julian dates are kept as written (day and month as the register shows
 * them), double years (`11 FEB 1731/32`) count as the later, new-style year.
 */

export type DateQualifier =
  | "exact"
  | "about"
  | "calculated"
  | "estimated"
  | "before"
  | "after"
  | "between"
  | "from"
  | "to"
  | "from-to"
  | "interpreted"
  | "phrase";

export type Calendar = "gregorian" | "julian" | "hebrew" | "french" | "roman" | "unknown";

export interface GedcomDate {
  /** As written in the file. */
  text: string;
  /** What a PartialDate can hold (see above); null for phrases and calendars it cannot hold. */
  date: PartialDate | null;
  /** The second date of a range (BET … AND …, FROM … TO …). */
  until: PartialDate | null;
  qualifier: DateQualifier;
  calendar: Calendar;
  /** A double year such as 1731/32. */
  dualYear: boolean;
  /** The phrase of `INT date (phrase)` or `(phrase)`. */
  phrase: string;
}

export const MONTH_TAGS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

const MONTH_NAMES: Record<string, number> = {};
[
  "JANUARY",
  "FEBRUARY",
  "MARCH",
  "APRIL",
  "MAY",
  "JUNE",
  "JULY",
  "AUGUST",
  "SEPTEMBER",
  "OCTOBER",
  "NOVEMBER",
  "DECEMBER",
].forEach((name, i) => {
  MONTH_NAMES[name] = i + 1;
  MONTH_NAMES[MONTH_TAGS[i]] = i + 1;
});
MONTH_NAMES.SEPT = 9;

const HEBREW_MONTHS = ["TSH", "CSH", "KSL", "TVT", "SHV", "ADR", "ADS", "NSN", "IYR", "SVN", "TMZ", "AAV", "ELL"];
const FRENCH_MONTHS = [
  "VEND",
  "BRUM",
  "FRIM",
  "NIVO",
  "PLUV",
  "VENT",
  "GERM",
  "FLOR",
  "PRAI",
  "MESS",
  "THER",
  "FRUC",
  "COMP",
];

const CALENDAR_ESCAPES: Record<string, Calendar> = {
  "@#DGREGORIAN@": "gregorian",
  "@#DJULIAN@": "julian",
  "@#DHEBREW@": "hebrew",
  "@#DFRENCH R@": "french",
  "@#DROMAN@": "roman",
  "@#DUNKNOWN@": "unknown",
  GREGORIAN: "gregorian",
  JULIAN: "julian",
  HEBREW: "hebrew",
  FRENCH_R: "french",
};

const APPROXIMATE: Record<string, DateQualifier> = {
  ABT: "about",
  ABOUT: "about",
  CIRCA: "about",
  CA: "about",
  C: "about",
  CAL: "calculated",
  EST: "estimated",
  BEF: "before",
  BEFORE: "before",
  AFT: "after",
  AFTER: "after",
};

interface OneDate {
  date: PartialDate | null;
  calendar: Calendar;
  dualYear: boolean;
}

function daysIn(year: number, month: number, calendar: Calendar): number {
  if (month !== 2) return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  const leap = calendar === "julian" ? year % 4 === 0 : (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return leap ? 29 : 28;
}

/** One date: `[calendar] [[day] month] year[/yy] [B.C.]`, or null when it is not one. */
function oneDate(words: string[]): OneDate | null {
  let calendar: Calendar = "gregorian";
  let i = 0;
  // "@#DFRENCH R@" is two words once split at spaces.
  if (words[0] === "@#DFRENCH" && words[1] === "R@") {
    calendar = "french";
    i = 2;
  } else if (words[0] && CALENDAR_ESCAPES[words[0]]) {
    calendar = CALENDAR_ESCAPES[words[0]];
    i = 1;
  }
  const rest = words.slice(i);
  if (!rest.length) return null;
  if (calendar === "hebrew" || calendar === "french" || calendar === "roman" || calendar === "unknown") {
    // Recognised, but a PartialDate is a Gregorian or Julian date: the text goes to the notes.
    const months = calendar === "hebrew" ? HEBREW_MONTHS : FRENCH_MONTHS;
    const ok = rest.every((w) => /^\d+$/.test(w) || months.includes(w) || w === "BCE" || w === "B.C.");
    return ok ? { date: null, calendar, dualYear: false } : null;
  }
  // The era: a date before the common era does not fit a PartialDate either.
  const last = rest[rest.length - 1];
  if (last === "B.C." || last === "BCE" || last === "BC" || last === "(B.C.)") {
    return /^\d+$/.test(rest[rest.length - 2] ?? "") ? { date: null, calendar, dualYear: false } : null;
  }
  let day = 0;
  let month = 0;
  let yearWord: string;
  if (rest.length === 1) yearWord = rest[0];
  else if (rest.length === 2) {
    month = MONTH_NAMES[rest[0]] ?? 0;
    if (!month) return null;
    yearWord = rest[1];
  } else if (rest.length === 3) {
    // "12 MAR 1858" and, from some programs, "MAR 12 1858".
    if (/^\d{1,2}$/.test(rest[0]) && MONTH_NAMES[rest[1]]) {
      day = Number(rest[0]);
      month = MONTH_NAMES[rest[1]];
    } else if (MONTH_NAMES[rest[0]] && /^\d{1,2},?$/.test(rest[1])) {
      month = MONTH_NAMES[rest[0]];
      day = Number(rest[1].replace(",", ""));
    } else return null;
    yearWord = rest[2];
  } else return null;

  const y = /^(\d{1,4})(?:\/(\d{1,4}))?$/.exec(yearWord);
  if (!y) return null;
  let year = Number(y[1]);
  const dualYear = y[2] !== undefined;
  if (dualYear) {
    // 1731/32: the year began on 25 March (old style); 1732 is the year of modern reckoning.
    const suffix = y[2];
    const base = Math.floor(year / 10 ** suffix.length) * 10 ** suffix.length;
    let next = suffix.length >= y[1].length ? Number(suffix) : base + Number(suffix);
    if (next <= year) next += 10 ** suffix.length;
    if (next !== year + 1) return null;
    year = next;
  }
  if (year < 1) return null;
  if (day && (day < 1 || day > daysIn(year, month, calendar))) return null;
  return { date: { year, month, day }, calendar, dualYear };
}

/** Numeric forms some programs write in place of GEDCOM's: 1858-03-12 and 12.03.1858. */
function numericDate(text: string): OneDate | null {
  const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  const dotted = iso ? null : /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (!iso && !dotted) return null;
  const [year, month, day] = (iso ? [iso[1], iso[2], iso[3] ?? "0"] : [dotted![3], dotted![2], dotted![1]]).map(Number);
  if (year < 1 || month < 1 || month > 12 || day > daysIn(year, month, "gregorian")) return null;
  return { date: { year, month, day }, calendar: "gregorian", dualYear: false };
}

/** Reads a GEDCOM date value; null when it cannot be read (the caller warns and keeps the text). */
export function parseGedcomDate(text: string): GedcomDate | null {
  const original = text.trim();
  if (!original) return null;
  const result = (qualifier: DateQualifier, a: OneDate | null, b: OneDate | null = null, phrase = ""): GedcomDate => ({
    text: original,
    date: a?.date ?? b?.date ?? null,
    until: a && b ? b.date : null,
    qualifier,
    calendar: (a ?? b)?.calendar ?? "gregorian",
    dualYear: Boolean(a?.dualYear || b?.dualYear),
    phrase,
  });

  // The phrase in parentheses is free text: split it off before upper-casing the rest.
  const open = original.indexOf("(");
  let phrase = "";
  let body = original;
  if (open >= 0) {
    if (!original.endsWith(")")) return null;
    phrase = original.slice(open + 1, -1).trim();
    body = original.slice(0, open).trim();
  }
  const words = body
    .toUpperCase()
    .replace(/(^|\s)(ABT|ABOUT|CAL|EST|BEF|AFT|CA|C|CIRCA)\./g, "$1$2")
    .split(/\s+/)
    .filter(Boolean);

  if (open >= 0) {
    if (!words.length) return result("phrase", null, null, phrase);
    if (words[0] !== "INT") return null;
    const d = oneDate(words.slice(1));
    return d ? result("interpreted", d, null, phrase) : null;
  }
  if (!words.length) return null;

  const head = words[0];
  if (APPROXIMATE[head]) {
    const d = oneDate(words.slice(1));
    return d ? result(APPROXIMATE[head], d) : null;
  }
  if (head === "BET") {
    const and = words.indexOf("AND");
    if (and < 0) return null;
    const a = oneDate(words.slice(1, and));
    const b = oneDate(words.slice(and + 1));
    return a && b ? result("between", a, b) : null;
  }
  if (head === "FROM") {
    const to = words.indexOf("TO");
    const a = oneDate(words.slice(1, to < 0 ? undefined : to));
    if (!a) return null;
    if (to < 0) return result("from", a);
    const b = oneDate(words.slice(to + 1));
    return b ? result("from-to", a, b) : null;
  }
  if (head === "TO") {
    const b = oneDate(words.slice(1));
    return b ? result("to", null, b) : null;
  }
  const d = oneDate(words) ?? (words.length === 1 ? numericDate(words[0]) : null);
  return d ? result("exact", d) : null;
}

/** Whether the PartialDate says all the text says (a plain Gregorian date). */
export function isPlainDate(d: GedcomDate): boolean {
  return d.qualifier === "exact" && d.calendar === "gregorian" && !d.dualYear && d.date !== null;
}

/** A PartialDate in GEDCOM form: `12 MAR 1858`, `MAR 1858` or `1858`. */
export function formatGedcomDate(d: PartialDate): string {
  const year = String(d.year);
  if (!d.month) return year;
  const month = MONTH_TAGS[d.month - 1];
  return d.day ? `${d.day} ${month} ${year}` : `${month} ${year}`;
}
