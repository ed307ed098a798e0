/**
 * A record's name signature (decision 0046): a 52-bit Bloom filter of the dictionary values of its name fields,
 * stored beside each of the record's postings. A search of several names reads the rarest name's postings and
 * can then rule out almost every record that lacks the other names from the posting row itself, before looking
 * anything up: a lookup costs about a microsecond at 10 million records, a bit test a few nanoseconds.
 *
 * The filter may say "maybe" for a value the record lacks, never "no" for one it has, so the engine still checks
 * every "maybe" exactly. Every stored posting holds a signature made by this code: changing `valueMask` or
 * `SIGNED_KINDS` needs a migration that rewrites them all (the pinned values in signature.test.ts guard that).
 */
import type { FieldKind } from "./collections";

/** Bits of a signature: below 2⁵², so a signature is an exact JavaScript number and a 64-bit integer in SQL. */
export const SIGNATURE_BITS = 52;
/** Bits set per value: with the 6–8 name values of a record, 3 of 52 lets through about 10 % of non-matches. */
const BITS_PER_VALUE = 3;
const HALF = 2 ** 26;

/**
 * The field kinds whose values are in a signature: the names a search combines. Places and parishes (a few
 * hundred values per collection, on every record) would fill the filter and are checked by lookups instead.
 */
export const SIGNED_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>(["surname", "givenName"]);

/** The bits of one dictionary value, as a signature holding that value alone. */
export function valueMask(valueId: number): number {
  let lo = 0;
  let hi = 0;
  let x = Math.imul(valueId, 0x9e3779b1) >>> 0;
  for (let k = 0; k < BITS_PER_VALUE; k++) {
    x = Math.imul(x ^ (x >>> 15), 0x85ebca6b) >>> 0;
    x = (x ^ (x >>> 13)) >>> 0;
    const bit = x % SIGNATURE_BITS;
    if (bit < 26) lo |= 1 << bit;
    else hi |= 1 << (bit - 26);
  }
  return hi * HALF + lo;
}

/** The union of two signatures (bitwise OR of 52-bit numbers, which JavaScript's 32-bit operators cannot do). */
export function unionSignature(a: number, b: number): number {
  const hi = Math.floor(a / HALF) | Math.floor(b / HALF);
  const lo = (a % HALF) | (b % HALF);
  return hi * HALF + lo;
}

/** Whether a signature has every bit of a mask: the record may hold the mask's value. */
export function mayHold(signature: number, mask: number): boolean {
  return unionSignature(signature, mask) === signature;
}
