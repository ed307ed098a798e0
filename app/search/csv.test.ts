import { describe, expect, it } from "vitest";
import { csvCell, csvLine } from "./csv";

describe("csv", () => {
  it("quotes what needs quoting", () => {
    expect(csvCell("Schulz")).toBe("Schulz");
    expect(csvCell('Anna "Nettchen"')).toBe('"Anna ""Nettchen"""');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell(null)).toBe("");
  });
  it("defuses formulas", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("-5")).toBe("'-5");
  });
  it("ends lines with CRLF", () => {
    expect(csvLine(["a", 1])).toBe("a,1\r\n");
  });
});
