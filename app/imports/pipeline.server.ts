import type { Kysely } from "kysely";
import type { Database } from "~/db/connection.server";
import { inJobTransaction, lockForJob } from "~/db/job-transaction.server";
import type { ImportChangesTable, Schema } from "~/db/schema";
import { csvLine } from "~/search/csv";
import {
  type BatchRows,
  type Classified,
  CHUNK,
  EXPORT_PAGE_ROWS,
  ImportError,
  type OnProgress,
  type SourcedRow,
  checkBatch,
  checkedClean,
  markImported,
  markUndone,
  problemRowPolicy,
  refuseUndoUnderLaterBatch,
  requireCheckedFile,
  walkBatchRows,
} from "./batch-walk.server";
import type { ImportBatch } from "./batches.server";
import type { CsvRow } from "./csv";
import { SOURCE_KEY_TARGET } from "./fields";
import { readCsvRows } from "./file.server";
import { readXlsxRows } from "./xlsx.server";

/**
 * The one pipeline every kind of item (records, places) is checked, imported, undone and exported through
 * (decisions 0023, 0027, issue 28). A kind plugs in how a file's row is read, how its stored items are found by
 * source key and compared, and how they are written (through its domain's import interface); the pipeline does
 * the rest alike: one transaction per import or undo, the batch's locks, new, changed and unchanged rows, the
 * source keys, what a changed row replaced (kept for an undo), and the batch's outcome.
 */

/** An item stored under a source key, as an import compares it and keeps it for an undo. */
export interface Stored<S> {
  id: number;
  state: S;
  /** The key was never stored: an item that came without one (a demo record, a seeded place), found by its exported key. */
  keyless: boolean;
}

/** A source key to store: `batchId` null for a key given to an item that was there before the batch. */
export interface SourceKey {
  id: number;
  key: string;
  batchId: number | null;
}

/** How the stored items of one target (a collection, a place index) are found by their source keys. */
export interface KeyedItems<S> {
  /** The ids stored under these keys. */
  idsOfKeys(db: Kysely<Schema>, keys: readonly string[]): Promise<{ key: string; id: number }[]>;
  /** Which of these ids have a key of their own. */
  keyedIds(db: Kysely<Schema>, ids: readonly number[]): Promise<Set<number>>;
  /** The items of these ids in the target (an id of another target is not found). */
  load(db: Kysely<Schema>, ids: readonly number[]): Promise<Map<number, S>>;
}

/** What one chunk of an undo finds: a changed item as it is now (to remove) and as it was (to restore). */
export interface Changed<S, N> {
  now: N;
  before: Stored<S>;
}

/**
 * The kind's writes inside one import's or undo's transaction, through its domain's import interface. `N` is
 * what removing an item needs (its id, or the stored row whose postings go with it).
 */
export interface ItemWriter<S, N extends { id: number }> {
  /** What removing a stored item needs. */
  removable(item: Stored<S>): N;
  /** Removes items: a changed one before it is written again, or one an undo takes away. */
  remove(items: readonly N[]): Promise<void>;
  /** Writes items back as they were before the batch. */
  restore(items: readonly Stored<S>[]): Promise<void>;
  /** Keeps what changed rows replaced (import_changes), for an undo. */
  keepPrevious(rows: readonly ImportChangesTable[]): Promise<void>;
  addKeys(keys: readonly SourceKey[]): Promise<void>;
  dropKeys(ids: readonly number[]): Promise<void>;
  /** Up to `limit` items the batch created whose keys are still stored. */
  createdBy(batchId: number, limit: number): Promise<N[]>;
  /** Up to `limit` items the batch changed, by id after `after`. */
  changedBy(batchId: number, after: number, limit: number): Promise<Changed<S, N>[]>;
  /** Writes out what the writer buffered, before the transaction commits. */
  finish(): Promise<void>;
}

/** The rows an import walks, how it compares a row with a stored item, and how it writes rows. */
export interface ImportRows<R extends SourcedRow, S> {
  rows: AsyncIterable<R>;
  same(state: S, row: R): boolean;
  /** Nothing stored can match any row: no key is looked up. */
  allNew?: boolean;
  /** Writes the rows in file order, a changed one under its stored id; answers the new rows' ids in order. */
  write(rows: readonly { row: R; id?: number }[]): Promise<number[]>;
}

/** What a kind of item plugs into the pipeline. */
export interface ImportKind<R extends SourcedRow, S, N extends { id: number }> {
  /** The items' name in messages: "records", "places". */
  items: string;
  /** An exported item without a source key gets the key `${idKeyPrefix}${id}`, and an import finds it by it. */
  idKeyPrefix: string;
  /** Also held by every writer of these items besides the batch's own lock (PostgreSQL; decision 0036). */
  sharedLock?: "places";
  /** The batch's rows read on this thread, for a check. */
  checkRows(batch: ImportBatch): Pick<ImportRows<R, S>, "rows" | "same">;
  keyed(batch: ImportBatch): KeyedItems<S>;
  /** The kind's writer in the job's transaction, and (for an import) the rows it walks. */
  open(
    batch: ImportBatch,
    trx: Kysely<Schema>,
    job: Database,
    purpose: "import" | "undo",
  ): Promise<{ writer: ItemWriter<S, N>; rows(): Promise<ImportRows<R, S>> }>;
  /** What an undo keeps of a stored item, and reads back. */
  previous: { write(item: Stored<S>): string; read(id: number, text: string): Stored<S> };
  /** After the transaction committed (statistics, caches). */
  afterCommit?(database: Database): Promise<void>;
}

/** The file's rows, the header left out, each read by `read`. */
export async function* fileRows<R>(batch: ImportBatch, read: (row: CsvRow) => R): AsyncGenerator<R> {
  const { settings } = batch;
  let header = true;
  const rows =
    batch.format === "xlsx" ? readXlsxRows(batch.filePath, settings.sheet) : readCsvRows(batch.filePath, settings);
  for await (const row of rows) {
    if (header) {
      header = false;
      continue;
    }
    yield read(row);
  }
}

export function idKeyOf(kind: { idKeyPrefix: string }, id: number): string {
  return `${kind.idKeyPrefix}${id}`;
}

/** The stored items of these keys: by their stored key, or by the exported key of an item that has none. */
async function findStored<S>(
  db: Kysely<Schema>,
  keyed: KeyedItems<S>,
  prefix: string,
  keys: readonly string[],
): Promise<Map<string, Stored<S>>> {
  const found = new Map<string, Stored<S>>();
  if (!keys.length) return found;
  const sources = await keyed.idsOfKeys(db, keys);
  const ids = new Map<number, { key: string; keyless: boolean }>();
  for (const s of sources) ids.set(s.id, { key: s.key, keyless: false });
  const withKey = new Set(sources.map((s) => s.key));
  const idKey = new RegExp(`^${prefix}(\\d{1,12})$`);
  const byId: [string, number][] = [];
  for (const key of keys) {
    const m = withKey.has(key) ? null : idKey.exec(key);
    if (m) byId.push([key, Number(m[1])]);
  }
  if (byId.length) {
    const taken = await keyed.keyedIds(
      db,
      byId.map(([, id]) => id),
    );
    for (const [key, id] of byId) if (!taken.has(id)) ids.set(id, { key, keyless: true });
  }
  if (!ids.size) return found;
  const items = await keyed.load(db, [...ids.keys()]);
  for (const [id, state] of items) {
    const of = ids.get(id)!;
    found.set(of.key, { id, state, keyless: of.keyless });
  }
  return found;
}

function batchRows<R extends SourcedRow, S>(
  kind: Pick<ImportKind<R, S, { id: number }>, "keyed" | "idKeyPrefix">,
  batch: ImportBatch,
  rows: Pick<ImportRows<R, S>, "rows" | "same" | "allNew">,
): BatchRows<R, Stored<S>> {
  const keyed = kind.keyed(batch);
  return {
    rows: rows.rows,
    async classify(db, chunk): Promise<Classified<R, Stored<S>>[]> {
      if (rows.allNew) return chunk.map((row) => ({ row, existing: undefined, same: false }));
      const stored = await findStored(
        db,
        keyed,
        kind.idKeyPrefix,
        chunk.map((r) => r.sourceKey!),
      );
      return chunk.map((row) => {
        const existing = stored.get(row.sourceKey!);
        return { row, existing, same: !!existing && rows.same(existing.state, row) };
      });
    },
  };
}

/** The dry run: every row read and validated, nothing written but the report. */
export function checkKindBatch<R extends SourcedRow, S, N extends { id: number }>(
  kind: ImportKind<R, S, N>,
  database: Database,
  batch: ImportBatch,
  onProgress: OnProgress,
): Promise<void> {
  return checkBatch(database, batch, batchRows(kind, batch, kind.checkRows(batch)), onProgress);
}

async function lockBatch(kind: { sharedLock?: "places" }, trx: Kysely<Schema>, database: Database, batch: ImportBatch) {
  await lockForJob(trx, database, "batch", batch.id);
  if (kind.sharedLock) await lockForJob(trx, database, kind.sharedLock);
}

/**
 * The import: one transaction writes every valid row (new items added, changed ones written again under their ids,
 * what they replaced kept for an undo) or nothing.
 */
export async function importKindBatch<R extends SourcedRow, S, N extends { id: number }>(
  kind: ImportKind<R, S, N>,
  database: Database,
  batch: ImportBatch,
  onProgress: OnProgress,
): Promise<void> {
  await requireCheckedFile(batch);
  const started = Date.now();
  await inJobTransaction(database, async (trx, job) => {
    await lockBatch(kind, trx, database, batch);
    const opened = await kind.open(batch, trx, job, "import");
    const { writer } = opened;
    const rows = await opened.rows();
    const policy = problemRowPolicy(batch);
    const counts = await walkBatchRows(
      trx,
      batch,
      batchRows(kind, batch, rows),
      onProgress,
      async (chunk) => {
        const changed = chunk.filter((c) => c.existing && !c.same).map((c) => c.existing!);
        if (changed.length) {
          await writer.keepPrevious(
            changed.map((item) => ({ batch_id: batch.id, record_id: item.id, previous: kind.previous.write(item) })),
          );
          // One removal for the chunk's changed items: a removal of records writes out every buffered posting first.
          await writer.remove(changed.map((item) => writer.removable(item)));
        }
        const written = chunk.filter((c) => !c.same);
        const ids = await rows.write(written.map(({ row, existing }) => ({ row, id: existing?.id })));
        const keys: SourceKey[] = [];
        let created = 0;
        for (const { row, existing } of written) {
          if (!existing) keys.push({ id: ids[created++]!, key: row.sourceKey!, batchId: batch.id });
          else if (existing.keyless) keys.push({ id: existing.id, key: row.sourceKey!, batchId: null });
        }
        await writer.addKeys(keys);
      },
      policy.onProblemRow,
      { keysDistinct: checkedClean(batch) },
    );
    await writer.finish();
    await markImported(trx, batch, counts, policy.skipped(), started);
  });
  await kind.afterCommit?.(database);
}

/** Undo: the batch's new items removed with their keys, the items it changed put back as they were, in one transaction. */
export async function undoKindBatch<R extends SourcedRow, S, N extends { id: number }>(
  kind: ImportKind<R, S, N>,
  database: Database,
  batch: ImportBatch,
  actorName: string,
  onProgress: OnProgress,
): Promise<void> {
  await refuseUndoUnderLaterBatch(database, batch, kind.items);
  await inJobTransaction(database, async (trx, job) => {
    await lockBatch(kind, trx, database, batch);
    const { writer } = await kind.open(batch, trx, job, "undo");
    let done = 0;
    for (;;) {
      // Each round drops the keys of what it read, so the next round starts at the beginning again.
      const created = await writer.createdBy(batch.id, CHUNK);
      if (!created.length) break;
      await writer.remove(created);
      await writer.dropKeys(created.map((item) => item.id));
      done += created.length;
      onProgress(done);
    }
    for (let after = -1; ;) {
      const changes = await writer.changedBy(batch.id, after, CHUNK);
      if (!changes.length) break;
      after = changes[changes.length - 1]!.now.id;
      await writer.remove(changes.map((c) => c.now));
      const before = changes.map((c) => c.before);
      await writer.restore(before);
      const keyless = before.filter((item) => item.keyless).map((item) => item.id);
      if (keyless.length) await writer.dropKeys(keyless);
      done += changes.length;
      onProgress(done);
    }
    await writer.finish();
    await markUndone(trx, batch, actorName);
  });
  await kind.afterCommit?.(database);
}

/**
 * A whole target as CSV in the import format (UTF-8 with a byte-order mark, so spreadsheets read the accents and
 * Cyrillic): importing the file again changes nothing. `page` gives the items after an id, in id order, each with
 * its cells by column and its stored source key, if any; an item without one is given its exported key.
 */
export async function* exportCsv(
  kind: { idKeyPrefix: string },
  columns: readonly string[],
  page: (after: number, limit: number) => Promise<{ id: number; key: string | null; cells: Record<string, string> }[]>,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(columns)}`;
  for (let after = 0; ;) {
    const items = await page(after, EXPORT_PAGE_ROWS);
    if (!items.length) return;
    after = items[items.length - 1]!.id;
    let text = "";
    for (const item of items) {
      const key = item.key ?? idKeyOf(kind, item.id);
      text += csvLine(columns.map((c) => (c === SOURCE_KEY_TARGET ? key : (item.cells[c] ?? ""))));
    }
    yield text;
  }
}

export { ImportError };
