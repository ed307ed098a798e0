import type { Database } from "~/db/connection.server";
import { MAP_INDEXES, type MapIndexDef, mapSearchPath } from "~/places/indexes";
import { COLLECTIONS, type CollectionDef, searchPath } from "~/search/collections";
import { collectionSizes } from "~/search/stats.server";
import { type ImportTarget, importTargets, matchHeaders } from "./fields";
import { matchPlaceHeaders, placeImportTargets, placeMappingGaps } from "./place-fields";
import { exportPlacesCsv } from "./places.server";
import { exportCollectionCsv } from "./records.server";
import { type ImportsT, targetLabel } from "./words.server";

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
  matchHeaders(headers: readonly string[]): (string | null)[];
  /** What the mapping lacks as a whole (a required target without a column), as messages. */
  /** What the mapping lacks as a whole, in the reader's words (`t` of the `imports` namespace). */
  gaps(columns: readonly (string | null)[], t: ImportsT): string[];
  exportCsv(database: Database): AsyncGenerator<string>;
  size(database: Database): Promise<number>;
}

function recordDestination(c: CollectionDef): Destination {
  const targets = importTargets(c);
  return {
    kind: "records",
    id: c.id,
    value: `records:${c.id}`,
    title: c.title,
    group: c.group,
    searchPath: searchPath(c),
    targets,
    matchHeaders: (headers) => matchHeaders(headers, c),
    gaps: (columns, t) =>
      targets
        .filter((x) => x.required && !columns.includes(x.name))
        .map((x) => t("mapping.gapRecord", { label: targetLabel(t, "records", x) })),
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
    matchHeaders: (headers) => matchPlaceHeaders(headers, index),
    gaps: (columns, t) => placeMappingGaps(columns, index, t),
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
