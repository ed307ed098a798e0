import { getDatabase } from "~/db/current.server";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { type CollectionDef, recordPath, searchPath } from "./collections";
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
  const canonicalUrl = `${url.origin}${recordPath(collection, record.id)}`;
  return {
    collection: { title: collection.title, searchPath: searchPath(collection), access: collection.access },
    record: {
      id: record.id,
      subject: collection.subject(record.data),
      date: recordDate(record.gregDate, record.year, record.data),
      julianDate: record.julianDate ? formatDate(record.julianDate, record.year) : null,
      fields: collection.detailFields
        .map((f) => ({ label: f.label, value: fieldValue(f.name, record.data) }))
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
