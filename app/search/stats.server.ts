import type { Database } from "~/db/connection.server";
import { COLLECTIONS, type CollectionDef } from "./collections";
import { collectionSize } from "./engine.server";

/** Record counts change only with imports; a minute's staleness on the home page is fine. */
const STATS_TTL_MS = 60_000;

let cache: { at: number; sizes: Map<string, number> } | undefined;

export async function collectionSizes(database: Database, now = Date.now()): Promise<Map<string, number>> {
  if (cache && now - cache.at < STATS_TTL_MS) return cache.sizes;
  const sizes = new Map<string, number>();
  for (const c of COLLECTIONS) sizes.set(c.id, await collectionSize(database, c));
  cache = { at: now, sizes };
  return sizes;
}

export function forgetCollectionSizes(): void {
  cache = undefined;
}

export type CollectionSummary = Pick<
  CollectionDef,
  "id" | "title" | "shortTitle" | "group" | "description" | "access"
> & {
  records: number;
  searchPath: string;
  years: string;
};
