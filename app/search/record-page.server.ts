import { getDatabase } from "~/db/current.server";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { nameKeys } from "~/names/keys";
import { knownPlacePath, placesByKeys } from "~/places/nearby.server";
import { type CollectionDef, placeFields, recordPath, searchPath } from "./collections";
import { citationText, fieldValue, formatDate, recordDate } from "./display";
import { getRecord } from "./engine.server";
import type { Viewer } from "~/auth/viewer.server";

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
  // A place or parish known to a map index (by any of its spellings) links to its place page; when several places
  // share the spelling, to the first (the public index first), and the others are named in the title.
  const placeNames = new Set(placeFields(collection).flatMap((f) => f.sources ?? [f.name]));
  const placeKeys = new Map<string, string>();
  for (const f of collection.detailFields) {
    const value = placeNames.has(f.name) ? fieldValue(f.name, record.data) : "";
    if (value) placeKeys.set(f.name, nameKeys(value).folded);
  }
  const known = await placesByKeys(database, [...placeKeys.values()], viewer);
  const placeLink = (name: string) => {
    const places = known.get(placeKeys.get(name) ?? "");
    if (!places?.length) return null;
    return { href: knownPlacePath(places[0]!), others: places.length - 1 };
  };
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
