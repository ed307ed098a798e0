import type { Database } from "~/db/connection.server";
import { MAP_INDEXES, type MapIndexDef, mapSearchPath } from "~/places/indexes";
import { COLLECTIONS, type CollectionDef, searchPath } from "~/search/collections";
import { collectionSizes } from "~/search/stats.server";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/i18next.server";
import { type ImportTarget, importTargets } from "./fields";
import { matchPlaceHeaders, placeImportTargets, placeMappingGaps } from "./place-fields";
import { exportPlacesCsv } from "./places.server";
import { exportCollectionCsv } from "./records.server";
import { matchRecordHeaders, recordTargetsIn, targetLabel } from "./words.server";

/**
 * Where an import can go: each record collection and each place index, with what the pages need of it (its
 * columns' targets, header matching, what a mapping lacks, its export). The pages and the command line read
 * these; a new collection or index in the catalog is a destination without import code.
 */

export type ImportKind = "records" | "places";

export interface Destination {
  kind: ImportKind;
  id: string;
  /** The value of the upload form's choice: "records:stpete-birth", "places:breyer". */
  value: string;
  title: string;
  group: string;
  searchPath: string;
  targets: ImportTarget[];
  /** The targets with their labels in `language`: the collection's field labels, the site's own targets' words. */
  targetsIn(language: Language): ImportTarget[];
  /** Each column's target by its header, in any of the site's languages. */
  matchHeaders(headers: readonly string[]): (string | null)[];
  /** What the mapping lacks as a whole (a required target without a column), in the reader's words. */
  gaps(columns: readonly (string | null)[], language: Language): string[];
  exportCsv(database: Database): AsyncGenerator<string>;
  size(database: Database): Promise<number>;
}

function recordDestination(c: CollectionDef): Destination {
  const targets = importTargets(c);
  const targetsIn = (language: Language) => recordTargetsIn(c, language);
  return {
    kind: "records",
    id: c.id,
    value: `records:${c.id}`,
    title: c.title,
    group: c.group,
    searchPath: searchPath(c),
    targets,
    targetsIn,
    matchHeaders: (headers) => matchRecordHeaders(headers, c),
    gaps: (columns, language) =>
      targetsIn(language)
        .filter((x) => x.required && !columns.includes(x.name))
        .map((x) => translator(language, "imports")("mapping.gapRecord", { label: x.label })),
    exportCsv: (database) => exportCollectionCsv(database, c),
    size: async (database) => (await collectionSizes(database)).get(c.id) ?? 0,
  };
}

function placeDestination(index: MapIndexDef): Destination {
  return {
    kind: "places",
    id: index.id,
    value: `places:${index.id}`,
    title: index.title,
    group: "Place indexes",
    searchPath: mapSearchPath(index),
    targets: placeImportTargets(index),
    targetsIn: (language) => {
      const t = translator(language, "imports");
      return placeImportTargets(index).map((x) => ({ ...x, label: targetLabel(t, "places", x) }));
    },
    matchHeaders: (headers) => matchPlaceHeaders(headers, index),
    gaps: (columns, language) => placeMappingGaps(columns, index, translator(language, "imports")),
    exportCsv: (database) => exportPlacesCsv(database, index),
    size: async (database) => {
      const row = await database.db
        .selectFrom("places")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("map_index", "=", index.id)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export function destinations(): Destination[] {
  return [...COLLECTIONS.map(recordDestination), ...MAP_INDEXES.map(placeDestination)];
}

export function destination(kind: string, id: string): Destination | undefined {
  return destinations().find((d) => d.kind === kind && d.id === id);
}

export function destinationOf(value: string): Destination | undefined {
  return destinations().find((d) => d.value === value);
}
