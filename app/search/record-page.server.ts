import { getDatabase } from "~/db/current.server";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { nameKeys } from "~/names/keys";
import { knownPlacePath, placesByKeys } from "~/places/nearby.server";
import { choosePlace } from "~/places/choose-place";
import { mapIndex } from "~/places/indexes";
import { type CollectionDef, placeFields, recordPath, searchPath } from "./collections";
import { citationText, fieldValue, formatDate, recordDate } from "./display";
import { getRecord } from "./engine.server";
import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";

/** Record ids are positive integers; anything else is a malformed URL (404, SPEC §8). */
const RECORD_ID = /^[1-9]\d{0,9}$/;

export async function loadRecordPage(
  request: Request,
  collection: CollectionDef,
  viewer: Viewer,
  recordId: string | undefined,
) {
  const url = new URL(request.url);
  if (!recordId || !RECORD_ID.test(recordId)) throw invalidRouteParams(url.pathname);
  const record = await getRecord(await getDatabase(), collection, Number(recordId), viewer);
  invariantResponse(record, () => routeParamsMessage(url.pathname));
  const database = await getDatabase();
  const placeLink = await recordPlaceLinks(database, collection, record.data, viewer);
  const canonicalUrl = `${url.origin}${recordPath(collection, record.id)}`;
  return {
    collection: { title: collection.title, searchPath: searchPath(collection), access: collection.access },
    record: {
      id: record.id,
      subject: collection.subject(record.data),
      date: recordDate(record.gregDate, record.year, record.data),
      julianDate: record.julianDate ? formatDate(record.julianDate, record.year) : null,
      fields: collection.detailFields
        .map((f) => {
          const place = placeLink(f.name);
          return { label: f.label, value: fieldValue(f.name, record.data), ...(place ? { place } : {}) };
        })
        .filter((f) => f.value),
      source: collection.sourceFields
        .map((f) => ({ label: f.label, value: fieldValue(f.name, record.data) }))
        .filter((f) => f.value),
      scanUrl: record.data.scanUrl ?? null,
    },
    citation: citationText({
      collection,
      data: record.data,
      gregDate: record.gregDate,
      julianDate: record.julianDate,
      year: record.year,
      url: canonicalUrl,
      accessed: new Date(),
    }),
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
