import { data } from "@remix-run/node";
import { invalidRouteParams } from "~/routing/responses";
import { PER_PAGE_CHOICES, formatSort } from "~/search/criteria";
import { getDatabase } from "~/server/runtime.server";
import {
  NAME_MODE_OPTIONS,
  type PlaceCriteria,
  defaultSort,
  hasAnyPlaceCriterion,
  parsePlaceCriteria,
  placeCriteriaToParams,
} from "./criteria";
import { SPELLING_LABELS, type SpellingKind } from "./demo";
import { PROVINCES, SHEETS, formatCoordinates, formatKm } from "./geo";
import { PLACE_INDEX_DESCRIPTION, PLACE_INDEX_TITLE, PLACE_SEARCH_PATH, placePath } from "./index-info";
import { buildPlaceMap } from "./map";
import { type Centre, type PlaceRow, getPlace, resolveCentre, searchPlaces } from "./search.server";

/**
 * Loaders of the Breyer map index: the search page (/breyer/map/search) and
 * one place's page (/breyer/map/place/:placeId).
 */

const NEIGHBOUR_KM = 10;

function spellingLabel(kind: string): string {
  return SPELLING_LABELS[kind as SpellingKind] ?? kind;
}

function rowView(r: PlaceRow) {
  return {
    id: r.id,
    href: placePath(r.id),
    name: r.name,
    spellings: r.spellings.map((s) => ({ kind: spellingLabel(s.kind), name: s.name })),
    province: r.province,
    sheet: r.sheet,
    square: r.square,
    coordinates: formatCoordinates(r),
    distance: r.distanceKm === undefined ? null : formatKm(r.distanceKm),
  };
}

function href(criteria: PlaceCriteria, change: Partial<PlaceCriteria>): string {
  const qs = placeCriteriaToParams({ ...criteria, page: 1, ...change }).toString();
  return `${PLACE_SEARCH_PATH}${qs ? `?${qs}` : ""}`;
}

function chips(criteria: PlaceCriteria) {
  const out: { label: string; removeHref: string }[] = [];
  if (criteria.name) {
    const mode = NAME_MODE_OPTIONS.find((m) => m.value === criteria.name!.mode)!;
    out.push({
      label: `Name: ${criteria.name.value}${criteria.name.mode === "starts" ? "" : ` (${mode.label.toLowerCase()})`}`,
      removeHref: href(criteria, { name: undefined }),
    });
  }
  if (criteria.province) {
    out.push({ label: `Province: ${criteria.province}`, removeHref: href(criteria, { province: undefined }) });
  }
  if (criteria.sheet) out.push({ label: `Sheet: ${criteria.sheet}`, removeHref: href(criteria, { sheet: undefined }) });
  if (criteria.square) {
    out.push({ label: `Square: ${criteria.square}`, removeHref: href(criteria, { square: undefined }) });
  }
  if (criteria.near) {
    out.push({
      label: `Within ${criteria.near.radiusKm} km of ${criteria.near.value}`,
      removeHref: href(criteria, { near: undefined, sort: undefined }),
    });
  }
  return out;
}

const form = {
  title: PLACE_INDEX_TITLE,
  description: PLACE_INDEX_DESCRIPTION,
  searchPath: PLACE_SEARCH_PATH,
  nameModes: NAME_MODE_OPTIONS,
  provinces: PROVINCES.map((p) => ({ value: p.name, label: p.polish === p.name ? p.name : `${p.name} (${p.polish})` })),
  sheets: SHEETS.map((s) => s.name),
  perPageChoices: [...PER_PAGE_CHOICES],
};

export async function loadPlaceSearch(request: Request) {
  const url = new URL(request.url);
  const { criteria, errors, values } = parsePlaceCriteria(url.searchParams);
  const sort = formatSort(criteria.sort);
  const base = {
    form,
    values,
    sort,
    sortIsChosen: sort !== formatSort(defaultSort(criteria)),
    perPage: criteria.perPage,
  };
  const database = await getDatabase();
  let centre: Centre | undefined;
  let centreChoices: { label: string; href: string }[] = [];
  if (criteria.near && !errors.near) {
    const resolved = await resolveCentre(database, criteria.near);
    if (resolved.centre) centre = resolved.centre;
    else {
      errors.near = resolved.message;
      centreChoices = resolved.candidates.map((c) => ({
        label: `${c.name}, ${c.province} (${formatCoordinates(c)})`,
        href: href(criteria, { near: { ...criteria.near!, id: c.id } }),
      }));
    }
  }
  if (Object.keys(errors).length) {
    return data({ ...base, errors, centreChoices, result: null }, { status: 400 });
  }
  if (!hasAnyPlaceCriterion(criteria)) return { ...base, errors, centreChoices, result: null };

  const result = await searchPlaces(database, criteria, centre);
  const mapRows = result.all ?? result.rows;
  const map =
    mapRows.length > 0
      ? buildPlaceMap(
          [
            ...mapRows
              .filter((r) => r.id !== centre?.id)
              .map((r) => ({ id: r.id, label: r.name, lat: r.lat, lon: r.lon })),
            ...(centre
              ? [{ id: centre.id, label: centre.name, lat: centre.lat, lon: centre.lon, highlight: true }]
              : []),
          ],
          centre && criteria.near ? { centre, radiusKm: criteria.near.radiusKm } : undefined,
        )
      : null;
  return {
    ...base,
    errors,
    centreChoices,
    result: {
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      correctedFromPage: result.correctedFromPage,
      query: placeCriteriaToParams({ ...criteria, page: 1 }).toString(),
      withDistance: !!centre,
      centre: centre ? { name: centre.name, province: centre.province, href: placePath(centre.id) } : null,
      radiusKm: criteria.near?.radiusKm ?? null,
      mappedCount: mapRows.length,
      chips: chips(criteria),
      rows: result.rows.map(rowView),
      map,
    },
  };
}

const PLACE_ID = /^[1-9]\d{0,9}$/;

function citation(place: PlaceRow, pageUrl: string, accessed: Date): string {
  const day = accessed.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return `“${place.name}”, sheet ${place.sheet}, square ${place.square}, in Albert Breyer, map of the German settlements in central Poland (1938). Indexed in Metryka, ${PLACE_INDEX_TITLE}, ${pageUrl} (accessed ${day}).`;
}

export async function loadPlacePage(request: Request, placeId: string | undefined) {
  const url = new URL(request.url);
  if (!placeId || !PLACE_ID.test(placeId)) throw invalidRouteParams(url.pathname);
  const database = await getDatabase();
  const place = await getPlace(database, Number(placeId));
  if (!place) throw invalidRouteParams(url.pathname);
  const near = { value: place.name, id: place.id, radiusKm: NEIGHBOUR_KM };
  const around = await searchPlaces(
    database,
    { near, page: 1, perPage: 10, sort: [{ field: "distance", descending: false }] },
    place,
  );
  const neighbours = (around.all ?? []).filter((r) => r.id !== place.id);
  const map = buildPlaceMap(
    [
      ...neighbours.map((r) => ({ id: r.id, label: r.name, lat: r.lat, lon: r.lon })),
      { id: place.id, label: place.name, lat: place.lat, lon: place.lon, highlight: true },
    ],
    { centre: place, radiusKm: NEIGHBOUR_KM },
  );
  const nearParams = placeCriteriaToParams({ near });
  return {
    index: { title: PLACE_INDEX_TITLE, searchPath: PLACE_SEARCH_PATH },
    place: {
      ...rowView(place),
      lat: place.lat.toFixed(4),
      lon: place.lon.toFixed(4),
      notes: place.notes,
    },
    neighbours: neighbours.slice(0, 10).map(rowView),
    neighbourCount: neighbours.length,
    neighbourKm: NEIGHBOUR_KM,
    nearbyHref: `${PLACE_SEARCH_PATH}?${nearParams}`,
    sameSquareHref: `${PLACE_SEARCH_PATH}?${placeCriteriaToParams({ sheet: place.sheet, square: place.square })}`,
    map,
    citation: citation(place, `${url.origin}${placePath(place.id)}`, new Date()),
  };
}
