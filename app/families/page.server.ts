import { data } from "@remix-run/node";
import { formatCitationDay } from "~/ui/format";
import { invalidRouteParams, invariantResponse, routeParamsMessage } from "~/routing/responses";
import { criteriaChips } from "~/listing/chips";
import { perPageChoices } from "~/listing/params";
import { pathWith } from "~/listing/search-form";
import { formatSort } from "~/listing/sort";
import { getDatabase } from "~/db/current.server";
import { personGedcomPath } from "~/routing/paths";
import { type FamilyCollection, familySearchPath, formatPersonId, parsePersonId, personPath } from "./collections";
import {
  DEFAULT_PERSON_SORT,
  type PersonCriteria,
  hasAnyPersonCriterion,
  parsePersonCriteria,
  personCriteriaToParams,
  personFieldFormInfo,
  personForm,
} from "./criteria";
import { formatPartialDate } from "./dates";
import {
  type FamilyViewer,
  type PedigreeNode,
  type PersonDetail,
  type PersonView,
  getPerson,
  searchPeople,
} from "./search.server";

/**
 * Loaders of the linked-person collections: the search page
 * (/members/{lodz,genealogy}/search) and a person's page
 * (/members/{lodz,genealogy}/person/:personId). Both are members' pages: their
 * routes call the guard first, before the URL is read; administrators also see
 * people who may be living (`viewer.isAdmin`).
 */

function event(date: string | null, place: string): string {
  return [formatPartialDate(date), place].filter(Boolean).join(", ");
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

const SEX_LABELS = { m: "Male", f: "Female", u: "Unknown" } as const;

export async function loadPersonSearch(request: Request, collection: FamilyCollection, viewer: FamilyViewer) {
  const url = new URL(request.url);
  const { criteria, errors, values } = parsePersonCriteria(collection, url.searchParams);
  const sort = formatSort(criteria.sort);
  const base = {
    form: {
      id: collection.id,
      title: collection.title,
      description: collection.description,
      searchPath: familySearchPath(collection),
      prefix: collection.prefix,
      years: collection.years,
      fields: personFieldFormInfo(),
      perPageChoices: perPageChoices(),
    },
    values,
    sort,
    sortIsChosen: sort !== DEFAULT_PERSON_SORT.join(","),
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
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      correctedFromPage: result.correctedFromPage,
      query: personCriteriaToParams(collection, { ...criteria, page: 1 }).toString(),
      chips: personChips(collection, criteria),
      rows: result.rows.map((r) => ({
        ...linkView(collection, r),
        birth: event(r.birthDate, r.birthPlace),
        death: event(r.deathDate, r.deathPlace),
        father: r.father ? linkView(collection, r.father) : null,
        mother: r.mother ? linkView(collection, r.mother) : null,
      })),
    },
  };
}

function personChips(collection: FamilyCollection, criteria: PersonCriteria) {
  const withoutId = { ...criteria, id: undefined };
  const idParam = new URLSearchParams();
  if (criteria.id !== undefined) idParam.set("id", formatPersonId(collection, criteria.id));
  const out = criteriaChips(personForm(collection), criteria, idParam);
  if (criteria.id !== undefined) {
    out.unshift({
      label: `Id: ${formatPersonId(collection, criteria.id)}`,
      removeHref: pathWith(familySearchPath(collection), personCriteriaToParams(collection, { ...withoutId, page: 1 })),
    });
  }
  return out;
}

function pedigreeView(c: FamilyCollection, node: PedigreeNode, depth: number, generations: number): PedigreeView {
  return {
    person: {
      ...linkView(c, node.person),
      birth: event(node.person.birthDate, node.person.birthPlace),
      death: event(node.person.deathDate, node.person.deathPlace),
    },
    parents:
      depth < generations
        ? {
            father: node.father ? pedigreeView(c, node.father, depth + 1, generations) : null,
            mother: node.mother ? pedigreeView(c, node.mother, depth + 1, generations) : null,
          }
        : null,
  };
}

export interface PedigreeView {
  person: PersonLink & { birth: string; death: string };
  /** Null past the chart's last generation; a null parent is one not recorded. */
  parents: { father: PedigreeView | null; mother: PedigreeView | null } | null;
}

/** Generations of ancestors the chart shows above the person. */
export const CHART_GENERATIONS = 4;

function citation(c: FamilyCollection, d: PersonDetail, pageUrl: string, accessed: Date): string {
  const day = formatCitationDay(accessed);
  const p = d.person;
  const life = p.hidden
    ? ""
    : [p.birthDate && `born ${formatPartialDate(p.birthDate)}`, p.deathDate && `died ${formatPartialDate(p.deathDate)}`]
        .filter(Boolean)
        .join(", ");
  const tree = d.tree ? ` Tree “${d.tree.title}”, submitted by ${d.tree.submitter}.` : "";
  return `“${p.name}”${life ? ` (${life})` : ""}, person ${formatPersonId(c, p.number)}, in Metryka, ${c.title}.${tree} ${pageUrl} (accessed ${day}).`;
}

export async function loadPersonPage(
  request: Request,
  collection: FamilyCollection,
  viewer: FamilyViewer,
  personId: string | undefined,
) {
  const url = new URL(request.url);
  const number = personId ? parsePersonId(collection, personId) : undefined;
  // Only the id as shown (L1234) names a page; anything else is not a page of this site.
  if (number === undefined || personId !== formatPersonId(collection, number)) throw invalidRouteParams(url.pathname);
  const database = await getDatabase();
  const detail = await getPerson(database, collection, number, viewer);
  invariantResponse(detail, () => routeParamsMessage(url.pathname));
  const p = detail.person;
  const link = (v: PersonView | null) => (v ? linkView(collection, v) : null);
  return {
    collection: {
      id: collection.id,
      title: collection.title,
      searchPath: familySearchPath(collection),
      sourceNote: collection.sourceNote,
    },
    person: {
      ...linkView(collection, p),
      sexLabel: SEX_LABELS[p.sex],
      birth: event(p.birthDate, p.birthPlace),
      death: event(p.deathDate, p.deathPlace),
      notes: p.notes,
    },
    father: link(detail.father),
    mother: link(detail.mother),
    siblings: detail.siblings.map((s) => linkView(collection, s)),
    marriages: detail.marriages.map((m) => ({
      key: m.familyId,
      spouse: link(m.spouse),
      marriage: event(m.date, m.place),
      children: m.children.map((ch) => linkView(collection, ch)),
    })),
    sources: detail.sources,
    tree: detail.tree ? { ...detail.tree, submittedOn: formatPartialDate(detail.tree.submittedOn) } : null,
    pedigree: pedigreeView(collection, detail.pedigree, 0, CHART_GENERATIONS),
    generations: CHART_GENERATIONS,
    gedcomHref: collection.id === "genealogy" ? personGedcomPath(formatPersonId(collection, p.number)) : null,
    citation: citation(collection, detail, `${url.origin}${personPath(collection, p.number)}`, new Date()),
  };
}
