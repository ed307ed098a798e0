import { MATCH_LEVELS, type MatchLevel } from "~/names/match-levels";
import { DATE_WEIGHT, LEVEL_SCORES } from "~/listing/ranking";
import { type SearchField, fieldSources } from "./collections";
import type { FieldCriterion } from "./criteria";
import { valueEntries } from "./record-keys.server";

/**
 * "Best match" (issue 27, decision 0068): how well a record matches a search, from how each searched field
 * matched, and why. Pure: the engine gives it the level of every matching dictionary value (found through the
 * index), and it scores and explains records from their fields.
 */

/** Sort columns of a record's principal persons (the child, the deceased, the couple). */
const PRINCIPAL_COLUMNS = new Set(["name1", "given1", "name2", "given2"]);

/**
 * A field's weight: the principal person's surname first, then their given name, then parents, spouses and other
 * persons, then place and parish.
 */
export function fieldWeight(field: SearchField): number {
  const principal = field.sortColumn !== undefined && PRINCIPAL_COLUMNS.has(field.sortColumn);
  switch (field.kind) {
    case "surname":
      return principal ? 1 : 0.45;
    case "givenName":
      return principal ? 0.8 : 0.4;
    case "place":
    case "parish":
      return 0.2;
    case "code":
      return 0.1;
  }
}

/**
 * One searched name field as the index resolved it: per word typed, the level of every value that matched it
 * (by its exactKey). A record's field matches at the worst of its words' best levels.
 */
export interface FieldMatcher {
  criterion: FieldCriterion;
  words: readonly ReadonlyMap<string, MatchLevel>[];
}

/** How one searched field of a record matched. */
export interface FieldMatch {
  field: string;
  label: string;
  level: MatchLevel;
  /** The record's spelling that matched (its field as written). */
  found: string;
  typed: string;
  /** The whole field is what was typed ("Maria" for Maria, not Anna Maria). */
  whole: boolean;
}

/** What a field worth that holds only what was typed gains over one holding it among other words. */
export const WHOLE_FIELD_BONUS = 0.03;

const rank = (level: MatchLevel) => MATCH_LEVELS.indexOf(level);

/** How each searched field of a record matched, or nothing for a field whose values the index did not give. */
export function fieldMatches(matchers: readonly FieldMatcher[], data: Readonly<Record<string, string>>): FieldMatch[] {
  const out: FieldMatch[] = [];
  for (const m of matchers) {
    let worst: MatchLevel | undefined;
    let found = "";
    for (const word of m.words) {
      let best: MatchLevel | undefined;
      let bestRaw = "";
      for (const source of fieldSources(m.criterion.field)) {
        const raw = data[source];
        if (!raw) continue;
        for (const entry of valueEntries(raw)) {
          const level = word.get(entry.key);
          if (level !== undefined && (best === undefined || rank(level) < rank(best))) {
            best = level;
            bestRaw = raw;
          }
        }
      }
      if (best === undefined) {
        worst = undefined;
        break;
      }
      if (worst === undefined || rank(best) > rank(worst)) worst = best;
      found ||= bestRaw;
    }
    if (worst !== undefined) {
      const typed = valueEntries(m.criterion.value)[0]?.key;
      const whole = fieldSources(m.criterion.field).some((source) => {
        const raw = data[source];
        return raw !== undefined && valueEntries(raw)[0]?.key === typed;
      });
      out.push({
        field: m.criterion.field.name,
        label: m.criterion.field.label,
        level: worst,
        found,
        typed: m.criterion.value,
        whole,
      });
    }
  }
  return out;
}

/** What a field matched at a level adds to a record's score (its weight by the level's score). */
export function levelWorth(field: SearchField, level: MatchLevel): number {
  return fieldWeight(field) * LEVEL_SCORES[level];
}

/** A record's score: each searched field's level by its weight, and the date's closeness. */
export function scoreOf(matchers: readonly FieldMatcher[], matches: readonly FieldMatch[], closeness: number): number {
  let score = DATE_WEIGHT * closeness;
  for (const m of matchers) {
    const match = matches.find((x) => x.field === m.criterion.field.name);
    // A field the index matched but whose level the record does not show (should not happen) counts at its worst.
    const worth = match ? LEVEL_SCORES[match.level] + (match.whole ? WHOLE_FIELD_BONUS : 0) : LEVEL_SCORES.contains;
    score += fieldWeight(m.criterion.field) * worth;
  }
  return score;
}
