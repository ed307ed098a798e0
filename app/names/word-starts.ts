/**
 * Every tail of a folded name that begins at a word ("neu dorf" → "neu dorf",
 * "dorf"): stored as keys, a name that has a word starting with what was typed
 * is found by a range scan of them (decision 0030).
 */
export function wordStarts(folded: string): string[] {
  const words = folded.split(" ").filter(Boolean);
  return [...new Set(words.map((_, i) => words.slice(i).join(" ")))];
}

/**
 * The bounds of a prefix as a half-open range [from, to) in byte order, which
 * is code point order in UTF-8: the keys that start with `prefix`.
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  const points = [...prefix];
  const last = points.pop()!;
  return { from: prefix, to: points.join("") + String.fromCodePoint(last.codePointAt(0)! + 1) };
}
