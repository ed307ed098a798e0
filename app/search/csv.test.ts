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
  it("quotes a cell holding either list separator, so no reader splits a formula off (issue 26)", () => {
    expect(csvCell("Kowalski;=1+1")).toBe('"Kowalski;=1+1"');
    expect(csvCell("Kowalski,=1+1")).toBe('"Kowalski,=1+1"');
    expect(csvCell("=1+1;Kowalski")).toBe(`"'=1+1;Kowalski"`);
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvLine(["a;b", "c"])).toBe('"a;b",c\r\n');
  });
  it("ends lines with CRLF", () => {
    expect(csvLine(["a", 1])).toBe("a,1\r\n");
  });
});
