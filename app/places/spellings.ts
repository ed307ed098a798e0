import type { LatLon } from "./geo";

/** The kinds of name a place index keeps for a place: the map's own and the others, in the order they are listed. */
export type SpellingKind = "map" | "polish" | "ukrainian" | "russian" | "german" | "older" | "later";

export const SPELLING_LABELS: Record<SpellingKind, string> = {
  map: "On the map",
  polish: "Polish",
  ukrainian: "Ukrainian",
  russian: "Russian",
  german: "German",
  older: "Older name",
  later: "Later name",
};

/** The order other names are listed in. */
export const SPELLING_ORDER: readonly SpellingKind[] = ["polish", "ukrainian", "russian", "german", "older", "later"];

/** One place as an index stores it, whoever supplies it (a volunteer's list, the demo). */
export interface PlaceInput extends LatLon {
  name: string;
  spellings: { kind: SpellingKind; name: string }[];
  province: string;
  sheet: string;
  square: string;
  notes: string;
}
