import { resultPage } from "~/ui/result-page";
import { data } from "@remix-run/node";
import { formatCitationDay } from "~/ui/format";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { criteriaChips } from "~/listing/chips";
import { perPageChoices } from "~/listing/params";
import { pathWith } from "~/listing/search-form";
import { formatSort } from "~/listing/sort";
import { getDatabase } from "~/db/current.server";
import { personGedcomPath } from "~/routing/paths";
import {
  type FamilyCollection,
  descendantsPath,
  familySearchPath,
  formatPersonId,
  parsePersonId,
  personPath,
} from "./collections";
import {
  type PersonCriteria,
  hasAnyPersonCriterion,
  parsePersonCriteria,
  personCriteriaToParams,
  personFieldFormInfo,
  personForm,
} from "./criteria";
import { formatPartialDateIn } from "./dates";
import { formMessages } from "~/i18n/i18next.server";
import { PERSON_FIELDS } from "./criteria";
import { languageOfRequest } from "~/auth/language.server";
import { translator } from "~/i18n/i18next.server";
import type { Language } from "~/i18n/languages";
import { formatDay } from "~/i18n/format";
import type { TFunction } from "i18next";
import {
  DESCENDANT_DEPTH,
  type DescendantNode,
  MAX_DESCENDANTS,
  type Pedigree,
  findPerson,
  loadDescendants,
  loadPedigree,
} from "./lineage.server";
import { matchReasons } from "~/listing/match-reasons";
import { type FamilyViewer, type PersonDetail, type PersonView, getPerson, searchPeople } from "./search.server";

/**
 * Loaders of the linked-person collections: the search page
 * (/members/{lodz,genealogy}/search), a person's page
 * (/members/{lodz,genealogy}/person/:personId) and their descendants
 * (…/person/:personId/descendants). All are members' pages: their
 * routes call the guard first, before the URL is read; administrators also see
 * people who may be living (`viewer.isAdmin`).
 */

function event(date: string | null, place: string, language: Language = "en"): string {
  return [formatPartialDateIn(language, date), place].filter(Boolean).join(", ");
}

/**
 * A family collection's title and source note in the reader's language: the title as the catalog names the source
 * everywhere (the `catalog` namespace), the note from the `trees` catalog.
 */
export function collectionWords(language: Language, c: FamilyCollection) {
  const t = translator(language, "trees");
  return { title: collectionText(language, c, "title"), sourceNote: t(`collections.${c.id}.sourceNote`) };
}

function collectionText(language: Language, c: FamilyCollection, key: "title" | "description"): string {
  const t = translator(language, "catalog");
  return t(`sources.${c.id}.${key}` as never, { defaultValue: c[key] });
}

function lifeYears(p: PersonView): string {
  if (p.hidden) return "";
  const born = p.birthDate?.slice(0, 4) ?? "";
  const died = p.deathDate?.slice(0, 4) ?? "";
  return born || died ? `${born}–${died}` : "";
}

function linkView(c: FamilyCollection, p: PersonView) {
  return {
    id: formatPersonId(c, p.number),
    href: personPath(c, p.number),
    name: p.name,
    sex: p.sex,
    years: lifeYears(p),
    hidden: p.hidden,
  };
}

export type PersonLink = ReturnType<typeof linkView>;

/** A person field's label in the reader's language, by the English label the search works with. */
function fieldLabel(t: TFunction<"trees">, label: string): string {
  const field = PERSON_FIELDS.find((f) => f.label === label);
  return field ? t(`search.fields.${field.name}`) : label;
}

/** The id field's English messages (./criteria.ts) in the reader's language; others through the forms catalog. */
function searchErrors(errors: Record<string, string>, collection: FamilyCollection, language: Language) {
  const t = translator(language, "trees");
  const translate = formMessages(language);
  return Object.fromEntries(
    Object.entries(errors).map(([name, message]) => {
      if (name !== "id") return [name, translate(message)];
      const said = message.startsWith("Ids in this collection")
        ? t("search.idFormat", { prefix: collection.prefix })
        : t("search.idInvalid");
      return [name, said];
    }),
  );
}

export async function loadPersonSearch(request: Request, collection: FamilyCollection, viewer: FamilyViewer) {
  const url = new URL(request.url);
  const parsed = parsePersonCriteria(collection, url.searchParams);
  const { criteria, values } = parsed;
  const language = await languageOfRequest(request);
  const t = translator(language, "trees");
  const errors = searchErrors(parsed.errors, collection, language);
  const sort = formatSort(criteria.sort);
  const base = {
    // Which page the one search route renders (app/catalog-pages.tsx), without the catalog in the browser.
    kind: "families" as const,
    form: {
      id: collection.id,
      title: collectionWords(language, collection).title,
      description: collectionText(language, collection, "description"),
      searchPath: familySearchPath(collection),
      prefix: collection.prefix,
      years: collection.years,
      fields: personFieldFormInfo().map((f) => ({ ...f, label: t(`search.fields.${f.name}`) })),
      perPageChoices: perPageChoices(),
    },
    values,
    sort,
    // A sort the URL chose is kept by the next search; an unchosen one lets it take its default (decision 0068).
    sortIsChosen: url.searchParams.has("sort"),
    ranked: criteria.fields.length > 0,
    perPage: criteria.perPage,
    admin: viewer.isAdmin,
  };
  if (Object.keys(errors).length) return data({ ...base, errors, result: null }, { status: 400 });
  if (!hasAnyPersonCriterion(criteria)) return { ...base, errors, result: null };
  const database = await getDatabase();
  const result = await searchPeople(database, collection, criteria, viewer);
  return {
    ...base,
    errors,
    result: {
      ...resultPage(result),
      query: personCriteriaToParams(collection, { ...criteria, page: 1 }).toString(),
      chips: personChips(collection, criteria, t),
      rows: result.rows.map((r) => ({
        ...linkView(collection, r),
        birth: event(r.birthDate, r.birthPlace),
        death: event(r.deathDate, r.deathPlace),
        father: r.father ? linkView(collection, r.father) : null,
        mother: r.mother ? linkView(collection, r.mother) : null,
        why: matchReasons(r.matches).map((why) => ({ ...why, field: fieldLabel(t, why.field) })),
      })),
    },
  };
}

function personChips(collection: FamilyCollection, criteria: PersonCriteria, t: TFunction<"trees">) {
  const withoutId = { ...criteria, id: undefined };
  const idParam = new URLSearchParams();
  if (criteria.id !== undefined) idParam.set("id", formatPersonId(collection, criteria.id));
  // The chips name each field in the reader's language; the addresses they link to are the same.
  const named = {
    ...criteria,
    fields: criteria.fields.map((c) => ({ ...c, field: { ...c.field, label: t(`search.fields.${c.field.name}`) } })),
  };
  const out = criteriaChips(personForm(collection), named, idParam);
  if (criteria.id !== undefined) {
    out.unshift({
      label: t("search.idChip", { id: formatPersonId(collection, criteria.id) }),
      removeHref: pathWith(familySearchPath(collection), personCriteriaToParams(collection, { ...withoutId, page: 1 })),
    });
  }
  return out;
}

/** A box of the pedigree chart: the person in Ahnentafel slot `n`, or nobody recorded there. */
export interface ChartBox {
  n: number;
  /** The person's place relative to the box on its left. */
  role: "Father" | "Mother" | null;
  person: PersonLink | null;
  /** Both parents' boxes for a recorded person short of the last generation; null otherwise (the line stops). */
  parents: [ChartBox, ChartBox] | null;
}

/**
 * The chart as nested boxes. An unrecorded parent of a recorded person is a quiet empty box, so that the
 * father stays above and the mother below and the gap shows where research stops; the line ends there
 * (no empty boxes for the ancestors of nobody).
 */
function chartBox(c: FamilyCollection, pedigree: Pedigree, n: number, generation: number): ChartBox {
  const p = pedigree.ancestors[n] ?? null;
  return {
    n,
    role: n === 1 ? null : n % 2 === 0 ? "Father" : "Mother",
    person: p ? linkView(c, p) : null,
    parents:
      p && generation < pedigree.generations
        ? [chartBox(c, pedigree, 2 * n, generation + 1), chartBox(c, pedigree, 2 * n + 1, generation + 1)]
        : null,
  };
}

function citation(
  c: FamilyCollection,
  d: PersonDetail,
  pageUrl: string,
  accessed: Date,
  language: Language,
  t: TFunction<"trees">,
): string {
  const day =
    language === "en" ? formatCitationDay(accessed) : formatDay(language, accessed.toISOString().slice(0, 10), 0);
  const p = d.person;
  const life = p.hidden
    ? ""
    : [
        p.birthDate && t("citation.born", { date: formatPartialDateIn(language, p.birthDate) }),
        p.deathDate && t("citation.died", { date: formatPartialDateIn(language, p.deathDate) }),
      ]
        .filter(Boolean)
        .join(", ");
  // The tree's sentence follows the collection's, when there is one.
  const tree = d.tree ? ` ${t("citation.tree", { title: d.tree.title, name: d.tree.submitter })}` : "";
  const values = {
    name: p.name,
    id: formatPersonId(c, p.number),
    collection: collectionWords(language, c).title,
    tree,
    url: pageUrl,
    day,
    life,
  };
  return t(life ? "citation.personWithLife" : "citation.person", values);
}

/** A person page's address read: the person's number (only the id as shown, L1234, names a page) and the database. */
async function openPersonPage(request: Request, collection: FamilyCollection, personId: string | undefined) {
  const url = new URL(request.url);
  const number = personId ? parsePersonId(collection, personId) : undefined;
  if (number === undefined || personId !== formatPersonId(collection, number)) throw invalidRouteParams(url.pathname);
  return { url, number, database: await getDatabase() };
}

export async function loadPersonPage(
  request: Request,
  collection: FamilyCollection,
  viewer: FamilyViewer,
  personId: string | undefined,
) {
  const { url, number, database } = await openPersonPage(request, collection, personId);
  const detail = await getPerson(database, collection, number, viewer);
  invariantResponse(detail, () => routeParamsMessage(url.pathname));
  const p = detail.person;
  const pedigree = await loadPedigree(database, p, viewer);
  const link = (v: PersonView | null) => (v ? linkView(collection, v) : null);
  const language = await languageOfRequest(request);
  const t = translator(language, "trees");
  const words = collectionWords(language, collection);
  const id = formatPersonId(collection, p.number);
  return {
    meta: {
      title: t("meta.person.title", { name: p.name, id, collection: words.title }),
      description: t("meta.person.description", { name: p.name, collection: words.title }),
    },
    collection: {
      id: collection.id,
      ...words,
      searchPath: familySearchPath(collection),
    },
    person: {
      ...linkView(collection, p),
      sexLabel: t(`person.sex.${p.sex}`),
      birth: event(p.birthDate, p.birthPlace, language),
      death: event(p.deathDate, p.deathPlace, language),
      notes: p.notes,
    },
    father: link(detail.father),
    mother: link(detail.mother),
    siblings: detail.siblings.map((s) => linkView(collection, s)),
    marriages: detail.marriages.map((m) => ({
      key: m.familyId,
      spouse: link(m.spouse),
      marriage: event(m.date, m.place, language),
      children: m.children.map((ch) => linkView(collection, ch)),
    })),
    sources: detail.sources,
    tree: detail.tree ? { ...detail.tree, submittedOn: formatPartialDateIn(language, detail.tree.submittedOn) } : null,
    pedigree: chartBox(collection, pedigree, 1, 1),
    generations: pedigree.generations,
    descendantsHref: descendantsPath(collection, p.number),
    gedcomHref: collection.id === "genealogy" ? personGedcomPath(formatPersonId(collection, p.number)) : null,
    citation: citation(collection, detail, `${url.origin}${personPath(collection, p.number)}`, new Date(), language, t),
  };
}

interface DescendantItem {
  person: PersonLink;
  repeated: boolean;
  marriages: {
    key: number;
    spouse: PersonLink | null;
    /** The marriage year, or "" when unknown or hidden. */
    year: string;
    children: DescendantItem[];
    childrenBeyond: number;
  }[];
}

function descendantItem(c: FamilyCollection, node: DescendantNode): DescendantItem {
  return {
    person: linkView(c, node.person),
    repeated: node.repeated,
    marriages: node.marriages.map((m) => ({
      key: m.familyId,
      spouse: m.spouse ? linkView(c, m.spouse) : null,
      year: m.date?.slice(0, 4) ?? "",
      children: m.children.map((ch) => descendantItem(c, ch)),
      childrenBeyond: m.childrenBeyond,
    })),
  };
}

function beyond(item: DescendantItem): number {
  return item.marriages.reduce((n, m) => n + m.childrenBeyond + m.children.reduce((k, ch) => k + beyond(ch), 0), 0);
}

/** The depth asked for: the default when none is given, undefined when it is not a depth the page offers. */
export function parseDepth(raw: string | null): number | undefined {
  if (raw === null || raw === "") return DESCENDANT_DEPTH.default;
  if (!/^\d{1,2}$/.test(raw)) return undefined;
  const depth = Number(raw);
  return depth >= DESCENDANT_DEPTH.min && depth <= DESCENDANT_DEPTH.max ? depth : undefined;
}

export async function loadDescendantsPage(
  request: Request,
  collection: FamilyCollection,
  viewer: FamilyViewer,
  personId: string | undefined,
) {
  const { url, number, database } = await openPersonPage(request, collection, personId);
  const person = await findPerson(database, collection, number, viewer);
  invariantResponse(person, () => routeParamsMessage(url.pathname));
  const rawDepth = url.searchParams.get("depth");
  const depth = parseDepth(rawDepth);
  const language = await languageOfRequest(request);
  const t = translator(language, "trees");
  const words = collectionWords(language, collection);
  const base = {
    meta: {
      title: t("meta.descendants.title", {
        name: person.name,
        id: formatPersonId(collection, number),
        collection: words.title,
      }),
      description: t("meta.descendants.description", { name: person.name }),
    },
    collection: { id: collection.id, title: words.title, searchPath: familySearchPath(collection) },
    person: linkView(collection, person),
    path: descendantsPath(collection, number),
    depths: Array.from({ length: DESCENDANT_DEPTH.max - DESCENDANT_DEPTH.min + 1 }, (_, i) => DESCENDANT_DEPTH.min + i),
    limit: MAX_DESCENDANTS,
  };
  if (depth === undefined) {
    return data(
      {
        ...base,
        depth: DESCENDANT_DEPTH.default,
        typedDepth: rawDepth ?? "",
        error: t("descendants.depthError", { min: DESCENDANT_DEPTH.min, max: DESCENDANT_DEPTH.max }),
        outline: null,
      },
      { status: 400 },
    );
  }
  const found = await loadDescendants(database, person, depth, viewer);
  const outline = descendantItem(collection, found.root);
  const more = beyond(outline);
  return {
    ...base,
    depth,
    typedDepth: String(depth),
    error: null,
    outline: {
      root: outline,
      count: found.count,
      truncated: found.truncated,
      /** Children recorded below the last generation shown, and the page that shows one more. */
      beyond: more,
      deeperHref: more && depth < DESCENDANT_DEPTH.max ? descendantsPath(collection, number, depth + 1) : null,
    },
  };
}
