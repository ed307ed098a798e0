// What every members' demo generator shares: a record is a pure function of (seed, position), so any slice of the
// sequence can be regenerated, and one reseeded Rng is reused along the stream.
import { Rng } from "./prng";

export interface GenerateOptions {
  seed: number;
  count: number;
  startId?: number;
}

/** Streams `count` records of a seed from position `startId`, each from `recordAt(position, seed, rng)`. */
export function* streamRecords<T>(
  options: GenerateOptions,
  recordAt: (index: number, seed: number, rng: Rng) => T,
): Generator<T> {
  const rng = new Rng();
  const start = Math.max(0, Math.floor(options.startId ?? 0));
  for (let i = start; i < start + Math.max(0, Math.floor(options.count)); i++) yield recordAt(i, options.seed, rng);
}

/** The whole numbers from `from` to `to`, inclusive. */
export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** "as written / Germanised", or the one form when both are the same. */
/** A person's name as the act writes it (Polish, or Cyrillic) and its Germanised form. */
export interface Named {
  given: string;
  givenDe: string;
  surname: string;
  surnameDe: string;
}

/** A relative's given name as written and Germanised (`fatherGivenName`, `fatherGivenNameDe`), null for none. */
export function givenFields(role: "father" | "mother", person: Pick<Named, "given" | "givenDe"> | null) {
  return { [`${role}GivenName`]: person?.given ?? null, [`${role}GivenNameDe`]: person?.givenDe ?? null };
}

/**
 * A person's names as written and Germanised, as a record's fields in the order the collections list them:
 * `surname`, `surnameDe`, `givenName`, `givenNameDe`, or after a role (`groomSurname`, …). The surname may be another
 * person's (a child named after the mother).
 */
export function namedFields(
  role: "" | "groom" | "bride",
  surname: Pick<Named, "surname" | "surnameDe">,
  given: Pick<Named, "given" | "givenDe">,
): Record<string, string> {
  const key = (name: string) => (role ? `${role}${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  return {
    [key("surname")]: surname.surname,
    [key("surnameDe")]: surname.surnameDe,
    [key("givenName")]: given.given,
    [key("givenNameDe")]: given.givenDe,
  };
}

export const bothForms = (a: string, b: string): string => (a === b ? a : `${a} / ${b}`);
