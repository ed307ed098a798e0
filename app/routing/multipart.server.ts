import { Readable } from "node:stream";
import busboy from "busboy";

/**
 * A multipart/form-data body read part by part as it arrives, each part's bytes handed to a sink the caller chooses
 * from the part's headers (decision 0056). The parsing is busboy's; what this module adds is the order: a part is
 * handed over only after the one before it has ended, and its sink is chosen before its first byte, where an upload's
 * CSRF token is checked. Remix's own parser (@web3-storage/multipart-parser) split the Content-Disposition header at
 * every `;` and `=`, so a browser's `filename="Kowalski;Nowak.ged"` made the whole form "malformed".
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

/** The body is not a well-formed multipart form (or was cut off before its closing boundary). */
export class MultipartError extends Error {}

/** A field's value is cut here by busboy; a sink that wants less refuses it on seeing more. */
const FIELD_READ_MAX_BYTES = 1024 * 1024;

/**
 * Reads `body` to its closing boundary, calling `onPart` with each part's headers and sending the part's bytes to
 * the sink it returns (a part's sink is ended before the next part is handed over). Throws MultipartError for a
 * malformed or cut-off body, and whatever the body's stream, `onPart` or a sink throws.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  onPart: (headers: PartHeaders) => PartSink | Promise<PartSink>,
  /**
   * After a refusal (`onPart` or a sink threw, or the form is malformed) the rest of the body is read and dropped,
   * up to this many bytes, so the refusal is answered on the same connection: a browser whose upload is answered
   * before it has sent it all shows a reset connection instead of the page.
   */
  drainBytes = 0,
): Promise<void> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send a file's name as raw UTF-8; folders are the caller's to strip.
      defParamCharset: "utf8",
      preservePath: true,
      limits: { fieldSize: FIELD_READ_MAX_BYTES },
    });
  } catch (error) {
    // No boundary, or not multipart at all.
    throw new MultipartError("Not a multipart form.", { cause: error });
  }
  const source = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);

  let failure: unknown;
  let sourceFailed = false;
  let droppedBytes = 0;
  // Parts are handed over one after the other, in the order they came.
  let queue: Promise<void> = Promise.resolve();
  const fail = (error: unknown) => {
    failure ??= error;
  };
  const inTurn = (work: () => Promise<void>) => {
    queue = queue.then(() => (failure === undefined ? work() : undefined)).catch(fail);
  };

  const noName = () => new MultipartError("A part has no form-data name.");
  parser.on("field", (name, value) => {
    inTurn(async () => {
      if (name === undefined) throw noName();
      const sink = await onPart({ name, filename: null });
      if (value) await sink.write(Buffer.from(value, "utf8"));
      await sink.end();
    });
  });
  parser.on("file", (name, stream, info) => {
    // A stream ended by a broken body (below) before its turn errors with no one listening yet.
    stream.on("error", () => undefined);
    inTurn(async () => {
      if (name === undefined) throw noName();
      const sink = await onPart({ name, filename: info.filename ?? "" });
      await new Promise<void>((resolve, reject) => {
        stream.on("data", (chunk: Buffer) => {
          if (failure !== undefined) return;
          // The sink's backpressure: no more bytes until it has taken these.
          stream.pause();
          Promise.resolve(sink.write(chunk)).then(
            () => stream.resume(),
            (error: unknown) => {
              fail(error);
              stream.resume();
            },
          );
        });
        stream.on("end", resolve);
        stream.on("error", reject);
      });
      if (failure === undefined) await sink.end();
    });
    // A part after a refusal is read past, so the body goes on to its end.
    void queue.then(() => {
      if (failure !== undefined) stream.resume();
    });
  });

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", (error) => reject(new MultipartError("The form is malformed or cut off.", { cause: error })));
    source.on("error", (error) => {
      // The sender went away mid-body (or the connection broke): the form is cut off.
      sourceFailed = true;
      reject(new MultipartError("The form was cut off.", { cause: error }));
    });
    // Given up after a refusal (below): busboy will not see the end.
    source.on("close", () => {
      if (!source.readableEnded) reject(new MultipartError("The form was not read to its end."));
    });
  });
  parsed.catch(() => undefined);

  source.on("data", (chunk: Buffer) => {
    if (failure === undefined) return;
    droppedBytes += chunk.length;
    // Past what a refusal reads, the connection is given up.
    if (droppedBytes > drainBytes) source.destroy();
  });
  source.pipe(parser);

  try {
    await parsed;
  } catch (error) {
    fail(error);
    // The part being read will get no more bytes: busboy ends its stream with the error.
    parser.destroy(error as Error);
  }
  await queue;
  if (failure !== undefined) {
    if (!sourceFailed && !source.destroyed) source.destroy();
    throw failure;
  }
}
