import { describe, expect, it } from "vitest";
import { parseDepth } from "./page.server";

describe("the descendants page's depth", () => {
  it("is 4 unless asked, and any whole number from 1 to 10", () => {
    expect(parseDepth(null)).toBe(4);
    expect(parseDepth("")).toBe(4);
    expect(parseDepth("1")).toBe(1);
    expect(parseDepth("10")).toBe(10);
    expect(parseDepth("03")).toBe(3);
  });

  it("is nothing the page offers for anything else", () => {
    for (const bad of ["0", "11", "99", "-1", "2.5", "abc", "1e1", " 3", "100"])
      expect(parseDepth(bad), bad).toBeUndefined();
  });
});
