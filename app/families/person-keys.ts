import { nameKeys } from "~/names/keys";
import { foldName } from "~/names/normalize";
import type { PersonInput } from "./input";

/** The key fields: surname, given name, birth place, death place. */
export const KEY_FIELDS = { surname: "s", given: "g", birthPlace: "b", deathPlace: "d" } as const;
/** Given-name variant groups are stored as codes of this pseudo-field. */
export const VARIANT_FIELD = "v";

export type KeyedValues = Pick<PersonInput, "surname" | "given" | "birthPlace" | "deathPlace">;

/** A person's search keys and codes, before the person has an id. */
export interface PersonKeys {
  keys: { field: string; exact_key: string; folded: string }[];
  codes: { field: string; code: string }[];
  /** The names folded for sorting. */
  sortSurname: string;
  sortGiven: string;
}

/**
 * The search keys of a person's names and places. Pure, so a tree's worker thread works them out (decision 0054):
 * on the server's thread they were most of the time of writing a tree.
 */
export function personKeys(p: KeyedValues): PersonKeys {
  const keys: PersonKeys["keys"] = [];
  const codes = new Map<string, { field: string; code: string }>();
  const values = { surname: p.surname, given: p.given, birthPlace: p.birthPlace, deathPlace: p.deathPlace };
  for (const [name, field] of Object.entries(KEY_FIELDS)) {
    const value = values[name as keyof typeof values];
    if (!value) continue;
    const of = nameKeys(value, { variants: field === KEY_FIELDS.given });
    keys.push({ field, exact_key: of.exact, folded: of.folded });
    for (const code of of.phonetic) codes.set(`${field}:${code}`, { field, code });
    for (const code of of.variants) codes.set(`${VARIANT_FIELD}:${code}`, { field: VARIANT_FIELD, code });
  }
  return { keys, codes: [...codes.values()], sortSurname: foldName(p.surname), sortGiven: foldName(p.given) };
}
