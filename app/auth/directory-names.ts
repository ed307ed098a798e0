import { nameKeys } from "~/names/keys";
import type { RESEARCH_SURNAME_MODES } from "~/names/match-modes";
import { splitList } from "~/names/lists";

/**
 * The search keys of the member directory (decision 0015). A member's own
 * surname and given name and each of their research surnames and places is
 * one row with its exact and folded keys; research surnames also get the
 * Daitch–Mokotoff codes of each of their words. The same functions build the
 * rows when a profile is saved, when the migration back-fills them, and
 * decide which items of a result to highlight, so the three cannot disagree.
 */

export const DIRECTORY_NAME_KINDS = ["surname", "given_name", "research_surname", "research_place"] as const;
export type DirectoryNameKind = (typeof DIRECTORY_NAME_KINDS)[number];

export interface DirectoryNameRow {
  kind: DirectoryNameKind;
  position: number;
  value: string;
  exact_key: string;
  folded: string;
}

export interface DirectoryCodeRow {
  code: string;
}

/** The columns of `users` the directory keys come from. */
export interface DirectorySource {
  surname: string;
  given_name: string;
  research_surnames: string;
  research_places: string;
}

function rows(kind: DirectoryNameKind, items: string[]): DirectoryNameRow[] {
  return items
    .map((value, position) => {
      const keys = nameKeys(value);
      return { kind, position, value, exact_key: keys.exact, folded: keys.folded };
    })
    .filter((r) => r.folded !== "");
}

export function directoryNameRows(user: DirectorySource): DirectoryNameRow[] {
  return [
    ...rows("surname", user.surname.trim() ? [user.surname.trim()] : []),
    ...rows("given_name", user.given_name.trim() ? [user.given_name.trim()] : []),
    ...rows("research_surname", splitList(user.research_surnames)),
    ...rows("research_place", splitList(user.research_places)),
  ];
}

/** Every Daitch–Mokotoff code of the member's research surnames, each once. */
export function directoryCodes(user: DirectorySource): string[] {
  return [...new Set(splitList(user.research_surnames).flatMap((name) => nameKeys(name).phonetic))].sort();
}

export type SurnameMode = (typeof RESEARCH_SURNAME_MODES)[number];

/**
 * Whether one listed item matches what was typed: exact (only case and
 * spacing forgiven), starts (the item or any word of it begins with the
 * typed text, accents ignored), sounds (a word of each shares a code).
 */
export function itemMatches(item: string, typed: string, mode: SurnameMode): boolean {
  const have = nameKeys(item);
  const want = nameKeys(typed);
  if (mode === "exact") return have.exact === want.exact;
  if (mode === "starts") {
    return want.folded !== "" && (have.folded.startsWith(want.folded) || have.folded.includes(` ${want.folded}`));
  }
  // A surname sounds like another when any word of each shares a code.
  return want.phonetic.some((c) => have.phonetic.includes(c));
}
