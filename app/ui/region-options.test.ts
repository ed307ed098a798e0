import { describe, expect, it } from "vitest";
import {
  COUNTRY_PLACEHOLDER,
  DEFAULT_COUNTRY_CODE,
  NO_REGIONS_PLACEHOLDER,
  REGION_PLACEHOLDER,
  countryLabel,
  createRegionsLoader,
  effectiveCountry,
  parseRegions,
  regionSelectView,
  regionsAnnouncement,
  type FetchLike,
  type RegionsState,
} from "./region-options";

const ontario = { name: "Ontario", code: "ON" };
const quebec = { name: "Quebec", code: "QC" };

describe("constants (SPEC §3, §9)", () => {
  it("match the specification", () => {
    expect(COUNTRY_PLACEHOLDER).toBe("Select Country");
    expect(REGION_PLACEHOLDER).toBe("Select Region");
    expect(DEFAULT_COUNTRY_CODE).toBe("US");
  });
});

describe("effectiveCountry and countryLabel", () => {
  const countries = [
    { name: "Canada", code: "CA" },
    { name: "United States", code: "US" },
  ];

  it("falls back to the United States when no country is chosen", () => {
    expect(effectiveCountry("")).toBe("US");
    expect(effectiveCountry(null)).toBe("US");
    expect(effectiveCountry(undefined)).toBe("US");
    expect(effectiveCountry("CA")).toBe("CA");
  });

  it("names the country, or falls back to its code", () => {
    expect(countryLabel(countries, "CA")).toBe("Canada");
    expect(countryLabel(countries, "")).toBe("United States");
    expect(countryLabel(countries, "ZZ")).toBe("ZZ");
  });
});

describe("parseRegions", () => {
  it("accepts an array of {name, code} and drops extra fields", () => {
    expect(parseRegions([{ ...ontario, extra: 1 }, quebec])).toEqual([ontario, quebec]);
    expect(parseRegions([])).toEqual([]);
  });

  it.each([null, {}, "[]", { error: "Unknown country" }, [null], [{ name: "x" }], [{ name: 1, code: "x" }]])(
    "rejects %j",
    (body) => {
      expect(parseRegions(body)).toBeNull();
    },
  );
});

describe("regionsAnnouncement", () => {
  it("counts regions for the country", () => {
    expect(regionsAnnouncement(12, "Canada")).toBe("12 regions for Canada");
    expect(regionsAnnouncement(1, "Gibraltar")).toBe("1 region for Gibraltar");
    expect(regionsAnnouncement(0, "Nowhere")).toBe("No regions for Nowhere");
  });
});

describe("regionSelectView", () => {
  it("lists the regions under the Select Region placeholder", () => {
    const view = regionSelectView({ status: "ready", country: "CA", regions: [ontario, quebec] }, "Canada");
    expect(view).toEqual({
      options: [ontario, quebec],
      placeholder: "Select Region",
      disabled: false,
      busy: false,
      message: null,
      announcement: "2 regions for Canada",
    });
  });

  it("shows No regions as the only option, disabled, for a country without regions", () => {
    const view = regionSelectView({ status: "ready", country: "AQ", regions: [] }, "Antarctica");
    expect(view.options).toEqual([]);
    expect(view.placeholder).toBe(NO_REGIONS_PLACEHOLDER);
    expect(view.disabled).toBe(true);
    expect(view.announcement).toBe("No regions for Antarctica");
  });

  it("offers nothing to pick while loading, but stays enabled and busy", () => {
    const view = regionSelectView({ status: "loading", country: "CA" }, "Canada");
    expect(view.options).toEqual([]);
    expect(view.disabled).toBe(false);
    expect(view.busy).toBe(true);
    expect(view.announcement).toBe("");
  });

  it("keeps the select usable with a message when loading failed", () => {
    const view = regionSelectView({ status: "failed", country: "CA" }, "Canada");
    expect(view.disabled).toBe(false);
    expect(view.placeholder).toBe(REGION_PLACEHOLDER);
    expect(view.message).toBe("The regions for Canada could not be loaded.");
    expect(view.announcement).toBe(view.message);
  });
});

interface Pending {
  url: string;
  signal: AbortSignal;
  resolve: (r: { ok: boolean; json(): Promise<unknown> }) => void;
  reject: (e: unknown) => void;
}

/** A fetch whose responses the test releases one by one, in any order. */
function manualFetch() {
  const pending: Pending[] = [];
  const fetcher: FetchLike = (url, init) =>
    new Promise((resolve, reject) => {
      pending.push({ url, signal: init.signal, resolve, reject });
    });
  const respond = (p: Pending, body: unknown, ok = true) => p.resolve({ ok, json: () => Promise.resolve(body) });
  return { pending, fetcher, respond };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("createRegionsLoader", () => {
  it("reports loading, then the fetched regions", async () => {
    const states: RegionsState[] = [];
    const { pending, fetcher, respond } = manualFetch();
    const loader = createRegionsLoader((s) => states.push(s), fetcher);
    loader.load("CA", "/api/regions/CA");
    expect(states).toEqual([{ status: "loading", country: "CA" }]);
    expect(pending[0].url).toBe("/api/regions/CA");
    respond(pending[0], [ontario]);
    await settle();
    expect(states.at(-1)).toEqual({ status: "ready", country: "CA", regions: [ontario] });
  });

  it("ignores a stale response when the country changed twice quickly", async () => {
    const states: RegionsState[] = [];
    const { pending, fetcher, respond } = manualFetch();
    const loader = createRegionsLoader((s) => states.push(s), fetcher);
    loader.load("CA", "/api/regions/CA");
    loader.load("MX", "/api/regions/MX");
    expect(pending[0].signal.aborted).toBe(true);
    // The newer request answers first; the older one answers late anyway (abort came too late).
    respond(pending[1], [{ name: "Jalisco", code: "JAL" }]);
    await settle();
    respond(pending[0], [ontario]);
    await settle();
    expect(states.at(-1)).toEqual({ status: "ready", country: "MX", regions: [{ name: "Jalisco", code: "JAL" }] });
    expect(states.filter((s) => s.country === "CA")).toEqual([{ status: "loading", country: "CA" }]);
  });

  it("does not report the abort of a superseded request as a failure", async () => {
    const states: RegionsState[] = [];
    const { pending, fetcher } = manualFetch();
    const loader = createRegionsLoader((s) => states.push(s), fetcher);
    loader.load("CA", "/api/regions/CA");
    loader.load("MX", "/api/regions/MX");
    pending[0].reject(new DOMException("aborted", "AbortError"));
    await settle();
    expect(states.some((s) => s.status === "failed")).toBe(false);
  });

  it.each([
    ["a network error", (p: Pending) => p.reject(new TypeError("Failed to fetch"))],
    ["an HTTP error", (p: Pending) => p.resolve({ ok: false, json: () => Promise.resolve({ error: "x" }) })],
    ["a malformed body", (p: Pending) => p.resolve({ ok: true, json: () => Promise.resolve({ not: "a list" }) })],
    ["invalid JSON", (p: Pending) => p.resolve({ ok: true, json: () => Promise.reject(new SyntaxError("bad")) })],
  ])("reports failure on %s", async (_label, fail) => {
    const states: RegionsState[] = [];
    const { pending, fetcher } = manualFetch();
    createRegionsLoader((s) => states.push(s), fetcher).load("CA", "/api/regions/CA");
    fail(pending[0]);
    await settle();
    expect(states.at(-1)).toEqual({ status: "failed", country: "CA" });
  });

  it("reports nothing after cancel (unmount)", async () => {
    const states: RegionsState[] = [];
    const { pending, fetcher, respond } = manualFetch();
    const loader = createRegionsLoader((s) => states.push(s), fetcher);
    loader.load("CA", "/api/regions/CA");
    loader.cancel();
    expect(pending[0].signal.aborted).toBe(true);
    respond(pending[0], [ontario]);
    await settle();
    expect(states).toEqual([{ status: "loading", country: "CA" }]);
  });

  it("can retry after a failure", async () => {
    const states: RegionsState[] = [];
    const { pending, fetcher, respond } = manualFetch();
    const loader = createRegionsLoader((s) => states.push(s), fetcher);
    loader.load("CA", "/api/regions/CA");
    pending[0].reject(new TypeError("Failed to fetch"));
    await settle();
    loader.load("CA", "/api/regions/CA");
    respond(pending[1], [ontario]);
    await settle();
    expect(states.map((s) => s.status)).toEqual(["loading", "failed", "loading", "ready"]);
  });
});
