import { describe, expect, it } from "vitest";
import { readRegisterDate } from "./dates";

const value = (text: string, calendar: "gregorian" | "julian" = "gregorian") => {
  const r = readRegisterDate(text, calendar);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe("readRegisterDate", () => {
  it("reads the plain forms", () => {
    expect(value("1858").date).toEqual({ year: 1858, month: 0, day: 0 });
    expect(value("12.03.1858").date).toEqual({ year: 1858, month: 3, day: 12 });
    expect(value("1858-03-12").date).toEqual({ year: 1858, month: 3, day: 12 });
    expect(value("12 Mar 1858").date).toEqual({ year: 1858, month: 3, day: 12 });
    expect(value("12 marca 1858").date).toEqual({ year: 1858, month: 3, day: 12 });
    expect(value("12. März 1858").date).toEqual({ year: 1858, month: 3, day: 12 });
    expect(value("March 1858").date).toEqual({ year: 1858, month: 3, day: 0 });
  });

  it("reads double dates, Julian first, and checks that they are a pair", () => {
    expect(value("1/13 Mar 1858")).toEqual({
      date: { year: 1858, month: 3, day: 13 },
      julian: { year: 1858, month: 3, day: 1 },
      qualifier: null,
    });
    expect(value("20 Dec 1857/1 Jan 1858").julian).toEqual({ year: 1857, month: 12, day: 20 });
    expect(value("25/6 Jan 1854")).toMatchObject({ julian: { year: 1853, month: 12, day: 25 } });
    const wrong = readRegisterDate("1/15 Mar 1858");
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.message).toMatch(/not a Julian\/Gregorian pair/);
  });

  it("reads Julian dates marked or by the batch's calendar", () => {
    expect(value("Julian 1 Mar 1858").date).toEqual({ year: 1858, month: 3, day: 13 });
    expect(value("1 Mar 1858 (O.S.)").julian).toEqual({ year: 1858, month: 3, day: 1 });
    expect(value("01.03.1858", "julian").date).toEqual({ year: 1858, month: 3, day: 13 });
    expect(value("1900-02-29", "julian").date).toEqual({ year: 1900, month: 3, day: 13 });
  });

  it("keeps the year of qualified dates and ranges", () => {
    expect(value("abt 1850")).toMatchObject({ date: { year: 1850 }, qualifier: "about" });
    expect(value("bef 1850")).toMatchObject({ date: { year: 1850 }, qualifier: "before" });
    expect(value("aft 12 Mar 1850")).toMatchObject({ date: { year: 1850, month: 3, day: 12 }, qualifier: "after" });
    expect(value("1850-1855")).toMatchObject({ date: { year: 1850 }, qualifier: "between" });
    expect(value("bet 1850 and 1855")).toMatchObject({ date: { year: 1850 }, qualifier: "between" });
  });

  it("says what is wrong with a date that is not one", () => {
    for (const text of ["", "soon", "32.01.1858", "29.02.1858", "12 Foo 1858", "1855-1850", "abt never"]) {
      expect(readRegisterDate(text).ok, text).toBe(false);
    }
    expect(readRegisterDate("29.02.1900", "julian").ok).toBe(true);
    expect(readRegisterDate("29.02.1900").ok).toBe(false);
  });
});
