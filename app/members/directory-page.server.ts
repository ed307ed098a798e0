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
  hasAnyDirectoryCriterion,
  parseDirectoryCriteria,
} from "./directory-criteria";
import { itemMatches } from "~/auth/directory-names";
import { type DirectoryRow, searchDirectory } from "./directory.server";
import { PATHS } from "~/routing/paths";
import { formMessages, translator } from "~/i18n/i18next.server";
import { languageOfRequest } from "~/auth/language.server";
import type { Language } from "~/i18n/languages";
import { formatNumber } from "~/i18n/format";

/** The loader of /members/membership/search: the guard, the form's parser, the search and what the page shows. */

export const PERSONAL_EDIT_PATH = PATHS.profileEditPersonal;

function chips(criteria: DirectoryCriteria, language: Language) {
  const t = translator(language, "members");
  const { chips: out, add } = chipCollector(criteria, (next) =>
    pathWith(DIRECTORY_PATH, directoryCriteriaToParams(next)),
  );
  if (criteria.number) add(t("directory.chips.number", { number: criteria.number }), { number: undefined });
  if (criteria.surname) add(t("directory.chips.surname", { value: criteria.surname }), { surname: undefined });
  if (criteria.givenName) add(t("directory.chips.givenName", { value: criteria.givenName }), { givenName: undefined });
  if (criteria.email) add(t("directory.chips.email", { value: criteria.email }), { email: undefined });
  if (criteria.research) {
    const mode = t(`directory.chipModes.${criteria.research.mode}`);
    add(t("directory.chips.research", { value: criteria.research.value, mode }), { research: undefined });
  }
  if (criteria.place) add(t("directory.chips.place", { value: criteria.place }), { place: undefined });
  return out;
}

/** Each listed item with whether it is what the search asked for, so the page can mark it. */
function marked(items: string[], matches: (item: string) => boolean) {
  return items.map((text) => ({ text, matched: matches(text) }));
}

function rowView(r: DirectoryRow, criteria: DirectoryCriteria, language: Language) {
  const { research, place } = criteria;
  const t = translator(language, "members");
  return {
    id: r.id,
    number: t("memberNumber", { number: r.id }),
    name: [r.givenName, r.surname].filter(Boolean).join(" ") || t("directory.noName"),
    email: r.email,
    researchSurnames: marked(r.researchSurnames, (s) => !!research && itemMatches(s, research.value, research.mode)),
    researchPlaces: marked(r.researchPlaces, (p) => !!place && itemMatches(p, place, "starts")),
  };
}

function formIn(language: Language) {
  const t = translator(language, "members");
  return {
    searchPath: DIRECTORY_PATH,
    surnameModes: SURNAME_MODE_OPTIONS.map((m) => ({ ...m, label: t(`directory.modes.${m.value}`) })),
    perPageChoices: perPageChoices(),
    personalEditPath: PERSONAL_EDIT_PATH,
  };
}

/** The page's title: how many members were found, when a search was made. */
function directoryMeta(language: Language, total: number | undefined) {
  const t = translator(language, "members");
  const title = t("meta.directory.title");
  return {
    title:
      total === undefined
        ? title
        : t("meta.directory.titleFound", { count: total, total: formatNumber(language, total), title }),
    description: t("meta.directory.description"),
  };
}

export async function loadDirectoryPage(request: Request) {
  const viewer = await requireAdminAuth(request);
  const language = await languageOfRequest(request);
  const url = new URL(request.url);
  const parsed = parseDirectoryCriteria(url.searchParams);
  const { criteria, values } = parsed;
  const translate = formMessages(language);
  const errors = Object.fromEntries(Object.entries(parsed.errors).map(([name, message]) => [name, translate(message)]));
  const sort = formatSort(criteria.sort);
  const base = {
    form: formIn(language),
    values,
    sort,
    perPage: criteria.perPage,
    viewer: { listed: viewer.listed_in_directory === 1, id: viewer.id },
    meta: directoryMeta(language, undefined),
  };
  if (Object.keys(errors).length) return data({ ...base, errors, result: null }, { status: 400 });
  if (!hasAnyDirectoryCriterion(criteria)) return { ...base, errors, result: null };
  const result = await searchDirectory(await getDatabase(), criteria);
  return {
    ...base,
    errors,
    meta: directoryMeta(language, result.total),
    result: {
      ...resultPage(result),
      query: directoryCriteriaToParams({ ...criteria, page: 1 }).toString(),
      chips: chips(criteria, language),
      rows: result.rows.map((r) => rowView(r, criteria, language)),
    },
  };
}
