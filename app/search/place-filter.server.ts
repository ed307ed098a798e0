import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";
import type { NearCriterion } from "~/listing/place-filter";
import { mapIndex } from "~/places/indexes";
import {
  knownPlace,
  knownPlacePath,
  placesWithin,
  resolveNear,
  spellingDistances,
  spellingKeys,
} from "~/places/nearby.server";
import type { Criteria } from "./criteria";

/**
 * Turns a search's place terms into what the engine matches on (decision
 * 0033): `near` → the places of the readable map indexes within the radius →
 * the folded keys of all their spellings; `placeId` → that place's keys. A
 * place that is not known (or not to this viewer) is a message beside the
 * field, never an empty search that looks like "no records".
 */

export interface NearCandidate {
  name: string;
  province: string;
  indexTitle: string;
  /** The same search with this place chosen. */
  href: string;
  placeHref: string;
}

export interface PlaceFilterOutcome<C> {
  criteria: C;
  errors: Record<string, string>;
  /** When `near` names several places: each, as a link to the same search with it chosen. */
  candidates: NearCandidate[];
}

type PlaceTerms = Pick<Criteria, "near" | "placeId" | "placeKeys" | "placeName" | "placeDistances">;

export async function resolvePlaceFilter<C extends PlaceTerms>(
  database: Database,
  criteria: C,
  viewer: Viewer,
  hrefWithNear: (near: NearCriterion) => string,
): Promise<PlaceFilterOutcome<C>> {
  const errors: Record<string, string> = {};
  let candidates: NearCandidate[] = [];
  let keys: string[] | undefined;
  let placeName: string | undefined;
  let distances: ReadonlyMap<string, number> | undefined;
  let radiusKm: number | undefined;
  const narrow = (next: string[]) => {
    keys = keys === undefined ? next : keys.filter((k) => next.includes(k));
  };
  if (criteria.near) {
    const resolved = await resolveNear(database, criteria.near, viewer);
    if ("message" in resolved) {
      errors.near = resolved.message;
      const near = criteria.near;
      candidates = resolved.candidates.map((c) => ({
        name: c.name,
        province: c.province,
        indexTitle: mapIndex(c.index).title,
        href: hrefWithNear({ ...near, id: c.id }),
        placeHref: knownPlacePath(c),
      }));
    } else {
      const around = await placesWithin(database, resolved.centre, criteria.near.radiusKm, viewer);
      distances = await spellingDistances(database, around);
      radiusKm = criteria.near.radiusKm;
      narrow([...distances.keys()]);
      placeName = resolved.centre.place ? resolved.centre.name : criteria.near.value;
    }
  }
  if (criteria.placeId !== undefined) {
    const place = await knownPlace(database, criteria.placeId, viewer);
    if (!place) {
      errors.placeId = "This place is not in the map indexes you can see.";
    } else {
      narrow(await spellingKeys(database, [place.id]));
      placeName ??= place.name;
    }
  }
  if (Object.keys(errors).length) return { criteria, errors, candidates };
  return {
    criteria:
      keys === undefined
        ? criteria
        : {
            ...criteria,
            placeKeys: keys,
            placeName,
            ...(distances && radiusKm ? { placeDistances: { km: distances, radiusKm } } : {}),
          },
    errors,
    candidates,
  };
}
