import { describe, expect, it } from "vitest";
import { BODY_MAX } from "~/admin/forms";
import {
  CONTENT_PAGE_BODY_BYTES,
  DEFAULT_FORM_BODY_KB,
  DEFAULT_JSON_BODY_KB,
  bodyLimitsFrom,
  isForeignOrigin,
  isValidHost,
} from "./request-guards";

describe("isValidHost", () => {
  it("accepts names, addresses and ports a URL can hold", () => {
    for (const host of [
      "localhost",
      "localhost:3000",
      "127.0.0.1:3901",
      "[::1]",
      "[::1]:8080",
      "metryka.example.org",
      "my_host:1",
    ]) {
      expect(isValidHost(host), host).toBe(true);
    }
  });
  it("refuses what the fuzzer sent", () => {
    for (const host of [
      "localhost:99999",
      "[::1",
      "a b",
      "a%b",
      "127.0.0.1:3901@evil",
      "",
      "host:",
      "host:abc",
      "a/b",
    ]) {
      expect(isValidHost(host), host).toBe(false);
    }
  });
});

describe("isForeignOrigin", () => {
  it("mirrors Remix's check: Origin against X-Forwarded-Host, else Host", () => {
    expect(isForeignOrigin({ host: "a.example" })).toBe(false);
    expect(isForeignOrigin({ host: "a.example", origin: "https://a.example" })).toBe(false);
    expect(isForeignOrigin({ host: "a.example", origin: "https://evil.example" })).toBe(true);
    expect(isForeignOrigin({ host: "a.example", origin: "null" })).toBe(true);
    expect(isForeignOrigin({ host: "a.example", origin: "not a url" })).toBe(true);
    expect(isForeignOrigin({ origin: "https://a.example" })).toBe(true);
    expect(
      isForeignOrigin({ host: "internal:3000", "x-forwarded-host": "a.example, proxy", origin: "https://a.example" }),
    ).toBe(false);
  });
});

describe("bodyLimitsFrom", () => {
  it("defaults to 100 KB forms and 16 KB JSON, and reads the settings", () => {
    expect(bodyLimitsFrom({})).toMatchObject({
      formBytes: DEFAULT_FORM_BODY_KB * 1024,
      jsonBytes: DEFAULT_JSON_BODY_KB * 1024,
    });
    expect(DEFAULT_FORM_BODY_KB).toBe(100);
    expect(bodyLimitsFrom({ MAX_FORM_BODY_KB: "20", MAX_JSON_BODY_KB: "4" })).toMatchObject({
      formBytes: 20 * 1024,
      jsonBytes: 4 * 1024,
    });
    expect(bodyLimitsFrom({ MAX_FORM_BODY_KB: "lots" }).formBytes).toBe(DEFAULT_FORM_BODY_KB * 1024);
  });
  it("lets the content pages editor post the longest page it accepts", () => {
    // Every character percent-encoded from four UTF-8 bytes, plus room for the other fields.
    expect(CONTENT_PAGE_BODY_BYTES).toBeGreaterThan(BODY_MAX * 12);
  });
});
