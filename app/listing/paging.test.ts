import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pageWindow } from "./paging";

describe("pageWindow", () => {
  it("answers one page for an empty result, as every list shows it", () => {
    expect(pageWindow(0, 1, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });

  it("counts partial pages and skips the rows before the page", () => {
    expect(pageWindow(51, 3, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 });
    expect(pageWindow(50, 2, 25)).toEqual({ page: 2, pageCount: 2, offset: 25 });
  });

  it("answers the last page for a page beyond it, and says which was asked for", () => {
    expect(pageWindow(30, 9, 10)).toEqual({ page: 3, pageCount: 3, offset: 20, correctedFromPage: 9 });
    expect(pageWindow(0, 4, 10)).toEqual({ page: 1, pageCount: 1, offset: 0, correctedFromPage: 4 });
  });

  it("always lands on a page that exists", () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), fc.integer({ min: 1, max: 100_000 }), fc.constantFrom(10, 25, 50), (t, p, n) => {
        const w = pageWindow(t, p, n);
        expect(w.page).toBeGreaterThanOrEqual(1);
        expect(w.page).toBeLessThanOrEqual(w.pageCount);
        expect(w.offset).toBe((w.page - 1) * n);
        expect(w.offset <= t || t === 0).toBe(true);
        expect(w.correctedFromPage === undefined).toBe(w.page === p);
      }),
    );
  });
});
