import { foldName } from "./normalize";

/**
 * One key for a surname's masculine and feminine forms (issue 27: "the other gender's form of a Polish
 * surname"): Górski and Górska, Nowak and Nowakowa, Jaworski and Jaworska, Yavorskiy and Yavorskaya, Ivanov and
 * Ivanova, Novák and Nováková. The folded word's ending is read back to the masculine form, and the ways the
 * transliterations write the adjectival ending (-ski, -skiy, -skij, -skii) are made one. Empty when the word has no
 * gendered ending, so a plain word meets only itself through its other keys.
 */

/** Endings, longest first, and what each becomes. */
const ENDINGS: readonly (readonly [string, string])[] = [
  // Russian and Ukrainian adjectival forms in every transliteration.
  ["skaya", "ski"],
  ["skaja", "ski"],
  ["skaia", "ski"],
  ["tskaya", "tski"],
  ["tskaja", "tski"],
  ["skiy", "ski"],
  ["skij", "ski"],
  ["skii", "ski"],
  ["sky", "ski"],
  // Polish adjectival forms.
  ["ska", "ski"],
  ["cka", "cki"],
  ["dzka", "dzki"],
  ["ski", "ski"],
  ["cki", "cki"],
  ["dzki", "dzki"],
  // Polish wives' and daughters' forms (Nowakowa, Nowakówna), Czech -ová.
  ["owna", ""],
  ["owa", ""],
  ["ova", "ov"],
  ["eva", "ev"],
  // -aeva after folding (ae is read as an umlaut spelling): Belyaeva.
  ["ava", "av"],
  ["ina", "in"],
];

/** Only surnames this long get a key: "Ina" or "Eva" are not forms of anything. */
const MIN_LETTERS = 5;

export function genderFormKeys(word: string): string[] {
  const folded = foldName(word).replace(/ /g, "");
  if (folded.length < MIN_LETTERS) return [];
  for (const [ending, masculine] of ENDINGS) {
    if (folded.endsWith(ending) && folded.length - ending.length >= 2) {
      const stem = folded.slice(0, folded.length - ending.length);
      // -ova is Russian Ivanova (of Ivanov) or Czech Nováková (of Novák): both.
      return ending === "ova" ? [`${stem}ov`, stem] : [`${stem}${masculine}`];
    }
  }
  // A masculine -ov, -ev, -in or a plain stem is its own key: its feminine forms above come back to it.
  return [folded];
}
