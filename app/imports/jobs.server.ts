import { rm } from "node:fs/promises";
import { EventEmitter } from "node:events";
import { logger } from "~/config/logger.server";
import { INSTANCE_ID } from "~/jobs/instance.server";
import { IMPORT_HEARTBEAT_INTERVAL_MS, IMPORT_STALE_AFTER_MS, IMPORT_STALE_CHECK_INTERVAL_MS } from "~/config/timing";
import { type Database, sharedByInstances } from "~/db/connection.server";
import { type BatchStatus, type ImportBatch, RUNNING_STATES, claimBatch, getBatch } from "./batches.server";
import { ImportError, type OnProgress } from "./batch-walk.server";
import { checkRecordBatch, importRecordBatch, undoRecordBatch } from "./records.server";
import { checkPlaceBatch, importPlaceBatch, undoPlaceBatch } from "./places.server";
import { updateBatch } from "~/jobs/batch-rows.server";
import { storedMessage } from "~/jobs/said";
import { formatNumber } from "~/i18n/format";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";
import { type ImportsT, englishImports } from "./words.server";

/**
 * Running a batch's check, import or undo in the background of the instance that was asked (decision 0023). The
 * batch row is the job's durable record: the claim moves it into a running state only if it is still where the
 * request saw it, so two clicks or two instances never run it twice, and a job whose instance stopped is shown as
 * failed (at the next start, or by any instance once its heartbeat is stale). Progress lives in memory for the
 * progress bar of this instance, and in the batch row (PostgreSQL) for the others.
 */

export type JobPhase = "check" | "import" | "undo";

const RUNNING: Record<JobPhase, BatchStatus> = { check: "checking", import: "importing", undo: "undoing" };

export interface LiveProgress {
  batchId: number;
  phase: JobPhase;
  done: number;
  total: number;
  startedAt: number;
}

const live = new Map<number, LiveProgress>();
const events = new EventEmitter();
events.setMaxListeners(0);

export function liveProgress(batchId: number): LiveProgress | undefined {
  return live.get(batchId);
}

/** Calls `listener` whenever the batch's progress or state changes in this instance; returns the unsubscribe. */
export function onBatchChange(batchId: number, listener: () => void): () => void {
  events.on(`batch:${batchId}`, listener);
  return () => events.off(`batch:${batchId}`, listener);
}

function announce(batchId: number): void {
  events.emit(`batch:${batchId}`);
}

const STARTS_FROM: Record<JobPhase, readonly BatchStatus[]> = {
  check: ["uploaded", "checked", "failed"],
  import: ["checked", "failed"],
  undo: ["imported"],
};

export type StartResult = { ok: true } | { ok: false; message: string };

/** Why a batch cannot start this phase now, or null: in the reader's language (English for the command line). */
export function refusal(
  batch: ImportBatch,
  phase: JobPhase,
  t: ImportsT = englishImports(),
  language: Language = DEFAULT_LANGUAGE,
): string | null {
  if (batch.kind === "gedcom") return t("refusal.gedcom");
  if (!STARTS_FROM[phase].includes(batch.status)) {
    if (RUNNING_STATES.includes(batch.status)) return t("refusal.running");
    return t(`refusal.cannot.${phase}`, { state: t(`state.${batch.status}` as never) });
  }
  if (phase === "import") {
    if (!batch.checked) return t("refusal.notChecked");
    if (batch.rows.error > 0 && !batch.settings.skipBadRows) {
      return t("refusal.problems", { count: batch.rows.error, n: formatNumber(language, batch.rows.error) });
    }
  }
  return null;
}

/**
 * Starts a phase of a batch in the background and answers at once. `wait` runs it to the end first (the command
 * line, tests).
 */
export async function startBatchJob(
  database: Database,
  batchId: number,
  phase: JobPhase,
  actorName: string,
  opts: { wait?: boolean; onProgress?: (p: LiveProgress) => void; t?: ImportsT; language?: Language } = {},
): Promise<StartResult> {
  const t = opts.t ?? englishImports();
  const batch = await getBatch(database, batchId);
  if (!batch) return { ok: false, message: t("refusal.noSuchImport") };
  const why = refusal(batch, phase, t, opts.language);
  if (why) return { ok: false, message: why };
  const now = new Date().toISOString();
  const claimed = await claimBatch(database, batchId, [batch.status], RUNNING[phase], {
    runner: INSTANCE_ID,
    heartbeat_at: now,
    started_at: now,
    error: null,
    rows_done: 0,
  });
  if (!claimed) return { ok: false, message: t("refusal.startedElsewhere") };
  const running = run(database, { ...batch, status: RUNNING[phase] }, phase, actorName, opts.onProgress);
  if (opts.wait) await running;
  return { ok: true };
}

async function run(
  database: Database,
  batch: ImportBatch,
  phase: JobPhase,
  actorName: string,
  onEachProgress?: (p: LiveProgress) => void,
): Promise<void> {
  const total = phase === "undo" ? batch.rows.new + batch.rows.changed : batch.rows.total;
  const progress: LiveProgress = { batchId: batch.id, phase, done: 0, total, startedAt: Date.now() };
  live.set(batch.id, progress);
  announce(batch.id);
  const onProgress: OnProgress = (done) => {
    progress.done = done;
    if (done > progress.total) progress.total = done;
    onEachProgress?.(progress);
    announce(batch.id);
  };
  // Only where other instances may be looking (PostgreSQL) does a stopped import need a heartbeat to be told apart.
  const heartbeat = sharedByInstances(database)
    ? setInterval(() => {
        updateBatch(database, batch.id, { heartbeat_at: new Date().toISOString(), rows_done: progress.done }).catch(
          (error: unknown) => logger.warn({ err: error, batch: batch.id }, "import heartbeat failed"),
        );
      }, IMPORT_HEARTBEAT_INTERVAL_MS)
    : undefined;
  try {
    const places = batch.kind === "places";
    if (phase === "check") await (places ? checkPlaceBatch : checkRecordBatch)(database, batch, onProgress);
    else if (phase === "import") await (places ? importPlaceBatch : importRecordBatch)(database, batch, onProgress);
    else await (places ? undoPlaceBatch : undoRecordBatch)(database, batch, actorName, onProgress);
    logger.info(
      { batch: batch.id, phase, rows: progress.done, ms: Date.now() - progress.startedAt },
      "import job done",
    );
  } catch (error) {
    const known = error instanceof ImportError;
    if (!known) logger.error({ err: error, batch: batch.id, phase }, "import job failed");
    const message = known
      ? error.message
      : `The ${phase === "undo" ? "undo" : phase} stopped on an unexpected error; nothing was changed. The server log has the details.`;
    const say = known ? error.say : { key: `jobs.unexpected.${phase}` };
    // A failed undo leaves the batch imported (the transaction rolled back); anything else can be started again.
    await updateBatch(database, batch.id, {
      status: phase === "undo" ? "imported" : "failed",
      // Its English and its key (app/jobs/said.ts): the batch page says it in the reader's language.
      error: storedMessage(message, say),
      finished_at: new Date().toISOString(),
    }).catch((e: unknown) => logger.error({ err: e, batch: batch.id }, "could not record a failed import"));
  } finally {
    clearInterval(heartbeat);
    live.delete(batch.id);
    announce(batch.id);
  }
}

const TREE_INTERRUPTED = "The server stopped while the file was read; nothing of it was written. Submit it again.";
const INTERRUPTED =
  "The server stopped while this ran; nothing of it was written (an import commits all its rows or none). Start it again.";

/**
 * Batches left running by an instance that stopped: at start-up on SQLite every one (there is one instance), on
 * PostgreSQL those whose heartbeat is stale. A stopped undo leaves the batch imported.
 */
export async function failInterruptedBatches(database: Database, now = Date.now()): Promise<number> {
  const silentSince = sharedByInstances(database) ? new Date(now - IMPORT_STALE_AFTER_MS).toISOString() : undefined;
  let query = database.db
    .selectFrom("import_batches")
    .select(["id", "status", "kind", "file_path"])
    .where("status", "in", [...RUNNING_STATES]);
  if (silentSince) query = query.where("heartbeat_at", "<", silentSince);
  const stuck = await query.execute();
  for (const b of stuck) {
    if (live.has(Number(b.id))) continue;
    const tree = b.kind === "gedcom";
    const claimed = await claimBatch(
      database,
      Number(b.id),
      [b.status as BatchStatus],
      b.status === "undoing" ? "imported" : "failed",
      {
        error: tree ? TREE_INTERRUPTED : INTERRUPTED,
        finished_at: new Date(now).toISOString(),
      },
      // Asked again as it is failed: a heartbeat that came since the list was read means its instance lives.
      silentSince,
    );
    // A member's tree file is read once, by its job (decision 0054): with the job gone, the file goes too.
    if (claimed && tree && b.file_path) await rm(b.file_path, { force: true });
  }
  return stuck.length;
}

/**
 * On PostgreSQL several instances share the batches, and one that stops leaves its batch running with a heartbeat
 * that goes stale: every instance looks now and then and fails such batches, so no page view has to. (SQLite has
 * one instance, which fails its own at start-up.) Answers a function that stops looking.
 */
export function watchInterruptedBatches(database: Database): () => void {
  if (!sharedByInstances(database)) return () => undefined;
  const timer = setInterval(() => {
    failInterruptedBatches(database).then(
      (n) => {
        if (n) logger.warn({ interrupted: n }, "imports of a stopped instance are marked failed");
      },
      (error: unknown) => logger.warn({ err: error }, "could not look for interrupted imports"),
    );
  }, IMPORT_STALE_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
