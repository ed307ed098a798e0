import { type AliasedRawBuilder, sql } from "kysely";
import type { Database } from "~/db/connection.server";
import type { FamilyCollection } from "./collections";
import { type FamilyViewer, type PersonView, personView, withOwnTrees } from "./search.server";

/**
 * A person's line, both ways (decision 0025): the ancestors of the pedigree
 * chart and the descendants of the descendants page. Trees run to thousands
 * of people, so both walk one generation per query, with every person of the
 * generation in one `in` list, never one query per person. People who may be
 * living come out through `personView`, hidden exactly as on their own page,
 * and a marriage is hidden when either spouse is.
 */

type PersonRow = Parameters<typeof personView>[0];

/** The people columns a person is read with. */
export const PERSON_FIELDS = [
  "id",
  "number",
  "tree_id",
  "surname",
  "given",
  "sex",
  "birth_date",
  "birth_year",
  "birth_place",
  "death_date",
  "death_year",
  "death_place",
  "notes",
] as const satisfies readonly (keyof PersonRow)[];

type Row = Record<string, unknown>;

/** A joined person's columns, each named `${alias}_${field}` so that several people fit in one row. */
function personColumns(alias: string): AliasedRawBuilder<unknown, string>[] {
  return PERSON_FIELDS.map((f) => sql.ref(`${alias}.${f}`).as(`${alias}_${f}`));
}

/** The joined person of a row, or null where the join found nobody (a parent or spouse not recorded). */
function personOf(row: Row, alias: string, viewer: FamilyViewer, now: Date): PersonView | null {
  if (row[`${alias}_id`] === null || row[`${alias}_id`] === undefined) return null;
  const raw = Object.fromEntries(PERSON_FIELDS.map((f) => [f, row[`${alias}_${f}`]])) as PersonRow;
  return personView(raw, viewer, now);
}

const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** One person of a collection by their number, as the viewer may see them; nobody for a non-member. */
export async function findPerson(
  database: Database,
  collection: FamilyCollection,
  number: number,
  viewer: FamilyViewer,
  now: Date = new Date(),
): Promise<PersonView | undefined> {
  if (!viewer.isMember) return undefined;
  viewer = await withOwnTrees(database, viewer);
  const row = (await database.db
    .selectFrom("people as p")
    .select(personColumns("p"))
    .where("p.collection", "=", collection.id)
    .where("p.number", "=", number)
    .executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  // A tree waiting for approval (or withdrawn) is its submitter's and the administrators' only; its people link
  // only to each other, so the person found here decides for the whole chart.
  const treeId = idOrNull(row.p_tree_id);
  if (treeId !== null && !viewer.isAdmin && !viewer.ownTrees?.has(treeId)) {
    const tree = await database.db
      .selectFrom("family_trees")
      .select("status")
      .where("id", "=", treeId)
      .executeTakeFirst();
    if (tree?.status !== "approved") return undefined;
  }
  return personOf(row, "p", viewer, now) ?? undefined;
}

// ---------- Ancestors ----------

/** The chart's generations: the person, parents, grandparents, great- and great-great-grandparents. */
export const PEDIGREE_GENERATIONS = 5;

export interface Pedigree {
  generations: number;
  /**
   * The ancestors in Ahnentafel order, as genealogists number them: [1] is the person, [2n] the father and
   * [2n + 1] the mother of [n]; null where nobody is recorded. [0] is unused, so the list has 2^generations
   * entries.
   */
  ancestors: (PersonView | null)[];
}

/** The father and mother of each child (the first family a child is recorded in), with both people. */
async function parentsOf(database: Database, childIds: number[], viewer: FamilyViewer, now: Date) {
  const out = new Map<number, { father: PersonView | null; mother: PersonView | null }>();
  if (!childIds.length) return out;
  const rows = (await database.db
    .selectFrom("family_children as fc")
    .innerJoin("families as f", "f.id", "fc.family_id")
    .leftJoin("people as h", "h.id", "f.husband_id")
    .leftJoin("people as w", "w.id", "f.wife_id")
    .select(["fc.child_id"])
    .select(personColumns("h"))
    .select(personColumns("w"))
    .where("fc.child_id", "in", childIds)
    .orderBy("fc.child_id")
    .orderBy("f.id")
    .execute()) as Row[];
  for (const r of rows) {
    const child = Number(r.child_id);
    if (!out.has(child))
      out.set(child, { father: personOf(r, "h", viewer, now), mother: personOf(r, "w", viewer, now) });
  }
  return out;
}

/** The person's ancestors for the chart: one query per generation above them. */
export async function loadPedigree(
  database: Database,
  root: PersonView,
  viewer: FamilyViewer,
  now: Date = new Date(),
  generations: number = PEDIGREE_GENERATIONS,
): Promise<Pedigree> {
  const ancestors: (PersonView | null)[] = new Array<PersonView | null>(2 ** generations).fill(null);
  ancestors[1] = root;
  for (let g = 1; g < generations; g++) {
    const first = 2 ** (g - 1);
    const slots: number[] = [];
    for (let n = first; n < first * 2; n++) if (ancestors[n]) slots.push(n);
    if (!slots.length) break;
    // One person can fill two slots (cousins who married); the query asks for each once.
    const parents = await parentsOf(database, [...new Set(slots.map((n) => ancestors[n]!.id))], viewer, now);
    for (const n of slots) {
      const p = parents.get(ancestors[n]!.id);
      ancestors[2 * n] = p?.father ?? null;
      ancestors[2 * n + 1] = p?.mother ?? null;
    }
  }
  return { generations, ancestors };
}

// ---------- Descendants ----------

/** Generations below the person the descendants page may show, and how many it shows unless asked. */
export const DESCENDANT_DEPTH = { min: 1, max: 10, default: 4 } as const;

/** The outline stops adding people here: a page of more is neither readable nor quick. */
export const MAX_DESCENDANTS = 2000;

export interface DescendantMarriage {
  familyId: number;
  spouse: PersonView | null;
  /** Null, and the place empty, when either spouse may be living. */
  date: string | null;
  place: string;
  /** Empty in the last generation shown (see `childrenBeyond`). */
  children: DescendantNode[];
  /** In the last generation shown: how many children are recorded below it. */
  childrenBeyond: number;
}

export interface DescendantNode {
  person: PersonView;
  /** Already in the outline higher up or earlier (a descendant who married another): not followed again. */
  repeated: boolean;
  marriages: DescendantMarriage[];
}

export interface Descendants {
  root: DescendantNode;
  depth: number;
  /** Descendants in the outline (the person not counted, repeats counted once). */
  count: number;
  /** More descendants are recorded than MAX_DESCENDANTS: the outline stops there. */
  truncated: boolean;
}

/**
 * The marriages of a generation, each with both spouses and, unless it is the last generation, its children
 * (one row per child), else only how many children it has: one query.
 */
async function marriagesOf(database: Database, ids: number[], withChildren: boolean) {
  const base = database.db
    .selectFrom("families as f")
    .leftJoin("people as h", "h.id", "f.husband_id")
    .leftJoin("people as w", "w.id", "f.wife_id")
    .select(["f.id as family_id", "f.husband_id", "f.wife_id", "f.marriage_date", "f.marriage_place"])
    .select(personColumns("h"))
    .select(personColumns("w"))
    .where((eb) => eb.or([eb("f.husband_id", "in", ids), eb("f.wife_id", "in", ids)]));
  const query = withChildren
    ? base
        .leftJoin("family_children as fc", "fc.family_id", "f.id")
        .leftJoin("people as c", "c.id", "fc.child_id")
        .select(personColumns("c"))
    : base.select((eb) =>
        eb
          .selectFrom("family_children as fc")
          .select((sub) => sub.fn.countAll().as("n"))
          .whereRef("fc.family_id", "=", "f.id")
          .as("child_count"),
      );
  let ordered = query.orderBy(sql`coalesce(f.marriage_sort, 99999999)`).orderBy("f.id");
  if (withChildren) ordered = ordered.orderBy(sql`fc.position`);
  return (await ordered.execute()) as Row[];
}

/** The person's descendants to `depth` generations, with every marriage: one query per generation. */
export async function loadDescendants(
  database: Database,
  root: PersonView,
  depth: number,
  viewer: FamilyViewer,
  now: Date = new Date(),
): Promise<Descendants> {
  const top: DescendantNode = { person: root, repeated: false, marriages: [] };
  const seen = new Set([root.id]);
  let level = [top];
  let count = 0;
  let truncated = false;
  for (let g = 0; g <= depth && level.length; g++) {
    const last = g === depth;
    const byId = new Map(level.filter((n) => !n.repeated).map((n) => [n.person.id, n]));
    if (!byId.size) break;
    const rows = await marriagesOf(database, [...byId.keys()], !last);
    const next: DescendantNode[] = [];
    const marriageOf = new Map<string, DescendantMarriage>();
    for (const r of rows) {
      const familyId = Number(r.family_id);
      const husband = idOrNull(r.husband_id);
      const wife = idOrNull(r.wife_id);
      // Both spouses can be of this generation (descendants who married each other): the marriage is each one's.
      for (const [self, spouseAlias] of [
        [husband, "w"],
        [wife, "h"],
      ] as const) {
        const node = self === null ? undefined : byId.get(self);
        if (!node) continue;
        const key = `${node.person.id}:${familyId}`;
        let marriage = marriageOf.get(key);
        if (!marriage) {
          const spouse = personOf(r, spouseAlias, viewer, now);
          const hidden = node.person.hidden || !!spouse?.hidden;
          marriage = {
            familyId,
            spouse,
            date: hidden ? null : ((r.marriage_date as string | null) ?? null),
            place: hidden ? "" : String(r.marriage_place ?? ""),
            children: [],
            childrenBeyond: last ? Number(r.child_count ?? 0) : 0,
          };
          marriageOf.set(key, marriage);
          node.marriages.push(marriage);
        }
        const child = last ? null : personOf(r, "c", viewer, now);
        if (!child) continue;
        const repeated = seen.has(child.id);
        if (!repeated && count >= MAX_DESCENDANTS) {
          truncated = true;
          continue;
        }
        const childNode: DescendantNode = { person: child, repeated, marriages: [] };
        marriage.children.push(childNode);
        if (!repeated) {
          seen.add(child.id);
          count++;
          next.push(childNode);
        }
      }
    }
    level = next;
  }
  return { root: top, depth, count, truncated };
}
