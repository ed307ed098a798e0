import type { Kysely } from "kysely";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { MAP_INDEXES, type MapIndexDef, type MapIndexId } from "~/places/indexes";
import { SPELLING_ORDER, type PlaceInput, type SpellingKind } from "~/places/spellings";
import { type PlaceWrite, nextPlaceId, removePlaces, writePlaces } from "~/places/store.server";
import { csvLine } from "~/search/csv";
import {
  type BatchRows,
  CHUNK,
  EXPORT_PAGE_ROWS,
  ImportError,
  type OnProgress,
  checkBatch,
  markImported,
  markUndone,
  problemRowPolicy,
  refuseUndoUnderLaterBatch,
  requireCheckedFile,
  walkBatchRows,
} from "./batch-walk.server";
import type { ImportBatch } from "./batches.server";
import { SOURCE_KEY_TARGET } from "./fields";
import { readCsvRows } from "./file.server";
import { inJobTransaction, lockForJob } from "~/db/job-transaction.server";
import { placeExportColumns } from "./place-fields";
import { type ReadPlaceRow, SPELLING_JOIN, canonicalPlace, readPlaceRow } from "./place-rows.server";

/**
 * Checking, importing and undoing a batch of places into one map index, and exporting an index in the import
 * format (decision 0027) — the record import's pipeline (decision 0023) for places: a batch of kind "places" whose
 * target is the index id. The check and the import read the file through the same rows; an import is one
 * transaction; a place's source key (place_sources) makes a second import of the file an update, and the place as
 * it was before (import_changes, the place id as record_id) is what an undo puts back.
 */

function indexOf(batch: ImportBatch): MapIndexDef {
  const index = MAP_INDEXES.find((i) => i.id === batch.target);
  if (!index) throw new ImportError(`There is no place index “${batch.target}”.`);
  return index;
}

/** An exported place without a source key (a seeded one) is given this key, and an import finds it by it again. */
const PLACE_ID_KEY = /^place-(\d{1,12})$/;

export function placeIdKey(id: number): string {
  return `place-${id}`;
}

/** Places of an index by id, read back as an import would write them. */
async function loadPlaces(
  db: Kysely<Schema>,
  index: MapIndexId,
  ids: readonly number[],
): Promise<Map<number, PlaceInput>> {
  const found = new Map<number, PlaceInput>();
  if (!ids.length) return found;
  const rows = await db
    .selectFrom("places")
    .select(["id", "name", "province", "sheet", "square", "lat", "lon", "notes"])
    .where("map_index", "=", index)
    .where("id", "in", [...ids])
    .execute();
  for (const r of rows) {
    found.set(Number(r.id), {
      name: r.name,
      spellings: [],
      province: r.province,
      sheet: r.sheet,
      square: r.square,
      lat: Number(r.lat),
      lon: Number(r.lon),
      notes: r.notes,
    });
  }
  if (!found.size) return found;
  const names = await db
    .selectFrom("place_names")
    .select(["place_id", "kind", "name"])
    .where("place_id", "in", [...found.keys()])
    .where("kind", "!=", "map")
    .execute();
  for (const n of names) found.get(Number(n.place_id))?.spellings.push({ kind: n.kind as SpellingKind, name: n.name });
  return found;
}

interface Existing {
  id: number;
  place: PlaceInput;
  /** The key was never stored: a place that came without one (a seeded one), found by its exported key. */
  keyless: boolean;
}

/** The stored places of these keys in the index. */
async function findExisting(
  db: Kysely<Schema>,
  index: MapIndexId,
  keys: readonly string[],
): Promise<Map<string, Existing>> {
  const found = new Map<string, Existing>();
  if (!keys.length) return found;
  const sources = await db
    .selectFrom("place_sources")
    .select(["source_key", "place_id"])
    .where("map_index", "=", index)
    .where("source_key", "in", [...keys])
    .execute();
  const ids = new Map<number, { key: string; keyless: boolean }>();
  for (const s of sources) ids.set(Number(s.place_id), { key: s.source_key, keyless: false });
  const keyed = new Set(sources.map((s) => s.source_key));
  const byId: [string, number][] = [];
  for (const key of keys) {
    const m = keyed.has(key) ? null : PLACE_ID_KEY.exec(key);
    if (m) byId.push([key, Number(m[1])]);
  }
  if (byId.length) {
    const taken = await db
      .selectFrom("place_sources")
      .select("place_id")
      .where(
        "place_id",
        "in",
        byId.map(([, id]) => id),
      )
      .execute();
    const withKey = new Set(taken.map((r) => Number(r.place_id)));
    for (const [key, id] of byId) if (!withKey.has(id)) ids.set(id, { key, keyless: true });
  }
  const places = await loadPlaces(db, index, [...ids.keys()]);
  for (const [id, place] of places) {
    const of = ids.get(id)!;
    found.set(of.key, { id, place, keyless: of.keyless });
  }
  return found;
}

/** A batch's rows as places, each beside the place stored under its key. */
function placeRows(batch: ImportBatch): BatchRows<ReadPlaceRow, Existing> {
  const index = indexOf(batch);
  const { settings, analysis } = batch;
  async function* rows(): AsyncGenerator<ReadPlaceRow> {
    let header = true;
    for await (const csvRow of readCsvRows(batch.filePath, settings)) {
      if (header) {
        header = false;
        continue;
      }
      yield readPlaceRow(index, settings, analysis.headers, csvRow);
    }
  }
  return {
    rows: rows(),
    async classify(db, chunk) {
      const existing = await findExisting(
        db,
        index.id,
        chunk.map((r) => r.sourceKey!),
      );
      return chunk.map((row) => {
        const e = existing.get(row.sourceKey!);
        return { row, existing: e, same: !!e && canonicalPlace(e.place) === canonicalPlace(row.place!) };
      });
    },
  };
}

/** The dry run: every row read and validated, nothing written but the report. */
export function checkPlaceBatch(database: Database, batch: ImportBatch, onProgress: OnProgress): Promise<void> {
  return checkBatch(database, batch, placeRows(batch), onProgress);
}

/** The import: one transaction writes every valid row (new places added, changed ones rewritten) or nothing. */
export async function importPlaceBatch(database: Database, batch: ImportBatch, onProgress: OnProgress): Promise<void> {
  const index = indexOf(batch);
  await requireCheckedFile(batch);
  const started = Date.now();
  await inJobTransaction(database, async (trx) => {
    await lockForJob(trx, database, "batch", batch.id);
    await lockForJob(trx, database, "places");
    let nextId = await nextPlaceId(trx);
    const policy = problemRowPolicy(batch);
    const counts = await walkBatchRows(
      trx,
      batch,
      placeRows(batch),
      onProgress,
      async (chunk) => {
        const sources: { place_id: number; map_index: string; source_key: string; batch_id: number | null }[] = [];
        const created: PlaceWrite[] = [];
        const rewritten: PlaceWrite[] = [];
        const previous: { batch_id: number; record_id: number; previous: string }[] = [];
        for (const { row, existing, same } of chunk) {
          if (same) continue;
          if (!existing) {
            const id = nextId++;
            created.push({ id, place: row.place! });
            sources.push({ place_id: id, map_index: index.id, source_key: row.sourceKey!, batch_id: batch.id });
            continue;
          }
          rewritten.push({ id: existing.id, place: row.place! });
          previous.push({
            batch_id: batch.id,
            record_id: existing.id,
            previous: JSON.stringify({ place: existing.place, keyless: existing.keyless }),
          });
          if (existing.keyless) {
            sources.push({ place_id: existing.id, map_index: index.id, source_key: row.sourceKey!, batch_id: null });
          }
        }
        for (let i = 0; i < previous.length; i += 500) {
          await trx
            .insertInto("import_changes")
            .values(previous.slice(i, i + 500))
            .execute();
        }
        // A changed place is written again under its id: its old spellings and keys go, its new ones come.
        await removePlaces(
          trx,
          rewritten.map((r) => r.id),
        );
        await writePlaces(trx, index.id, [...rewritten, ...created]);
        for (let i = 0; i < sources.length; i += 500) {
          await trx
            .insertInto("place_sources")
            .values(sources.slice(i, i + 500))
            .execute();
        }
      },
      policy.onProblemRow,
    );
    await markImported(trx, batch, counts, policy.skipped(), started);
  });
}

/** Undo: the batch's new places removed with their keys, the places it changed put back as they were, in one transaction. */
export async function undoPlaceBatch(
  database: Database,
  batch: ImportBatch,
  actorName: string,
  onProgress: OnProgress,
): Promise<void> {
  const index = indexOf(batch);
  await refuseUndoUnderLaterBatch(database, batch, "places");
  await inJobTransaction(database, async (trx) => {
    await lockForJob(trx, database, "batch", batch.id);
    await lockForJob(trx, database, "places");
    let done = 0;
    for (;;) {
      // Each round deletes what it read, so the next round starts at the beginning again.
      const created = await trx
        .selectFrom("place_sources")
        .select("place_id")
        .where("batch_id", "=", batch.id)
        .orderBy("place_id")
        .limit(CHUNK)
        .execute();
      if (!created.length) break;
      const ids = created.map((r) => Number(r.place_id));
      await removePlaces(trx, ids);
      await trx.deleteFrom("place_sources").where("place_id", "in", ids).execute();
      done += ids.length;
      onProgress(done);
    }
    for (let after = -1; ;) {
      const changes = await trx
        .selectFrom("import_changes")
        .select(["record_id", "previous"])
        .where("batch_id", "=", batch.id)
        .where("record_id", ">", after)
        .orderBy("record_id")
        .limit(CHUNK)
        .execute();
      if (!changes.length) break;
      after = Number(changes[changes.length - 1]!.record_id);
      const ids = changes.map((c) => Number(c.record_id));
      await removePlaces(trx, ids);
      const restored = changes.map((c) => {
        const previous = JSON.parse(c.previous) as { place: PlaceInput; keyless: boolean };
        return { id: Number(c.record_id), ...previous };
      });
      await writePlaces(trx, index.id, restored);
      const keyless = restored.filter((r) => r.keyless).map((r) => r.id);
      if (keyless.length) await trx.deleteFrom("place_sources").where("place_id", "in", keyless).execute();
      done += changes.length;
      onProgress(done);
    }
    await markUndone(trx, batch, actorName);
  });
}

/**
 * A whole index as CSV in the import format (UTF-8 with a byte-order mark, so spreadsheets read the accents and
 * Cyrillic): importing the file again changes nothing. Several spellings of one kind share a cell, "; " between.
 */
export async function* exportPlacesCsv(database: Database, index: MapIndexDef): AsyncGenerator<string> {
  const columns = placeExportColumns(index);
  yield `\uFEFF${csvLine(columns)}`;
  const rank = (kind: string) => SPELLING_ORDER.indexOf(kind as SpellingKind);
  for (let after = 0; ;) {
    const rows = await database.db
      .selectFrom("places")
      .leftJoin("place_sources", "place_sources.place_id", "places.id")
      .select(["places.id", "place_sources.source_key"])
      .where("places.map_index", "=", index.id)
      .where("places.id", ">", after)
      .orderBy("places.id")
      .limit(EXPORT_PAGE_ROWS)
      .execute();
    if (!rows.length) return;
    after = Number(rows[rows.length - 1]!.id);
    const places = await loadPlaces(
      database.db,
      index.id,
      rows.map((r) => Number(r.id)),
    );
    let text = "";
    for (const r of rows) {
      const place = places.get(Number(r.id))!;
      const cells: Record<string, string> = {
        [SOURCE_KEY_TARGET]: r.source_key ?? placeIdKey(Number(r.id)),
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
      text += csvLine(columns.map((c) => cells[c] ?? ""));
    }
    yield text;
  }
}
