/**
 * Turning a GEDCOM file's bytes into text. GEDCOM 5.5.1 names its character
 * set in the header (`1 CHAR`), but the header is itself inside the bytes, so
 * the order is: a byte-order mark wins, then the NUL pattern of UTF-16, then
 * the CHAR line read as ASCII. Programs often mislabel files (ANSI that is
 * really UTF-8), so valid multi-byte UTF-8 beats an 8-bit label, with a
 * warning. Nothing here throws on bad bytes: they become U+FFFD and a warning.
 */

export type GedcomEncoding = "utf-8" | "utf-16le" | "utf-16be" | "ansel" | "windows-1252" | "ibm437" | "ascii";

export interface DecodedGedcom {
  text: string;
  /** What the bytes were decoded as. */
  encoding: GedcomEncoding;
  /** Whether a byte-order mark was found (and removed). */
  bom: boolean;
  /** The header's `1 CHAR` value as written, or null when there is none. */
  declared: string | null;
  /** Mismatches between the label and the bytes, undecodable bytes. */
  warnings: string[];
}

/*
 * ANSEL (ANSI Z39.47, the MARC-8 Latin set, with GEDCOM's additions). Spacing
 * characters 0xA1–0xCF; 0xE0–0xFE are combining marks that ANSEL writes BEFORE
 * the letter they sit on, while Unicode writes them after.
 */
const ANSEL_SPACING: Record<number, string> = {
  0x88: "", // MARC-8 non-sort begin/end: markers for cataloguing, not text
  0x89: "",
  0x8d: "\u200d",
  0x8e: "\u200c",
  0xa1: "\u0141", // Ł
  0xa2: "\u00d8", // Ø
  0xa3: "\u0110", // Đ
  0xa4: "\u00de", // Þ
  0xa5: "\u00c6", // Æ
  0xa6: "\u0152", // Œ
  0xa7: "\u02b9", // soft sign
  0xa8: "\u00b7", // middle dot
  0xa9: "\u266d", // flat
  0xaa: "\u00ae", // ®
  0xab: "\u00b1", // ±
  0xac: "\u01a0", // Ơ
  0xad: "\u01af", // Ư
  0xae: "\u02bc", // alif
  0xb0: "\u02bb", // ayn
  0xb1: "\u0142", // ł
  0xb2: "\u00f8", // ø
  0xb3: "\u0111", // đ
  0xb4: "\u00fe", // þ
  0xb5: "\u00e6", // æ
  0xb6: "\u0153", // œ
  0xb7: "\u02ba", // hard sign
  0xb8: "\u0131", // dotless i
  0xb9: "\u00a3", // £
  0xba: "\u00f0", // ð
  0xbc: "\u01a1", // ơ
  0xbd: "\u01b0", // ư
  0xbe: "\u25a1", // GEDCOM: empty box
  0xbf: "\u25a0", // GEDCOM: black box
  0xc0: "\u00b0", // °
  0xc1: "\u2113", // script l
  0xc2: "\u2117", // sound recording copyright
  0xc3: "\u00a9", // ©
  0xc4: "\u266f", // sharp
  0xc5: "\u00bf", // ¿
  0xc6: "\u00a1", // ¡
  0xc7: "\u00df", // ß (MARC-8)
  0xc8: "\u20ac", // €
  0xcd: "e", // GEDCOM: midline e
  0xce: "o", // GEDCOM: midline o
  0xcf: "\u00df", // ß (GEDCOM 5.5)
};

const ANSEL_COMBINING: Record<number, string> = {
  0xe0: "\u0309", // hook above
  0xe1: "\u0300", // grave
  0xe2: "\u0301", // acute
  0xe3: "\u0302", // circumflex
  0xe4: "\u0303", // tilde
  0xe5: "\u0304", // macron
  0xe6: "\u0306", // breve
  0xe7: "\u0307", // dot above
  0xe8: "\u0308", // umlaut
  0xe9: "\u030c", // caron
  0xea: "\u030a", // ring above
  0xeb: "\ufe20", // ligature, left half
  0xec: "\ufe21", // ligature, right half
  0xed: "\u0315", // comma above right
  0xee: "\u030b", // double acute
  0xef: "\u0310", // candrabindu
  0xf0: "\u0327", // cedilla
  0xf1: "\u0328", // ogonek
  0xf2: "\u0323", // dot below
  0xf3: "\u0324", // double dot below
  0xf4: "\u0325", // ring below
  0xf5: "\u0333", // double underscore
  0xf6: "\u0332", // underscore
  0xf7: "\u0326", // comma below
  0xf8: "\u031c", // right cedilla
  0xf9: "\u032e", // breve below
  0xfa: "\ufe22", // double tilde, left half
  0xfb: "\ufe23", // double tilde, right half
  0xfe: "\u0313", // comma above
};

/** Decodes ANSEL bytes, moving each run of combining marks after its base letter, then NFC. */
export function decodeAnsel(bytes: Uint8Array): { text: string; unknown: number } {
  const out: string[] = [];
  let marks = "";
  let unknown = 0;
  let ascii = 0; // start of the pending run of plain ASCII, copied in one piece
  const flushAscii = (end: number) => {
    if (end > ascii) out.push(latin(bytes.subarray(ascii, end)));
  };
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x80 && !marks) continue;
    flushAscii(i);
    ascii = i + 1;
    const mark = ANSEL_COMBINING[b];
    if (mark !== undefined) {
      marks += mark;
      continue;
    }
    let ch: string;
    if (b < 0x80) ch = String.fromCharCode(b);
    else if (ANSEL_SPACING[b] !== undefined) ch = ANSEL_SPACING[b];
    else {
      ch = "\ufffd";
      unknown++;
    }
    // A mark before a line break has no letter to sit on: keep it on a space, as a spacing accent would be.
    if (marks && (b === 0x0a || b === 0x0d)) out.push(" " + marks, ch);
    else out.push(ch + marks);
    marks = "";
  }
  flushAscii(bytes.length);
  if (marks) out.push(" " + marks);
  return { text: out.join("").normalize("NFC"), unknown };
}

// Code page 437 (the IBM PC's), upper half: not among the WHATWG encodings Node's TextDecoder knows.
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

function decodeCp437(bytes: Uint8Array): string {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] < 0x80) continue;
    if (i > start) out.push(latin(bytes.subarray(start, i)));
    out.push(CP437_HIGH[bytes[i] - 0x80]);
    start = i + 1;
  }
  if (bytes.length > start) out.push(latin(bytes.subarray(start)));
  return out.join("");
}

/*
 * Windows-1252 in 0x80–0x9F. TextDecoder("windows-1252") decodes
 * as ISO 8859-1 on Node 20.18.3 and later 20.x (nodejs/node#56542), leaving C1 controls where € or Ž belong,
 * so those 32 are mapped here; the five the code page leaves undefined stay.
 */
const CP1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090\u2018\u2019\u201c\u201d•–—˜™š›œ\u009džŸ";

function decodeCp1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252")
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]);
}

function latin(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes);
}

/** The header's `1 CHAR` value, read from the first bytes as ASCII (every 8-bit GEDCOM set is ASCII there). */
function declaredCharset(bytes: Uint8Array): string | null {
  const head = latin(bytes.subarray(0, 64 * 1024));
  // Only inside HEAD: stop at the next level-0 line after the first.
  const lines = head.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (i > 0 && /^0\s/.test(line)) break;
    const m = /^1\s+CHAR(?:\s+(.*))?$/.exec(line);
    if (m) return (m[1] ?? "").trim() || null;
  }
  return null;
}

function validUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function hasHighBytes(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return true;
  return false;
}

function utf16Order(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  // "0 HEAD" is ASCII, so UTF-16 shows as a NUL after (LE) or before (BE) each of its first characters.
  if (bytes.length < 4) return null;
  if (bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return "utf-16le";
  if (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return "utf-16be";
  return null;
}

/** Which 8-bit decoder a CHAR value asks for (GEDCOM 5.5.1 §CHARACTER_SET plus what programs write). */
function eightBitFor(declared: string | null): GedcomEncoding | null {
  const name = (declared ?? "").toUpperCase().replace(/[\s_-]/g, "");
  if (!name) return null;
  if (name === "UTF8" || name === "UNICODE") return "utf-8";
  if (name === "ANSEL") return "ansel";
  if (name === "ASCII") return "ascii";
  if (name === "IBMPC" || name === "IBM" || name === "CP437" || name === "IBM437") return "ibm437";
  if (name === "ANSI" || name === "WINDOWS" || name === "CP1252" || name === "WINDOWS1252") return "windows-1252";
  if (name === "ISO88591" || name === "LATIN1" || name === "MACINTOSH") return "windows-1252";
  return null;
}

/** What a whole file's bytes hold, for the choice of an 8-bit encoding; gathered in one pass when streamed. */
export interface ByteScan {
  /** Any byte of 0x80 or more. */
  high: boolean;
  /** The bytes are valid UTF-8. */
  utf8: boolean;
}

export function scanBytes(bytes: Uint8Array): ByteScan {
  const high = hasHighBytes(bytes);
  return { high, utf8: !high || validUtf8(bytes) };
}

export interface EncodingChoice {
  encoding: GedcomEncoding;
  /** Bytes of a byte-order mark to skip at the start. */
  skip: number;
  bom: boolean;
  declared: string | null;
  warnings: string[];
}

/**
 * The encoding of a file from its first bytes (`head`: the byte-order mark, the NUL pattern of UTF-16, the
 * header's CHAR) and, for an 8-bit file, what the whole file holds (`scan`).
 */
export function chooseEncoding(head: Uint8Array, scan: () => ByteScan): EncodingChoice {
  const warnings: string[] = [];
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    const declared = declaredCharset(head.subarray(3));
    const asked = eightBitFor(declared);
    if (declared && asked !== "utf-8") {
      warnings.push(
        `The header says CHAR ${declared}, but the file starts with a UTF-8 byte-order mark: read as UTF-8.`,
      );
    }
    return { encoding: "utf-8", skip: 3, bom: true, declared, warnings };
  }
  const bomOrder =
    head.length >= 2 && head[0] === 0xff && head[1] === 0xfe
      ? "utf-16le"
      : head.length >= 2 && head[0] === 0xfe && head[1] === 0xff
        ? "utf-16be"
        : null;
  const order = bomOrder ?? utf16Order(head);
  if (order) {
    const text = new TextDecoder(order).decode(head.subarray(bomOrder ? 2 : 0, 32 * 1024));
    return {
      encoding: order,
      skip: bomOrder ? 2 : 0,
      bom: bomOrder !== null,
      declared: declaredInText(text),
      warnings,
    };
  }

  const declared = declaredCharset(head);
  const asked = eightBitFor(declared);
  if (declared && !asked) warnings.push(`Unknown character set CHAR ${declared}: guessed from the bytes.`);
  const { high, utf8 } = scan();

  let encoding: GedcomEncoding;
  if (asked === "utf-8" || (asked === null && utf8)) encoding = "utf-8";
  else if (asked === null) encoding = "windows-1252";
  else if (high && utf8) {
    // Bytes that happen to be valid multi-byte UTF-8 are almost never ANSEL or a code page.
    warnings.push(`The header says CHAR ${declared}, but the bytes are UTF-8: read as UTF-8.`);
    encoding = "utf-8";
  } else encoding = asked;

  if (encoding === "utf-8" && !utf8) {
    warnings.push("The file is not valid UTF-8: read as Windows-1252 (ANSI).");
    encoding = "windows-1252";
  }
  if (encoding === "ascii" && high) {
    warnings.push("The header says CHAR ASCII, but the file has 8-bit bytes: read as Windows-1252.");
  }
  return { encoding, skip: 0, bom: false, declared, warnings };
}

/**
 * Decodes a file's text piece by piece in a chosen encoding. Pieces of an 8-bit or UTF-8 file end at a line
 * break (the caller cuts them there), so no character or ANSEL mark is split; UTF-16 is decoded as a stream.
 */
export class GedcomDecoder {
  private readonly stream: TextDecoder | null;
  /** ANSEL bytes that are no character, and U+FFFD from bad UTF-8 behind a byte-order mark. */
  unknown = 0;
  replaced = false;

  constructor(readonly choice: EncodingChoice) {
    const e = choice.encoding;
    this.stream = e === "utf-8" || e === "utf-16le" || e === "utf-16be" ? new TextDecoder(e) : null;
  }

  decode(bytes: Uint8Array, last = false): string {
    const e = this.choice.encoding;
    if (this.stream) {
      const text = this.stream.decode(bytes, { stream: !last });
      if (this.choice.bom && e === "utf-8" && text.includes("\ufffd")) this.replaced = true;
      return text;
    }
    if (e === "ansel") {
      const decoded = decodeAnsel(bytes);
      this.unknown += decoded.unknown;
      return decoded.text;
    }
    if (e === "ibm437") return decodeCp437(bytes);
    return decodeCp1252(bytes);
  }

  /** What went wrong decoding, once the whole file is read. */
  warnings(): string[] {
    const warnings = [...this.choice.warnings];
    if (this.replaced) warnings.push("Some bytes are not valid UTF-8 and were replaced.");
    if (this.unknown) warnings.push(`${this.unknown} bytes are not ANSEL characters and were replaced.`);
    return warnings;
  }
}

/** Decodes a GEDCOM file's bytes, reporting what it detected. */
export function decodeGedcom(bytes: Uint8Array): DecodedGedcom {
  const choice = chooseEncoding(bytes, () => scanBytes(bytes));
  const decoder = new GedcomDecoder(choice);
  const text = decoder.decode(bytes.subarray(choice.skip), true);
  return { text, encoding: choice.encoding, bom: choice.bom, declared: choice.declared, warnings: decoder.warnings() };
}

function declaredInText(text: string): string | null {
  return declaredCharset(new TextEncoder().encode(text.slice(0, 16 * 1024)));
}

/*
 * Files that are not GEDCOM at all, by their first bytes: members pick the
 * wrong file, or rename a zip or a PDF to .ged.
 */
const SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: "a PDF document" },
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    what: "a ZIP archive (or a Word/Excel/OpenDocument file, which are ZIP archives)",
  },
  { bytes: [0x50, 0x4b, 0x05, 0x06], what: "an empty ZIP archive" },
  { bytes: [0x1f, 0x8b], what: "a gzip-compressed file" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: "a 7-Zip archive" },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: "a RAR archive" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], what: "an old Microsoft Office document (.doc, .xls)" },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: "a PNG image" },
  { bytes: [0xff, 0xd8, 0xff], what: "a JPEG image" },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: "a GIF image" },
  {
    bytes: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65],
    what: "an SQLite database (a program's own file, not its GEDCOM export)",
  },
];

/** What a file that does not start with `0 HEAD` looks like, for the message; null when it may be GEDCOM. */
export function recognizeNonGedcom(bytes: Uint8Array): string | null {
  for (const s of SIGNATURES) {
    if (s.bytes.every((b, i) => bytes[i] === b)) return s.what;
  }
  return null;
}

/** The same for decoded text that is not GEDCOM: web pages, XML, RTF, spreadsheets saved as CSV. */
export function describeText(text: string): string {
  const start = text
    .replace(/^\ufeff/, "")
    .trimStart()
    .slice(0, 200)
    .toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html")) return "a web page (HTML)";
  if (start.startsWith("<?xml")) return "an XML file";
  if (start.startsWith("{\\rtf")) return "a rich-text (RTF) document";
  if (start.startsWith("{") || start.startsWith("[")) return "a JSON file";
  const firstLine = start.split(/\r\n|\r|\n/)[0];
  if ((firstLine.match(/[,;\t]/g) ?? []).length >= 2) return "a table (CSV or tab-separated text)";
  return "a text file";
}
