import { daitchMokotoff } from "./daitch-mokotoff";
import { personWordKeys } from "./keys";
import { MATCH_LEVELS, type MatchLevel } from "./match-levels";
import { exactKey, foldName, nameWords } from "./normalize";
import { similarSpellingKeys, similarSpellingSearchKeys, withinOneEdit } from "./similar-spelling";
import { variantKeys } from "./given-names";

/**
 * The level at which a stored name matched a typed one, worked out from the two spellings alone (issue 27): for
 * searches that find their rows through keys of their own (the family-person search) and explain and rank them
 * afterwards. The records' engine gets the same levels from its dictionary (app/search/engine.server.ts); both
 * read a word's keys from app/names/keys.ts, so the two agree.
 */

const meet = (a: readonly string[], b: readonly string[]) => a.some((k) => b.includes(k));

/** Whether one word matches another at one level. */
function wordMatchesAt(level: MatchLevel, typed: string, found: string): boolean {
  switch (level) {
    case "exact":
      return exactKey(typed) === exactKey(found);
    case "folded":
      return foldName(typed) === foldName(found);
    case "transliteration":
      return meet(personWordKeys(typed).transliteration, personWordKeys(found).transliteration);
    case "genderForm":
      return meet(personWordKeys(typed).genderForm, personWordKeys(found).genderForm);
    case "variant":
      return meet(variantKeys(typed), variantKeys(found));
    case "beiderMorse":
      return meet(personWordKeys(typed).beiderMorse, personWordKeys(found).beiderMorse);
    case "daitchMokotoff":
      return meet(daitchMokotoff(typed), daitchMokotoff(found));
    case "similar":
      return meet(similarSpellingSearchKeys(typed), similarSpellingKeys(found)) && withinOneEdit(typed, found);
    case "starts":
      return foldName(found).startsWith(foldName(typed));
    case "contains":
      return foldName(found).includes(foldName(typed));
  }
}

/**
 * How a stored name matched what was typed, at the levels a mode admits (best first): each typed word at the best
 * level any stored word meets it, the name at the worst of its words (as the engine counts a field). Undefined
 * when some typed word is met at no admitted level.
 */
export function nameMatchLevel(typed: string, found: string, levels: readonly MatchLevel[]): MatchLevel | undefined {
  const stored = nameWords(found);
  let worst: MatchLevel | undefined;
  for (const word of nameWords(typed)) {
    const best = levels.find((level) => stored.some((s) => wordMatchesAt(level, word, s)));
    if (best === undefined) return undefined;
    if (worst === undefined || MATCH_LEVELS.indexOf(best) > MATCH_LEVELS.indexOf(worst)) worst = best;
  }
  return worst;
}
