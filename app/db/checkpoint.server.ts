import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { logger } from "~/config/logger.server";

/**
 * SQLite copies the write-ahead log into the database file (a checkpoint) when a commit leaves the log long. After
 * an import that is the whole import again, some 600 MB a million rows, and it ran inside the import's commit, on
 * the thread that serves the site: a million rows held every request for over a second, ten million for much
 * longer. An import's connection therefore leaves the log as it is (`wal_autocheckpoint = 0`, job-transaction)
 * and a worker thread copies it here, with a connection of its own, while the site goes on. A passive checkpoint
 * waits for nobody: a reader still on an older snapshot keeps its frames, and the site's next commit copies them.
 */

/** The frames of the log, and how many of them are now in the database file, as `pragma wal_checkpoint` says. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

// Plain CommonJS run as it is (`eval`): the driver is named by its resolved path, so neither a bundle nor the
// working directory decides where it comes from.
const CHECKPOINT_SCRIPT = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
try {
  db.pragma("busy_timeout = 5000");
  parentPort.postMessage(db.pragma("wal_checkpoint(PASSIVE)")[0]);
} finally {
  db.close();
}
`;

const pending = new Set<Promise<CheckpointResult | null>>();

/** Checkpoints the database at `file` on a worker thread; the promise never rejects (a failure is logged). */
export function checkpointAside(file: string): Promise<CheckpointResult | null> {
  const done = new Promise<CheckpointResult | null>((resolve) => {
    let result: CheckpointResult | null = null;
    const worker = new Worker(CHECKPOINT_SCRIPT, {
      eval: true,
      workerData: { file, driver: createRequire(import.meta.url).resolve("better-sqlite3") },
    });
    worker.on("message", (message: CheckpointResult) => (result = message));
    worker.on("error", (error) => logger.warn({ err: error, file }, "checkpoint after an import failed"));
    worker.on("exit", () => resolve(result));
  });
  pending.add(done);
  void done.then(() => pending.delete(done));
  return done;
}

/** Resolves when every checkpoint started so far has ended (tests, and a server closing its database). */
export async function checkpointsSettled(): Promise<void> {
  await Promise.all([...pending]);
}
