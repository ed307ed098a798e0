import type { Language } from "~/i18n/languages";
import { localizedCollection } from "./localize.server";
import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";
import { pathWith } from "~/listing/search-form";
import { spellingKeys } from "~/places/nearby.server";
import { signInPath } from "~/routing/paths";
import { COLLECTIONS, type CollectionDef, placeFields, searchPath } from "./collections";
import { criteriaToParams } from "./criteria";
import { countMatches } from "./engine.server";

/**
 * How many records of each collection mention a place (decision 0033): its
 * place or parish folds to one of the place's spellings. A visitor sees the
 * count of a members' collection with a link to sign in, as on /Search; the
 * link leads into the collection's search filtered to the place (placeId).
 */

export interface PlaceMention {
  id: string;
  title: string;
  access: CollectionDef["access"];
  locked: boolean;
  count: number;
  countIsLowerBound: boolean;
  href: string;
}

export async function placeMentions(
  database: Database,
  place: { id: number; name: string },
  viewer: Viewer,
  collections: readonly CollectionDef[] = COLLECTIONS,
  /** The collections' titles are given in the reader's language. */
  language: Language = "en",
): Promise<PlaceMention[]> {
  const keys = await spellingKeys(database, [place.id]);
  const out: PlaceMention[] = [];
  for (const collection of collections) {
    if (!placeFields(collection).length) continue;
    const criteria = { fields: [], placeId: place.id, placeKeys: keys };
    const { total, lowerBound } = await countMatches(database, collection, criteria, viewer);
    if (total === 0) continue;
    const locked = collection.access === "members" && !viewer.isMember;
    const href = pathWith(searchPath(collection), criteriaToParams({ fields: [], placeId: place.id }, collection));
    out.push({
      id: collection.id,
      title: localizedCollection(collection, language).title,
      access: collection.access,
      locked,
      count: total,
      countIsLowerBound: lowerBound,
      href: locked ? signInPath(href) : href,
    });
  }
  return out;
}
