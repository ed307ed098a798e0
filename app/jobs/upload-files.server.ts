import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { User } from "~/auth/users.server";
import { logger } from "~/config/logger.server";
import { UPLOAD_SWEEP_GRACE_MS, UPLOAD_SWEEP_INTERVAL_MS } from "~/config/timing";
import { uploadQuotaBytes } from "~/config/uploads";
import type { Database } from "~/db/connection.server";
import { uploadsDir, uploadsInFlight } from "~/routing/upload.server";
import { formatNumber } from "~/i18n/format";
import { translator } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE, type Language } from "~/i18n/languages";

/**
 * The files in DATA_DIR/imports and who holds them (decision 0056): what the sweep keeps and what a member's upload
 * quota counts. Every holder of an uploaded file is a source in UPLOAD_SOURCES; a new kind of holder is one more
 * entry there.
 */

export interface HeldFile {
  path: string;
  /** The user the file counts against, or null (the command line's). */
  owner: number | null;
}

export interface UploadSource {
  name: string;
  files(database: Database): Promise<HeldFile[]>;
}

/** Import batches (records, places, members' trees) keep their file until discarded or withdrawn. */
const importBatches: UploadSource = {
  name: "import batches",
  async files(database) {
    const rows = await database.db.selectFrom("import_batches").select(["file_path", "created_by"]).execute();
    return rows.map((r) => ({ path: r.file_path, owner: r.created_by === null ? null : Number(r.created_by) }));
  },
};

export const UPLOAD_SOURCES: readonly UploadSource[] = [importBatches];

async function heldFiles(database: Database): Promise<HeldFile[]> {
  const lists = await Promise.all(UPLOAD_SOURCES.map((s) => s.files(database)));
  return lists.flat();
}

const sizeOf = (file: string) =>
  stat(file)
    .then((s) => (s.isFile() ? s.size : 0))
    .catch(() => 0);

/** Bytes of the files still on disk that `owner`'s batches hold, and of their uploads being written now. */
export async function heldBytes(database: Database, owner: number): Promise<number> {
  const mine = [...new Set((await heldFiles(database)).filter((f) => f.owner === owner).map((f) => f.path))];
  const sizes = await Promise.all(mine.map(sizeOf));
  let writing = 0;
  for (const f of uploadsInFlight().values()) if (f.owner === owner) writing += f.bytes;
  return sizes.reduce((a, b) => a + b, 0) + writing;
}

/**
 * What a user may still upload (UPLOAD_QUOTA_MB less what they hold), or undefined for an administrator: the
 * society's own imports keep their files for good (a batch's file is its record of what was loaded).
 */
export async function uploadRoom(database: Database, user: Pick<User, "id" | "role">): Promise<number | undefined> {
  if (user.role === "admin") return undefined;
  return uploadQuotaBytes(process.env) - (await heldBytes(database, Number(user.id)));
}

/** The message beside the file field when a member's upload would pass their quota (room left in bytes). */
export function quotaMessage(roomBytes: number, language: Language = DEFAULT_LANGUAGE): string {
  const mb = (bytes: number) => formatNumber(language, Math.round((bytes / 1024 / 1024) * 10) / 10);
  const quota = uploadQuotaBytes(process.env);
  const t = translator(language, "imports");
  return roomBytes >= 100 * 1024
    ? t("jobs.quotaPassed", { quota: mb(quota), room: mb(roomBytes) })
    : t("jobs.quotaFull", { quota: mb(quota) });
}

/**
 * Removes the files in the uploads folder that no source holds, none being written here and none changed within
 * the grace period (an upload on another instance, the command line copying its file). Answers the names removed.
 */
export async function sweepUploads(database: Database, now = Date.now()): Promise<string[]> {
  const dir = uploadsDir();
  const held = new Set((await heldFiles(database)).map((f) => path.resolve(f.path)));
  for (const file of uploadsInFlight().keys()) held.add(path.resolve(file));
  const removed: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (!entry.isFile() || held.has(file)) continue;
    const info = await stat(file).catch(() => null);
    if (!info || now - info.mtimeMs < UPLOAD_SWEEP_GRACE_MS) continue;
    await rm(file, { force: true });
    removed.push(entry.name);
  }
  return removed;
}

/** The sweep now and every hour, until the returned stop is called. A failed sweep is logged and tried again. */
export function startUploadSweeps(database: Database): () => void {
  const sweep = () =>
    void sweepUploads(database)
      .then((removed) => {
        if (removed.length) logger.info({ removed: removed.length }, "uploads that belong to no batch removed");
      })
      .catch((err: unknown) => logger.warn({ err }, "sweeping the uploads folder failed"));
  sweep();
  const timer = setInterval(sweep, UPLOAD_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
