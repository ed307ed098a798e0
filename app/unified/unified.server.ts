import { data } from "@remix-run/node";
import { type MapIndexDef, mapSearchPath } from "~/places/indexes";
import { signInPath } from "~/routing/paths";
import type { Database } from "~/db/connection.server";
import { getDatabase } from "~/db/current.server";
import type { Messages } from "~/listing/params";
import {
  type Criteria as ListingCriteria,
  type ListingField,
  type SearchForm,
  fieldFormInfo,
  hasAnyCriterion,
  criteriaToParams as criteriaToListingParams,
  defaultSortFor,
  parseCriteria,
  pathWith,
} from "~/listing/search-form";
import { type NearCandidate, resolvePlaceFilter } from "~/search/place-filter.server";
import { GIVEN_NAME_MODES, SURNAME_MODES } from "~/names/match-modes";
import { PATHS } from "~/routing/paths";
import { ascending } from "~/listing/sort";
import { type CollectionDef, searchPath } from "~/search/collections";
import { type Criteria, criteriaToParams, recordForm } from "~/search/criteria";
import { SearchTooBroad, countMatches, refuseTooBroadSearch } from "~/search/engine.server";
import { tooBroadMessages } from "~/search/too-broad";
import { recordPlaceCounts } from "~/search/place-counts.server";
import { isMapView, parseDecade, surnameMap } from "~/search/surname-map.server";
import { type Viewer, viewerFor } from "~/auth/viewer.server";
import { FAMILY_GROUP, type FamilyCollection, familySearchPath } from "~/families/collections";
import { personCriteriaToParams, personForm } from "~/families/criteria";
import { countPeople } from "~/families/search.server";
import { languageOfRequest } from "~/auth/language.server";
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";
import type { Say, Words } from "~/listing/say";
import { sayIn, searchWords } from "~/listing/say.server";
import { localizedCollection, sourceWord } from "~/search/localize.server";

/**
 * The unified search (/Search): one form over every collection. Its fields
 * are a person's surname and given name; each collection answers once per
 * role a person can have in it (child, mother, groom, bride…), with a link
 * that carries the criteria into that collection's own search.
 */
const UNIFIED_FIELDS: readonly ListingField[] = [
  { name: "surname", label: "Surname", modes: SURNAME_MODES, defaultMode: SURNAME_MODES[0] },
  { name: "givenName", label: "Given name", modes: GIVEN_NAME_MODES, defaultMode: GIVEN_NAME_MODES[0] },
];

const UNIFIED_FORM: SearchForm = {
  path: PATHS.searchAll,
  fields: UNIFIED_FIELDS,
  sortable: ["year"],
  defaultSort: ["year"],
  placeFilter: true,
};

/** The form with its fields' labels in `language` (the `fields` catalogs' `unified.search.*`). */
const localizedForms = new Map<Language, SearchForm>();
function unifiedForm(language: Language): SearchForm {
  if (language === "en") return UNIFIED_FORM;
  let form = localizedForms.get(language);
  if (!form) {
    const t = translator(language, "fields");
    const fields = UNIFIED_FIELDS.map((f) => ({ ...f, label: String(t(`unified.search.${f.name}` as never)) }));
    localizedForms.set(language, (form = { ...UNIFIED_FORM, fields }));
  }
  return form;
}

function forRole(
  collection: CollectionDef,
  criteria: ListingCriteria,
  role: CollectionDef["roles"][number],
): Criteria | null {
  const fields = [];
  for (const c of criteria.fields) {
    const targetName = c.field.name === "surname" ? role.surname : role.givenName;
    const target = collection.searchFields.find((f) => f.name === targetName);
    if (!target || !target.modes.includes(c.mode)) return null;
    fields.push({ field: target, value: c.value, mode: c.mode });
  }
  // The collection's own default for these fields: best match when a name is given (issue 27).
  return { ...criteria, fields, page: 1, sort: ascending(defaultSortFor(recordForm(collection), fields.length)) };
}

/**
 * The messages of the first role whose search would be too broad (SearchTooBroad), beside this form's own fields
 * (a role's fields are this form's, in the same order, under the collection's names), or undefined.
 */
async function tooBroadForAnyRole(
  database: Database,
  collections: readonly CollectionDef[],
  criteria: ListingCriteria & Pick<Criteria, "placeKeys">,
  viewer: Viewer,
  { say, words }: { say: Say; words: Words },
): Promise<Messages | undefined> {
  for (const collection of collections) {
    for (const role of collection.roles) {
      const roleCriteria = forRole(collection, criteria, role);
      if (!roleCriteria) continue;
      try {
        await refuseTooBroadSearch(database, collection, roleCriteria, viewer);
      } catch (e) {
        if (!(e instanceof SearchTooBroad)) throw e;
        const messages = tooBroadMessages(e, roleCriteria, say, (m) => words(`modes.${m}`));
        const own: Messages = {};
        for (const [name, message] of Object.entries(messages)) {
          const i = roleCriteria.fields.findIndex((f) => f.field.name === name);
          own[i >= 0 ? criteria.fields[i].field.name : name] = message;
        }
        return own;
      }
    }
  }
  return undefined;
}

/** The sources /Search counts in: the catalog's, handed in by the route (app/catalog.ts, sourceDefs). */
export interface UnifiedSources {
  records: readonly CollectionDef[];
  families: readonly FamilyCollection[];
  places: readonly MapIndexDef[];
}

export async function loadUnifiedSearch(request: Request, sources: UnifiedSources) {
  const url = new URL(request.url);
  const language = await languageOfRequest(request);
  const say = sayIn(language);
  const words = searchWords(language);
  const localForm = unifiedForm(language);
  const parsed = parseCriteria(localForm, url.searchParams, say);
  const { values } = parsed;
  let criteria: ListingCriteria & Pick<Criteria, "placeKeys"> = parsed.criteria;
  let { errors } = parsed;
  const form = {
    fields: fieldFormInfo(localForm.fields, words),
    meta: { title: words("unified.meta.title"), description: words("unified.meta.description") },
  };
  const viewer = await viewerFor(request);
  // Visitors are led to sign in before a members' place index, as to a members' collection.
  const placeIndexes = sources.places.map((i) => ({
    title: sourceWord(language, i.id, "title", i.title),
    access: i.access,
    href: i.access === "members" && !viewer.isMember ? signInPath(mapSearchPath(i)) : mapSearchPath(i),
  }));
  const database = await getDatabase();
  let nearCandidates: NearCandidate[] = [];
  if (!Object.keys(errors).length) {
    // "Within N km of" counts the records whose place or parish lies there (decision 0033), as each collection would.
    const place = await resolvePlaceFilter(database, criteria, viewer, (near) =>
      pathWith(PATHS.searchAll, criteriaToListingParams({ ...criteria, near, page: 1 }, UNIFIED_FORM)),
    );
    ({ criteria, errors } = place);
    nearCandidates = place.candidates;
  }
  if (Object.keys(errors).length) {
    return data(
      { form, values, errors, results: null, placeIndexes, nearCandidates, map: null, mapHref: null },
      { status: 400 },
    );
  }
  if (!hasAnyCriterion(criteria)) {
    return { form, values, errors, results: null, placeIndexes, nearCandidates, map: null, mapHref: null };
  }
  const broad = await tooBroadForAnyRole(database, sources.records, criteria, viewer, { say, words });
  if (broad) {
    return data(
      { form, values, errors: broad, results: null, placeIndexes, nearCandidates, map: null, mapHref: null },
      { status: 400 },
    );
  }
  const query = criteriaToListingParams({ ...criteria, page: 1 }, UNIFIED_FORM);
  const mapHref = pathWith(PATHS.searchAll, new URLSearchParams([...query, ["view", "map"]]));
  // The surname's map over every collection the viewer may read (recordPlaceCounts passes over the others: a
  // visitor's map holds the public collections' records only), each role's matches counted once per record.
  const map = isMapView(url.searchParams)
    ? surnameMap({
        counts: await recordPlaceCounts(
          database,
          sources.records.flatMap((collection) =>
            collection.roles.flatMap((role) => {
              const roleCriteria = forRole(collection, criteria, role);
              return roleCriteria ? [{ collection, criteria: roleCriteria }] : [];
            }),
          ),
          viewer,
        ),
        decade: parseDecade(url.searchParams, say),
        query,
        action: PATHS.searchAll,
      })
    : null;
  const results = [];
  for (const collection of sources.records) {
    // A visitor is told how many records a members' collection holds for the name (DESIGN §5: an
    // invitation to join), counted from the index alone; the links lead to the sign-in page.
    const locked = collection.access === "members" && !viewer.isMember;
    const roles = [];
    for (const role of collection.roles) {
      const roleCriteria = forRole(collection, criteria, role);
      if (!roleCriteria) continue;
      const { total, lowerBound } = await countMatches(database, collection, roleCriteria, viewer);
      roles.push({
        label: words(`roles.${role.key}`),
        count: total,
        countIsLowerBound: lowerBound,
        href: ((href) => (locked ? signInPath(href) : href))(
          pathWith(searchPath(collection), criteriaToParams(roleCriteria, collection)),
        ),
      });
    }
    results.push({
      id: collection.id,
      title: localizedCollection(collection, language).title,
      group: collection.group,
      access: collection.access,
      locked,
      roles,
      unit: "record" as "record" | "person",
    });
  }
  // People linked into families (decision 0017): counted by the same name as persons, birth years as the years.
  // The families' people have no place term to filter on: with one, they are left out rather than counted wrongly.
  const families = criteria.near || criteria.placeId !== undefined ? [] : sources.families;
  for (const collection of families) {
    const locked = !viewer.isMember;
    const personCriteria = {
      ...criteria,
      page: 1,
      sort: ascending(defaultSortFor(personForm(collection), criteria.fields.length)),
    };
    const count = await countPeople(database, collection, personCriteria, {
      isMember: viewer.isMember,
      isAdmin: false,
    });
    const href = pathWith(familySearchPath(collection), personCriteriaToParams(collection, personCriteria));
    results.push({
      id: collection.id,
      title: collection.title,
      group: FAMILY_GROUP,
      access: "members",
      locked,
      roles: [
        { label: words("roles.families"), count, countIsLowerBound: false, href: locked ? signInPath(href) : href },
      ],
      unit: "person",
    });
  }
  const page = { form, values, errors, results, placeIndexes, nearCandidates, map, mapHref };
  // An unreadable decade is the map's own field's message (beside it), with the map of all decades.
  return map?.decadeError ? data(page, { status: 400 }) : page;
}
