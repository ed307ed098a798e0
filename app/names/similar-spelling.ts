/**
 * "Similar spelling" (issue 27, item 5): one letter wrong, missing or extra, or two neighbouring letters
 * swapped, in names of five letters or more (Schmidt, Schmitd, Schmid, Schmitt).
 *
 * The keys are a deletion neighbourhood: a word's folded form and every form with one letter left out.
 * Two words within one such edit always share a key: a wrong letter leaves both with the same word once
 * it is left out, a missing or extra letter makes one word a key of the other, and a swap leaves both
 * with the same word once either swapped letter is left out. So an index of these keys finds the
 * candidates without a scan; `withinOneEdit` then tells the few that share a key but lie two edits apart
 * (Schmidt and Schidmt, say) from true neighbours.
 */
import { foldName } from "./normalize";

/** Names shorter than this (in letters of the folded word) get no keys: too many short names are one edit apart. */
export const SIMILAR_SPELLING_MIN_LETTERS = 5;

/** The letters of the folded word, as code points (a letter outside the BMP counts once). */
function letters(word: string): string[] {
  return Array.from(foldName(word).replace(/ /g, ""));
}

/**
 * The deletion-neighbourhood keys of one word: its folded form and each form with one letter left out,
 * each once, sorted. Empty for a word of fewer than SIMILAR_SPELLING_MIN_LETTERS letters. Spaces and
 * hyphens inside the word are ignored (Müller-Schmidt is one word here); callers key each word of a name.
 */
export function similarSpellingKeys(word: string): string[] {
  const chars = letters(word);
  if (chars.length < SIMILAR_SPELLING_MIN_LETTERS) return [];
  const keys = new Set<string>([chars.join("")]);
  for (let i = 0; i < chars.length; i++) keys.add(chars.slice(0, i).join("") + chars.slice(i + 1).join(""));
  return [...keys].sort();
}

/**
 * The keys a search looks for: a word's own keys, and for a word one letter short of SIMILAR_SPELLING_MIN_LETTERS
 * its folded form alone, which finds the names of five letters it is one letter missing from (Kaft for Kraft)
 * and nothing shorter.
 */
export function similarSpellingSearchKeys(word: string): string[] {
  const chars = letters(word);
  return chars.length === SIMILAR_SPELLING_MIN_LETTERS - 1 ? [chars.join("")] : similarSpellingKeys(word);
}

/**
 * Whether two words are the same or one edit apart after folding: one letter replaced, added or left out,
 * or two neighbouring letters swapped (the optimal string alignment distance is at most one).
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = letters(a);
  const y = letters(b);
  if (Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  if (start === x.length && start === y.length) return true;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const restX = endX - start;
  const restY = endY - start;
  // What differs after the common start and end: one letter either side, or one letter on one side only.
  if (restX <= 1 && restY <= 1) return true;
  // Or two neighbouring letters swapped.
  return restX === 2 && restY === 2 && x[start] === y[start + 1] && x[start + 1] === y[start];
}

/** Whether two words of five letters or more are similar spellings: they share a key and are one edit apart. */
export function similarSpelling(a: string, b: string): boolean {
  const keys = new Set(similarSpellingKeys(a));
  if (keys.size === 0) return false;
  return similarSpellingKeys(b).some((key) => keys.has(key)) && withinOneEdit(a, b);
}
