import { data } from "@remix-run/node";
import type { Viewer } from "~/auth/viewer.server";
import { getDatabase } from "~/db/current.server";
import { criteriaChips } from "~/listing/chips";
import { perPageChoices } from "~/listing/params";
import { fieldInfo, hasAnyCriterion, pathWith } from "~/listing/search-form";
import { formatSort } from "~/listing/sort";
import type { MatchMode } from "~/names/match-modes";
import { type CollectionDef, exportPath, searchPath, sortableFields } from "./collections";
import { recordFromSearchHref } from "./record-page.server";
import { type Criteria, type FieldCriterion, criteriaToParams, parseCriteria, recordForm } from "./criteria";
import { columnValue, fieldValue, formatDate, recordDate } from "./display";
import { SearchTooBroad, countMatches, searchCollection, topValues } from "./engine.server";
import { matchReasons } from "~/listing/match-reasons";
import { beiderMorseCapped } from "~/names/keys";
import { type ScriptHint, scriptHint, withHint } from "~/names/script-hint";
import { BEIDER_MORSE_DEFAULT_MAX_PHONEMES } from "~/names/beider-morse/engine";
import { type NearCandidate, resolvePlaceFilter } from "./place-filter.server";
import { recordPlaceCounts } from "./place-counts.server";
import { isMapView, parseDecade, surnameMap } from "./surname-map.server";
import { tooBroadMessages } from "./too-broad";
import { languageOfRequest } from "~/auth/language.server";
import type { Language } from "~/i18n/languages";
import type { Say, Words } from "~/listing/say";
import { sayIn, searchWords } from "~/listing/say.server";
import { localizedCollection } from "./localize.server";

/**
 * The loader behind every collection's search page: one function for all
 * collections, driven by the registry. Bad criteria answer 400 with the
 * messages and the typed values; nothing is searched.
 */

export interface Suggestion {
  text: string;
  href: string;
  count: number;
  countIsLowerBound: boolean;
}

function formInfo(collection: CollectionDef, words: Words) {
  return {
    id: collection.id,
    title: collection.title,
    description: collection.description,
    access: collection.access,
    searchPath: searchPath(collection),
    years: collection.years,
    fields: collection.searchFields.map((f) => ({ ...fieldInfo(f, words), kind: f.kind })),
    placeFilter: recordForm(collection).placeFilter === true,
    columns: collection.resultColumns.map((c) => ({ name: c.name, label: c.label })),
    sortable: [...sortableFields(collection).keys()],
    perPageChoices: perPageChoices(),
  };
}

function hrefWith(collection: CollectionDef, criteria: Criteria, change: Partial<Criteria>): string {
  return pathWith(searchPath(collection), criteriaToParams({ ...criteria, page: 1, ...change }, collection));
}

function withMode(criteria: Criteria, target: FieldCriterion, mode: MatchMode): FieldCriterion[] {
  return criteria.fields.map((f) => (f === target ? { ...f, mode } : f));
}

/** Ways to widen a search that found nothing, each with the number it would find. */
async function suggestions(
  collection: CollectionDef,
  criteria: Criteria,
  viewer: Viewer,
  { words, say }: { words: Words; say: Say },
): Promise<Suggestion[]> {
  const database = await getDatabase();
  const candidates: { text: string; change: Partial<Criteria> }[] = [];
  for (const c of criteria.fields) {
    if (c.field.modes.includes("sounds") && c.mode !== "sounds" && c.field.kind === "surname") {
      candidates.push({
        text: words("suggestions.bySound", { field: say.inSentence(c.field.label), value: c.value }),
        change: { fields: withMode(criteria, c, "sounds") },
      });
    }
    if (c.field.modes.includes("variants") && c.mode !== "variants") {
      candidates.push({
        text: words("suggestions.variants", { value: c.value }),
        change: { fields: withMode(criteria, c, "variants") },
      });
    }
  }
  if (criteria.yearFrom !== undefined || criteria.yearTo !== undefined) {
    candidates.push({ text: words("suggestions.allYears"), change: { yearFrom: undefined, yearTo: undefined } });
  }
  if (criteria.fields.length > 1) {
    for (const c of criteria.fields) {
      candidates.push({
        text: words("suggestions.leaveOut", { field: say.inSentence(c.field.label), value: c.value }),
        change: { fields: criteria.fields.filter((f) => f !== c) },
      });
    }
  }
  const out: Suggestion[] = [];
  for (const cand of candidates.slice(0, 6)) {
    const next = { ...criteria, ...cand.change };
    const counted = await countMatches(database, collection, next, viewer).catch((e: unknown) => {
      // Widened too far to count: not a suggestion.
      if (e instanceof SearchTooBroad) return { total: 0, lowerBound: false };
      throw e;
    });
    const { total, lowerBound } = counted;
    if (total > 0) {
      out.push({
        text: cand.text,
        href: hrefWith(collection, criteria, cand.change),
        count: total,
        countIsLowerBound: lowerBound,
      });
    }
  }
  return out;
}

/**
 * A collection's search page for `viewer`. A members' collection's route has
 * called the guard already (routes/members.source-*); the engine checks the
 * viewer again in its queries.
 */
export async function loadSearchPage(request: Request, registered: CollectionDef, viewer: Viewer) {
  const url = new URL(request.url);
  const database = await getDatabase();
  // The collection in the reader's language: its title, its fields' labels (and so the messages and chips naming them).
  const language = await languageOfRequest(request);
  const collection = localizedCollection(registered, language);
  const say = sayIn(language);
  const words = searchWords(language);
  const parsed = parseCriteria(collection, url.searchParams, say);
  const { values } = parsed;
  let { criteria, errors } = parsed;
  let nearCandidates: NearCandidate[] = [];
  if (!Object.keys(errors).length) {
    const place = await resolvePlaceFilter(database, criteria, viewer, (near) =>
      hrefWith(collection, criteria, { near }),
    );
    ({ criteria, errors } = place);
    nearCandidates = place.candidates;
  }
  const parishes = collection.searchFields.some((f) => f.name === "parish")
    ? await topValues(database, collection, "parish")
    : [];
  const base = {
    // Which page the one search route renders (app/catalog-pages.tsx), without the catalog in the browser.
    kind: "records" as const,
    collection: formInfo(collection, words),
    values,
    errors,
    parishes,
    sort: formatSort(criteria.sort),
    // A sort the URL chose is kept by the next search from the form; none lets the next search take its default.
    sortIsChosen: url.searchParams.has("sort"),
    // Best match and date order are offered side by side once a name is given (issue 27).
    ranked: criteria.fields.length > 0,
    perPage: criteria.perPage,
    nearCandidates,
    // A place link (placeId) has no field of its own: the form keeps it, and its chip removes it.
    placeId: criteria.placeId ?? null,
  };
  if (Object.keys(errors).length) {
    return data(
      { ...base, meta: searchMeta(language, collection), searched: false as const, result: null },
      { status: 400 },
    );
  }
  if (!hasAnyCriterion(criteria)) {
    return { ...base, meta: searchMeta(language, collection), searched: false as const, result: null };
  }

  let result: Awaited<ReturnType<typeof searchCollection>>;
  try {
    result = await searchCollection(database, collection, criteria, viewer);
  } catch (e) {
    if (!(e instanceof SearchTooBroad)) throw e;
    // Refused before the posting lists were read: the form again, with what to change beside the fields.
    const errors = tooBroadMessages(e, criteria, say, (mode) => words(`modes.${mode}`));
    return data(
      { ...base, meta: searchMeta(language, collection), errors, searched: false as const, result: null },
      { status: 400 },
    );
  }
  const query = criteriaToParams({ ...criteria, page: 1 }, collection);
  // A surname's map (issue 11, part 5): the same matches counted per known place and decade, instead of the rows.
  const map = isMapView(url.searchParams)
    ? surnameMap({
        counts: await recordPlaceCounts(database, [{ collection, criteria }], viewer),
        decade: parseDecade(url.searchParams, say),
        query,
        action: searchPath(collection),
      })
    : null;
  const page = {
    ...base,
    meta: searchMeta(language, collection, result.total),
    searched: true as const,
    result: {
      total: result.total,
      totalIsLowerBound: result.totalIsLowerBound,
      page: result.page,
      pageCount: result.pageCount,
      correctedFromPage: result.correctedFromPage,
      query: query.toString(),
      mapHref: `${searchPath(collection)}?${query}${query.size ? "&" : ""}view=map`,
      map,
      exportHref: `${exportPath(collection)}?${criteriaToParams({ ...criteria, page: 1, perPage: undefined }, collection)}`,
      chips: criteriaChips(recordForm(collection), criteria, undefined, words),
      beiderMorseCapped: beiderMorseCappedFields(criteria),
      suggestions: result.total === 0 ? await suggestions(collection, criteria, viewer, { words, say }) : [],
      rows: result.rows.map((r) => {
        const cells = collection.resultColumns.map((c) => columnValue(c.name, r.data, words));
        return {
          id: r.id,
          href: recordFromSearchHref(collection, r.id, query.toString()),
          date: recordDate(r.gregDate, r.year, r.data, language),
          julianDate: r.julianDate ? formatDate(r.julianDate, r.year, language) : null,
          cells,
          // The cells in Cyrillic with their hints in the reader's Latin letters, by column (decision 0074).
          scripts: cellHints(cells, language),
          details: [...collection.detailFields, ...collection.sourceFields]
            .map((f) => ({ label: f.label, ...withHint(fieldValue(f.name, r.data, words), language) }))
            .filter((f) => f.value),
          why: matchReasons(r.matches ?? [], words),
        };
      }),
    },
  };
  // An unreadable decade is the map's own field's message (beside it), with the map of all decades.
  return map?.decadeError ? data(page, { status: 400 }) : page;
}

/** The hints of a row's cells, by the cell's index; only the cells that have one. */
function cellHints(cells: readonly string[], language: Language): Record<number, ScriptHint> {
  const hints: Record<number, ScriptHint> = {};
  cells.forEach((cell, i) => {
    const hint = scriptHint(cell, language);
    if (hint) hints[i] = hint;
  });
  return hints;
}

/** Beider–Morse follows at most BEIDER_MORSE_DEFAULT_MAX_PHONEMES sound forms of a word: the fields whose were cut. */
function beiderMorseCappedFields(criteria: Criteria) {
  const fields = criteria.fields
    .filter((c) => c.mode === "beiderMorse" && beiderMorseCapped(c.value))
    .map((c) => c.field.label);
  return fields.length ? { fields: fields.join(", "), forms: BEIDER_MORSE_DEFAULT_MAX_PHONEMES } : null;
}

/** The page's title ("12 results — St. Petersburg Consistory births — Metryka") and description, in `language`. */
function searchMeta(language: Language, collection: CollectionDef, total?: number) {
  const words = searchWords(language);
  return {
    title:
      total === undefined
        ? words("meta.title", { title: collection.title })
        : words("meta.titleWithCount", { title: collection.title, count: total }),
    description: collection.description,
  };
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>;
