import { rm, stat } from "node:fs/promises";
import { type EventLoopUtilization, performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { Worker } from "node:worker_threads";
import type { Kysely } from "kysely";
import { writeAudit } from "~/auth/audit.server";
import { logger } from "~/config/logger.server";
import { IMPORT_HEARTBEAT_INTERVAL_MS, TREE_REFUSALS_SHOWN_MS, TREE_WRITE_REST_MAX_MS } from "~/config/timing";
import { type TreeLimits, treeLimits } from "~/config/trees";
import { type Database, sharedByInstances } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import type { GedcomProblem } from "~/gedcom/parse";
import { inJobTransaction } from "~/db/job-transaction.server";
import { startBundledWorker } from "~/platform/bundled-worker.server";
import { insertEncodedRows } from "~/db/bulk-insert.server";
import { insertTrees, nextId } from "./store.server";
import { TREE_TABLES } from "./tree-rows";
import type { TreeFromMain, TreeFromWorker, TreeWorkerJob } from "./tree-messages";
import { SHOWN_ERRORS } from "./tree-scan";
import { replaceProblems, updateBatch } from "~/jobs/batch-rows.server";
import { INSTANCE_ID } from "~/jobs/instance.server";

/**
 * A member's tree read, checked and written as a job in the background (decision 0054). The file, streamed to the
 * data folder by the upload, is read by a worker thread in passes; the main thread only records the job in its
 * batch row (status `checking` while it runs, with the file's path, so a sweep of the uploads folder leaves the
 * file alone), then, when the file has no errors, writes the people and families the worker sends, a chunk at a
 * time, in one transaction (all or nothing), giving the event loop a turn after each. The file is removed when the
 * job ends, however it ends.
 */

const COLLECTION = "genealogy";
/** GEDCOM uploads are import batches of this kind (their file, counts and warnings or errors). */
export const GEDCOM_BATCH_KIND = "gedcom";
const WORKER_SOURCE = "./tree-worker.server.ts";
const WORKER_BUNDLE = "tree-worker.cjs";
/**
 * The worker's heap: the records' index (xrefs, lines, links as typed arrays) of a million people and 300,000
 * families takes about 150 MB; a file that would need more fails, nothing written.
 */
const WORKER_HEAP_MB = 320;
/**
 * The page cache of the job's SQLite connection, in KiB: the pages it holds are written to the log at the commit
 * (64 MB took about half a second); a small cache spills them to the log as the job goes, a slice at a time. The
 * commit runs on the job's worker (decision 0075), so its length holds up only the job; the cache stays small to
 * keep the import's memory bound.
 */
const JOB_CACHE_KB = 2_048;

/**
 * The writer's rest after a slice begun at `began`: as long as the slice kept the thread busy (waiting on
 * PostgreSQL is not), at most TREE_WRITE_REST_MAX_MS, so at least half the thread is left to the site.
 */
const rest = (began: EventLoopUtilization) =>
  sleep(Math.min(performance.eventLoopUtilization(began).active, TREE_WRITE_REST_MAX_MS));

export interface TreeJobInput {
  title: string;
  fileName: string;
  /** Where the upload was stored; removed when the job ends. */
  filePath: string;
  submitter: { id: number; name: string };
  /** The approved tree of this member that the file replaces. */
  replaces?: number | null;
}

/** What a batch of a GEDCOM upload keeps about the file, in its `analysis`. */
export interface TreeAnalysis {
  people: number;
  families: number;
  warnings: number;
  encoding: string;
  program: string;
  /** The numbers the upload's people got: a later upload never takes them again, even once they are removed. */
  firstNumber: number;
  lastNumber: number;
  /** A refused file: how many errors it has (the first SHOWN_ERRORS are the batch's problems). */
  errors?: number;
}

export interface SubmittedTree {
  treeId: number;
  people: number;
  families: number;
  warnings: number;
}

export type SubmitOutcome =
  | { ok: true; tree: SubmittedTree }
  /** The file's errors (the first SHOWN_ERRORS, by line) and how many more there are. */
  | { ok: false; errors: GedcomProblem[]; more: number }
  /** `replaces` is not the submitter's approved tree, or a newer file of it already waits; or `message`. */
  | { ok: false; errors: null; more: 0; message?: string };

export interface TreeJobProgress {
  batchId: number;
  done: number;
  total: number;
}

const live = new Map<number, TreeJobProgress>();

/** How far this instance's job of a batch is, or undefined when it runs nowhere here. */
export function treeJobProgress(batchId: number): TreeJobProgress | undefined {
  return live.get(batchId);
}

// Numbers and ids are read, then written: one tree is written at a time (the site runs as one process).
let writing: Promise<unknown> = Promise.resolve();
export function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = writing.then(work, work);
  writing = run.catch(() => undefined);
  return run;
}

/** The next free number of the collection, past every number an upload was ever given. */
async function nextNumber(db: Kysely<Schema>): Promise<number> {
  const people = await db
    .selectFrom("people")
    .select((eb) => eb.fn.max("number").as("max"))
    .where("collection", "=", COLLECTION)
    .executeTakeFirst();
  const batches = await db
    .selectFrom("import_batches")
    .select("analysis")
    .where("kind", "=", GEDCOM_BATCH_KIND)
    .execute();
  let highest = Number(people?.max ?? 0);
  for (const b of batches) {
    const issued = Number((JSON.parse(b.analysis) as Partial<TreeAnalysis>).lastNumber ?? 0);
    if (issued > highest) highest = issued;
  }
  return highest + 1;
}

/** Whether `replaces` is the submitter's approved tree with no newer file waiting. */
async function mayReplace(db: Kysely<Schema>, submitterId: number, replaces: number): Promise<boolean> {
  const old = await db
    .selectFrom("family_trees")
    .select("id")
    .where("id", "=", replaces)
    .where("submitter_id", "=", submitterId)
    .where("status", "=", "approved")
    .executeTakeFirst();
  const waiting = await db
    .selectFrom("family_trees")
    .select("id")
    .where("replaces_id", "=", replaces)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Boolean(old) && !waiting;
}

/** Messages of the worker, taken one at a time. */
class Inbox {
  private queue: TreeFromWorker[] = [];
  private waiter: ((m: TreeFromWorker) => void) | null = null;

  put(message: TreeFromWorker): void {
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = null;
      w(message);
    } else this.queue.push(message);
  }

  next(): Promise<TreeFromWorker> {
    const m = this.queue.shift();
    if (m) return Promise.resolve(m);
    return new Promise((resolve) => (this.waiter = resolve));
  }
}

export interface StartedTreeJob {
  batchId: number;
  /** The job's end: the tree written, or why not. */
  outcome: Promise<SubmitOutcome>;
}

const TOO_LARGE = (bytes: number, max: number) =>
  `The file is ${Math.ceil(bytes / 1024 / 1024)} MB, and a tree's file may have at most ${Math.floor(max / 1024 / 1024)} MB: submit it in parts (one branch of the family each).`;

/**
 * Starts reading a stored tree file in the background. Answers at once with the job's batch (or, for a file over
 * the size limit or a replacement that is not the member's to make, with the refusal, the file removed); the
 * outcome follows when the job ends.
 */
export async function startTreeJob(
  database: Database,
  input: TreeJobInput,
  ip: string,
  limits: TreeLimits = treeLimits(process.env),
): Promise<StartedTreeJob | { refused: SubmitOutcome }> {
  const { db } = database;
  const bytes = (await stat(input.filePath)).size;
  const refuse = async (outcome: SubmitOutcome) => {
    await rm(input.filePath, { force: true });
    return { refused: outcome };
  };
  if (bytes > limits.maxBytes) {
    return refuse({ ok: false, errors: null, more: 0, message: TOO_LARGE(bytes, limits.maxBytes) });
  }
  if (input.replaces && !(await mayReplace(db, input.submitter.id, input.replaces))) {
    return refuse({ ok: false, errors: null, more: 0 });
  }
  const now = new Date().toISOString();
  const batch = await db
    .insertInto("import_batches")
    .values({
      kind: GEDCOM_BATCH_KIND,
      target: COLLECTION,
      status: "checking",
      file_name: input.fileName,
      file_path: input.filePath,
      file_sha256: "",
      file_bytes: bytes,
      format: "gedcom",
      encoding_detected: "",
      settings: JSON.stringify({ title: input.title, replaces: input.replaces ?? null }),
      analysis: "{}",
      created_by: input.submitter.id,
      created_by_name: input.submitter.name,
      created_at: now,
      started_at: now,
      runner: INSTANCE_ID,
      heartbeat_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const batchId = Number(batch.id);
  const outcome = runTreeJob(database, batchId, input, bytes, limits, ip);
  return { batchId, outcome };
}

async function runTreeJob(
  database: Database,
  batchId: number,
  input: TreeJobInput,
  bytes: number,
  limits: TreeLimits,
  ip: string,
): Promise<SubmitOutcome> {
  const progress: TreeJobProgress = { batchId, done: 0, total: 1 };
  live.set(batchId, progress);
  const inbox = new Inbox();
  let worker: Worker | undefined;
  let exited = false;
  // As an import's (imports/jobs.server.ts): a heartbeat only where other instances may be looking.
  const heartbeat = sharedByInstances(database)
    ? setInterval(() => {
        updateBatch(database, batchId, { heartbeat_at: new Date().toISOString() }).catch((error: unknown) =>
          logger.warn({ err: error, batch: batchId }, "tree job heartbeat failed"),
        );
      }, IMPORT_HEARTBEAT_INTERVAL_MS)
    : undefined;
  const started = Date.now();
  try {
    const job: TreeWorkerJob = { filePath: input.filePath, bytes, maxPeople: limits.maxPeople };
    worker = await startBundledWorker(import.meta.url, WORKER_SOURCE, WORKER_BUNDLE, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    worker.on("message", (m: TreeFromWorker) => {
      if (m.kind === "progress") {
        progress.done = m.done;
        progress.total = m.total;
      } else inbox.put(m);
    });
    worker.on("error", (error) => inbox.put({ kind: "error", message: error.message }));
    worker.on("exit", (code) => {
      exited = true;
      inbox.put({ kind: "error", message: `the tree's worker stopped (exit code ${code})` });
    });
    const tell = (m: TreeFromMain) => worker?.postMessage(m);
    const next = async () => {
      const m = await inbox.next();
      if (m.kind === "error") throw new Error(m.message);
      return m;
    };

    const checked = await next();
    if (checked.kind !== "checked") throw new Error(`unexpected ${checked.kind} from the tree's worker`);
    const analysis: TreeAnalysis = {
      people: checked.people,
      families: checked.families,
      warnings: checked.warningCount,
      encoding: checked.encoding,
      program: checked.program,
      firstNumber: 0,
      lastNumber: 0,
    };
    if (!checked.ok) {
      await replaceProblems(
        database,
        batchId,
        checked.errors.map((e) => ({ row: e.line, column: e.tag ?? "", message: e.message })),
      );
      await updateBatch(database, batchId, {
        status: "failed",
        error: `The file has ${checked.errorCount.toLocaleString("en")} ${checked.errorCount === 1 ? "error" : "errors"}.`,
        file_sha256: checked.sha256,
        encoding_detected: checked.encoding,
        analysis: JSON.stringify({ ...analysis, errors: checked.errorCount }),
        rows_total: checked.people,
        rows_error: checked.errorCount,
        finished_at: new Date().toISOString(),
        duration_ms: Date.now() - started,
      });
      return { ok: false, errors: checked.errors, more: Math.max(0, checked.errorCount - SHOWN_ERRORS) };
    }

    const written = await oneAtATime(() =>
      inJobTransaction(
        database,
        async (trx, job) => {
          if (input.replaces && !(await mayReplace(trx, input.submitter.id, input.replaces))) return null;
          const firstNumber = await nextNumber(trx);
          const treeId = await nextId(trx, "family_trees");
          const firstPerson = await nextId(trx, "people");
          const firstFamily = await nextId(trx, "families");
          tell({ kind: "write", ids: { collection: COLLECTION, firstNumber, firstPerson, firstFamily, treeId } });
          const now = new Date().toISOString();
          await insertTrees(
            trx,
            [
              {
                title: input.title,
                submitter: input.submitter.name,
                submittedOn: now.slice(0, 10),
                status: "pending",
                submitterId: input.submitter.id,
                batchId,
                replacesId: input.replaces ?? null,
              },
            ],
            treeId,
          );
          let people = 0;
          for (;;) {
            const m = await next();
            if (m.kind === "end") break;
            if (m.kind !== "rows") throw new Error(`unexpected ${m.kind} from the tree's worker`);
            // The worker sends the rows worked out and encoded; on SQLite they go on to the job's own thread
            // unread (decision 0075), so this thread's share of a chunk is a few messages.
            const began = performance.eventLoopUtilization();
            for (const { table, bytes } of m.tables) {
              await insertEncodedRows(job, trx, table, TREE_TABLES[table], bytes);
            }
            people += m.people;
            await rest(began);
            tell({ kind: "credit" });
          }
          if (people !== checked.people) throw new Error(`the worker sent ${people} of ${checked.people} people`);
          await replaceProblems(
            { db: trx },
            batchId,
            checked.warnings.map((w) => ({ row: w.line, column: w.tag ?? "", message: w.message })),
          );
          const done: TreeAnalysis = { ...analysis, firstNumber, lastNumber: firstNumber + people - 1 };
          await updateBatch({ db: trx }, batchId, {
            status: "imported",
            file_sha256: checked.sha256,
            encoding_detected: checked.encoding,
            analysis: JSON.stringify(done),
            rows_total: people,
            rows_done: people,
            rows_error: checked.warningCount,
            rows_new: people,
            checked: 1,
            finished_at: new Date().toISOString(),
            duration_ms: Date.now() - started,
          });
          // In the job's transaction: on SQLite a write of the site's own connection just after the commit would
          // copy the job's whole log into the database file (its automatic checkpoint) on the server's thread.
          await writeAudit(
            { ...job, db: trx },
            {
              actorUserId: input.submitter.id,
              subjectUserId: input.submitter.id,
              action: input.replaces ? "tree.replacement-submitted" : "tree.submitted",
              details: {
                tree: treeId,
                title: input.title,
                file: input.fileName,
                people: analysis.people,
                families: analysis.families,
                warnings: analysis.warnings,
                ...(input.replaces ? { replaces: input.replaces } : {}),
              },
              ip,
            },
          );
          return treeId;
        },
        // Every statement and the commit on a thread of their own: the commit of a million people is one call of
        // about 0.4 s (decision 0075).
        { cacheKb: JOB_CACHE_KB, onWorker: true },
      ),
    );
    if (written === null) {
      await updateBatch(database, batchId, {
        status: "failed",
        error: "The tree it replaces is not open to a newer file any more.",
        finished_at: new Date().toISOString(),
      });
      return { ok: false, errors: null, more: 0 };
    }
    logger.info({ batch: batchId, tree: written, people: analysis.people, ms: Date.now() - started }, "tree read");
    return {
      ok: true,
      tree: { treeId: written, people: analysis.people, families: analysis.families, warnings: analysis.warnings },
    };
  } catch (error) {
    logger.error({ err: error, batch: batchId }, "tree job failed");
    const message = `Reading the file stopped on an unexpected error; nothing was written. Try again, or write to the society if it happens again.`;
    await updateBatch(database, batchId, {
      status: "failed",
      error: message,
      finished_at: new Date().toISOString(),
    }).catch((e: unknown) => logger.error({ err: e, batch: batchId }, "could not record a failed tree job"));
    return { ok: false, errors: null, more: 0, message };
  } finally {
    clearInterval(heartbeat);
    live.delete(batchId);
    if (worker && !exited) await worker.terminate();
    await rm(input.filePath, { force: true });
  }
}

/** What a member sees of their files being read, or refused lately: newest first. */
export interface TreeJobView {
  batchId: number;
  fileName: string;
  title: string;
  status: "reading" | "refused";
  /** Reading: how far, 0–100, when this instance runs it. */
  percent: number | null;
  error: string | null;
  problems: { line: number; message: string }[];
  more: number;
  createdAt: string;
}

/** A member's files being read, and those refused lately (TREE_REFUSALS_SHOWN_MS): at most five, newest first. */
export async function listMemberTreeJobs(database: Database, userId: number, now = Date.now()): Promise<TreeJobView[]> {
  const since = new Date(now - TREE_REFUSALS_SHOWN_MS).toISOString();
  const rows = await database.db
    .selectFrom("import_batches")
    .select(["id", "status", "file_name", "settings", "analysis", "error", "created_at"])
    .where("kind", "=", GEDCOM_BATCH_KIND)
    .where("created_by", "=", userId)
    .where((eb) =>
      eb.or([eb("status", "=", "checking"), eb.and([eb("status", "=", "failed"), eb("created_at", ">=", since)])]),
    )
    .orderBy("id", "desc")
    .limit(5)
    .execute();
  const views: TreeJobView[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    const reading = r.status === "checking";
    const running = treeJobProgress(id);
    const analysis = JSON.parse(r.analysis) as Partial<TreeAnalysis>;
    const problems = reading
      ? []
      : await database.db
          .selectFrom("import_problems")
          .select(["row", "message"])
          .where("batch_id", "=", id)
          .orderBy("position")
          .limit(SHOWN_ERRORS)
          .execute();
    views.push({
      batchId: id,
      fileName: r.file_name,
      title: String((JSON.parse(r.settings) as { title?: unknown }).title ?? ""),
      status: reading ? "reading" : "refused",
      percent: running ? Math.min(100, Math.floor((100 * running.done) / running.total)) : null,
      error: r.error,
      problems: problems.map((p) => ({ line: Number(p.row), message: p.message })),
      more: Math.max(0, (analysis.errors ?? 0) - problems.length),
      createdAt: r.created_at,
    });
  }
  return views;
}
