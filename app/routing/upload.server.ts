import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  NodeOnDiskFile,
  unstable_composeUploadHandlers,
  unstable_createFileUploadHandler,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { readConfig } from "~/config/env.server";
import { uploadMaxBytes } from "~/config/uploads";
import { contentTypeOf, readForm } from "./form-data.server";

/**
 * A page's file upload (an import, a member's tree): the file streamed to the data folder under a name of its
 * own, never held in memory, and no larger than UPLOAD_MAX_MB; the form's other fields read into memory.
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
  | { ok: false; maxMb: number };

/** The form fields besides the file are short; a larger one is not from the page. */
const FIELD_MAX_BYTES = 64 * 1024;

function uploadsDir(): string {
  const dir = path.join(readConfig().dataDir, "imports");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Receives the multipart form of an upload page, storing its `file` field as `<uuid><extension>`. Answers
 * `{ ok: false }` for a file over the limit; throws 405/415 for anything but the page's own form and 400 for a
 * body cut off. The caller checks CSRF next, discarding the file if that fails.
 */
export async function receiveUpload(request: Request, extension: string): Promise<Upload> {
  if (request.method !== "POST" || contentTypeOf(request) !== "multipart/form-data") {
    // Anything but the page's own multipart form gets readForm's 405/415.
    await readForm(request);
    throw new Response("Send this form from its page.", { status: 415 });
  }
  const maxBytes = uploadMaxBytes(process.env);
  let fileName = "";
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(
      request,
      unstable_composeUploadHandlers(
        unstable_createFileUploadHandler({
          directory: uploadsDir(),
          maxPartSize: maxBytes,
          avoidFileConflicts: false,
          file: ({ filename }) => {
            fileName = filename;
            return `${randomUUID()}${extension}`;
          },
        }),
        unstable_createMemoryUploadHandler({ maxPartSize: FIELD_MAX_BYTES }),
      ),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return { ok: false, maxMb: Math.floor(maxBytes / 1024 / 1024) };
    throw new Response("The upload was cut off or is not a form: send it again from the page.", { status: 400 });
  }
  const file = form.get("file");
  // A file chosen but empty is stored too: the page's reader names what is wrong with it.
  const filePath = file instanceof NodeOnDiskFile ? file.getFilePath() : null;
  return {
    ok: true,
    form,
    filePath,
    fileName: path.basename(fileName.replace(/\\/g, "/")).slice(0, 200),
    discard: async () => {
      if (filePath) await rm(filePath, { force: true });
    },
  };
}
