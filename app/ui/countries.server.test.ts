import data from "country-region-data/data.json";
import { describe, expect, it } from "vitest";
import { countryName, isCountry, isRegionOf, listCountries, regionName, regionsOf } from "./countries.server";

const names = () => listCountries().map((c) => c.name);
const regionNames = (code: string | null | undefined) => regionsOf(code).map((r) => r.name);

describe("listCountries (SPEC §3)", () => {
  it("lists every country in the data once, with two-letter upper-case codes", () => {
    const countries = listCountries();
    expect(countries).toHaveLength(data.length);
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length);
    for (const c of countries) expect(c.code).toMatch(/^[A-Z]{2}$/);
  });

  it("is alphabetical by name", () => {
    const list = names();
    expect(list).toEqual([...list].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("moves the one entry the data misplaces and keeps the data's order otherwise", () => {
    const dataOrder = data.map((c) => c.countryName);
    // The data lists Eswatini (formerly Swaziland) after Suriname.
    expect(dataOrder.indexOf("Eswatini")).toBeGreaterThan(dataOrder.indexOf("Suriname"));
    const list = names();
    expect(list.slice(list.indexOf("Estonia"), list.indexOf("Ethiopia") + 1)).toEqual([
      "Estonia",
      "Eswatini",
      "Ethiopia",
    ]);
    const withoutEswatini = (xs: string[]) => xs.filter((n) => n !== "Eswatini");
    expect(withoutEswatini(list)).toEqual(withoutEswatini(dataOrder));
  });

  it("includes the countries SPEC §3 names, spelled as the data spells them, through Zimbabwe", () => {
    const expected = [
      "Central African Republic",
      "Chad",
      "Chile",
      "China",
      "Uganda",
      "Ukraine",
      "United Arab Emirates",
      "United Kingdom",
      "United States",
      "Uruguay",
      "Uzbekistan",
      "Vanuatu",
      "Venezuela, Bolivarian Republic of",
      "Vietnam",
      "Virgin Islands, British",
      "Virgin Islands, U.S.",
      "Wallis and Futuna",
      "Western Sahara",
      "Yemen",
      "Zambia",
      "Zimbabwe",
    ];
    const list = names();
    expect(list).toEqual(expect.arrayContaining(expected));
    expect(list.at(-1)).toBe("Zimbabwe");
    // The tail of the list is exactly these, in this order.
    expect(list.slice(list.indexOf("Uruguay"))).toEqual(expected.slice(expected.indexOf("Uruguay")));
  });

  it("gives the expected codes", () => {
    const code = (name: string) => listCountries().find((c) => c.name === name)?.code;
    expect(code("United States")).toBe("US");
    expect(code("United Kingdom")).toBe("GB");
    expect(code("Virgin Islands, British")).toBe("VG");
    expect(code("Virgin Islands, U.S.")).toBe("VI");
    expect(code("Poland")).toBe("PL");
  });

  it("hands out copies, so a caller cannot reorder the shared list", () => {
    const a = listCountries();
    a.reverse();
    expect(listCountries()[0].name).not.toBe(a[0].name);
  });
});

describe("regionsOf", () => {
  it("lists US states, territories and armed-forces regions", () => {
    const us = regionsOf("US");
    expect(us).toEqual(
      expect.arrayContaining([
        { name: "California", code: "CA" },
        { name: "District of Columbia", code: "DC" },
        { name: "Guam", code: "GU" },
        { name: "Puerto Rico", code: "PR" },
        { name: "Virgin Islands", code: "VI" },
        { name: "Armed Forces Americas", code: "AA" },
        { name: "Armed Forces Europe, Canada, Africa and Middle East", code: "AE" },
        { name: "Armed Forces Pacific", code: "AP" },
      ]),
    );
  });

  it("keeps the data's order (armed forces after Wyoming)", () => {
    const us = regionNames("US");
    const dataUs = data.find((c) => c.countryShortCode === "US")?.regions.map((r) => r.name);
    expect(us).toEqual(dataUs);
    expect(us.slice(us.indexOf("Wyoming"))).toEqual([
      "Wyoming",
      "Armed Forces Americas",
      "Armed Forces Europe, Canada, Africa and Middle East",
      "Armed Forces Pacific",
    ]);
  });

  it("defaults to the United States when no country is given", () => {
    const us = regionsOf("US");
    expect(regionsOf(undefined)).toEqual(us);
    expect(regionsOf(null)).toEqual(us);
    expect(regionsOf("")).toEqual(us);
  });

  it("gives [] for an unknown or wrongly cased code", () => {
    expect(regionsOf("XX")).toEqual([]);
    expect(regionsOf("USA")).toEqual([]);
    expect(regionsOf("us")).toEqual([]);
    expect(regionsOf("toString")).toEqual([]);
  });

  it("keeps regions without a short code, using the name as the code", () => {
    // Every Cook Islands region lacks a short code in the data.
    const cookIslands = data.find((c) => c.countryShortCode === "CK");
    expect(cookIslands?.regions.every((r) => !("shortCode" in r))).toBe(true);
    const ck = regionsOf("CK");
    expect(ck).toHaveLength(cookIslands?.regions.length ?? -1);
    expect(ck).toContainEqual({ name: "Aitutaki", code: "Aitutaki" });
    expect(isRegionOf("CK", "Aitutaki")).toBe(true);
    expect(regionName("CK", "Aitutaki")).toBe("Aitutaki");
  });

  it("keeps a region whose short code is empty, using the name as the code", () => {
    const mk = data.find((c) => c.countryShortCode === "MK");
    expect(mk?.regions).toContainEqual({ name: "Radoviš", shortCode: "" });
    expect(regionsOf("MK")).toContainEqual({ name: "Radoviš", code: "Radoviš" });
    expect(regionsOf("MK").some((r) => r.code === "")).toBe(false);
  });

  it("keeps countries that mix coded and uncoded regions whole", () => {
    const kz = regionsOf("KZ");
    expect(kz).toContainEqual({ name: "Bayqongyr", code: "Bayqongyr" });
    expect(kz.filter((r) => r.code !== r.name).length).toBeGreaterThan(0);
  });

  it("gives every region of every country a non-empty code unique within its country", () => {
    for (const { code } of listCountries()) {
      const codes = regionsOf(code).map((r) => r.code);
      expect(
        codes.every((c) => c.length > 0),
        code,
      ).toBe(true);
      expect(new Set(codes).size, code).toBe(codes.length);
    }
  });

  it("hands out copies", () => {
    regionsOf("US").length = 0;
    expect(regionsOf("US").length).toBeGreaterThan(50);
  });
});

describe("validation and display helpers", () => {
  it("isCountry accepts known codes only, exactly cased", () => {
    expect(isCountry("US")).toBe(true);
    expect(isCountry("PL")).toBe(true);
    expect(isCountry("ZW")).toBe(true);
    expect(isCountry("us")).toBe(false);
    expect(isCountry("XX")).toBe(false);
    expect(isCountry("")).toBe(false);
    expect(isCountry(null)).toBe(false);
    expect(isCountry(undefined)).toBe(false);
  });

  it("isRegionOf checks the region against that country's list", () => {
    expect(isRegionOf("US", "CA")).toBe(true);
    expect(isRegionOf("CA", "ON")).toBe(true);
    expect(isRegionOf("CA", "CA")).toBe(false);
    expect(isRegionOf("US", "ON")).toBe(false);
    expect(isRegionOf("US", "California")).toBe(false);
    expect(isRegionOf("XX", "CA")).toBe(false);
  });

  it("isRegionOf follows the US default when no country is given, and never accepts an empty region", () => {
    expect(isRegionOf("", "NY")).toBe(true);
    expect(isRegionOf(undefined, "NY")).toBe(true);
    expect(isRegionOf("US", "")).toBe(false);
    expect(isRegionOf("US", null)).toBe(false);
  });

  it("countryName and regionName give display names", () => {
    expect(countryName("US")).toBe("United States");
    expect(countryName("VG")).toBe("Virgin Islands, British");
    expect(countryName("XX")).toBeUndefined();
    expect(countryName("")).toBeUndefined();
    expect(regionName("US", "PR")).toBe("Puerto Rico");
    expect(regionName("US", "AA")).toBe("Armed Forces Americas");
    expect(regionName(null, "GU")).toBe("Guam");
    expect(regionName("US", "XX")).toBeUndefined();
    expect(regionName("US", "")).toBeUndefined();
  });
});
