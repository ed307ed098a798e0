/**
 * Reference data for address pickers (SPEC §3): countries and their regions,
 * from the country-region-data package.
 *
 * Server only: data.json is about 330 KB, so the browser receives just the
 * country list and one country's regions (through /api/regions/:code).
 *
 * Countries are sorted by name here because the data is not fully sorted
 * (Eswatini, renamed from Swaziland, still sits after Suriname); the sort is
 * stable, so entries the data already orders keep their order.
 *
 * Regions keep the data's order, which is only mostly alphabetical: it groups
 * on purpose in places (the US lists its armed-forces regions after Wyoming),
 * and re-sorting would break that.
 *
 * Some regions have no short code or an empty one (e.g. all of the Cook
 * Islands, Puerto Rico's municipalities, one Macedonian municipality). They are
 * kept, with the region name as their code, so every option still has a
 * non-empty value that is unique within its country and stable across data
 * upgrades that do not rename it. Tests check that uniqueness for every country.
 */
import data from "country-region-data/data.json";
import { DEFAULT_COUNTRY_CODE, effectiveCountry, type PlaceOption } from "~/ui/region-options";

interface RawRegion {
  name: string;
  shortCode?: string;
}

interface RawCountry {
  countryName: string;
  countryShortCode: string;
  regions: RawRegion[];
}

interface CountryEntry {
  name: string;
  regions: readonly PlaceOption[];
  regionNames: ReadonlyMap<string, string>;
}

const raw: readonly RawCountry[] = data;

const byCode: ReadonlyMap<string, CountryEntry> = new Map(
  raw.map((country) => {
    const regions = country.regions.map((r) => Object.freeze({ name: r.name, code: r.shortCode || r.name }));
    const entry: CountryEntry = {
      name: country.countryName,
      regions,
      regionNames: new Map(regions.map((r) => [r.code, r.name])),
    };
    return [country.countryShortCode, entry];
  }),
);

const sortedCountries: readonly PlaceOption[] = raw
  .map((c) => Object.freeze({ name: c.countryName, code: c.countryShortCode }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

export { DEFAULT_COUNTRY_CODE };

/** All countries, alphabetical by name; `code` is the two-letter short code. */
export function listCountries(): PlaceOption[] {
  return [...sortedCountries];
}

const countriesByLanguage = new Map<string, readonly PlaceOption[]>();

/**
 * All countries named in a language (issue 29): Intl.DisplayNames where it knows the code, else the data's English
 * name, in that language's alphabetical order (Intl.Collator: Ł after L in Polish, Ä with A in German). English is
 * the data's own names.
 */
export function countriesIn(language: string): PlaceOption[] {
  if (language === "en") return listCountries();
  let list = countriesByLanguage.get(language);
  if (!list) {
    const names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
    const collator = new Intl.Collator(language);
    const named = (code: string, english: string) => {
      try {
        return names.of(code) ?? english;
      } catch {
        // A code Intl does not take (the data has a few that are not ISO 3166): the data's name.
        return english;
      }
    };
    list = sortedCountries
      .map((c) => Object.freeze({ name: named(c.code, c.name), code: c.code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    countriesByLanguage.set(language, list);
  }
  return [...list];
}

/**
 * Regions of a country in the data's order. No country (null, undefined or "")
 * means the United States, as the region select defaults to it; an unknown code
 * gives [].
 */
export function regionsOf(countryCode: string | null | undefined): PlaceOption[] {
  return [...(byCode.get(effectiveCountry(countryCode))?.regions ?? [])];
}

/** Whether `code` is a known two-letter country code (exact case, as the select submits it). */
export function isCountry(code: string | null | undefined): boolean {
  return typeof code === "string" && byCode.has(code);
}

/**
 * Whether `regionCode` is one of regionsOf(countryCode). An empty country
 * means the United States, matching what the select showed; whether an empty
 * region is acceptable is the caller's decision (it is never valid here).
 */
export function isRegionOf(countryCode: string | null | undefined, regionCode: string | null | undefined): boolean {
  return regionName(countryCode, regionCode) !== undefined;
}

export function countryName(code: string | null | undefined): string | undefined {
  return code ? byCode.get(code)?.name : undefined;
}

/** The region's display name, or undefined when it is not a region of that country. */
export function regionName(
  countryCode: string | null | undefined,
  regionCode: string | null | undefined,
): string | undefined {
  if (!regionCode) return undefined;
  return byCode.get(effectiveCountry(countryCode))?.regionNames.get(regionCode);
}
