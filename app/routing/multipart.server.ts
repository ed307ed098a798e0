/**
 * A multipart/form-data body read part by part as it arrives, each part's bytes handed to a sink the caller chooses
 * from the part's headers (decision 0056). Remix's parser (@web3-storage/multipart-parser) splits the
 * Content-Disposition header at every `;` and `=`, so a browser's `filename="Kowalski;Nowak.ged"` made the whole
 * form "malformed"; and it gives no say between a part's headers and its first byte, where an upload's CSRF token
 * must be checked before a file byte is written.
 */

export interface PartHeaders {
  /** The form field's name. */
  name: string;
  /** The file's name as the browser sent it, or null for a plain field. */
  filename: string | null;
}

/** Where a part's bytes go: a field's memory, a file, or nowhere. Backpressure: `write` may wait. */
export interface PartSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/** The body is not a well-formed multipart form, or was cut off (it ended, or its stream failed, before the end). */
export class MultipartError extends Error {}

/** Part headers are a line or two from a browser; more is not a form. */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");

/** The boundary of a `multipart/form-data; boundary=…` content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/**
 * The parameters of a Content-Disposition value (RFC 7578 §4.2, RFC 6266): quoted strings may hold `;` and `=`;
 * browsers send a file's name as raw UTF-8 in quotes, with `"` as `%22` (HTML's rule) or `\"`; `filename*` (RFC 5987)
 * wins where given. Backslashes are kept: old browsers sent Windows paths.
 */
export function dispositionOf(value: string): PartHeaders | null {
  const type = /^\s*form-data\s*/iy;
  if (!type.test(value)) return null;
  const param = /\s*;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/y;
  param.lastIndex = type.lastIndex;
  const params = new Map<string, string>();
  for (let m = param.exec(value); m; m = param.exec(value)) {
    params.set(m[1]!.toLowerCase(), m[2] !== undefined ? m[2].replace(/\\"/g, '"') : m[3]!.trim());
  }
  const name = params.get("name");
  if (name === undefined) return null;
  const extended = /^utf-8'[^']*'(.*)$/i.exec(params.get("filename*") ?? "");
  let filename = params.get("filename") ?? null;
  if (extended) {
    try {
      filename = decodeURIComponent(extended[1]!);
    } catch {
      // A broken extended name: the plain one stands.
    }
  }
  return { name, filename };
}

/**
 * Reads `body` to its closing boundary, calling `onPart` with each part's headers and sending the part's bytes to
 * the sink it returns (a part's sink is ended before the next part's headers are read). Throws MultipartError for a
 * malformed or cut-off body, and whatever the body's stream, `onPart` or a sink throws.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  onPart: (headers: PartHeaders) => PartSink | Promise<PartSink>,
  /**
   * After a refusal (`onPart` or a sink threw, or the form is malformed) the rest of the body is read and dropped,
   * up to this many bytes, so the refusal is answered on the same connection: a browser whose upload is answered
   * before it has sent it all shows a reset connection instead of the page.
   */
  drainBytes = 0,
): Promise<void> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  // The first boundary has no line break before it: one is put there so every boundary is found alike.
  let buffer: Buffer = Buffer.from(CRLF);
  let streamFailed = false;
  const read = () =>
    reader.read().catch((error: unknown) => {
      // The sender went away mid-body (or the connection broke): the form is cut off.
      streamFailed = true;
      throw new MultipartError("The form was cut off.", { cause: error });
    });
  const more = async (): Promise<void> => {
    const { done, value } = await read();
    if (done) throw new MultipartError("The form was cut off before its end.");
    buffer = buffer.length ? Buffer.concat([buffer, value]) : Buffer.from(value);
  };
  try {
    // The preamble, up to the first boundary.
    for (let at = buffer.indexOf(delimiter); at < 0; at = buffer.indexOf(delimiter)) {
      buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length + 1));
      await more();
    }
    buffer = buffer.subarray(buffer.indexOf(delimiter) + delimiter.length);
    for (;;) {
      // After a boundary: `--` ends the form, else (transport padding and) a line break starts a part.
      while (buffer.length < 2) await more();
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) break;
      let eol = buffer.indexOf(CRLF);
      for (; eol < 0; eol = buffer.indexOf(CRLF)) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("A boundary line is too long.");
        await more();
      }
      if (buffer.subarray(0, eol).toString("latin1").trim()) throw new MultipartError("A boundary is malformed.");
      buffer = buffer.subarray(eol + CRLF.length);

      // The part's headers, up to an empty line.
      let end = buffer.subarray(0, 2).equals(CRLF) ? -CRLF.length : buffer.indexOf(HEADERS_END);
      for (; end === -1; end = buffer.indexOf(HEADERS_END)) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("A part's headers are too long.");
        await more();
        if (buffer.subarray(0, 2).equals(CRLF)) end = -CRLF.length;
      }
      let headers: PartHeaders | null = null;
      for (const line of buffer.subarray(0, Math.max(0, end)).toString("utf8").split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === "content-disposition") {
          headers = dispositionOf(line.slice(colon + 1));
        }
      }
      if (!headers) throw new MultipartError("A part has no form-data name.");
      buffer = buffer.subarray(end + HEADERS_END.length);

      // The part's bytes, up to the next boundary; a tail that may be the boundary's start waits for more.
      const sink = await onPart(headers);
      for (let at = buffer.indexOf(delimiter); at < 0; at = buffer.indexOf(delimiter)) {
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          await sink.write(buffer.subarray(0, safe));
          buffer = buffer.subarray(safe);
        }
        await more();
      }
      const at = buffer.indexOf(delimiter);
      if (at > 0) await sink.write(buffer.subarray(0, at));
      await sink.end();
      buffer = buffer.subarray(at + delimiter.length);
    }
  } catch (error) {
    for (let dropped = 0; !streamFailed && dropped <= drainBytes;) {
      const { done, value } = await read().catch(() => ({ done: true, value: undefined }));
      if (done || !value) break;
      dropped += value.length;
    }
    throw error;
  }
  // The epilogue (a line break from a browser) is read, so the connection can carry the answer; not a flood of it.
  for (let dropped = 0; dropped <= MAX_HEADER_BYTES;) {
    const { done, value } = await read().catch(() => ({ done: true, value: undefined }));
    if (done || !value) return;
    dropped += value.length;
  }
}
