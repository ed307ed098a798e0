/**
 * Which character encoding a volunteer's spreadsheet was saved in. Excel on Windows writes CSV in the machine's
 * code page (Windows-1250 in Poland, 1251 in Ukraine and Russia, 1252 in Germany); LibreOffice and newer Excel
 * write UTF-8, often with a byte-order mark. UTF-8 is tried first: random 8-bit text is almost never valid UTF-8.
 * Among the code pages the one whose letters make the most plausible words of the languages the registers are
 * transcribed in wins; the administrator can override it.
 */

export const IMPORT_ENCODINGS = [
  { id: "utf-8", label: "UTF-8" },
  { id: "windows-1250", label: "Windows-1250 (Central European: Polish, Czech)" },
  { id: "windows-1251", label: "Windows-1251 (Cyrillic)" },
  { id: "windows-1252", label: "Windows-1252 (Western European: German)" },
  { id: "iso-8859-2", label: "ISO-8859-2 (Latin-2)" },
] as const;

export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number]["id"];

export function isImportEncoding(value: unknown): value is ImportEncoding {
  return IMPORT_ENCODINGS.some((e) => e.id === value);
}

export function encodingLabel(id: string): string {
  return IMPORT_ENCODINGS.find((e) => e.id === id)?.label ?? id;
}

export interface DetectedEncoding {
  encoding: ImportEncoding;
  /** A UTF-8 byte-order mark starts the file (it is not part of the first header). */
  bom: boolean;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** Whether the bytes are valid UTF-8, forgiving a character cut off at the end of a sample. */
function isUtf8(bytes: Uint8Array): boolean {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    decoder.decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

// Letters of the registers' languages outside ASCII: Polish, German, Czech and Slovak, Lithuanian, and Cyrillic.
const LATIN_LETTERS = new Set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻäöüßÄÖÜčďěňřšťůžýáéíúČĎĚŇŘŠŤŮŽÝÁÉÍÚėįųūĖĮŲŪ");
const CYRILLIC = /[\u0400-\u04ff]/;
const ASCII_LETTER = /[A-Za-z]/;

/**
 * How plausible a decoding is: each non-ASCII character scores +1 when it is a letter of the expected languages in
 * a word of one script, and −2 otherwise (a symbol, a control character, Cyrillic inside a Latin word).
 */
export function plausibility(text: string): number {
  let score = 0;
  for (const word of text.split(/[\s,;\t"'()/.:0-9-]+/)) {
    let latin = false;
    let cyrillic = false;
    let high = 0;
    let good = 0;
    for (const ch of word) {
      if (ASCII_LETTER.test(ch)) latin = true;
      else if (CYRILLIC.test(ch)) {
        cyrillic = true;
        high++;
        good++;
      } else if (ch.charCodeAt(0) > 127) {
        high++;
        if (LATIN_LETTERS.has(ch)) {
          latin = true;
          good++;
        }
      }
    }
    if (!high) continue;
    score += latin && cyrillic ? -2 * high : good - 2 * (high - good);
  }
  return score;
}

/** The encoding of a file from its first bytes (64 KB is plenty). */
export function detectEncoding(sample: Uint8Array): DetectedEncoding {
  if (startsWith(sample, UTF8_BOM)) return { encoding: "utf-8", bom: true };
  if (isUtf8(sample)) return { encoding: "utf-8", bom: false };
  // Ties go to the earlier candidate: Windows-1250 is what Polish Excel writes.
  const candidates: ImportEncoding[] = ["windows-1250", "windows-1251", "windows-1252", "iso-8859-2"];
  let best: ImportEncoding = candidates[0]!;
  let bestScore = -Infinity;
  for (const encoding of candidates) {
    const score = plausibility(new TextDecoder(encoding).decode(sample));
    if (score > bestScore) {
      best = encoding;
      bestScore = score;
    }
  }
  return { encoding: best, bom: false };
}

/** A streaming decoder: feed it chunks, then call it once with no chunk for what remains. */
export function textDecoder(encoding: ImportEncoding): (chunk?: Uint8Array) => string {
  const decoder = new TextDecoder(encoding, { ignoreBOM: false });
  return (chunk) => (chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode());
}

const SIGNATURES: ReadonlyArray<readonly [bytes: readonly number[], kind: string]> = [
  [[0x25, 0x50, 0x44, 0x46], "a PDF document"],
  [[0x50, 0x4b, 0x03, 0x04], "a ZIP archive (or an Office document)"],
  [[0xd0, 0xcf, 0x11, 0xe0], "an old Excel (.xls) or Word document"],
  [[0x89, 0x50, 0x4e, 0x47], "a picture"],
  [[0xff, 0xd8, 0xff], "a picture"],
  [[0x47, 0x49, 0x46, 0x38], "a picture"],
  [[0x1f, 0x8b], "a gzip archive"],
];

/** What a file that is not text really is, from its first bytes, or null for text. */
export function binaryKind(sample: Uint8Array): string | null {
  for (const [bytes, kind] of SIGNATURES) if (startsWith(sample, bytes)) return kind;
  // UTF-16 text has a NUL beside every ASCII character; other binaries have NULs too.
  if (sample.subarray(0, 4096).includes(0)) {
    return "a binary file (or text in UTF-16, which this import does not read: save it as UTF-8)";
  }
  return null;
}

/**
 * For a single-byte code page: a function that gives a text's UTF-8 reading when the text is UTF-8 read in that
 * code page (a file that mixes rows saved in both: "ZieliĹ„ski" for "Zieliński"), else null. The bytes must be
 * valid UTF-8 and read more plausibly so: capitals of the code page side by side ("GÓŁKA") are valid UTF-8 too.
 */
export function misreadUtf8(encoding: ImportEncoding): (text: string) => string | null {
  // The byte each character of the code page is, by its UTF-16 code (-1: not in the code page).
  const byteOf = new Int16Array(0x10000).fill(-1);
  const decoder = new TextDecoder(encoding);
  for (let b = 0; b < 0x100; b++) {
    const ch = decoder.decode(new Uint8Array([b]));
    if (ch.length === 1 && ch !== "\uFFFD") byteOf[ch.charCodeAt(0)] = b;
  }
  const utf8 = new TextDecoder("utf-8");
  // Per character: a Cyrillic text misread in Windows-1251 is twice as long, and mostly Cyrillic letters too.
  const score = (t: string) => plausibility(t) / (t.match(/[^\0-\x7f]/g)?.length ?? 1);
  return (text) => {
    // The bytes the text was read from must be whole UTF-8 characters, one at least of several bytes: checked as
    // the text is read, so a cell of the code page's own letters is given up at its first such letter.
    let continuations = 0;
    let multi = false;
    for (let i = 0; i < text.length; i++) {
      const b = byteOf[text.charCodeAt(i)]!;
      if (b < 0) return null;
      if (continuations) {
        if ((b & 0xc0) !== 0x80) return null;
        continuations--;
      } else if (b >= 0x80) {
        continuations = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
        if (continuations < 0) return null;
        multi = true;
      }
    }
    if (!multi || continuations) return null;
    const bytes = Uint8Array.from(text, (ch) => byteOf[ch.charCodeAt(0)]!);
    const reading = utf8.decode(bytes);
    const better = score(reading);
    return better > 0 && better > score(text) ? reading : null;
  };
}
