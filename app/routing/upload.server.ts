import { randomUUID } from "node:crypto";
import { type WriteStream, createWriteStream, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { once } from "node:events";
import path from "node:path";
import { readConfig } from "~/config/env.server";
import { uploadMaxBytes } from "~/config/uploads";
import { contentTypeOf, readForm } from "./form-data.server";
import { MultipartError, type PartSink, readMultipart } from "./multipart.server";

/**
 * A page's file upload (an import, a member's tree): the file streamed to the data folder under a name of its
 * own, never held in memory, and no larger than UPLOAD_MAX_MB (or the room left in the uploader's quota); the
 * form's other fields read into memory. Nothing is written before the fields sent ahead of the file (the CSRF
 * token) pass the caller's check, only the one expected file is written, and a file not handed over whole to the
 * caller is removed (decision 0056).
 */

export type Upload =
  | {
      ok: true;
      form: FormData;
      /** Where the file was stored, or null when none was chosen. */
      filePath: string | null;
      /** The file's name on the sender's computer, without folders. */
      fileName: string;
      /** Removes the stored file (a refused upload leaves nothing behind). */
      discard: () => Promise<void>;
    }
  | {
      ok: false;
      /** The file was over the upload limit, or over the room left in the uploader's quota. */
      reason: "size" | "quota";
      maxMb: number;
      maxBytes: number;
      /** The fields that came before the file, so the page can keep what was typed. */
      form: FormData;
    };

export type ReceivedUpload = Extract<Upload, { ok: true }>;

export interface UploadOptions {
  /**
   * Checks the fields sent before the file (the page puts its CSRF token first) before a byte of the file is
   * written: throws (a Response) to refuse. A form without the file field is checked once read.
   */
  check?: (fields: FormData) => Promise<void>;
  /** Most bytes the uploader may still store (their quota less what they hold); undefined: no quota. */
  roomBytes?: number;
  /** Who uploads, for the files in flight counted against their quota. */
  owner?: number;
}

/** The form fields besides the file are short; a larger one is not from the page. */
const FIELD_MAX_BYTES = 64 * 1024;
/** An upload page's form has a handful of fields; more parts than this are not from the page. */
const MAX_PARTS = 50;
/** The field an upload page sends its file in. */
const FILE_FIELD = "file";

/** Files being written by this process, with their uploader and bytes so far: not swept, counted in quotas. */
const inFlight = new Map<string, { owner: number | null; bytes: number }>();

export function uploadsInFlight(): ReadonlyMap<string, { readonly owner: number | null; readonly bytes: number }> {
  return inFlight;
}

export function uploadsDir(): string {
  const dir = path.resolve(readConfig().dataDir, "imports");
  mkdirSync(dir, { recursive: true });
  return dir;
}

const refusedForm = () =>
  new Response("The upload was cut off or is not a form: send it again from the page.", {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

class OverLimit extends Error {}

/**
 * Receives the multipart form of an upload page, storing its `file` field as `<uuid><extension>`. Answers
 * `{ ok: false }` for a file over the limit or the quota; throws 405/415 for anything but the page's own form, 400
 * for a body cut off or malformed, and what `check` throws (the file not written).
 */
export async function receiveUpload(request: Request, extension: string, options: UploadOptions = {}): Promise<Upload> {
  if (request.method !== "POST" || contentTypeOf(request) !== "multipart/form-data") {
    // Anything but the page's own multipart form gets readForm's 405/415.
    await readForm(request);
    throw new Response("Send this form from its page.", { status: 415 });
  }
  if (!request.body) throw refusedForm();
  const maxBytes = uploadMaxBytes(process.env);
  const room = options.roomBytes === undefined ? Infinity : Math.max(0, options.roomBytes);
  const limit = Math.min(maxBytes, room);
  const overLimit = (): Upload => ({
    ok: false,
    reason: room < maxBytes ? "quota" : "size",
    maxMb: Math.floor(limit / 1024 / 1024),
    maxBytes: limit,
    form,
  });

  const form = new FormData();
  let fileName = "";
  let filePath: string | null = null;
  /** The file's stream, closed if the upload fails before it ends. */
  const writing: WriteStream[] = [];
  let checked = false;
  let parts = 0;
  const check = async () => {
    if (!checked) await options.check?.(form);
    checked = true;
  };

  const field = (name: string): PartSink => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    return {
      write(chunk) {
        bytes += chunk.length;
        if (bytes > FIELD_MAX_BYTES) throw refusedForm();
        chunks.push(chunk);
      },
      end() {
        form.append(name, Buffer.concat(chunks).toString("utf8"));
      },
    };
  };
  const ignored: PartSink = { write() {}, end() {} };
  const file = async (): Promise<PartSink> => {
    await check();
    if (limit <= 0) throw new OverLimit();
    const stored = path.join(uploadsDir(), `${randomUUID()}${extension}`);
    const entry = { owner: options.owner ?? null, bytes: 0 };
    inFlight.set(stored, entry);
    filePath = stored;
    const out = createWriteStream(stored, { flags: "wx" });
    writing.push(out);
    const failed = new Promise<never>((_, reject) => out.once("error", reject));
    failed.catch(() => undefined);
    return {
      async write(chunk) {
        entry.bytes += chunk.length;
        if (entry.bytes > limit) throw new OverLimit();
        if (!out.write(chunk)) await Promise.race([once(out, "drain"), failed]);
      },
      async end() {
        out.end();
        await Promise.race([once(out, "finish"), failed]);
      },
    };
  };

  let kept = false;
  try {
    await readMultipart(
      request.body,
      request.headers.get("Content-Type") ?? "",
      (headers) => {
        if (++parts > MAX_PARTS) throw refusedForm();
        if (headers.filename === null) return field(headers.name);
        // Only the page's one file is written; a file under any other field, or a second one, is read past.
        if (headers.name !== FILE_FIELD || filePath !== null) return ignored;
        fileName = headers.filename;
        // No file chosen: the browser sends the field with an empty name and no bytes.
        if (!fileName) return ignored;
        return file();
      },
      // A refusal is read to the end of what the request guards let in, so the browser shows it.
      maxBytes + FIELD_MAX_BYTES * MAX_PARTS,
    );
    await check();
    kept = true;
  } catch (error) {
    if (error instanceof OverLimit) return overLimit();
    if (error instanceof MultipartError) throw refusedForm();
    // A Response is the check's or ours; a failed write (a full disk) is the availability wrapper's 503.
    throw error;
  } finally {
    if (filePath) {
      inFlight.delete(filePath);
      if (!kept) {
        for (const out of writing) out.destroy();
        await rm(filePath, { force: true });
      }
    }
  }
  const stored: string | null = filePath;
  return {
    ok: true,
    form,
    filePath: stored,
    fileName: path.basename(fileName.replace(/\\/g, "/")).slice(0, 200),
    discard: async () => {
      if (stored) await rm(stored, { force: true });
    },
  };
}

/**
 * Runs what the caller does with a received file, removing the file when that throws (a 500, a crash of the
 * reader): only a file that became a batch stays. The sweep (app/jobs/upload-files.server.ts) catches what a
 * killed process left.
 */
export async function keepingUploadOnlyIfDone<T>(upload: ReceivedUpload, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await upload.discard();
    throw error;
  }
}
