import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  formatIsoDate,
  gregorianToJdn,
  gregorianToJulian,
  isLeapYear,
  isValidDate,
  julianToGregorian,
  parseIsoDate,
  type SimpleDate,
} from "./calendar";

const date = (year: number, month: number, day: number): SimpleDate => ({ year, month, day });

describe("julianToGregorian", () => {
  it.each([
    // The Russian switch: 31 January 1918 was followed by 14 February.
    [date(1918, 1, 31), date(1918, 2, 13)],
    [date(1918, 2, 1), date(1918, 2, 14)],
    // 1900 is a Julian leap year only; its 29 February exists in the registers.
    [date(1900, 2, 29), date(1900, 3, 13)],
    [date(1900, 2, 28), date(1900, 3, 12)],
    [date(1900, 3, 1), date(1900, 3, 14)],
    // Christmas crosses the year boundary.
    [date(1856, 12, 25), date(1857, 1, 6)],
    [date(1841, 12, 20), date(1842, 1, 1)],
    [date(1841, 12, 19), date(1841, 12, 31)],
    // 12 days for the whole 19th century, 11 days in the 18th.
    [date(1800, 2, 28), date(1800, 3, 11)],
    [date(1800, 2, 29), date(1800, 3, 12)],
    [date(1800, 3, 1), date(1800, 3, 13)],
    [date(1833, 1, 1), date(1833, 1, 13)],
    [date(1885, 12, 31), date(1886, 1, 12)],
    [date(1582, 10, 5), date(1582, 10, 15)],
  ])("%o → %o", (julian, gregorian) => {
    expect(julianToGregorian(julian)).toEqual(gregorian);
    expect(gregorianToJulian(gregorian)).toEqual(julian);
  });

  it("has a 12-day gap between 1 March 1800 and 28 February 1900 (Julian), 13 after", () => {
    // Reading the Julian label as if it were Gregorian gives the gap in days;
    // 29 February 1900 has no Gregorian reading and is covered by the pairs above.
    const gap = (j: SimpleDate) => gregorianToJdn(julianToGregorian(j)) - gregorianToJdn(j);
    expect(gap(date(1800, 3, 1))).toBe(12);
    expect(gap(date(1856, 7, 15))).toBe(12);
    expect(gap(date(1900, 2, 28))).toBe(12);
    expect(gap(date(1900, 3, 1))).toBe(13);
    expect(gap(date(1917, 10, 25))).toBe(13);
  });
});

describe("round trips", () => {
  it("Julian → Gregorian → Julian for every day of 1795–1925", () => {
    const failures: SimpleDate[] = [];
    let days = 0;
    for (let year = 1795; year <= 1925; year++) {
      for (let month = 1; month <= 12; month++) {
        for (let day = 1; day <= daysInMonth(year, month, "julian"); day++) {
          const julian = date(year, month, day);
          const gregorian = julianToGregorian(julian);
          const back = gregorianToJulian(gregorian);
          days++;
          if (!isValidDate(gregorian, "gregorian") || back.year !== year || back.month !== month || back.day !== day) {
            failures.push(julian);
          }
        }
      }
    }
    expect(days).toBe(131 * 365 + 33);
    expect(failures).toEqual([]);
  });

  it("Gregorian → Julian → Gregorian, consecutive days stay consecutive", () => {
    let previous = gregorianToJdn(date(1699, 12, 31));
    for (let year = 1700; year <= 2100; year += 7) {
      for (let month = 1; month <= 12; month++) {
        for (const day of [1, 15, daysInMonth(year, month)]) {
          const gregorian = date(year, month, day);
          const julian = gregorianToJulian(gregorian);
          expect(isValidDate(julian, "julian")).toBe(true);
          expect(julianToGregorian(julian)).toEqual(gregorian);
          const jdn = gregorianToJdn(gregorian);
          expect(jdn).toBeGreaterThan(previous);
          previous = jdn;
        }
      }
    }
  });
});

describe("leap years and validity", () => {
  it("applies the century rule only to the Gregorian calendar", () => {
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(1900, "julian")).toBe(true);
    expect(isLeapYear(2000)).toBe(true);
    expect(isLeapYear(1856)).toBe(true);
    expect(isLeapYear(1857, "julian")).toBe(false);
  });

  it("validates real dates", () => {
    expect(isValidDate(date(1900, 2, 29))).toBe(false);
    expect(isValidDate(date(1900, 2, 29), "julian")).toBe(true);
    expect(isValidDate(date(1856, 2, 29))).toBe(true);
    expect(isValidDate(date(1857, 2, 29))).toBe(false);
    expect(isValidDate(date(1856, 4, 31))).toBe(false);
    expect(isValidDate(date(1856, 13, 1))).toBe(false);
    expect(isValidDate(date(1856, 0, 1))).toBe(false);
    expect(isValidDate(date(1856, 1, 0))).toBe(false);
    expect(isValidDate(date(1856, 1.5, 1))).toBe(false);
    expect(isValidDate(date(Number.NaN, 1, 1))).toBe(false);
  });
});

describe("ISO strings", () => {
  it("formats with zero padding", () => {
    expect(formatIsoDate(date(1856, 3, 2))).toBe("1856-03-02");
    expect(formatIsoDate(date(988, 12, 31))).toBe("0988-12-31");
  });

  it("parses real dates and round-trips", () => {
    expect(parseIsoDate("1856-03-02")).toEqual(date(1856, 3, 2));
    expect(parseIsoDate(" 1856-3-2 ")).toEqual(date(1856, 3, 2));
    expect(parseIsoDate("1900-02-29", "julian")).toEqual(date(1900, 2, 29));
    expect(formatIsoDate(parseIsoDate("1885-12-31") ?? date(0, 0, 0))).toBe("1885-12-31");
  });

  it.each([
    "",
    "1856",
    "1856-02-30",
    "1900-02-29",
    "1856-13-01",
    "1856-00-10",
    "1856/03/02",
    "03.02.1856",
    "1856-03-02T00:00:00Z",
    "abcd-ef-gh",
    "1856-03-02; DROP TABLE records",
  ])("returns null for %j", (input) => {
    expect(parseIsoDate(input)).toBeNull();
  });

  it("never throws on non-strings", () => {
    for (const input of [undefined, null, 1856, {}, [], Symbol("x")]) {
      expect(parseIsoDate(input)).toBeNull();
    }
  });
});
