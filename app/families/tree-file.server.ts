import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { type ByteScan, type EncodingChoice, GedcomDecoder } from "~/gedcom/encoding";

/**
 * A stored GEDCOM file read in pieces of a megabyte (decision 0054): its bytes scanned once (checksum, 8-bit bytes,
 * valid UTF-8), then its lines decoded and handed on one at a time, as often as the reader passes over it.
 */

const PIECE_BYTES = 1024 * 1024;
/** What the encoding is told by: the byte-order mark, the NULs of UTF-16, the header's CHAR line. */
export const HEAD_BYTES = 64 * 1024;
/** A longer line is not a GEDCOM line (a 20 MB NAME is read, and cut to its first 4,000 characters). */
export const MAX_LINE_CHARS = 64 * 1024 * 1024;

export class LineTooLong extends Error {
  constructor(readonly line: number) {
    super(`Line ${line} is longer than ${MAX_LINE_CHARS / 1024 / 1024} million characters: this is not a GEDCOM file.`);
  }
}

export async function fileHead(filePath: string): Promise<Uint8Array> {
  const file = await open(filePath);
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Each piece of the file to `visit`, until it answers true. */
async function eachPiece(
  filePath: string,
  visit: (bytes: Uint8Array) => Promise<boolean | void> | boolean | void,
): Promise<void> {
  const file = await open(filePath);
  try {
    const buffer = new Uint8Array(PIECE_BYTES);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, PIECE_BYTES, null);
      if (!bytesRead) break;
      if (await visit(buffer.subarray(0, bytesRead))) break;
    }
  } finally {
    await file.close();
  }
}

/** The file's SHA-256 and what its bytes are (for the choice of an 8-bit encoding), in one pass. */
export async function scanFile(
  filePath: string,
  onBytes: (bytes: number) => void,
): Promise<ByteScan & { sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let strict: TextDecoder | null = new TextDecoder("utf-8", { fatal: true });
  let high = false;
  let bytes = 0;
  await eachPiece(filePath, (piece) => {
    hash.update(piece);
    bytes += piece.length;
    if (!high) high = piece.some((b) => b >= 0x80);
    if (strict) {
      try {
        strict.decode(piece, { stream: true });
      } catch {
        strict = null;
      }
    }
    onBytes(bytes);
  });
  let utf8 = strict !== null;
  if (strict) {
    try {
      strict.decode();
    } catch {
      utf8 = false;
    }
  }
  return { sha256: hash.digest("hex"), high, utf8: !high || utf8, bytes };
}

/**
 * Every line of the file, decoded as `choice` says, to `onLine`; `afterPiece` is awaited after each piece's lines
 * (the reader's turn to hand on what it gathered, and wait while the writer catches up); true stops. Pieces of an 8-bit or
 * UTF-8 file are cut after their last line break, so no character is split.
 */
export async function readLines(
  filePath: string,
  choice: EncodingChoice,
  onLine: (line: string) => void,
  afterPiece: (bytesRead: number) => Promise<boolean>,
): Promise<{ lines: number; warnings: string[] }> {
  const decoder = new GedcomDecoder(choice);
  const utf16 = choice.encoding === "utf-16le" || choice.encoding === "utf-16be";
  let skip = choice.skip;
  let carryBytes: Uint8Array | null = null;
  let partial = "";
  let lastWasCR = false;
  let lines = 0;
  let bytesRead = 0;
  const text = (t: string) => {
    let start = 0;
    if (lastWasCR && t.charCodeAt(0) === 10) start = 1;
    lastWasCR = false;
    const n = t.length;
    for (let i = start; i < n; i++) {
      const c = t.charCodeAt(i);
      if (c === 10 || c === 13) {
        const line = partial + t.slice(start, i);
        partial = "";
        lines++;
        onLine(line);
        if (c === 13) {
          if (i + 1 === n) lastWasCR = true;
          else if (t.charCodeAt(i + 1) === 10) i++;
        }
        start = i + 1;
      }
    }
    if (start < n) partial += t.slice(start);
    if (partial.length > MAX_LINE_CHARS) throw new LineTooLong(lines + 1);
  };
  await eachPiece(filePath, async (piece) => {
    bytesRead += piece.length;
    let bytes = piece;
    if (skip) {
      bytes = bytes.subarray(Math.min(skip, bytes.length));
      skip = 0;
    }
    if (utf16) text(decoder.decode(bytes));
    else {
      let end = bytes.length;
      while (end > 0 && bytes[end - 1] !== 10 && bytes[end - 1] !== 13) end--;
      const joined: Uint8Array = carryBytes ? Buffer.concat([carryBytes, bytes]) : bytes;
      const cut = carryBytes ? carryBytes.length + end : end;
      if (end === 0) {
        // No line break in this piece: it waits for the next one (a copy: the buffer is read into again).
        carryBytes = Uint8Array.from(joined);
        if (carryBytes.length > MAX_LINE_CHARS) throw new LineTooLong(lines + 1);
      } else {
        text(decoder.decode(joined.subarray(0, cut)));
        carryBytes = cut < joined.length ? Uint8Array.from(joined.subarray(cut)) : null;
      }
    }
    return afterPiece(bytesRead);
  });
  if (carryBytes) text(decoder.decode(carryBytes, true));
  else text(decoder.decode(new Uint8Array(0), true));
  if (partial) {
    lines++;
    onLine(partial);
  }
  return { lines, warnings: decoder.warnings() };
}
