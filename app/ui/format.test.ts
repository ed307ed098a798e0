import { describe, expect, it } from "vitest";
import { formatCitationDay, formatCount } from "./format";

describe("formatCount", () => {
  it("groups thousands with commas", () => {
    expect(formatCount(104512)).toBe("104,512");
    expect(formatCount(0)).toBe("0");
  });
});

describe("formatCitationDay", () => {
  it("writes the UTC day in full, whatever the hour", () => {
    expect(formatCitationDay(new Date("2026-11-24T23:59:00Z"))).toBe("24 November 2026");
    expect(formatCitationDay(new Date("2026-01-02T00:00:00Z"))).toBe("2 January 2026");
  });
});
