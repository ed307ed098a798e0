import { LEVEL_LABELS, type MatchLevel } from "~/names/match-levels";

/**
 * Why a record matched, in words (issue 27): one line per searched name field, short and readable without colour.
 * The spelling the record has is named when it differs from what was typed.
 */
export interface MatchReason {
  field: string;
  text: string;
}

export function matchReasons(
  matches: readonly { label: string; level: MatchLevel; found: string; typed: string }[],
): MatchReason[] {
  return matches.map((m) => ({
    field: m.label,
    text: m.level === "exact" ? LEVEL_LABELS.exact : `${m.found}, ${LEVEL_LABELS[m.level]}`,
  }));
}
