import { getDatabase } from "~/db/current.server";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { nameKeys } from "~/names/keys";
import { knownPlacePath, placesByKeys } from "~/places/nearby.server";
import { choosePlace } from "~/places/choose-place";
import { mapIndex } from "~/places/indexes";
import { type CollectionDef, placeFields, recordPath, searchPath } from "./collections";
import { citationText, fieldValue, formatDate, recordDatePair } from "./display";
import { languageOfRequest } from "~/auth/language.server";
import type { Language } from "~/i18n/languages";
import type { Words } from "~/listing/say";
import { searchWords } from "~/listing/say.server";
import { localizedCollection } from "./localize.server";
import { explainRecord, getRecord } from "./engine.server";
import { parseCriteria } from "./criteria";
import { matchReasons } from "~/listing/match-reasons";
import { scriptHint, withHint } from "~/names/script-hint";
import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";

/** The parameter a result's link carries: the search it was found by (its query string). */
export const FROM_SEARCH = "q";

/** A result's link to its record page, carrying the search, so the page can say why the record matched. */
export function recordFromSearchHref(collection: CollectionDef, id: number, query: string): string {
  const path = recordPath(collection, id);
  return query ? `${path}?${new URLSearchParams({ [FROM_SEARCH]: query })}` : path;
}

/**
 * The search a record page was reached from: the way back to its results, and why this record matched it. A
 * query that does not read as a search of this collection is ignored (the page is the record's all the same).
 */
async function searchReached(
  database: Database,
  collection: CollectionDef,
  viewer: Viewer,
  data: Readonly<Record<string, string>>,
  query: string | null,
  words?: Words,
) {
  if (!query || query.length > MAX_SEARCH_QUERY) return null;
  const params = new URLSearchParams(query);
  const { criteria, errors } = parseCriteria(collection, params);
  if (Object.keys(errors).length) return null;
  const why = matchReasons(await explainRecord(database, collection, criteria, viewer, data), words);
  return { backHref: `${searchPath(collection)}?${params}`, why };
}

/** A longer query is no search this site's forms made. */
const MAX_SEARCH_QUERY = 2_000;

/** Record ids are positive integers; anything else is a malformed URL (404, SPEC §8). */
const RECORD_ID = /^[1-9]\d{0,9}$/;

export async function loadRecordPage(
  request: Request,
  registered: CollectionDef,
  viewer: Viewer,
  recordId: string | undefined,
) {
  const url = new URL(request.url);
  // The collection's title and labels in the reader's language; the record's own words stay as the register wrote them.
  const language = await languageOfRequest(request);
  const collection = localizedCollection(registered, language);
  const words = searchWords(language);
  if (!recordId || !RECORD_ID.test(recordId)) throw invalidRouteParams(url.pathname);
  const record = await getRecord(await getDatabase(), collection, Number(recordId), viewer);
  invariantResponse(record, () => routeParamsMessage(url.pathname));
  const database = await getDatabase();
  const placeLink = await recordPlaceLinks(database, collection, record.data, viewer);
  const canonicalUrl = `${url.origin}${recordPath(collection, record.id)}`;
  const search = await searchReached(
    database,
    collection,
    viewer,
    record.data,
    url.searchParams.get(FROM_SEARCH),
    words,
  );
  const subject = collection.subject(record.data);
  const date = recordDatePair(record.gregDate, record.julianDate, record.year, record.data, language);
  return {
    meta: recordMeta(language, collection, subject, date),
    search,
    collection: { title: collection.title, searchPath: searchPath(collection), access: collection.access },
    record: {
      id: record.id,
      subject,
      subjectScript: scriptHint(subject, language),
      // Both calendars as the reader's language pairs them ("1/13 marca 1858"), or the one date.
      date,
      hasJulianDate: record.julianDate !== null && !record.data.date,
      julianDate: record.julianDate ? formatDate(record.julianDate, record.year, language) : null,
      fields: collection.detailFields
        .map((f) => {
          const place = placeLink(f.name);
          // A value in Cyrillic with its hint in the reader's Latin letters (decision 0074).
          return {
            label: f.label,
            ...withHint(fieldValue(f.name, record.data, words), language),
            ...(place ? { place } : {}),
          };
        })
        .filter((f) => f.value),
      source: collection.sourceFields
        .map((f) => ({ label: f.label, value: fieldValue(f.name, record.data, words) }))
        .filter((f) => f.value),
      scanUrl: record.data.scanUrl ?? null,
    },
    citation: citationText(
      {
        collection,
        data: record.data,
        gregDate: record.gregDate,
        julianDate: record.julianDate,
        year: record.year,
        url: canonicalUrl,
        accessed: new Date(),
      },
      searchWords(language, "records"),
      language,
    ),
    kind: collection.recordKind,
  };
}

export interface RecordPlaceLink {
  /** The place page, when the record says which place it means. */
  href: string | null;
  /** When it does not (several places share the spelling and no other place of the record tells): each of them. */
  choices: { href: string; label: string }[];
}

/**
 * A record's place and parish known to a map index (by any of their spellings) link to the place page. When several
 * places share the spelling, the one nearest the record's other known places (its parish) is meant; when the record
 * does not say, each is offered (app/places/choose-place.ts).
 */
export async function recordPlaceLinks(
  database: Database,
  collection: CollectionDef,
  data: Record<string, string>,
  viewer: Viewer,
): Promise<(field: string) => RecordPlaceLink | null> {
  const placeNames = new Set(placeFields(collection).flatMap((f) => f.sources ?? [f.name]));
  const placeKeys = new Map<string, string>();
  for (const f of collection.detailFields) {
    const value = placeNames.has(f.name) ? fieldValue(f.name, data) : "";
    if (value) placeKeys.set(f.name, nameKeys(value).folded);
  }
  const known = await placesByKeys(database, [...placeKeys.values()], viewer);
  return (name: string) => {
    const key = placeKeys.get(name) ?? "";
    const places = known.get(key);
    if (!places?.length) return null;
    const anchors = [...placeKeys.values()].filter((k) => k !== key).flatMap((k) => known.get(k) ?? []);
    const chosen = choosePlace(places, anchors);
    if (chosen) return { href: knownPlacePath(chosen), choices: [] };
    return {
      href: null,
      choices: places.map((p) => ({
        href: knownPlacePath(p),
        label: `${p.name}${p.province ? `, ${p.province}` : ""} (${mapIndex(p.index).title})`,
      })),
    };
  };
}

/** The record page's title and description (what a search engine shows under the title), in `language`. */
function recordMeta(language: Language, collection: CollectionDef, subject: string, date: string) {
  const t = searchWords(language, "records");
  return {
    title: t("meta.title", { subject, date }),
    description: t("meta.description", { subject, date, title: collection.title }),
  };
}
