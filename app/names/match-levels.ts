import type { MatchMode } from "./match-modes";

/**
 * How closely a stored name matched a typed one (issue 27): the levels the ranking scores and the reasons a
 * result row gives. Best first. A mode admits some of them (MODE_LEVELS): "sounds like" finds a name by its exact
 * spelling, by folding, by transliteration, by Daitch–Mokotoff or by a similar spelling (Beider–Morse, broader,
 * is a mode of its own), and a row found through several counts at the best.
 */
export const MATCH_LEVELS = [
  "exact",
  "folded",
  "transliteration",
  "genderForm",
  "variant",
  "beiderMorse",
  "daitchMokotoff",
  "similar",
  "starts",
  "contains",
] as const;
export type MatchLevel = (typeof MATCH_LEVELS)[number];

/**
 * Levels ranked together, best band first (decision 0068). The first holds the same name however written: its
 * spelling, accents, alphabet, the other gender's form, the name in another language; within a band the score
 * orders the levels, so an exact surname with a translated given name can yield to a transliterated surname with
 * the given name as typed. Bands are what the index separates: a page never reads a worse band's matches before
 * the better ones run out.
 */
export const MATCH_BANDS: readonly (readonly MatchLevel[])[] = [
  ["exact", "folded", "transliteration", "genderForm", "variant"],
  ["beiderMorse", "daitchMokotoff"],
  ["similar"],
  ["starts", "contains"],
];

/** The code kind (name_codes.kind) each keyed level is stored under; exact, folded, starts and contains read the dictionary. */
export const LEVEL_CODE_KINDS = {
  transliteration: "t",
  genderForm: "g",
  variant: "v",
  beiderMorse: "b",
  daitchMokotoff: "d",
  similar: "s",
} as const satisfies Partial<Record<MatchLevel, string>>;
export type CodeKind = (typeof LEVEL_CODE_KINDS)[keyof typeof LEVEL_CODE_KINDS];

/** The levels a mode finds names at, best first. */
export const MODE_LEVELS: Record<MatchMode, readonly MatchLevel[]> = {
  exact: ["exact"],
  normalized: ["exact", "folded"],
  starts: ["exact", "folded", "starts"],
  contains: ["exact", "folded", "starts", "contains"],
  sounds: ["exact", "folded", "transliteration", "genderForm", "daitchMokotoff", "similar"],
  variants: ["exact", "folded", "transliteration", "variant", "similar"],
  beiderMorse: ["exact", "folded", "beiderMorse"],
  similar: ["exact", "folded", "similar"],
};

/** Levels that need person keys (transliteration, Beider–Morse, similar spelling): not kept for places. */
export const PERSON_LEVELS: ReadonlySet<MatchLevel> = new Set([
  "transliteration",
  "genderForm",
  "beiderMorse",
  "similar",
]);

/** How a reason names each level: short, readable without colour. */
export const LEVEL_LABELS: Record<MatchLevel, string> = {
  exact: "same spelling",
  folded: "same name, accents or alphabet aside",
  transliteration: "same name in another alphabet or transliteration",
  genderForm: "the other gender's form",
  variant: "same name in another language",
  beiderMorse: "sounds like (Beider–Morse)",
  daitchMokotoff: "sounds like (Daitch–Mokotoff)",
  similar: "similar spelling",
  starts: "starts with it",
  contains: "contains it",
};
