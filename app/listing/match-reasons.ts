import { LEVEL_LABELS, type MatchLevel } from "~/names/match-levels";
import type { Words } from "./say";

/**
 * Why a record matched, in words (issue 27): one line per searched name field, short and readable without colour.
 * The spelling the record has is named when it differs from what was typed.
 */
export interface MatchReason {
  field: string;
  text: string;
}

/** `words` (the `search` catalog) gives the reasons in the reader's language; English without. */
export function matchReasons(
  matches: readonly { label: string; level: MatchLevel; found: string; typed: string }[],
  words?: Words,
): MatchReason[] {
  const level = (l: MatchLevel) => (words ? words(`reasons.${l}`) : LEVEL_LABELS[l]);
  return matches.map((m) => ({
    field: m.label,
    text: m.level === "exact" ? level("exact") : `${m.found}, ${level(m.level)}`,
  }));
}
