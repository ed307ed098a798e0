import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BROTLI_QUALITY, BROTLI_WINDOW_BITS } from "./compression-settings";

describe("compression settings", () => {
  // A search page of about 76 KB, with its repeated rows.
  const row = (i: number) =>
    `<tr><td><a href="/stpete/birth/${i}">Schmidt</a></td><td>Johann</td><td>18${i % 90}</td></tr>`;
  const page = Buffer.from(
    `<html><body><table>${Array.from({ length: 800 }, (_, i) => row(i)).join("")}</table></body></html>`,
  );
  const brotli = (windowBits: number) =>
    brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: windowBits },
    }).length;

  it("keeps the window small yet larger than a page, so a page compresses as with the default window", () => {
    expect(2 ** BROTLI_WINDOW_BITS).toBeGreaterThan(page.length);
    expect(BROTLI_WINDOW_BITS).toBeLessThan(constants.BROTLI_DEFAULT_WINDOW);
    expect(brotli(BROTLI_WINDOW_BITS)).toBeLessThanOrEqual(brotli(constants.BROTLI_DEFAULT_WINDOW) * 1.02);
  });

  it("uses a quality that still beats gzip", () => {
    expect(BROTLI_QUALITY).toBeLessThan(constants.BROTLI_MAX_QUALITY);
    expect(brotli(BROTLI_WINDOW_BITS)).toBeLessThan(gzipSync(page).length);
  });
});
