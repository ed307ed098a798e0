import type { Say } from "~/listing/say";
import * as listing from "~/listing/search-form";
import { type CollectionDef, type SearchField, placeFields, sortableFields, searchPath } from "./collections";

/**
 * A record collection's search form, read by the shared parser
 * (app/listing/search-form.ts): the collection's search fields, its sortable
 * columns (year first) and its default sort, under its search path.
 */

export type Criteria = listing.Criteria<SearchField> & {
  /**
   * The folded spellings of the places a `near` or `placeId` resolved to (app/search/place-filter.server.ts): a
   * record matches when its place or parish folds to one of them. Absent while unresolved: the engine then
   * finds nothing for a place term rather than ignoring it.
   */
  placeKeys?: readonly string[];
  /** For a `near` search: how far each of those spellings' nearest place is from the centre (best match). */
  placeDistances?: PlaceDistances;
};

/** The distance of each place spelling from a centre asked for, within a radius. */
export interface PlaceDistances {
  km: ReadonlyMap<string, number>;
  radiusKm: number;
}
export type FieldCriterion = listing.FieldCriterion<SearchField>;
export type ParsedCriteria = listing.Parsed<Criteria>;

const forms = new WeakMap<CollectionDef, listing.SearchForm<SearchField>>();

export function recordForm(collection: CollectionDef): listing.SearchForm<SearchField> {
  let form = forms.get(collection);
  if (!form) {
    form = {
      path: searchPath(collection),
      fields: collection.searchFields,
      sortable: [...sortableFields(collection).keys()],
      defaultSort: collection.defaultSort,
      placeFilter: placeFields(collection).length > 0,
      relevance: true,
    };
    forms.set(collection, form);
  }
  return form;
}

/** `say` gives the messages in the reader's language (app/listing/say.server.ts); English without. */
export function parseCriteria(collection: CollectionDef, params: URLSearchParams, say?: Say): ParsedCriteria {
  return listing.parseCriteria(recordForm(collection), params, say);
}

export function criteriaToParams(
  criteria: Pick<Criteria, "fields" | "yearFrom" | "yearTo"> & Partial<Criteria>,
  collection: CollectionDef,
): URLSearchParams {
  return listing.criteriaToParams(criteria, recordForm(collection));
}
