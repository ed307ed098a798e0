import { type LatLon, haversineKm } from "./geo";

/**
 * Which of the places sharing a record's spelling the record means (issue 11; decision 0040). The map indexes
 * overlap: one town may stand in two of them a few hundred metres apart (the same place), and a common village name
 * ("Neudorf") names places hundreds of kilometres apart. Taking the first index's place sent a Volhynian record's
 * Neudorf to a Neudorf near Łódź.
 *
 * - One candidate, or all within SAME_PLACE_KM of the first: the first (the indexes' own order, the public first).
 * - Else, when the record names other known places (its parish), the candidate nearest to any of them: a parish
 *   lies within a day's walk of its villages, so the nearest is the one meant.
 * - Else the record does not say: null, and the caller lists the candidates.
 */
export const SAME_PLACE_KM = 5;

export function choosePlace<T extends LatLon>(candidates: readonly T[], anchors: readonly LatLon[]): T | null {
  const [first] = candidates;
  if (!first) return null;
  if (candidates.every((c) => haversineKm(c, first) <= SAME_PLACE_KM)) return first;
  if (!anchors.length) return null;
  let best: T | null = null;
  let bestKm = Infinity;
  for (const c of candidates) {
    const km = anchors.reduce((nearest, a) => Math.min(nearest, haversineKm(c, a)), Infinity);
    // Strictly nearer only: on a tie the indexes' order decides.
    if (km < bestKm) {
      best = c;
      bestKm = km;
    }
  }
  return best;
}
