import { type ExpressionBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "~/db/connection.server";
import type { Schema } from "~/db/schema";
import { type PageWindow, pageWindow } from "~/listing/paging";
import { DATE_WEIGHT, LEVEL_SCORES, dateCloseness, targetYear } from "~/listing/ranking";
import { RELEVANCE } from "~/listing/search-form";
import { nameMatchLevel } from "~/names/level-of";
import { MODE_LEVELS, type MatchLevel } from "~/names/match-levels";
import { type KeyTable, keyFilter } from "~/names/key-filter";
import type { FamilyCollection } from "./collections";
import type { PersonCriteria } from "./criteria";
import { livingCutoffYear, mayBeLiving } from "./dates";
import { KEY_FIELDS, VARIANT_FIELD } from "./store.server";

/**
 * Searching linked people and reading one person with the family around
 * them. Access is checked here as well as in the loaders: a viewer who is
 * not a member gets nothing, and anyone who may be living (no death, born
 * less than 100 years ago) is left out of searches and shown as "Living",
 * without dates or places, to everyone but administrators. People of a
 * member's tree that is not approved are seen only by that member and the
 * administrators; the member also sees the living people of their own trees.
 */

export interface FamilyViewer {
  isMember: boolean;
  isAdmin: boolean;
  /** The signed-in member, whose own trees they see before approval and with their living people. */
  userId?: number | null;
  /** The ids of the viewer's own pending or approved trees (filled in here from `userId`). */
  ownTrees?: ReadonlySet<number>;
}

/** The viewer with the ids of their own trees, read once per request. */
export async function withOwnTrees(database: Database, viewer: FamilyViewer): Promise<FamilyViewer> {
  if (viewer.ownTrees || !viewer.userId || !viewer.isMember) return viewer;
  const rows = await database.db
    .selectFrom("family_trees")
    .select("id")
    .where("submitter_id", "=", viewer.userId)
    .where("status", "in", ["pending", "approved"])
    .execute();
  return { ...viewer, ownTrees: new Set(rows.map((r) => Number(r.id))) };
}

type PeopleQuery = SelectQueryBuilder<Schema, "people", object>;

/** Each searchable field's keys, codes and (for given names) variant groups. */
function personKeys(field: string): KeyTable {
  return {
    names: { table: "person_keys", owner: "person_id", where: { field } },
    codes: { table: "person_codes", owner: "person_id", where: { field } },
    variants: { table: "person_codes", owner: "person_id", where: { field: VARIANT_FIELD } },
  };
}

const FIELD_KEYS: Record<string, KeyTable> = {
  surname: personKeys(KEY_FIELDS.surname),
  givenName: personKeys(KEY_FIELDS.given),
  birthPlace: personKeys(KEY_FIELDS.birthPlace),
  deathPlace: personKeys(KEY_FIELDS.deathPlace),
};

/** Who may not be shown: no death recorded and born after the cutoff year (or birth unknown). */
function notLiving(eb: ExpressionBuilder<Schema, "people">, now: Date) {
  return eb.or([
    eb("people.death_year", "is not", null),
    eb.and([eb("people.birth_year", "is not", null), eb("people.birth_year", "<=", livingCutoffYear(now))]),
  ]);
}

/** People of no tree, of an approved tree, or of one of the viewer's own trees. */
function visibleTree(eb: ExpressionBuilder<Schema, "people">, viewer: FamilyViewer) {
  const own = [...(viewer.ownTrees ?? [])];
  return eb.or([
    eb("people.tree_id", "is", null),
    eb(
      "people.tree_id",
      "in",
      eb.selectFrom("family_trees").select("family_trees.id").where("status", "=", "approved"),
    ),
    ...(own.length ? [eb("people.tree_id", "in", own)] : []),
  ]);
}

/** Not possibly living, or of the viewer's own tree. */
function shownAlive(eb: ExpressionBuilder<Schema, "people">, viewer: FamilyViewer, now: Date) {
  const own = [...(viewer.ownTrees ?? [])];
  return own.length ? eb.or([notLiving(eb, now), eb("people.tree_id", "in", own)]) : notLiving(eb, now);
}

function filtered(
  database: Database,
  collection: FamilyCollection,
  criteria: PersonCriteria,
  viewer: FamilyViewer,
  now: Date,
): PeopleQuery | null {
  if (!viewer.isMember) return null;
  let q: PeopleQuery = database.db.selectFrom("people").where("people.collection", "=", collection.id);
  if (!viewer.isAdmin) q = q.where((eb) => shownAlive(eb, viewer, now)).where((eb) => visibleTree(eb, viewer));
  if (criteria.id !== undefined) q = q.where("people.number", "=", criteria.id);
  for (const c of criteria.fields) {
    const keys = FIELD_KEYS[c.field.name];
    const byField = keys ? keyFilter(keys, c) : null;
    if (!byField) return null;
    q = q.where(byField("people.id"));
  }
  if (criteria.yearFrom !== undefined) q = q.where("people.birth_year", ">=", criteria.yearFrom);
  if (criteria.yearTo !== undefined) q = q.where("people.birth_year", "<=", criteria.yearTo);
  return q;
}

const PERSON_COLUMNS = [
  "people.id",
  "people.number",
  "people.tree_id",
  "people.surname",
  "people.given",
  "people.sex",
  "people.birth_date",
  "people.birth_year",
  "people.birth_place",
  "people.death_date",
  "people.death_year",
  "people.death_place",
  "people.notes",
] as const;

/** A person row as stored (people), before the viewer's rules. */
export type PersonRowRaw = {
  id: number;
  number: number;
  tree_id: number | null;
  surname: string;
  given: string;
  sex: string;
  birth_date: string | null;
  birth_year: number | null;
  birth_place: string;
  death_date: string | null;
  death_year: number | null;
  death_place: string;
  notes: string;
};

/** A person as a viewer may see them. */
export interface PersonView {
  id: number;
  number: number;
  /** "Living" for someone who may be living, shown to a non-administrator. */
  name: string;
  surname: string;
  given: string;
  sex: "m" | "f" | "u";
  birthDate: string | null;
  birthPlace: string;
  deathDate: string | null;
  deathPlace: string;
  notes: string;
  treeId: number | null;
  /** Details are hidden because the person may be living. */
  hidden: boolean;
}

export const LIVING_NAME = "Living";

/** The record mapper: hides everything but "Living" of anyone who may be living, unless the viewer is an admin. */
export function personView(r: PersonRowRaw, viewer: FamilyViewer, now: Date = new Date()): PersonView {
  const sex = r.sex === "m" || r.sex === "f" ? r.sex : "u";
  const living = mayBeLiving(
    {
      birthYear: r.birth_year === null ? null : Number(r.birth_year),
      deathYear: r.death_year === null ? null : Number(r.death_year),
    },
    now,
  );
  const own = r.tree_id !== null && !!viewer.ownTrees?.has(Number(r.tree_id));
  if (living && !viewer.isAdmin && !own) {
    return {
      id: Number(r.id),
      number: Number(r.number),
      name: LIVING_NAME,
      surname: "",
      given: LIVING_NAME,
      sex,
      birthDate: null,
      birthPlace: "",
      deathDate: null,
      deathPlace: "",
      notes: "",
      treeId: r.tree_id === null ? null : Number(r.tree_id),
      hidden: true,
    };
  }
  return {
    id: Number(r.id),
    number: Number(r.number),
    name: `${r.given} ${r.surname}`.trim(),
    surname: r.surname,
    given: r.given,
    sex,
    birthDate: r.birth_date,
    birthPlace: r.birth_place,
    deathDate: r.death_date,
    deathPlace: r.death_place,
    notes: r.notes,
    treeId: r.tree_id === null ? null : Number(r.tree_id),
    hidden: false,
  };
}

async function peopleByIds(database: Database, ids: Iterable<number>, viewer: FamilyViewer, now: Date) {
  const list = [...new Set(ids)];
  const out = new Map<number, PersonView>();
  for (let i = 0; i < list.length; i += 500) {
    let q = database.db
      .selectFrom("people")
      .select(PERSON_COLUMNS)
      .where("people.id", "in", list.slice(i, i + 500));
    if (!viewer.isAdmin) q = q.where((eb) => visibleTree(eb, viewer));
    const rows = (await q.execute()) as PersonRowRaw[];
    for (const r of rows) out.set(Number(r.id), personView(r, viewer, now));
  }
  return out;
}

/** Each child's parents (the family they were born into). */
async function parentsOf(database: Database, childIds: number[]) {
  const out = new Map<number, { familyId: number; father: number | null; mother: number | null }>();
  if (!childIds.length) return out;
  const rows = await database.db
    .selectFrom("family_children")
    .innerJoin("families", "families.id", "family_children.family_id")
    .select(["family_children.child_id", "families.id", "families.husband_id", "families.wife_id"])
    .where("family_children.child_id", "in", childIds)
    .execute();
  for (const r of rows) {
    out.set(Number(r.child_id), {
      familyId: Number(r.id),
      father: r.husband_id === null ? null : Number(r.husband_id),
      mother: r.wife_id === null ? null : Number(r.wife_id),
    });
  }
  return out;
}

export interface PersonResultRow extends PersonView {
  father: PersonView | null;
  mother: PersonView | null;
  /** How each searched name field matched (nothing for a person shown as "Living"). */
  matches: PersonFieldMatch[];
}

/** How one searched field of a person matched. */
export interface PersonFieldMatch {
  label: string;
  level: MatchLevel;
  found: string;
  typed: string;
}

/** The person's value of each searchable field. */
const FIELD_VALUE: Record<
  string,
  (p: Pick<PersonRowRaw, "surname" | "given" | "birth_place" | "death_place">) => string
> = {
  surname: (p) => p.surname,
  givenName: (p) => p.given,
  birthPlace: (p) => p.birth_place,
  deathPlace: (p) => p.death_place,
};

/** A field's weight in a person's score: the surname first, then the given name, then places (as for records). */
const FIELD_WEIGHT: Record<string, number> = { surname: 1, givenName: 0.8, birthPlace: 0.2, deathPlace: 0.2 };

/** Binary order of folded names, as the databases' indexes on sort_surname and sort_given order them. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The most people whose names are read to rank them; a larger match keeps the name order. */
const PEOPLE_RANK_MAX = 2_000;

/** How each searched field of one person matched, at the levels its mode admits. */
function personMatches(
  criteria: PersonCriteria,
  p: Pick<PersonRowRaw, "surname" | "given" | "birth_place" | "death_place">,
): PersonFieldMatch[] {
  const out: PersonFieldMatch[] = [];
  for (const c of criteria.fields) {
    const found = FIELD_VALUE[c.field.name]?.(p) ?? "";
    const level = nameMatchLevel(c.value, found, MODE_LEVELS[c.mode]);
    if (level) out.push({ label: c.field.label, level, found, typed: c.value });
  }
  return out;
}

/**
 * One page of "best match" order (issue 27): every matching person scored as the records are, by each searched
 * field's level and weight and the closeness of the birth year to the middle of the range, best first, equals in
 * the name order: the page's ids in order, each with how it matched. Undefined when too many match to read
 * (PEOPLE_RANK_MAX): the name order stands.
 */
async function rankedPage(q: PeopleQuery, criteria: PersonCriteria, total: number, offset: number) {
  if (total > PEOPLE_RANK_MAX) return undefined;
  const rows = await q
    .select(["people.id", "people.number", "people.surname", "people.given", "people.birth_place"])
    .select(["people.death_place", "people.birth_year", "people.sort_surname", "people.sort_given"])
    .execute();
  const target = targetYear(criteria);
  const scored = rows.map((r) => {
    let score = r.birth_year === null ? 0 : DATE_WEIGHT * dateCloseness([Number(r.birth_year)], target);
    const matches = personMatches(criteria, r);
    for (const c of criteria.fields) {
      const level = matches.find((m) => m.label === c.field.label)?.level ?? "contains";
      score += (FIELD_WEIGHT[c.field.name] ?? 0.2) * LEVEL_SCORES[level];
    }
    return { id: Number(r.id), number: Number(r.number), year: Number(r.birth_year ?? 99999), r, matches, score };
  });
  // Equals in the name order, as before ranking: surname, given name, birth, number.
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      compareText(a.r.sort_surname, b.r.sort_surname) ||
      compareText(a.r.sort_given, b.r.sort_given) ||
      a.year - b.year ||
      a.number - b.number,
  );
  return new Map(scored.slice(offset, offset + criteria.perPage).map((r) => [r.id, r.matches]));
}

export interface PersonSearchResult extends Omit<PageWindow, "offset"> {
  total: number;
  rows: PersonResultRow[];
}

function sortColumns(field: string) {
  switch (field) {
    case RELEVANCE:
      // Too many to rank (PEOPLE_RANK_MAX): the name order.
      return [sql`people.sort_surname`, sql`people.sort_given`, sql`coalesce(people.birth_sort, 99999999)`];
    case "givenName":
      return [sql`people.sort_given`, sql`people.sort_surname`];
    case "year":
      return [sql`coalesce(people.birth_sort, 99999999)`];
    case "birthPlace":
      return [sql`lower(people.birth_place)`];
    case "deathPlace":
      return [sql`lower(people.death_place)`];
    default:
      return [sql`people.sort_surname`, sql`people.sort_given`];
  }
}

export async function searchPeople(
  database: Database,
  collection: FamilyCollection,
  criteria: PersonCriteria,
  viewer: FamilyViewer,
  now: Date = new Date(),
): Promise<PersonSearchResult> {
  viewer = await withOwnTrees(database, viewer);
  const q = filtered(database, collection, criteria, viewer, now);
  if (!q) return { total: 0, page: 1, pageCount: 1, rows: [] };
  const counted = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const { offset, ...window } = pageWindow(total, criteria.page, criteria.perPage);
  const ranked =
    criteria.sort[0]?.field === RELEVANCE && criteria.fields.length
      ? await rankedPage(q, criteria, total, offset)
      : undefined;
  let raw: PersonRowRaw[];
  if (ranked) {
    const byId = new Map(
      (
        (ranked.size
          ? await q
              .select(PERSON_COLUMNS)
              .where("people.id", "in", [...ranked.keys()])
              .execute()
          : []) as PersonRowRaw[]
      ).map((r) => [Number(r.id), r]),
    );
    raw = [...ranked.keys()].map((id) => byId.get(id)).filter((r): r is PersonRowRaw => !!r);
  } else {
    let listing = q.select(PERSON_COLUMNS);
    for (const k of criteria.sort) {
      for (const col of sortColumns(k.field)) listing = listing.orderBy(col, k.descending ? "desc" : "asc");
    }
    raw = (await listing.orderBy("people.number").limit(criteria.perPage).offset(offset).execute()) as PersonRowRaw[];
  }
  const people = raw.map((r) => personView(r, viewer, now));
  // The ranked page's were worked out as it was scored.
  const matches = ranked ?? new Map(raw.map((r) => [Number(r.id), personMatches(criteria, r)]));
  const parents = await parentsOf(
    database,
    people.map((p) => p.id),
  );
  const parentIds = [...parents.values()]
    .flatMap((p) => [p.father, p.mother])
    .filter((id): id is number => id !== null);
  const parentViews = await peopleByIds(database, parentIds, viewer, now);
  const rows = people.map((p) => {
    const of = parents.get(p.id);
    return {
      ...p,
      father: of?.father ? (parentViews.get(of.father) ?? null) : null,
      mother: of?.mother ? (parentViews.get(of.mother) ?? null) : null,
      matches: p.hidden ? [] : (matches.get(p.id) ?? []),
    };
  });
  return { total, ...window, rows };
}

/** How many people of the collection a name search finds (for /Search); 0 for a visitor. */
export async function countPeople(
  database: Database,
  collection: FamilyCollection,
  criteria: PersonCriteria,
  viewer: FamilyViewer,
  now: Date = new Date(),
): Promise<number> {
  // Visitors are told how many people match (an invitation to join), never who: the count ignores membership.
  const q = filtered(database, collection, criteria, { ...viewer, isMember: true }, now);
  if (!q) return 0;
  const counted = await q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
  return Number(counted?.n ?? 0);
}

export interface Marriage {
  familyId: number;
  spouse: PersonView | null;
  date: string | null;
  place: string;
  children: PersonView[];
}

export interface PersonDetail {
  person: PersonView;
  father: PersonView | null;
  mother: PersonView | null;
  siblings: PersonView[];
  marriages: Marriage[];
  sources: string[];
  tree: { title: string; submitter: string; submittedOn: string } | null;
}

async function childrenOf(database: Database, familyIds: number[]) {
  const out = new Map<number, number[]>();
  if (!familyIds.length) return out;
  const rows = await database.db
    .selectFrom("family_children")
    .select(["family_id", "child_id"])
    .where("family_id", "in", familyIds)
    .orderBy("family_id")
    .orderBy("position")
    .execute();
  for (const r of rows) {
    const list = out.get(Number(r.family_id)) ?? [];
    list.push(Number(r.child_id));
    out.set(Number(r.family_id), list);
  }
  return out;
}

export async function getPerson(
  database: Database,
  collection: FamilyCollection,
  number: number,
  viewer: FamilyViewer,
  now: Date = new Date(),
): Promise<PersonDetail | undefined> {
  if (!viewer.isMember) return undefined;
  viewer = await withOwnTrees(database, viewer);
  const { db } = database;
  let q = db
    .selectFrom("people")
    .select(PERSON_COLUMNS)
    .where("people.collection", "=", collection.id)
    .where("people.number", "=", number);
  if (!viewer.isAdmin) q = q.where((eb) => visibleTree(eb, viewer));
  const raw = (await q.executeTakeFirst()) as PersonRowRaw | undefined;
  if (!raw) return undefined;
  const person = personView(raw, viewer, now);
  const parents = (await parentsOf(database, [person.id])).get(person.id);
  const unions = await db
    .selectFrom("families")
    .select(["id", "husband_id", "wife_id", "marriage_date", "marriage_place"])
    .where((eb) => eb.or([eb("husband_id", "=", person.id), eb("wife_id", "=", person.id)]))
    .orderBy(sql`coalesce(marriage_sort, 99999999)`)
    .orderBy("id")
    .execute();
  const kids = await childrenOf(database, [...(parents ? [parents.familyId] : []), ...unions.map((u) => Number(u.id))]);
  const siblingIds = parents ? (kids.get(parents.familyId) ?? []).filter((id) => id !== person.id) : [];
  const spouseIds = unions.map((u) => (Number(u.husband_id) === person.id ? u.wife_id : u.husband_id));
  const views = await peopleByIds(
    database,
    [
      ...(parents ? [parents.father, parents.mother] : []),
      ...siblingIds,
      ...spouseIds,
      ...unions.flatMap((u) => kids.get(Number(u.id)) ?? []),
    ].filter((id): id is number => id !== null && id !== undefined),
    viewer,
    now,
  );
  const view = (id: number | null | undefined) =>
    id === null || id === undefined ? null : (views.get(Number(id)) ?? null);
  const sources = person.hidden
    ? []
    : (
        await db
          .selectFrom("person_sources")
          .select("citation")
          .where("person_id", "=", person.id)
          .orderBy("position")
          .execute()
      ).map((s) => s.citation);
  const tree =
    person.treeId === null
      ? null
      : ((await db
          .selectFrom("family_trees")
          .select(["title", "submitter", "submitted_on"])
          .where("id", "=", person.treeId)
          .executeTakeFirst()) ?? null);
  return {
    person,
    father: view(parents?.father),
    mother: view(parents?.mother),
    siblings: siblingIds.map((id) => view(id)).filter((p): p is PersonView => p !== null),
    marriages: unions.map((u, i) => {
      const spouse = view(spouseIds[i]);
      // A marriage is a detail of both spouses' lives.
      const hidden = person.hidden || !!spouse?.hidden;
      return {
        familyId: Number(u.id),
        spouse,
        date: hidden ? null : u.marriage_date,
        place: hidden ? "" : u.marriage_place,
        children: (kids.get(Number(u.id)) ?? []).map((id) => view(id)).filter((p): p is PersonView => p !== null),
      };
    }),
    sources,
    tree: tree ? { title: tree.title, submitter: tree.submitter, submittedOn: tree.submitted_on } : null,
  };
}
