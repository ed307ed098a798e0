import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { listCountries, regionsOf } from "./countries.server";
import { CountryRegionSelect } from "./country-region-select";

// Server rendering only: this is what a visitor without JavaScript gets.
const countries = listCountries();

describe("CountryRegionSelect (server render)", () => {
  it("renders labelled selects with the SPEC §9 placeholders first, and US regions by default", () => {
    const html = renderToStaticMarkup(<CountryRegionSelect countries={countries} regions={regionsOf(undefined)} />);
    expect(html).toContain('<label for="country">Country</label>');
    expect(html).toContain('<label for="region">Region / state / province</label>');
    expect(html).toMatch(
      /<select id="country" name="country"[^>]*><option value="" selected="">Select Country<\/option>/,
    );
    expect(html).toMatch(/<select id="region" name="region"[^>]*><option value="" selected="">Select Region<\/option>/);
    expect(html).toContain('<option value="PR" translate="no">Puerto Rico</option>');
    expect(html).toContain('<option value="AA" translate="no">Armed Forces Americas</option>');
    expect(html).toContain('<option value="ZW" translate="no">Zimbabwe</option>');
    expect(html).toMatch(/role="status" aria-live="polite"><\/p>/);
    expect(html).not.toContain("aria-invalid");
  });

  it("selects the default country and region and renders that country's regions", () => {
    const html = renderToStaticMarkup(
      <CountryRegionSelect
        countries={countries}
        regions={regionsOf("CK")}
        countryName="homeCountry"
        regionName="homeRegion"
        defaultCountry="CK"
        defaultRegion="Aitutaki"
      />,
    );
    expect(html).toContain('<option value="CK" translate="no" selected="">Cook Islands</option>');
    expect(html).toContain('<option value="Aitutaki" translate="no" selected="">Aitutaki</option>');
    const regionSelect = html.slice(html.indexOf('<select id="homeRegion"'));
    expect(regionSelect).not.toContain('value="CA"');
    expect(html).toContain('name="homeCountry"');
    expect(html).toContain('name="homeRegion"');
  });

  it("shows errors beside their fields and ties them to the selects", () => {
    const html = renderToStaticMarkup(
      <CountryRegionSelect
        countries={countries}
        regions={regionsOf("US")}
        defaultCountry="US"
        errors={{ country: "Choose a country", region: "Choose a region of United States" }}
      />,
    );
    expect(html).toMatch(/<select id="country"[^>]*aria-invalid="true" aria-describedby="country-error"/);
    expect(html).toMatch(/<select id="region"[^>]*aria-invalid="true" aria-describedby="region-error"/);
    expect(html).toContain('<p class="field-error" id="country-error">Choose a country</p>');
    expect(html).toContain('<p class="field-error" id="region-error">Choose a region of United States</p>');
  });

  it("shows a disabled No regions select for a country without regions", () => {
    const html = renderToStaticMarkup(<CountryRegionSelect countries={countries} regions={[]} defaultCountry="XX" />);
    expect(html).toMatch(
      /<select id="region"[^>]*disabled=""[^>]*><option value="" selected="">No regions<\/option><\/select>/,
    );
  });
});
