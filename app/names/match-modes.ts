/**
 * The ways a typed name can match a stored one, and the lists of them each
 * kind of field offers. Every search (records, people, places, the member
 * directory) reads its modes from here, so a mode or its label changes in
 * one place. The first mode of a list is the field's default.
 */
export const MATCH_MODES = [
  "exact",
  "normalized",
  "starts",
  "contains",
  "sounds",
  "variants",
  "beiderMorse",
  "similar",
] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export const MATCH_MODE_LABELS: Record<MatchMode, string> = {
  exact: "Exact spelling",
  normalized: "Ignore accents",
  starts: "Starts with",
  contains: "Contains",
  sounds: "Sounds like",
  variants: "Name variants",
  beiderMorse: "Beider–Morse",
  similar: "Similar spelling",
};

/** Surnames: spellings drift most, so sounds-like comes first. */
export const SURNAME_MODES = [
  "sounds",
  "normalized",
  "exact",
  "starts",
  "contains",
] as const satisfies readonly MatchMode[];
/** Given names: Jan, Johann and Иван are one name in three languages. */
export const GIVEN_NAME_MODES = [
  "variants",
  "sounds",
  "normalized",
  "exact",
  "starts",
  "contains",
] as const satisfies readonly MatchMode[];
/** Record collections' surnames and given names: their dictionary also keeps Beider–Morse and similar-spelling keys. */
export const RECORD_SURNAME_MODES = [
  ...SURNAME_MODES,
  "beiderMorse",
  "similar",
] as const satisfies readonly MatchMode[];
export const RECORD_GIVEN_NAME_MODES = [
  ...GIVEN_NAME_MODES,
  "beiderMorse",
  "similar",
] as const satisfies readonly MatchMode[];
/** A record's place or parish as the register wrote it: accents are the usual difference. */
export const RECORD_PLACE_MODES = [
  "normalized",
  "starts",
  "contains",
  "sounds",
  "exact",
] as const satisfies readonly MatchMode[];
/** A place looked up by name (gazetteers, birth and death places): people type the first letters. */
export const PLACE_NAME_MODES = [
  "starts",
  "normalized",
  "exact",
  "contains",
  "sounds",
] as const satisfies readonly MatchMode[];
/** Film, register and page numbers: characters, not sounds. */
export const CODE_MODES = ["exact", "starts", "contains"] as const satisfies readonly MatchMode[];
/** A member's research surnames: a short list each member typed, matched by sound or spelling. */
export const RESEARCH_SURNAME_MODES = ["sounds", "starts", "exact"] as const satisfies readonly MatchMode[];

export interface ModeOption {
  value: MatchMode;
  label: string;
}

/**
 * A mode list as the options of a select; `label` gives a mode's label in the reader's language (the `search`
 * catalog's `modes.<mode>`), English without.
 */
export function modeOptions(
  modes: readonly MatchMode[],
  label: (mode: MatchMode) => string = (m) => MATCH_MODE_LABELS[m],
): ModeOption[] {
  return modes.map((m) => ({ value: m, label: label(m) }));
}

export function isMatchMode<M extends MatchMode>(modes: readonly M[], value: string): value is M {
  return (modes as readonly string[]).includes(value);
}
