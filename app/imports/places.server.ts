import type { Database } from "~/db/connection.server";
import { MAP_INDEXES, type MapIndexDef } from "~/places/indexes";
import { placeSources, placeWrites, placesById, placesPage } from "~/places/place-writes.server";
import { SPELLING_ORDER, type PlaceInput, type SpellingKind } from "~/places/spellings";
import { ImportError, type OnProgress } from "./batch-walk.server";
import type { ImportBatch } from "./batches.server";
import { placeExportColumns } from "./place-fields";
import { type ReadPlaceRow, SPELLING_JOIN, canonicalPlace, readPlaceRow } from "./place-rows.server";
import * as pipeline from "./pipeline.server";

/**
 * Places through the one import pipeline (pipeline.server.ts, decision 0027): a batch of kind "places" whose
 * target is a map index. How a file's row is read as a place, how the places stored under the rows' keys are
 * found and compared, and how they are written, through the place indexes' import interface
 * (~/places/place-writes.server). A changed place is written again under its id: its old spellings and keys go,
 * its new ones come; what it was (import_changes, the place id as record_id) is what an undo puts back.
 */

function indexOf(batch: ImportBatch): MapIndexDef {
  const index = MAP_INDEXES.find((i) => i.id === batch.target);
  if (!index) throw new ImportError(`There is no place index “${batch.target}”.`);
  return index;
}

function readRows(batch: ImportBatch): AsyncGenerator<ReadPlaceRow> {
  const index = indexOf(batch);
  return pipeline.fileRows(batch, (row) => readPlaceRow(index, batch.settings, batch.analysis.headers, row));
}

const same = (stored: PlaceInput, row: ReadPlaceRow) => canonicalPlace(stored) === canonicalPlace(row.place!);

const PLACES: pipeline.ImportKind<ReadPlaceRow, PlaceInput, { id: number }> = {
  items: "places",
  idKeyPrefix: "place-",
  // New places take the ids after the largest one: every writer of places waits for the others (PostgreSQL).
  sharedLock: "places",
  checkRows: (batch) => ({ rows: readRows(batch), same }),
  keyed(batch) {
    const index = indexOf(batch).id;
    return {
      idsOfKeys: (db, keys) => placeSources.idsOfKeys(db, index, keys),
      keyedIds: (db, ids) => placeSources.keyedIds(db, ids),
      load: (db, ids) => placesById(db, index, ids),
    };
  },
  async open(batch, trx) {
    const writes = placeWrites(trx, indexOf(batch).id);
    return {
      writer: {
        removable: (item) => ({ id: item.id }),
        remove: (items) => writes.remove(items.map((item) => item.id)),
        restore: (items) => writes.write(items.map((item) => ({ id: item.id, place: item.state }))),
        keepPrevious: writes.keepPrevious,
        addKeys: writes.addSourceKeys,
        dropKeys: writes.dropSourceKeys,
        createdBy: writes.createdBy,
        async changedBy(batchId, after, limit) {
          const changes = await writes.changedBy(batchId, after, limit);
          return changes.map(({ id, previous }) => ({ now: { id }, before: PLACES.previous.read(id, previous) }));
        },
        finish: async () => undefined,
      },
      async rows() {
        let nextId = await writes.nextId();
        return {
          rows: readRows(batch),
          same,
          async write(rows) {
            const created: number[] = [];
            const places = rows.map(({ row, id }) => {
              if (id !== undefined) return { id, place: row.place! };
              created.push(nextId);
              return { id: nextId++, place: row.place! };
            });
            await writes.write(places);
            return created;
          },
        };
      },
    };
  },
  previous: {
    write: (item) => JSON.stringify({ place: item.state, keyless: item.keyless }),
    read(id, text) {
      const { place, keyless } = JSON.parse(text) as { place: PlaceInput; keyless: boolean };
      return { id, state: place, keyless };
    },
  },
};

export function placeIdKey(id: number): string {
  return pipeline.idKeyOf(PLACES, id);
}

/** The dry run: every row read and validated, nothing written but the report. */
export function checkPlaceBatch(database: Database, batch: ImportBatch, onProgress: OnProgress): Promise<void> {
  return pipeline.checkKindBatch(PLACES, database, batch, onProgress);
}

/** The import: one transaction writes every valid row (new places added, changed ones rewritten) or nothing. */
export function importPlaceBatch(database: Database, batch: ImportBatch, onProgress: OnProgress): Promise<void> {
  return pipeline.importKindBatch(PLACES, database, batch, onProgress);
}

/** Undo: the batch's new places removed with their keys, the places it changed put back as they were, in one transaction. */
export function undoPlaceBatch(
  database: Database,
  batch: ImportBatch,
  actorName: string,
  onProgress: OnProgress,
): Promise<void> {
  return pipeline.undoKindBatch(PLACES, database, batch, actorName, onProgress);
}

/** A whole index as CSV in the import format. Several spellings of one kind share a cell, "; " between. */
export function exportPlacesCsv(database: Database, index: MapIndexDef): AsyncGenerator<string> {
  const rank = (kind: string) => SPELLING_ORDER.indexOf(kind as SpellingKind);
  return pipeline.exportCsv(PLACES, placeExportColumns(index), async (after, limit) => {
    const rows = await placesPage(database.db, index.id, after, limit);
    const places = await placesById(
      database.db,
      index.id,
      rows.map((r) => Number(r.id)),
    );
    return rows.map((r) => {
      const place = places.get(Number(r.id))!;
      const cells: Record<string, string> = {
        name: place.name,
        province: place.province,
        sheet: place.sheet,
        square: place.square,
        latitude: String(place.lat),
        longitude: String(place.lon),
        notes: place.notes,
      };
      const spellings = [...place.spellings].sort((a, b) => rank(a.kind) - rank(b.kind));
      for (const kind of SPELLING_ORDER) {
        cells[kind] = spellings
          .filter((s) => s.kind === kind)
          .map((s) => s.name)
          .join(SPELLING_JOIN);
      }
      return { id: Number(r.id), key: r.source_key, cells };
    });
  });
}
