import { ENGLISH_SAY, type Say } from "~/listing/say";
import { buildMapView } from "~/maps/view.server";
import { knownPlacePath } from "~/places/nearby.server";
import { mapIndex } from "~/places/indexes";
import type { PlaceCounts } from "./place-counts.server";

/**
 * A surname's map (issue 11, part 5; decision 0040): the counts of
 * `recordPlaceCounts` as a map view — one circle per place, its area by the
 * number of records — and the table under it, for all decades or one. Used by
 * a collection's search (`view=map`) and by /Search over every collection.
 */

/** `view=map` shows the map; `view=places` was its first name (the table alone) and old links keep working. */
export function isMapView(params: URLSearchParams): boolean {
  const view = params.get("view");
  return view === "map" || view === "places";
}

/** Decades are named by their first year: 1850 is 1850–1859. */
const DECADE = /^1[0-9]{2}0$/;

export type DecadeChoice = { decade: number | null; error?: undefined } | { decade: null; error: string };

/**
 * The `decade` parameter: empty or absent for all decades, else a decade's first year. A decade in which no record
 * falls is a fair question (its answer is none); anything else is a message beside the field.
 */
/** `say` gives its message in the reader's language (app/listing/say.ts); English without. */
export function parseDecade(params: URLSearchParams, say: Say = ENGLISH_SAY): DecadeChoice {
  const raw = (params.get("decade") ?? "").trim();
  if (!raw) return { decade: null };
  if (!DECADE.test(raw)) {
    return { decade: null, error: say("Choose a decade from the list (its first year, such as 1850).") };
  }
  return { decade: Number(raw) };
}

export interface SurnameMapInput {
  counts: PlaceCounts;
  decade: DecadeChoice;
  /** The search's own parameters (without view and decade): the decade form sends them again. */
  query: URLSearchParams;
  /** The page the decade form goes to. */
  action: string;
}

export function surnameMap({ counts, decade, query, action }: SurnameMapInput) {
  const chosen = decade.decade;
  const countIn = (p: PlaceCounts["places"][number]) =>
    chosen === null ? p.total : (p.decades.find((d) => d.decade === chosen)?.count ?? 0);
  const shown = counts.places
    .map((p) => ({ p, count: countIn(p) }))
    .filter((e) => e.count > 0)
    .sort((a, b) => b.count - a.count || a.p.place.name.localeCompare(b.p.place.name) || a.p.place.id - b.p.place.id);
  const decades = counts.decades.map((d) => ({
    decade: d,
    count: counts.places.reduce((n, p) => n + (p.decades.find((x) => x.decade === d)?.count ?? 0), 0),
  }));
  const map = shown.length
    ? buildMapView({
        points: shown.map(({ p, count }) => ({
          id: p.place.id,
          lat: p.place.lat,
          lon: p.place.lon,
          label: p.place.name,
          href: knownPlacePath(p.place),
          count,
        })),
        sizeByCount: true,
      })
    : null;
  const hidden = [...query].filter(([name]) => name !== "view" && name !== "decade" && name !== "page");
  return {
    records: counts.records,
    unplaced: counts.unplaced,
    partial: counts.partial,
    decade: chosen,
    decadeError: decade.error ?? null,
    /** Records at the places shown (in the chosen decade). */
    shownRecords: shown.reduce((n, e) => n + e.count, 0),
    decades,
    form: { action, hidden: [...hidden, ["view", "map"]] as [string, string][] },
    map,
    places: shown.map(({ p, count }) => ({
      id: p.place.id,
      name: p.place.name,
      province: p.place.province,
      index: mapIndex(p.place.index).title,
      href: knownPlacePath(p.place),
      count,
      total: p.total,
      byDecade: Object.fromEntries(p.decades.map((d) => [d.decade, d.count])) as Record<number, number>,
    })),
  };
}

export type SurnameMap = ReturnType<typeof surnameMap>;
