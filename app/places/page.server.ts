import { resultPage } from "~/ui/result-page";
import { data } from "@remix-run/node";
import { formatCitationDay } from "~/ui/format";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { chipCollector, modeNote } from "~/listing/chips";
import { perPageChoices } from "~/listing/params";
import { pathWith } from "~/listing/search-form";
import { formatSort } from "~/listing/sort";
import type { Viewer } from "~/auth/viewer.server";
import { getDatabase } from "~/db/current.server";
import {
  DEFAULT_NAME_MODE,
  NAME_MODE_OPTIONS,
  type PlaceCriteria,
  defaultSort,
  hasAnyPlaceCriterion,
  parsePlaceCriteria,
  placeCriteriaToParams,
} from "./criteria";
import { SPELLING_LABELS, type SpellingKind } from "./spellings";
import { formatCoordinates } from "./geo";
import { type MapIndexDef, mapPlacePath, mapSearchPath, spellingLang } from "./indexes";
import { buildMapView } from "~/maps/view.server";
import { gridOverlayFor } from "./grid-overlay";
import { languageOfRequest } from "~/auth/language.server";
import { formatDay, formatKm } from "~/i18n/format";
import type { Language } from "~/i18n/languages";
import { scriptHint } from "~/names/script-hint";
import type { Words } from "~/listing/say";
import { sayIn, searchWords } from "~/listing/say.server";
import { translator } from "~/i18n/i18next.server";
import { type Centre, type PlaceRow, getPlace, resolveCentre, searchPlaces } from "./search.server";

/**
 * Loaders of the place indexes: the search page (`…/map/search`) and one
 * place's page (`…/map/place/:placeId`), for whichever index the path names.
 */

const NEIGHBOUR_KM = 10;

function spellingLabel(kind: string): string {
  return SPELLING_LABELS[kind as SpellingKind] ?? kind;
}

function rowView(index: MapIndexDef, r: PlaceRow, words?: Words) {
  const own = index.ownColumn;
  return {
    id: r.id,
    href: mapPlacePath(index, r.id),
    name: r.name,
    /** The spelling shown in a column of its own (the name itself when it has no other). */
    ownSpelling: own ? (r.spellings.find((s) => s.kind === own.kind)?.name ?? r.name) : null,
    spellings: r.spellings
      .filter((s) => s.kind !== own?.kind)
      .map((s) => ({
        kind: words ? words(`spellings.${s.kind}`) : spellingLabel(s.kind),
        name: s.name,
        lang: spellingLang(index, s.kind),
      })),
    province: r.province,
    sheet: r.sheet,
    square: r.square,
    mapCoordinate: r.square ? `${r.sheet}, ${r.square}` : r.sheet,
    coordinates: formatCoordinates(r),
    distance: r.distanceKm === undefined ? null : formatKm((words?.language ?? "en") as Language, r.distanceKm),
  };
}

const searchHref = (index: MapIndexDef, criteria: PlaceCriteria) =>
  pathWith(mapSearchPath(index), placeCriteriaToParams(criteria));

/** A search's chips in the reader's language (`words`: the `places` catalog's; `search`: the shared chips'). */
function chips(index: MapIndexDef, criteria: PlaceCriteria, words: Words, search: Words) {
  const { chips: out, add } = chipCollector(criteria, (next) => searchHref(index, next));
  const word = (key: string) => words(`indexes.${index.id}.${key}`);
  if (criteria.name) {
    const note = modeNote(criteria.name.mode, DEFAULT_NAME_MODE, search);
    add(words("search.chipName", { name: criteria.name.value, note }), { name: undefined });
  }
  if (criteria.province) add(`${word("provinceLabel")}: ${criteria.province}`, { province: undefined });
  if (criteria.sheet) add(`${word("chipLabel")}: ${criteria.sheet}`, { sheet: undefined });
  if (criteria.square) add(words("search.chipSquare", { square: criteria.square }), { square: undefined });
  if (criteria.near) {
    add(search("chips.near", { km: criteria.near.radiusKm, place: criteria.near.value }), {
      near: undefined,
      sort: undefined,
    });
  }
  return out;
}

function formOf(index: MapIndexDef, words: Words, search: Words) {
  const { grid } = index;
  const word = (key: string) => words(`indexes.${index.id}.${key}`);
  return {
    id: index.id,
    title: sourceWord(words.language as Language, index.id, "title", index.title),
    description: sourceWord(words.language as Language, index.id, "description", index.description),
    access: index.access,
    searchPath: mapSearchPath(index),
    nameModes: NAME_MODE_OPTIONS.map((m) => ({ ...m, label: search(`modes.${m.value}`) })),
    nameLabel: word("nameLabel"),
    nameLang: index.nameLang,
    ownColumnLabel: index.ownColumn ? word("ownColumn") : null,
    ownColumnLang: index.ownColumn ? spellingLang(index, index.ownColumn.kind) : null,
    provinceLabel: word("provinceLabel"),
    provinces: index.provinces.map((p) => ({
      value: p.name,
      label: p.alias === p.name ? p.name : `${p.name} (${p.alias})`,
    })),
    sheetLabel: word("sheetLabel"),
    sheetHint: grid.hint ? word("sheetHint") : null,
    sheets: grid.sheets ? [...grid.sheets] : null,
    hasSquares: grid.hasSquares,
    coordinateColumn: word("columnLabel"),
    gridLabel: word("grid"),
    perPageChoices: perPageChoices(),
  };
}

/**
 * An index's search page for `viewer`. A members' index's route has called the
 * guard already (routes/members.source-*); the queries check the viewer again.
 */
export async function loadPlaceSearch(request: Request, index: MapIndexDef, viewer: Viewer) {
  const url = new URL(request.url);
  const language = await languageOfRequest(request);
  const words = searchWords(language, "places");
  const search = searchWords(language);
  const { criteria, errors, values } = parsePlaceCriteria(url.searchParams, index, sayIn(language));
  const sort = formatSort(criteria.sort);
  const base = {
    // Which page the one search route renders (app/catalog-pages.tsx), without the catalog in the browser.
    kind: "places" as const,
    form: formOf(index, words, search),
    meta: {
      title: words("search.meta.title", { title: sourceWord(language, index.id, "title", index.title) }),
      description: sourceWord(language, index.id, "description", index.description),
    },
    values,
    sort,
    sortIsChosen: sort !== formatSort(defaultSort(criteria)),
    perPage: criteria.perPage,
  };
  const database = await getDatabase();
  let centre: Centre | undefined;
  let centreChoices: { label: string; href: string }[] = [];
  if (criteria.near && !errors.near) {
    const resolved = await resolveCentre(database, index.id, criteria.near, viewer);
    if (resolved.centre) centre = resolved.centre;
    else {
      errors.near = resolved.message;
      centreChoices = resolved.candidates.map((c) => ({
        label: `${c.name}, ${c.province} (${formatCoordinates(c)})`,
        href: searchHref(index, { ...criteria, page: 1, near: { ...criteria.near!, id: c.id } }),
      }));
    }
  }
  if (Object.keys(errors).length) {
    return data({ ...base, errors, centreChoices, result: null }, { status: 400 });
  }
  if (!hasAnyPlaceCriterion(criteria)) return { ...base, errors, centreChoices, result: null };

  const result = await searchPlaces(database, criteria, viewer, centre);
  const mapRows = result.all ?? result.rows;
  const map =
    mapRows.length > 0
      ? buildMapView({
          points: [
            ...mapRows
              .filter((r) => r.id !== centre?.id)
              .map((r) => ({ id: r.id, label: r.name, lat: r.lat, lon: r.lon, href: mapPlacePath(index, r.id) })),
            ...(centre
              ? [
                  {
                    id: centre.id,
                    label: centre.name,
                    lat: centre.lat,
                    lon: centre.lon,
                    href: mapPlacePath(index, centre.id),
                    highlight: true,
                  },
                ]
              : []),
          ],
          circle:
            centre && criteria.near ? { lat: centre.lat, lon: centre.lon, km: criteria.near.radiusKm } : undefined,
          grid: gridOverlayFor(index.id),
          fallbackBounds: index.area,
        })
      : null;
  return {
    ...base,
    meta: {
      ...base.meta,
      title: words("search.meta.titleWithCount", {
        count: result.total,
        title: sourceWord(language, index.id, "title", index.title),
      }),
    },
    errors,
    centreChoices,
    result: {
      ...resultPage(result),
      query: placeCriteriaToParams({ ...criteria, page: 1 }).toString(),
      withDistance: !!centre,
      centre: centre ? { name: centre.name, province: centre.province, href: mapPlacePath(index, centre.id) } : null,
      radiusKm: criteria.near?.radiusKm ?? null,
      mappedCount: mapRows.length,
      chips: chips(index, criteria, words, search),
      rows: result.rows.map((r) => rowView(index, r, words)),
      map,
    },
  };
}

const PLACE_ID = /^[1-9]\d{0,9}$/;

/** A place's citation in the reader's language. */
function localCitation(index: MapIndexDef, place: PlaceRow, pageUrl: string, accessed: Date, language: Language) {
  const words = searchWords(language, "places");
  const iso = accessed.toISOString().slice(0, 10);
  return words("citation.text", {
    name: place.name,
    where: words(`indexes.${index.id}.describe`, { sheet: place.sheet, square: place.square }),
    source: words(`indexes.${index.id}.source`),
    title: sourceWord(language, index.id, "title", index.title),
    url: pageUrl,
    accessed: language === "en" ? formatCitationDay(accessed) : formatDay(language, iso, accessed.getUTCFullYear()),
  });
}

export async function loadPlacePage(request: Request, index: MapIndexDef, viewer: Viewer, placeId: string | undefined) {
  const url = new URL(request.url);
  // The index's words in the reader's language; the places' names stay as the maps and lists write them.
  const language = await languageOfRequest(request);
  const words = searchWords(language, "places");
  const indexWord = (key: string) => words(`indexes.${index.id}.${key}`);
  if (!placeId || !PLACE_ID.test(placeId)) throw invalidRouteParams(url.pathname);
  const database = await getDatabase();
  const place = await getPlace(database, index.id, Number(placeId), viewer);
  invariantResponse(place, () => routeParamsMessage(url.pathname));
  const near = { value: place.name, id: place.id, radiusKm: NEIGHBOUR_KM };
  const around = await searchPlaces(
    database,
    { index: index.id, near, page: 1, perPage: 10, sort: [{ field: "distance", descending: false }] },
    viewer,
    place,
  );
  const neighbours = (around.all ?? []).filter((r) => r.id !== place.id);
  const map = buildMapView({
    points: [
      ...neighbours.map((r) => ({ id: r.id, label: r.name, lat: r.lat, lon: r.lon, href: mapPlacePath(index, r.id) })),
      {
        id: place.id,
        label: place.name,
        lat: place.lat,
        lon: place.lon,
        href: mapPlacePath(index, place.id),
        highlight: true,
      },
    ],
    circle: { lat: place.lat, lon: place.lon, km: NEIGHBOUR_KM },
    grid: gridOverlayFor(index.id),
  });
  const searchPath = mapSearchPath(index);
  const nearParams = placeCriteriaToParams({ near });
  const title = sourceWord(language, index.id, "title", index.title);
  return {
    meta: {
      title: words("meta.title", { name: place.name, province: place.province, title }),
      description: words("meta.description", { name: place.name, province: place.province, title }),
    },
    index: {
      id: index.id,
      title,
      searchPath,
      nameLabel: indexWord("nameLabel"),
      nameLang: index.nameLang,
      entryHeading: indexWord("entryHeading"),
      provinceLabel: indexWord("provinceLabel"),
      provinceNoun: indexWord("provinceNoun"),
      coordinateLabel: indexWord("coordinateLabel"),
      sameCoordinateLabel: indexWord("sameCoordinate"),
      gridLabel: indexWord("grid"),
      ownColumnLabel: index.ownColumn ? indexWord("ownColumn") : null,
      ownColumnLang: index.ownColumn ? spellingLang(index, index.ownColumn.kind) : null,
    },
    place: {
      ...rowView(index, place, words),
      // A name in Cyrillic (an index a volunteer wrote so) with its hint in the reader's Latin letters (decision 0074).
      // Its other names are not given hints: the page names the place in Latin letters above them.
      nameScript: scriptHint(place.name, language),
      coordinateText: words(`indexes.${index.id}.describe`, { sheet: place.sheet, square: place.square }),
      lat: place.lat.toFixed(4),
      lon: place.lon.toFixed(4),
      notes: place.notes,
    },
    neighbours: neighbours.slice(0, 10).map((r) => rowView(index, r, words)),
    neighbourCount: neighbours.length,
    neighbourKm: NEIGHBOUR_KM,
    nearbyHref: `${searchPath}?${nearParams}`,
    sameSquareHref: `${searchPath}?${placeCriteriaToParams({ sheet: place.sheet, square: place.square || undefined })}`,
    map,
    citation: localCitation(index, place, `${url.origin}${mapPlacePath(index, place.id)}`, new Date(), language),
  };
}

/** A place index's title or description in `language`, from the `catalog` namespace (the menu's words). */
function sourceWord(language: Language, id: string, key: "title" | "description", english: string): string {
  return String(translator(language, "catalog")(`sources.${id}.${key}` as never, { defaultValue: english } as never));
}
