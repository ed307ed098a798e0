import * as listing from "~/listing/search-form";
import { type CollectionDef, type SearchField, sortableFields, searchPath } from "./collections";

/**
 * A record collection's search form, read by the shared parser
 * (app/listing/search-form.ts): the collection's search fields, its sortable
 * columns (year first) and its default sort, under its search path.
 */

export type Criteria = listing.Criteria<SearchField>;
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
    };
    forms.set(collection, form);
  }
  return form;
}

export function parseCriteria(collection: CollectionDef, params: URLSearchParams): ParsedCriteria {
  return listing.parseCriteria(recordForm(collection), params);
}

export function criteriaToParams(
  criteria: Pick<Criteria, "fields" | "yearFrom" | "yearTo"> & Partial<Criteria>,
  collection: CollectionDef,
): URLSearchParams {
  return listing.criteriaToParams(criteria, recordForm(collection));
}
