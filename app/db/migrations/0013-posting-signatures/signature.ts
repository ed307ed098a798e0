// Frozen copy of app/search/signature.ts and the catalog's signed fields as migration 0013 used them: the
// signatures an old database gets must stay the ones this migration wrote, whatever the live code becomes (a
// change there needs its own migration that rewrites every signature, decision 0046).

/** The signed fields (surnames and given names) of each collection, by the code the records table stores. */
export const SIGNED_FIELDS: ReadonlyMap<number, ReadonlySet<string>> = new Map(
  (
    [
      [1, ["surname", "givenName", "fatherGivenName", "motherGivenName", "motherMaidenName"]],
      [2, ["surname", "givenName", "fatherGivenName", "motherGivenName", "motherMaidenName"]],
      [3, ["groomSurname", "groomGivenName", "brideSurname", "brideGivenName"]],
      [4, ["surname", "givenName", "fatherGivenName", "motherGivenName", "motherMaidenName"]],
      [5, ["surname", "givenName", "fatherOrSpouse", "motherOrSpouse"]],
      [6, ["groomSurname", "groomGivenName", "brideSurname", "brideGivenName"]],
      [7, ["surname", "givenName", "fatherGivenName", "motherGivenName"]],
      [8, ["surname", "givenName", "spouseGivenName"]],
      [9, ["groomSurname", "groomGivenName", "brideSurname", "brideGivenName"]],
      [10, ["surname", "givenName"]],
      [11, ["surname", "givenName", "spouse"]],
    ] as const
  ).map(([code, fields]) => [code, new Set<string>(fields)]),
);

const SIGNATURE_BITS = 52;
const BITS_PER_VALUE = 3;
const HALF = 2 ** 26;

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

export function unionSignature(a: number, b: number): number {
  const hi = Math.floor(a / HALF) | Math.floor(b / HALF);
  const lo = (a % HALF) | (b % HALF);
  return hi * HALF + lo;
}
