import { writeFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  STORAGE_ALERT_INTERVAL_MS,
  STORAGE_FAILURE_MEMORY_MS,
  STORAGE_RETRY_AFTER_SECONDS,
  UNAVAILABLE_LOG_INTERVAL_MS,
} from "~/config/timing";
import { type DatabaseTrouble, databaseTrouble } from "~/db/errors";
import { readConfig } from "~/config/env.server";
import { logger } from "~/config/logger.server";
import { wrapRouteHandlers } from "~/routing/remix-build";

/**
 * When the database goes away (a PostgreSQL restart) or the disk under the
 * data fills up, every loader and action that meets it answers a 503 page
 * that says so, with `Retry-After`, instead of a 500 — and the process lives
 * on and recovers by itself. /healthz reports both states (issue #8). A data
 * folder that turned read-only (a disk remounted after an error, a restore
 * with the wrong owner) is told apart from a full one: the fix differs (issue 13). On SQLite a write that waited
 * out another connection's write lock (a long import) is answered "busy", not "restarting" (decision 0053).
 */
export const DATABASE_RESTARTING_MESSAGE = "The database is restarting — try again in a moment.";
export const DATABASE_BUSY_MESSAGE =
  "The site is busy saving a large change, such as an import of records — try again in a moment.";
export const STORAGE_FULL_MESSAGE =
  "The site cannot save anything just now because its storage is full. The society's administrators have been alerted; please try again later.";

export const STORAGE_READ_ONLY_MESSAGE =
  "The site cannot save anything just now because its data folder is read-only. The society's administrators have been alerted; please try again later.";

export type StorageState = "ok" | "full" | "read-only";

const MESSAGES: Record<DatabaseTrouble, string> = {
  unavailable: DATABASE_RESTARTING_MESSAGE,
  busy: DATABASE_BUSY_MESSAGE,
  "storage-full": STORAGE_FULL_MESSAGE,
  "storage-read-only": STORAGE_READ_ONLY_MESSAGE,
};
const ALERTS: Record<Exclude<StorageState, "ok">, string> = {
  full: "ALERT: writes fail, the disk under the data is full",
  "read-only": "ALERT: writes fail, the data folder is read-only",
};

let lastWriteFailure: { at: number; state: Exclude<StorageState, "ok"> } | undefined;
let lastAlertAt = 0;
const lastLogAt: Record<"unavailable" | "busy", number> = { unavailable: 0, busy: 0 };
const LOG_LINES = {
  unavailable: "the database is unavailable; answering 503",
  busy: "the database is busy: another write held its lock past the wait; answering 503",
};

const isStorage = (trouble: DatabaseTrouble): trouble is "storage-full" | "storage-read-only" =>
  trouble === "storage-full" || trouble === "storage-read-only";

export function unavailableResponse(trouble: DatabaseTrouble): Response {
  const storage = isStorage(trouble);
  return new Response(MESSAGES[trouble], {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(storage ? STORAGE_RETRY_AFTER_SECONDS : DATABASE_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}

/** `Retry-After` for a rendered 503 page, from the message its loader threw. */
export function retryAfterFor(message: unknown): string {
  const storage = message === STORAGE_FULL_MESSAGE || message === STORAGE_READ_ONLY_MESSAGE;
  return String(storage ? STORAGE_RETRY_AFTER_SECONDS : DATABASE_RETRY_AFTER_SECONDS);
}

/** Notes a trouble (one alert per interval, not one log line per request) and returns its 503. */
export function answerTrouble(trouble: DatabaseTrouble, error: unknown, url: string, now = Date.now()): Response {
  if (isStorage(trouble)) {
    const state = trouble === "storage-full" ? "full" : "read-only";
    lastWriteFailure = { at: now, state };
    if (now - lastAlertAt >= STORAGE_ALERT_INTERVAL_MS) {
      lastAlertAt = now;
      logger.error({ err: error, url, alert: trouble }, ALERTS[state]);
    }
  } else if (now - lastLogAt[trouble] >= UNAVAILABLE_LOG_INTERVAL_MS) {
    lastLogAt[trouble] = now;
    logger.warn({ err: error, url }, LOG_LINES[trouble]);
  }
  return unavailableResponse(trouble);
}

export function noteWriteSucceeded(): void {
  lastWriteFailure = undefined;
}

/** Whether the data folder takes a write now: a small file written and removed. */
async function probeDisk(dataDir: string): Promise<StorageState> {
  const probe = path.join(dataDir, `.write-probe-${process.pid}`);
  try {
    await writeFile(probe, Buffer.alloc(64 * 1024));
    await unlink(probe);
    return "ok";
  } catch (error) {
    await unlink(probe).catch(() => undefined);
    return (error as NodeJS.ErrnoException).code === "EROFS" ? "read-only" : "full";
  }
}

/**
 * Whether writes are failing now, and why: a write failed within the last minute and no write or disk probe has
 * succeeded since. The probe writes in the data folder, so a disk that has been freed or made writable again is
 * noticed without waiting for a user.
 */
export async function storageState(dataDir: string, now = Date.now()): Promise<StorageState> {
  if (!lastWriteFailure || now - lastWriteFailure.at > STORAGE_FAILURE_MEMORY_MS) return "ok";
  const state = await probeDisk(dataDir);
  if (state === "ok") lastWriteFailure = undefined;
  return state;
}

/**
 * SQLite reports a write the disk refused as an I/O error whether the disk is full or read-only; the disk itself
 * says which, so the page and the alert name the right fix.
 */
async function whichStorageTrouble(trouble: DatabaseTrouble): Promise<DatabaseTrouble> {
  if (trouble !== "storage-full") return trouble;
  return (await probeDisk(readConfig().dataDir)) === "read-only" ? "storage-read-only" : trouble;
}

type Handler = (args: never) => unknown;

function guarded<F extends Handler>(handler: F, isWrite: boolean): F {
  return (async (args: { request: Request }) => {
    try {
      const result = await handler(args as never);
      if (isWrite) noteWriteSucceeded();
      return result;
    } catch (error) {
      if (error instanceof Response) throw error;
      const trouble = databaseTrouble(error);
      if (!trouble) throw error;
      throw answerTrouble(await whichStorageTrouble(trouble), error, args.request.url);
    }
  }) as unknown as F;
}

const hardened = new WeakMap<ServerBuild, ServerBuild>();

/**
 * The build with every route's loader and action answering the database's
 * trouble as a 503 — one place for every page, resource route and payload file.
 */
export function withAvailability(build: ServerBuild): ServerBuild {
  let result = hardened.get(build);
  if (!result) {
    result = wrapRouteHandlers(build, {
      loader: (loader) => guarded(loader, false),
      action: (action) => guarded(action, true),
    });
    hardened.set(build, result);
  }
  return result;
}
