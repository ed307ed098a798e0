import { sql } from "kysely";
import { getDatabase } from "~/db/current.server";
import { csvResponse } from "~/routing/csv-response.server";
import { type CollectionDef, recordPath } from "./collections";
import { parseCriteria } from "./criteria";
import { csvLine } from "./csv";
import { fieldValue } from "./display";
import type { Viewer } from "~/auth/viewer.server";
import { SearchTooBroad, refuseTooBroadSearch, streamMatches } from "./engine.server";
import { resolvePlaceFilter } from "./place-filter.server";
import { tooBroadMessages } from "./too-broad";
import { languageOfRequest } from "~/auth/language.server";
import { sayIn, searchWords } from "~/listing/say.server";
import { localizedCollection } from "./localize.server";

/**
 * The whole result set as CSV, streamed row by row from a database cursor:
 * an export of 100,000 records never sits in memory.
 */
export async function exportCsv(request: Request, registered: CollectionDef, viewer: Viewer): Promise<Response> {
  const url = new URL(request.url);
  const database = await getDatabase();
  const language = await languageOfRequest(request);
  const collection = localizedCollection(registered, language);
  const words = searchWords(language);
  const say = sayIn(language);
  const parsed = parseCriteria(collection, url.searchParams, say);
  // The place terms resolve as on the search page, so the file holds what the page counted.
  const { criteria, errors } = Object.keys(parsed.errors).length
    ? parsed
    : await resolvePlaceFilter(database, parsed.criteria, viewer, () => url.pathname);
  const broad = Object.keys(errors).length
    ? undefined
    : await refuseTooBroadSearch(database, collection, criteria, viewer).then(
        () => undefined,
        (e: unknown) => {
          if (e instanceof SearchTooBroad) return tooBroadMessages(e, criteria, say, (m) => words(`modes.${m}`));
          throw e;
        },
      );
  if (Object.keys(errors).length || broad) {
    const lines = Object.entries(broad ?? errors).map(([k, v]) => `${k}: ${v}`);
    return new Response(`${words("csv.failed")}\n${lines.join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const fields = [...collection.detailFields, ...collection.sourceFields];
  // The headers in the reader's language; the English file keeps the field names it always had (scripts read them).
  // Dates stay ISO in every language, so a spreadsheet sorts them.
  const header = (name: string, label: string) => (language === "en" ? name : label);
  // Asked before the answer starts, so a database that is away gives a 503, not a cut-off 200. Not by reading the
  // first row: on SQLite a started stream holds the one connection until the body is read or cancelled.
  await sql`select 1`.execute(database.db);
  async function* lines(): AsyncGenerator<string> {
    // The byte-order mark makes spreadsheet programs read the names as UTF-8.
    yield `\uFEFF${csvLine([
      words("csv.id"),
      words("csv.date"),
      words("csv.julianDate"),
      words("csv.year"),
      ...fields.map((f) => header(f.name, f.label)),
      words("csv.url"),
    ])}`;
    let batch = "";
    let count = 0;
    for await (const r of streamMatches(database, collection, criteria, viewer)) {
      batch += csvLine([
        r.id,
        r.gregDate ?? "",
        r.julianDate ?? "",
        r.year,
        ...fields.map((f) => fieldValue(f.name, r.data, words)),
        `${url.origin}${recordPath(collection, r.id)}`,
      ]);
      if (++count % 200 === 0) {
        yield batch;
        batch = "";
      }
    }
    if (batch) yield batch;
  }
  const stamp = new Date().toISOString().slice(0, 10);
  return csvResponse(lines(), `metryka-${collection.id}-${stamp}.csv`);
}
