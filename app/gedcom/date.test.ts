import { describe, expect, it } from "vitest";
import { formatGedcomDate, isPlainDate, parseGedcomDate } from "./date";

const d = (year: number, month = 0, day = 0) => ({ year, month, day });

describe("parseGedcomDate", () => {
  it("reads day, month and year as far as they are given", () => {
    expect(parseGedcomDate("12 MAR 1858")).toMatchObject({ date: d(1858, 3, 12), qualifier: "exact" });
    expect(parseGedcomDate("MAR 1858")).toMatchObject({ date: d(1858, 3) });
    expect(parseGedcomDate("1858")).toMatchObject({ date: d(1858) });
    expect(parseGedcomDate(" 1 jan 1850 ")).toMatchObject({ date: d(1850, 1, 1), text: "1 jan 1850" });
    expect(isPlainDate(parseGedcomDate("12 MAR 1858")!)).toBe(true);
  });

  it("keeps the qualifier of approximate and one-sided dates", () => {
    for (const [text, qualifier] of [
      ["ABT 1850", "about"],
      ["CAL 1850", "calculated"],
      ["EST 1850", "estimated"],
      ["BEF 1850", "before"],
      ["AFT 1850", "after"],
      ["Abt. 1850", "about"],
    ]) {
      const parsed = parseGedcomDate(text)!;
      expect(parsed).toMatchObject({ date: d(1850), qualifier });
      expect(isPlainDate(parsed)).toBe(false);
    }
    expect(parseGedcomDate("AFT 18 MAY 1790")).toMatchObject({ date: d(1790, 5, 18), qualifier: "after" });
  });

  it("reads ranges and periods, the first date in date and the second in until", () => {
    expect(parseGedcomDate("BET 1850 AND 1855")).toMatchObject({ date: d(1850), until: d(1855), qualifier: "between" });
    expect(parseGedcomDate("FROM 1 JAN 1900 TO 3 NOV 1901")).toMatchObject({
      date: d(1900, 1, 1),
      until: d(1901, 11, 3),
      qualifier: "from-to",
    });
    expect(parseGedcomDate("FROM 1900")).toMatchObject({ date: d(1900), until: null, qualifier: "from" });
    expect(parseGedcomDate("TO 1901")).toMatchObject({ date: d(1901), qualifier: "to" });
    expect(parseGedcomDate("BET 1850")).toBeNull();
  });

  it("reads Julian dates as written, by the 5.5.1 escape and the 7.0 keyword", () => {
    expect(parseGedcomDate("@#DJULIAN@ 1 MAR 1858")).toMatchObject({ date: d(1858, 3, 1), calendar: "julian" });
    expect(parseGedcomDate("JULIAN 1 MAR 1858")).toMatchObject({ date: d(1858, 3, 1), calendar: "julian" });
    expect(parseGedcomDate("@#DGREGORIAN@ 1858")).toMatchObject({ date: d(1858), calendar: "gregorian" });
    // 29 February 1700 exists in the Julian calendar only.
    expect(parseGedcomDate("@#DJULIAN@ 29 FEB 1700")).toMatchObject({ date: d(1700, 2, 29) });
    expect(parseGedcomDate("29 FEB 1700")).toBeNull();
    expect(parseGedcomDate("BET @#DJULIAN@ 1700 AND @#DJULIAN@ 1710")).toMatchObject({
      date: d(1700),
      until: d(1710),
      calendar: "julian",
    });
  });

  it("counts a double year as the later, new-style year", () => {
    expect(parseGedcomDate("11 FEB 1731/32")).toMatchObject({ date: d(1732, 2, 11), dualYear: true });
    expect(parseGedcomDate("1741/42")).toMatchObject({ date: d(1742) });
    expect(parseGedcomDate("JAN 1699/00")).toMatchObject({ date: d(1700, 1) });
    expect(parseGedcomDate("1731/1732")).toMatchObject({ date: d(1732) });
    expect(parseGedcomDate("1731/35")).toBeNull();
  });

  it("reads interpreted dates and phrases", () => {
    expect(parseGedcomDate("INT 1850 (in the year of the flood)")).toMatchObject({
      date: d(1850),
      qualifier: "interpreted",
      phrase: "in the year of the flood",
    });
    expect(parseGedcomDate("(Easter Monday)")).toMatchObject({
      date: null,
      qualifier: "phrase",
      phrase: "Easter Monday",
    });
  });

  it("recognises calendars and eras a PartialDate cannot hold, with no date", () => {
    expect(parseGedcomDate("@#DHEBREW@ 5 TSH 5618")).toMatchObject({ date: null, calendar: "hebrew" });
    expect(parseGedcomDate("@#DFRENCH R@ 1 VEND 2")).toMatchObject({ date: null, calendar: "french" });
    expect(parseGedcomDate("44 B.C.")).toMatchObject({ date: null });
  });

  it("takes the numeric forms some programs write", () => {
    expect(parseGedcomDate("1858-03-12")).toMatchObject({ date: d(1858, 3, 12) });
    expect(parseGedcomDate("12.03.1858")).toMatchObject({ date: d(1858, 3, 12) });
    expect(parseGedcomDate("March 12, 1858")).toMatchObject({ date: d(1858, 3, 12) });
  });

  it("returns null for what it cannot read", () => {
    for (const text of [
      "",
      "the spring after the war",
      "32 JAN 1850",
      "12 XYZ 1850",
      "03/12/1858",
      "INT 1850",
      "1850 (x",
      "1858-13-01",
    ]) {
      expect(parseGedcomDate(text)).toBeNull();
    }
  });
});

describe("formatGedcomDate", () => {
  it("writes a PartialDate in GEDCOM form", () => {
    expect(formatGedcomDate(d(1858, 3, 12))).toBe("12 MAR 1858");
    expect(formatGedcomDate(d(1858, 12))).toBe("DEC 1858");
    expect(formatGedcomDate(d(1858))).toBe("1858");
  });
});
