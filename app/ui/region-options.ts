// Client logic of CountryRegionSelect, kept free of React and the DOM so the
// race and failure handling can be tested without a browser. Shared with the
// server module (countries.server.ts) so the default country is named once.

/** A country or region as the selects and /api/regions/:code exchange it. */
export interface PlaceOption {
  name: string;
  code: string;
}

/** SPEC §3: "The region select defaults to the United States when no country is given". */
export const DEFAULT_COUNTRY_CODE = "US";

/** SPEC §9 placeholders; the first, empty option of each select. */
export const COUNTRY_PLACEHOLDER = "Select Country";
export const REGION_PLACEHOLDER = "Select Region";
/** Shown as the only option when a country has no regions. */
export const NO_REGIONS_PLACEHOLDER = "No regions";

/** The country whose regions are listed: the chosen one, or the default when none is chosen. */
export function effectiveCountry(code: string | null | undefined): string {
  return code ? code : DEFAULT_COUNTRY_CODE;
}

/** The display name for a code, falling back to the code so a message is never blank. */
export function countryLabel(countries: readonly PlaceOption[], code: string | null | undefined): string {
  const effective = effectiveCountry(code);
  return countries.find((c) => c.code === effective)?.name ?? effective;
}

/**
 * Validates a fetched body. The response crosses a network boundary (proxies,
 * error pages served as 200), so anything but an array of {name, code} strings
 * counts as a failure rather than being rendered.
 */
export function parseRegions(body: unknown): PlaceOption[] | null {
  if (!Array.isArray(body)) return null;
  const out: PlaceOption[] = [];
  for (const item of body) {
    if (typeof item !== "object" || item === null) return null;
    const { name, code } = item as Record<string, unknown>;
    if (typeof name !== "string" || typeof code !== "string") return null;
    out.push({ name, code });
  }
  return out;
}

export type RegionsState =
  | { status: "ready"; country: string; regions: PlaceOption[] }
  | { status: "loading"; country: string }
  | { status: "failed"; country: string };

export interface RegionSelectView {
  /** Options after the first, empty one. */
  options: PlaceOption[];
  /** Text of the first, empty option. */
  placeholder: string;
  disabled: boolean;
  busy: boolean;
  /** Visible text beside the select, or null. */
  message: string | null;
  /** Text for the polite live region. */
  announcement: string;
}

export function regionsAnnouncement(count: number, label: string): string {
  if (count === 0) return `No regions for ${label}`;
  return `${count} ${count === 1 ? "region" : "regions"} for ${label}`;
}

/** What the region select says, in the page's language (the component passes its catalog's; English by default). */
export interface RegionWords {
  announcement(count: number, label: string): string;
  failed(label: string): string;
}

const ENGLISH_WORDS: RegionWords = {
  announcement: regionsAnnouncement,
  failed: (label) => `The regions for ${label} could not be loaded.`,
};

/** Picks what the region select shows for a loading state; `label` names state.country. */
export function regionSelectView(state: RegionsState, label: string, words = ENGLISH_WORDS): RegionSelectView {
  switch (state.status) {
    case "ready":
      if (state.regions.length === 0) {
        return {
          options: [],
          placeholder: NO_REGIONS_PLACEHOLDER,
          disabled: true,
          busy: false,
          message: null,
          announcement: words.announcement(0, label),
        };
      }
      return {
        options: state.regions,
        placeholder: REGION_PLACEHOLDER,
        disabled: false,
        busy: false,
        message: null,
        announcement: words.announcement(state.regions.length, label),
      };
    case "loading":
      // The old country's options are dropped at once so none can be submitted
      // with the new country; the select stays enabled so focus is never lost.
      return {
        options: [],
        placeholder: REGION_PLACEHOLDER,
        disabled: false,
        busy: true,
        message: null,
        announcement: "",
      };
    case "failed": {
      // Still enabled: the form can be sent, and the server re-renders the
      // regions of the chosen country exactly as it does without JavaScript.
      const message = words.failed(label);
      return {
        options: [],
        placeholder: REGION_PLACEHOLDER,
        disabled: false,
        busy: false,
        message,
        announcement: message,
      };
    }
  }
}

export type FetchLike = (
  url: string,
  init: { signal: AbortSignal; headers: Record<string, string> },
) => Promise<{
  ok: boolean;
  json(): Promise<unknown>;
}>;

export interface RegionsLoader {
  /** Starts loading `url` for `country`; any load still running is abandoned. */
  load(country: string, url: string): void;
  /** Abandons the running load, e.g. on unmount. */
  cancel(): void;
}

/**
 * Loads region lists so that only the latest request can report: when the
 * country changes twice quickly, a slow first response must not overwrite the
 * second. Aborting alone is not enough (a response may already be parsing), so
 * each load also carries a sequence number checked before every report.
 */
export function createRegionsLoader(
  onState: (state: RegionsState) => void,
  // Wrapped rather than passed bare: calling window.fetch detached from window throws "Illegal invocation".
  fetcher: FetchLike = (url, init) => fetch(url, init),
): RegionsLoader {
  let seq = 0;
  let controller: AbortController | null = null;

  function cancel(): void {
    seq += 1;
    controller?.abort();
    controller = null;
  }

  function load(country: string, url: string): void {
    cancel();
    const mine = seq;
    const current = new AbortController();
    controller = current;
    const report = (state: RegionsState) => {
      if (mine === seq) onState(state);
    };
    report({ status: "loading", country });
    fetcher(url, { signal: current.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) return report({ status: "failed", country });
        const regions = parseRegions(await response.json());
        report(regions ? { status: "ready", country, regions } : { status: "failed", country });
      })
      .catch(() => report({ status: "failed", country }))
      .finally(() => {
        if (controller === current) controller = null;
      });
  }

  return { load, cancel };
}
