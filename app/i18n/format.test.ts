import { describe, expect, it } from "vitest";
import { compareNames, formatDatePair, formatDay, formatKm, formatList, formatNumber } from "./format";

describe("formatDay", () => {
  it("writes the month in the case each language uses after a day", () => {
    expect(formatDay("en", "1858-03-12", 1858)).toBe("12 Mar 1858");
    expect(formatDay("de", "1858-03-12", 1858)).toBe("12. März 1858");
    expect(formatDay("pl", "1858-03-12", 1858)).toBe("12 marca 1858");
    expect(formatDay("uk", "1858-03-12", 1858)).toBe("12 березня 1858");
    expect(formatDay("ru", "1858-03-12", 1858)).toBe("12 марта 1858");
  });

  it("gives a year alone when there is no day", () => {
    expect(formatDay("de", null, 1858)).toBe("1858");
    expect(formatDay("pl", "1858", 1858)).toBe("1858");
  });

  it("keeps early years as they are", () => {
    expect(formatDay("pl", "0058-03-12", 58)).toBe("12 marca 58");
  });
});

describe("formatDatePair", () => {
  it("pairs the days of one month", () => {
    expect(formatDatePair("en", "1858-03-01", "1858-03-13")).toBe("1/13 Mar 1858");
    expect(formatDatePair("de", "1858-03-01", "1858-03-13")).toBe("1./13. März 1858");
    expect(formatDatePair("pl", "1858-03-01", "1858-03-13")).toBe("1/13 marca 1858");
    expect(formatDatePair("ru", "1858-03-01", "1858-03-13")).toBe("1 (13) марта 1858");
    expect(formatDatePair("uk", "1858-03-01", "1858-03-13")).toBe("1 (13) березня 1858");
  });

  it("writes both dates whole across a month or a year", () => {
    expect(formatDatePair("en", "1857-12-20", "1858-01-01")).toBe("20 Dec 1857/1 Jan 1858");
    expect(formatDatePair("ru", "1857-12-20", "1858-01-01")).toBe("20 декабря 1857 (1 января 1858)");
    expect(formatDatePair("de", "1858-02-20", "1858-03-04")).toBe("20. Februar 1858/4. März 1858");
  });
});

describe("numbers, lists and names", () => {
  it("groups digits as each language does", () => {
    expect(formatNumber("en", 1234)).toBe("1,234");
    expect(formatNumber("de", 1234)).toBe("1.234");
    expect(formatNumber("pl", 1234)).toBe("1234");
    expect(formatNumber("pl", 12345)).toBe("12\u00a0345");
    expect(formatNumber("ru", 1234)).toBe("1\u00a0234");
  });

  it("writes distances in tenths below 10 km, with the language's unit", () => {
    expect(formatKm("en", 2.44)).toBe("2.4 km");
    expect(formatKm("en", 12.6)).toBe("13 km");
    expect(formatKm("de", 2.4)).toBe("2,4 km");
    expect(formatKm("uk", 2.4)).toBe("2,4 км");
    expect(formatKm("ru", 1234)).toBe("1\u00a0234 км");
  });

  it("joins lists with the language's word", () => {
    expect(formatList("de", ["Anna", "Jan", "Ewa"])).toBe("Anna, Jan und Ewa");
    expect(formatList("pl", ["Anna", "Jan", "Ewa"])).toBe("Anna, Jan i Ewa");
  });

  it("sorts names in the language's alphabet", () => {
    expect(["Łada", "Lis", "Mazur"].sort(compareNames("pl"))).toEqual(["Lis", "Łada", "Mazur"]);
    expect(["Zander", "Ärger", "Bauer"].sort(compareNames("de"))).toEqual(["Ärger", "Bauer", "Zander"]);
  });
});
