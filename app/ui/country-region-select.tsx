import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "~/i18n/react";
import {
  NO_REGIONS_PLACEHOLDER,
  REGION_PLACEHOLDER,
  countryLabel,
  createRegionsLoader,
  effectiveCountry,
  regionSelectView,
  type PlaceOption,
  type RegionsLoader,
  type RegionsState,
} from "./region-options";
import { regionsPath } from "~/routing/paths";

export interface CountryRegionSelectProps {
  countries: PlaceOption[];
  /** Regions of defaultCountry (regionsOf(defaultCountry) in the loader), so the page works without JavaScript. */
  regions: PlaceOption[];
  countryName?: string;
  regionName?: string;
  defaultCountry?: string;
  defaultRegion?: string;
  errors?: Record<string, string>;
  regionsUrl?: (countryCode: string) => string;
}

const defaultRegionsUrl = regionsPath;

/**
 * Country and region selects for an address (SPEC §3, §9). Without JavaScript
 * the server-rendered regions of defaultCountry are all there is, and the
 * server re-renders them for the submitted country; with JavaScript the region
 * list follows the country select at once.
 */
/** The placeholders region-options.ts names (the spec's English words) and their keys in the catalogs. */
const PLACEHOLDER_KEYS: Readonly<Record<string, string>> = {
  [REGION_PLACEHOLDER]: "countryRegion.selectRegion",
  [NO_REGIONS_PLACEHOLDER]: "countryRegion.noRegions",
};

export function CountryRegionSelect({
  countries,
  regions,
  countryName = "country",
  regionName = "region",
  defaultCountry = "",
  defaultRegion = "",
  errors = {},
  regionsUrl = defaultRegionsUrl,
}: CountryRegionSelectProps) {
  const { t } = useTranslation("common");
  const [state, setState] = useState<RegionsState>(() => ({ status: "ready", country: defaultCountry, regions }));
  // Nothing is announced on page load: the live region speaks only after the user changes the country.
  const [changed, setChanged] = useState(false);
  // Controlled so that a country change can reset it; the initial value still renders on the server.
  const [region, setRegion] = useState(defaultRegion);
  const loader = useRef<RegionsLoader | null>(null);
  const regionSelect = useRef<HTMLSelectElement>(null);

  useEffect(() => () => loader.current?.cancel(), []);

  function loadRegions(code: string) {
    loader.current ??= createRegionsLoader(setState);
    loader.current.load(code, regionsUrl(effectiveCountry(code)));
  }

  function onCountryChange(event: ChangeEvent<HTMLSelectElement>) {
    setRegion("");
    setChanged(true);
    loadRegions(event.target.value);
  }

  const view = regionSelectView(state, countryLabel(countries, state.country), {
    announcement: (count, country) =>
      count === 0 ? t("countryRegion.noRegionsFor", { country }) : t("countryRegion.regionsFor", { count, country }),
    failed: (country) => t("countryRegion.failed", { country }),
  });
  const countryError = errors[countryName];
  const regionError = errors[regionName];
  const messageId = `${regionName}-message`;

  return (
    <>
      <div className="field">
        <label htmlFor={countryName}>{t("countryRegion.country")}</label>
        <select
          id={countryName}
          name={countryName}
          defaultValue={defaultCountry}
          autoComplete="country"
          onChange={onCountryChange}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? `${countryName}-error` : undefined}
        >
          <option value="">{t("countryRegion.selectCountry")}</option>
          {/* Names from Intl.DisplayNames or the data: proper names, which a page translator must leave alone. */}
          {countries.map((c) => (
            <option key={c.code} value={c.code} translate="no">
              {c.name}
            </option>
          ))}
        </select>
        {countryError ? (
          <p className="field-error" id={`${countryName}-error`}>
            {countryError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={regionName}>{t("countryRegion.region")}</label>
        <select
          ref={regionSelect}
          id={regionName}
          name={regionName}
          value={region}
          onChange={(event) => setRegion(event.target.value)}
          disabled={view.disabled}
          autoComplete="address-level1"
          aria-busy={view.busy ? true : undefined}
          aria-invalid={regionError ? true : undefined}
          aria-describedby={
            [regionError ? `${regionName}-error` : "", view.message ? messageId : ""].filter(Boolean).join(" ") ||
            undefined
          }
        >
          <option value="">{t(PLACEHOLDER_KEYS[view.placeholder] ?? "countryRegion.selectRegion")}</option>
          {view.options.map((r) => (
            <option key={r.code} value={r.code} translate="no">
              {r.name}
            </option>
          ))}
        </select>
        {view.message ? (
          <p className="field-hint" id={messageId}>
            {view.message}{" "}
            <button
              type="button"
              onClick={() => {
                // The button disappears while loading; focus goes where the user was heading, not to <body>.
                regionSelect.current?.focus();
                loadRegions(state.country);
              }}
            >
              {t("countryRegion.tryAgain")}
            </button>
          </p>
        ) : null}
        {regionError ? (
          <p className="field-error" id={`${regionName}-error`}>
            {regionError}
          </p>
        ) : null}
        <p className="visually-hidden" role="status" aria-live="polite">
          {changed ? view.announcement : ""}
        </p>
      </div>
    </>
  );
}
