import { resultPage } from "~/ui/result-page";
import { data } from "@remix-run/node";
import { requireAdminAuth } from "~/auth/guard.server";
import { chipCollector } from "~/listing/chips";
import { perPageChoices } from "~/listing/params";
import { pathWith } from "~/listing/search-form";
import { formatSort } from "~/listing/sort";
import { getDatabase } from "~/db/current.server";
import {
  DIRECTORY_PATH,
  type DirectoryCriteria,
  SURNAME_MODE_OPTIONS,
  directoryCriteriaToParams,
  formatMemberNumber,
  hasAnyDirectoryCriterion,
  parseDirectoryCriteria,
} from "./directory-criteria";
import { itemMatches } from "~/auth/directory-names";
import { type DirectoryRow, searchDirectory } from "./directory.server";
import { PATHS } from "~/routing/paths";

/** The loader of /members/membership/search: the guard, the form's parser, the search and what the page shows. */

export const PERSONAL_EDIT_PATH = PATHS.profileEditPersonal;

function chips(criteria: DirectoryCriteria) {
  const { chips: out, add } = chipCollector(criteria, (next) =>
    pathWith(DIRECTORY_PATH, directoryCriteriaToParams(next)),
  );
  if (criteria.number) add(`Member ${formatMemberNumber(criteria.number)}`, { number: undefined });
  if (criteria.surname) add(`Surname: ${criteria.surname}`, { surname: undefined });
  if (criteria.givenName) add(`Given name: ${criteria.givenName}`, { givenName: undefined });
  if (criteria.email) add(`E-mail: ${criteria.email}`, { email: undefined });
  if (criteria.research) {
    const mode = SURNAME_MODE_OPTIONS.find((m) => m.value === criteria.research!.mode)!;
    add(`Researches: ${criteria.research.value} (${mode.label.toLowerCase()})`, { research: undefined });
  }
  if (criteria.place) add(`Research place: ${criteria.place}`, { place: undefined });
  return out;
}

/** Each listed item with whether it is what the search asked for, so the page can mark it. */
function marked(items: string[], matches: (item: string) => boolean) {
  return items.map((text) => ({ text, matched: matches(text) }));
}

function rowView(r: DirectoryRow, criteria: DirectoryCriteria) {
  const { research, place } = criteria;
  return {
    id: r.id,
    number: formatMemberNumber(r.id),
    name: [r.givenName, r.surname].filter(Boolean).join(" ") || "(no name given)",
    email: r.email,
    researchSurnames: marked(r.researchSurnames, (s) => !!research && itemMatches(s, research.value, research.mode)),
    researchPlaces: marked(r.researchPlaces, (p) => !!place && itemMatches(p, place, "starts")),
  };
}

const form = {
  searchPath: DIRECTORY_PATH,
  surnameModes: SURNAME_MODE_OPTIONS,
  perPageChoices: perPageChoices(),
  personalEditPath: PERSONAL_EDIT_PATH,
};

export async function loadDirectoryPage(request: Request) {
  const viewer = await requireAdminAuth(request);
  const url = new URL(request.url);
  const { criteria, errors, values } = parseDirectoryCriteria(url.searchParams);
  const sort = formatSort(criteria.sort);
  const base = {
    form,
    values,
    sort,
    perPage: criteria.perPage,
    viewer: { listed: viewer.listed_in_directory === 1, number: formatMemberNumber(viewer.id) },
  };
  if (Object.keys(errors).length) return data({ ...base, errors, result: null }, { status: 400 });
  if (!hasAnyDirectoryCriterion(criteria)) return { ...base, errors, result: null };
  const result = await searchDirectory(await getDatabase(), criteria);
  return {
    ...base,
    errors,
    result: {
      ...resultPage(result),
      query: directoryCriteriaToParams({ ...criteria, page: 1 }).toString(),
      chips: chips(criteria),
      rows: result.rows.map((r) => rowView(r, criteria)),
    },
  };
}
