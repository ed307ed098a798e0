import { describe, expect, it } from "vitest";
import { getCollection } from "./collections";
import { citationText, columnValue, formatDate, recordDate } from "./display";

describe("display", () => {
  it("formats dates", () => {
    expect(formatDate("1856-03-12", 1856)).toBe("12 Mar 1856");
    expect(formatDate(null, 1856)).toBe("1856");
  });
  it("combines columns", () => {
    expect(columnValue("mother", { motherGivenName: "Anna", motherMaidenName: "Radke" })).toBe("Anna née Radke");
    expect(columnValue("mother", { motherMaidenName: "Radke" })).toBe("née Radke");
    expect(columnValue("groom", { groomGivenName: "Johann", groomSurname: "Schulz" })).toBe("Johann Schulz");
    expect(columnValue("place", {})).toBe("");
  });
  it("cites a record with both calendars and its source", () => {
    const text = citationText({
      collection: getCollection("stpete-birth")!,
      data: {
        surname: "Schulz",
        givenName: "Johann",
        place: "Heimtal",
        parish: "Heimtal",
        film: "1887234",
        register: "1856",
        page: "12",
      },
      gregDate: "1856-03-12",
      julianDate: "1856-02-29",
      year: 1856,
      url: "https://example.org/stpete/birth/record/7",
      accessed: new Date("2026-11-22T00:00:00Z"),
    });
    expect(text).toBe(
      "Baptism of Johann Schulz, 12 Mar 1856 (Julian 29 Feb 1856), Heimtal, Heimtal parish. St. Petersburg Consistory births, film 1887234, register 1856, page 12. Metryka index, https://example.org/stpete/birth/record/7 (accessed 2026-11-22).",
    );
  });
});

describe("recordDate", () => {
  it("shows a qualified date as written, and the Gregorian date otherwise", () => {
    expect(recordDate("1850-03-12", 1850, { date: "abt 12 Mar 1850" })).toBe("abt 12 Mar 1850");
    expect(recordDate("1850-03-12", 1850, {})).toBe("12 Mar 1850");
    expect(recordDate(null, 1850, {})).toBe("1850");
  });
});
