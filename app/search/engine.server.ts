import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { Viewer } from "~/auth/viewer.server";
import type { Database } from "~/db/connection.server";
import { type RecordsTable, SORT_COLUMN_NAMES, type Schema } from "~/db/schema";
import { type CollectionDef, fieldSources, latestPublicYear, placeFields, sortableFields } from "./collections";
import type { Criteria, FieldCriterion } from "./criteria";
import { type PageWindow, pageWindow } from "~/listing/paging";
import { nameKeys, searchKeysOfKind } from "~/names/keys";
import {
  type CodeKind,
  LEVEL_CODE_KINDS,
  MATCH_BANDS,
  MATCH_LEVELS,
  MODE_LEVELS,
  type MatchLevel,
  PERSON_LEVELS,
} from "~/names/match-levels";
import { SIGNED_KINDS, valueMask } from "./signature";
import { valueEntries } from "./record-keys.server";
import { type FieldMatch, type FieldMatcher, fieldMatches, fieldWeight, levelWorth, scoreOf } from "./ranking.server";
import { DATE_WEIGHT, PLACE_WEIGHT, dateCloseness, placeCloseness, targetYear } from "~/listing/ranking";
import { foldName } from "~/names/normalize";
import { searchMaxPostings } from "~/config/search-limits";
import { SEARCH_STATEMENT_TIMEOUT_MS } from "~/config/timing";
import { isStatementTimeout, withStatementTimeout } from "~/db/statement-timeout.server";
import {
  costsLookupsBeforeFilters,
  evaluatesJoinsWhole,
  foldedContains,
  inIdList,
  inSubquery,
  walksOrderIndexOverIdLists,
} from "~/db/dialect-operations.server";

/**
 * The search engine (DESIGN §5). A criterion resolves, through the small
 * dictionary of distinct values, to groups of value ids; a record matches
 * when it has a posting in every group. The smallest group drives the query
 * and the others are checked by primary-key lookups, so no mode reads more
 * than index ranges; `contains` finds its values through a trigram index.
 */

export interface ResultRow {
  id: number;
  year: number;
  gregDate: string | null;
  julianDate: string | null;
  data: Record<string, string>;
  /** How each searched name field matched (a search with names). */
  matches?: FieldMatch[];
}

export interface SearchResult extends Omit<PageWindow, "offset"> {
  rows: ResultRow[];
  total: number;
  /** True when `total` is a lower bound: more matched than we counted. */
  totalIsLowerBound: boolean;
}

/**
 * Whether a viewer may read a collection's records (rows, record pages,
 * exports). A members' collection shows visitors nothing but counts (the
 * unified search's invitation to join); the pages' guard sends them to sign
 * in first, and this keeps the queries safe whoever calls them.
 */
export function mayReadRecords(collection: CollectionDef, viewer: Viewer): boolean {
  return collection.access === "public" || viewer.isMember;
}

/** Counts under several criteria stop here (DESIGN §5: "more than 10,000"). */
export const COUNT_CAP = 10_000;

/** Value ids a record must have one of; `n` is how many postings they hold together. */
interface Group {
  ids: number[];
  n: number;
  /**
   * True when no record can hold two of these values, so counting postings
   * counts records (an exact spelling is one value). Otherwise a record
   * with "Johann Jan" holds two values of the Johann group.
   */
  unique?: boolean;
  /**
   * A place term's group (up to hundreds of place and parish values): it is never the driver when another group is
   * there. Probing it costs one index seek per value per driving posting, reading it as one semi-join costs one
   * step per posting of its own: matchingIds() takes the cheaper (semiJoinIsCheaper).
   */
  semi?: boolean;
  /**
   * The signature mask of each of `ids` (same order), when they are values of a signed field: every posting
   * carries its record's signature, so a record whose signature lacks all of them is ruled out without a lookup.
   */
  masks?: number[];
  /** The form field the group came from, to name it when the search is too broad ("place" for a place term). */
  field?: string;
  /** The level each of `ids` matched at (same order): a name term's group. */
  levels?: MatchLevel[];
  /** The level of each matching value (its exactKey), for scoring and explaining a record from its fields. */
  byValue?: ReadonlyMap<string, MatchLevel>;
  /** The criterion the group came from (a name term's). */
  criterion?: FieldCriterion;
  /** The postings of each of `ids` (same order), with `levels`. */
  counts?: number[];
}

/**
 * Above this many postings a single-criterion count is not deduplicated
 * (a distinct count of 85,000 postings costs ~35 ms) and is shown as
 * "more than COUNT_CAP".
 */
const DISTINCT_COUNT_LIMIT = 20_000;
/** Result sets larger than this are paged year by year when sorted by date; smaller ones sort in a blink. */
const YEAR_WALK_MIN = 2_000;

type DB = Kysely<Schema>;
/** A query over `records as r`. */
type RecordsQuery = SelectQueryBuilder<Schema & { r: RecordsTable }, "r", object>;

interface ValueRow {
  id: number;
  n: number;
  value: string;
  folded: string;
}

/** A read of the dictionary: the values it selects, as ValueRows. */
type ValueQuery = SelectQueryBuilder<Schema, "name_values", { id: number; n: number; value: string; folded: string }>;

function valueQuery(
  db: DB,
  collection: CollectionDef,
  field: string,
  where: (eb: ExpressionBuilder<Schema, "name_values">) => ReturnType<ExpressionBuilder<Schema, "name_values">["and"]>,
): ValueQuery {
  return db
    .selectFrom("name_values")
    .select(["id", "n", "value", "folded"])
    .where("collection", "=", collection.code)
    .where("field", "=", field)
    .where(where);
}

/** The values one of whose `kind` codes is among `codes`; none (no query) without codes. */
function codeQuery(
  db: DB,
  collection: CollectionDef,
  field: string,
  kind: CodeKind,
  codes: readonly string[],
): ValueQuery | undefined {
  if (!codes.length) return undefined;
  return db
    .selectFrom("name_codes")
    .innerJoin("name_values", "name_values.id", "name_codes.value_id")
    .select(["name_values.id", "name_values.n", "name_values.value", "name_values.folded"])
    .where("name_codes.collection", "=", collection.code)
    .where("name_codes.field", "=", field)
    .where("name_codes.kind", "=", kind)
    .where("name_codes.code", "in", [...codes]) as unknown as ValueQuery;
}

/**
 * The rows of several dictionary reads, in one statement (UNION ALL, each read's rows tagged with its place): a
 * search of three names in sounds-like mode made thirteen reads, each a round trip on PostgreSQL (issue 30).
 */
async function readValues(queries: readonly ValueQuery[]): Promise<ValueRow[][]> {
  const out: ValueRow[][] = queries.map(() => []);
  if (!queries.length) return out;
  const [first, ...rest] = queries.map((q, i) => q.select(sql.lit(i).as("step")));
  const rows = await rest.reduce((all, q) => all.unionAll(q), first).execute();
  for (const r of rows) {
    out[Number(r.step)]!.push({ id: Number(r.id), n: Number(r.n), value: r.value, folded: r.folded });
  }
  return out;
}

/**
 * A group of values found level by level (best first): each value keeps the best level it was found at, so the
 * ranking and the reasons know how every matching value matched.
 */
class LevelledValues {
  private readonly levelOf = new Map<number, MatchLevel>();
  private readonly nOf = new Map<number, number>();
  readonly byValue = new Map<string, MatchLevel>();

  add(rows: readonly ValueRow[], level: MatchLevel | ((row: ValueRow) => MatchLevel)): void {
    for (const r of rows) {
      if (this.levelOf.has(r.id)) continue;
      const l = typeof level === "function" ? level(r) : level;
      this.levelOf.set(r.id, l);
      this.nOf.set(r.id, r.n);
      this.byValue.set(r.value, l);
    }
  }

  group(): Group {
    const ids = [...this.levelOf.keys()];
    let n = 0;
    for (const v of this.nOf.values()) n += v;
    return {
      ids,
      n,
      levels: ids.map((id) => this.levelOf.get(id)!),
      counts: ids.map((id) => this.nOf.get(id)!),
      byValue: this.byValue,
    };
  }
}

/** Resolves one field criterion to the groups a record must satisfy (all of them). */
export async function resolveCriterion(
  database: Database,
  collection: CollectionDef,
  criterion: FieldCriterion,
): Promise<Group[]> {
  return (await resolveCriteria(database, collection, [criterion])).flat();
}

/** Resolves field criteria to their groups (per criterion, in order), reading the dictionary once for them all. */
async function resolveCriteria(
  database: Database,
  collection: CollectionDef,
  criteria: readonly FieldCriterion[],
): Promise<Group[][]> {
  const lookups = criteria.map((c) => criterionLookups(database, collection, c));
  const rows = await readValues(lookups.flatMap((l) => l.queries));
  let at = 0;
  return lookups.map((l, i) => {
    const criterion = criteria[i]!;
    const groups = l.groups(rows.slice(at, (at += l.queries.length))).map((g) => ({
      ...g,
      field: criterion.field.name,
      criterion,
    }));
    if (!SIGNED_KINDS.has(criterion.field.kind)) return groups;
    return groups.map((g) => (g.ids.length <= SIGNED_GROUP_MAX ? { ...g, masks: g.ids.map(valueMask) } : g));
  });
}

/**
 * Above this many values a group is checked by lookups alone: each value costs a bit test per driving posting,
 * and a group this large ("starts with S") lets most records through its masks anyway.
 */
const SIGNED_GROUP_MAX = 32;

/** The dictionary reads a criterion needs, and how their rows (one list per read, in order) make its groups. */
interface CriterionLookups {
  queries: ValueQuery[];
  groups(rows: readonly ValueRow[][]): Group[];
}

function criterionLookups(database: Database, collection: CollectionDef, criterion: FieldCriterion): CriterionLookups {
  const { db } = database;
  const field = criterion.field.name;
  const levels = MODE_LEVELS[criterion.mode];
  const keys = nameKeys(criterion.value, {
    variants: levels.includes("variant"),
    person: levels.some((l) => PERSON_LEVELS.has(l)),
  });
  const folded = keys.folded;
  // The typed words as a value's entries are made (valueEntries): an entry equal to one is the spelling typed.
  const exactWords = new Set(valueEntries(criterion.value).map((e) => e.key));
  // A value equal to what was typed is an exact match, one that folds to it a folded one.
  const spelled =
    (fallback: MatchLevel) =>
    (r: ValueRow): MatchLevel =>
      r.value === keys.exact || exactWords.has(r.value) ? "exact" : r.folded === folded ? "folded" : fallback;
  /** One read whose rows make one group, each row at the level `level` gives it. */
  const single = (query: ValueQuery, level: (r: ValueRow) => MatchLevel, extra: Partial<Group> = {}) => ({
    queries: [query],
    groups: ([rows]: readonly ValueRow[][]) => {
      const found = new LevelledValues();
      found.add(rows!, level);
      return [{ ...found.group(), ...extra }];
    },
  });
  switch (criterion.mode) {
    case "exact":
      return single(
        valueQuery(db, collection, field, (eb) => eb.and([eb("value", "=", keys.exact)])),
        () => "exact",
        { unique: true },
      );
    case "starts":
      // Folded keys hold only a–z, digits and spaces, all sorting before "{".
      return single(
        valueQuery(db, collection, field, (eb) =>
          eb.and([eb("folded", ">=", folded), eb("folded", "<", `${folded}{`)]),
        ),
        spelled("starts"),
      );
    case "contains":
      return single(
        valueQuery(db, collection, field, (eb) => eb.and([foldedContains(database, folded)])),
        (r) => (r.folded.startsWith(folded) ? spelled("starts")(r) : "contains"),
      );
    default: {
      // Word by word: a record must match every word typed, each at some level of the mode: its folded spelling,
      // then each level's codes in turn (a value keeps the first level it was found at).
      const queries: ValueQuery[] = [];
      const steps = keys.words.map((w) => {
        const levelsRead: MatchLevel[] = [];
        queries.push(valueQuery(db, collection, field, (eb) => eb.and([eb("folded", "=", w.folded)])));
        for (const level of levels) {
          const kind = (LEVEL_CODE_KINDS as Partial<Record<MatchLevel, CodeKind>>)[level];
          const query = kind && codeQuery(db, collection, field, kind, searchKeysOfKind(w, kind));
          if (!query) continue;
          queries.push(query);
          levelsRead.push(level);
        }
        return levelsRead;
      });
      return {
        queries,
        groups: (rows) => {
          let at = 0;
          return steps.map((levelsRead) => {
            const found = new LevelledValues();
            found.add(rows[at++]!, spelled("folded"));
            for (const level of levelsRead) found.add(rows[at++]!, level);
            return found.group();
          });
        },
      };
    }
  }
}

/** Keys per IN list when finding the values of a place term: below both dialects' bound-parameter limits. */
const PLACE_KEY_CHUNK = 5_000;

/**
 * The place and parish values that fold to one of `keys` (the spellings of the places a `near` or `placeId`
 * found): one group, since a record matches on either field. Through the (collection, field, folded) index.
 */
async function placeValues(db: DB, collection: CollectionDef, keys: readonly string[]): Promise<Group> {
  const fields = placeFields(collection).map((f) => f.name);
  const ids: number[] = [];
  let n = 0;
  for (let i = 0; i < keys.length && fields.length; i += PLACE_KEY_CHUNK) {
    const rows = await db
      .selectFrom("name_values")
      .select(["id", "n"])
      .where("collection", "=", collection.code)
      .where("field", "in", fields)
      .where("folded", "in", keys.slice(i, i + PLACE_KEY_CHUNK))
      .execute();
    for (const r of rows) {
      ids.push(r.id);
      n += Number(r.n);
    }
  }
  return { ids, n, semi: true, field: PLACE_TERM_FIELD };
}

/** The name under which a place term (`near`, `placeId`) is reported when it makes a search too broad. */
export const PLACE_TERM_FIELD = "near";

/** The criteria the engine reads: name fields, years, and the place terms resolved to keys. */
type EngineCriteria = Pick<Criteria, "fields" | "yearFrom" | "yearTo" | "near" | "placeId" | "placeKeys">;

interface Plan {
  groups: Group[];
  /** Whether a name term's group may be read once rather than probed (Tuning.namesReadOnce). */
  namesReadOnce: boolean;
  yearLo: number | undefined;
  yearHi: number | undefined;
  /** Whether groups are tested against the postings' record signatures first (matchingIds). */
  signatures: boolean;
  /**
   * What this search has read already, by what was asked (remembered): the plans a search derives (a tier, a year)
   * share it, so a tier that is the whole result is not counted or listed a second time.
   */
  read: Map<string, Promise<unknown>>;
}

/** What `read` gives, read once per search for each `key` (the plan's `read`). */
function remembered<T>(p: Plan, key: unknown[], read: () => Promise<T>): Promise<T> {
  const k = JSON.stringify(key);
  let had = p.read.get(k) as Promise<T> | undefined;
  if (!had) {
    had = read();
    p.read.set(k, had);
  }
  return had;
}

/** What a plan's matches depend on: its groups (the driver first) and years. */
const planKey = (p: Plan) => [p.groups.map((g) => g.ids), p.yearLo, p.yearHi];

/** Knobs of the engine for tests and benchmarks; the defaults are what the site uses. */
export interface Tuning {
  yearWalkMin?: number;
  distinctCountLimit?: number;
  /**
   * False: the engine before decision 0046, to compare with: every group by lookups and no id list read once on
   * SQLite, a date-ordered page's years counted one by one on both.
   */
  signatures?: boolean;
  /** The most postings a search of several groups may read (estimatedPostings); above it, SearchTooBroad. */
  maxPostings?: number;
  /** False: only a place term's group is ever read once (semiJoinIsCheaper), as before decision 0055. */
  namesReadOnce?: boolean;
  /** A search's time budget on PostgreSQL (withinBudget). */
  statementTimeoutMs?: number;
}

/**
 * A search whose estimated cost is above the limit: nothing was read but the dictionary. `fields` are the form
 * fields whose terms cost the most, costliest first, with the postings each would read; none when the search ran
 * past its time budget instead.
 */
export class SearchTooBroad extends Error {
  constructor(
    readonly postings: number,
    readonly limit: number,
    readonly fields: { field: string; postings: number }[],
  ) {
    super(`The search would read about ${postings} postings, more than ${limit}.`);
    this.name = "SearchTooBroad";
  }
}

/**
 * What each group of a plan costs in postings read, as matchingIds() evaluates it: the driver's postings once,
 * and per other group either a lookup per value per driving posting or, when that is dearer, its own postings read
 * once (semiJoinIsCheaper). A signed group costs a bit test per driving posting and lookups only where the bits
 * are there, counted as one per driving posting. A single group is not costed: its count stops at
 * DISTINCT_COUNT_LIMIT and a date-ordered page reads only its own years (DESIGN §5).
 */
export function estimatedPostings(groups: readonly Group[]): { total: number; perGroup: number[] } {
  if (groups.length < 2) return { total: 0, perGroup: groups.map(() => 0) };
  const [driver, ...rest] = groups;
  const perGroup = [driver.n, ...rest.map((g) => (g.masks ? driver.n : Math.min(driver.n * g.ids.length, g.n)))];
  return { total: perGroup.reduce((a, b) => a + b, 0), perGroup };
}

/** Throws SearchTooBroad when a plan's groups would read more postings than `limit`. */
function refuseTooBroad(groups: readonly Group[], limit: number): void {
  if (groups.some((g) => g.ids.length === 0)) return;
  const { total, perGroup } = estimatedPostings(groups);
  if (total <= limit) return;
  const byField = new Map<string, number>();
  groups.forEach((g, i) => {
    const field = g.field ?? "";
    byField.set(field, (byField.get(field) ?? 0) + perGroup[i]);
  });
  const fields = [...byField]
    .filter(([field]) => field)
    .map(([field, postings]) => ({ field, postings }))
    .sort((a, b) => b.postings - a.postings);
  throw new SearchTooBroad(total, limit, fields);
}

async function plan(
  database: Database,
  collection: CollectionDef,
  criteria: EngineCriteria,
  viewer: Viewer,
  tuning: Tuning = {},
): Promise<Plan> {
  const groups = (await resolveCriteria(database, collection, criteria.fields)).flat();
  if (criteria.near || criteria.placeId !== undefined || criteria.placeKeys) {
    // An unresolved place term finds nothing (never everything): the pages resolve it first (place-filter.server.ts).
    groups.push(
      criteria.placeKeys ? await placeValues(database.db, collection, criteria.placeKeys) : { ids: [], n: 0 },
    );
  }
  groups.sort((a, b) => Number(!!a.semi) - Number(!!b.semi) || a.n - b.n);
  refuseTooBroad(groups, tuning.maxPostings ?? searchMaxPostings(process.env));
  let yearHi = criteria.yearTo;
  if (!viewer.isMember) {
    const publicMax = latestPublicYear(collection);
    yearHi = yearHi === undefined ? publicMax : Math.min(yearHi, publicMax);
  }
  return {
    groups,
    yearLo: criteria.yearFrom,
    yearHi,
    signatures: tuning.signatures !== false,
    namesReadOnce: tuning.namesReadOnce !== false,
    read: new Map(),
  };
}

function isEmpty(p: Plan): boolean {
  return (
    p.groups.some((g) => g.ids.length === 0) ||
    (p.yearLo !== undefined && p.yearHi !== undefined && p.yearLo > p.yearHi)
  );
}

/**
 * Whether a group is cheaper read whole (its postings into a set, then each driving posting looked up) than probed
 * (a primary-key seek per value per driving posting): a place term's group or a name term of many values. A surname of a few thousand postings near a town
 * of a few values is probed (at 200,000 records: 3.4 ms against 18 ms for the semi-join); a common name across a
 * 200 km radius of hundreds of values reads the radius's postings once.
 */
export function semiJoinIsCheaper(driver: Pick<Group, "n">, place: Pick<Group, "n" | "ids">): boolean {
  return driver.n * place.ids.length > place.n;
}

/**
 * The ids of matching records, from the posting lists alone: the smallest
 * group drives, every other group is a primary-key probe on (value, year,
 * record). No record row is read to decide whether a record matches. With
 * `signatures`, a signed group is first tested against the driving posting's
 * record signature, value by value, and only a value whose bits are all there
 * is looked up: most driving postings are ruled out by bit tests. The
 * signature is in the postings' key on both dialects (SQLite's table is its
 * key; PostgreSQL's key includes it since migration 0014), so the tests read
 * the index alone.
 */
function matchingIds(database: Database, p: Plan) {
  const { db } = database;
  const [driver, ...rest] = p.groups;
  let sub = db.selectFrom("postings as p").select("p.record_id").where("p.value_id", "in", driver.ids);
  if (p.yearLo !== undefined) sub = sub.where("p.year", ">=", p.yearLo);
  if (p.yearHi !== undefined) sub = sub.where("p.year", "<=", p.yearHi);
  // Every signed group's bit tests come first, the groups of fewest values (fewest tests) first: only a posting
  // that passes them all is looked up, and then only for the values whose bits it has.
  const checks = p.signatures ? [...rest].sort((a, b) => signedTests(a) - signedTests(b)) : rest;
  let tested = false;
  for (const g of checks) {
    if (!p.signatures || !g.masks) break;
    const masks = g.masks;
    sub = sub.where(
      sql<boolean>`(${sql.join(
        masks.map((m) => sql`(p.sig & ${m}) = ${m}`),
        sql` or `,
      )})`,
    );
    tested = true;
  }
  if (tested && costsLookupsBeforeFilters(database)) {
    // PostgreSQL charges every lookup below to every driving posting, as if no bit test came first: three names
    // at 1M records were costed at 255,000, over jit_above_cost, and compiling the query (20 ms) took longer than
    // running it. Behind `offset 0` the bit tests are a subquery of their own, and the lookups are charged only to
    // the postings the planner expects through them (627 for the same query, which then ran in 6 ms).
    sub = db
      .selectFrom(sub.select(["p.year", "p.sig"]).offset(0).as("p"))
      .select("p.record_id") as unknown as typeof sub;
  }
  checks.forEach((g, i) => {
    const alias = `p${i + 2}` as "p";
    const masks = p.signatures ? g.masks : undefined;
    if (masks) {
      // Raw SQL: the same tree built through Kysely's builders took longer to compile (~2 ms for three names) than
      // SQLite takes to run it at 1M records.
      const q = sql.raw(alias);
      sub = sub.where(
        sql<boolean>`(${sql.join(
          g.ids.map(
            (id, j) => sql`((p.sig & ${masks[j]}) = ${masks[j]} and exists (select 1 from postings as ${q}
            where ${q}.value_id = ${id} and ${q}.year = p.year and ${q}.record_id = p.record_id))`,
          ),
          sql` or `,
        )})`,
      );
      return;
    }
    // Any group, not only a place term's: five one-letter "contains" terms probed thousands of values per driving
    // posting (15 s at 134,000 records on SQLite); read once each, the same search takes 0.3 s.
    if ((g.semi || p.namesReadOnce) && semiJoinIsCheaper(driver, g)) {
      let place = db
        .selectFrom(`postings as ${alias}`)
        .select(`${alias}.record_id`)
        .where(`${alias}.value_id`, "in", g.ids);
      if (p.yearLo !== undefined) place = place.where(`${alias}.year`, ">=", p.yearLo);
      if (p.yearHi !== undefined) place = place.where(`${alias}.year`, "<=", p.yearHi);
      sub = sub.where("p.record_id", "in", place);
      return;
    }
    sub = sub.where((eb) => {
      let probe = eb
        .selectFrom(`postings as ${alias}`)
        .select(sql<number>`1`.as("one"))
        .where(`${alias}.value_id`, "in", g.ids)
        .whereRef(`${alias}.year`, "=", "p.year")
        .whereRef(`${alias}.record_id`, "=", "p.record_id");
      // Implied by the year join, but PostgreSQL does not carry ranges across it: when it hashes this group's
      // postings instead of probing them, the range keeps the other years out of the hash.
      if (p.yearLo !== undefined) probe = probe.where(`${alias}.year`, ">=", p.yearLo);
      if (p.yearHi !== undefined) probe = probe.where(`${alias}.year`, "<=", p.yearHi);
      return eb.exists(probe);
    });
  });
  return sub;
}

/** How many bit tests a group costs per driving posting; unsigned groups sort last. */
function signedTests(g: Group): number {
  return g.masks ? g.ids.length : Infinity;
}

/**
 * The distinct matching ids of a plan with several groups, at most
 * COUNT_CAP + 1 of them: counting them and fetching a page of them then
 * share one evaluation of the posting lists instead of two.
 */
function matchingIdList(database: Database, p: Plan): Promise<KnownMatch[]> {
  return remembered(p, ["ids", ...planKey(p)], async () => {
    const rows = await matchingIds(database, p)
      .select("p.year")
      .distinct()
      .limit(COUNT_CAP + 1)
      .execute();
    return rows.map((r) => ({ id: Number(r.record_id), year: Number(r.year) }));
  });
}

/** A matching record's id and year (a record's postings all carry its year, so the pair is distinct per record). */
interface KnownMatch {
  id: number;
  year: number;
}

/**
 * The records matching a plan, as a query over `records as r`; `knownIds`
 * are the plan's matching ids when they have already been read.
 */
function matching(database: Database, collection: CollectionDef, p: Plan, knownIds?: number[]): RecordsQuery {
  const { db } = database;
  if (knownIds && walksOrderIndexOverIdLists(database)) {
    // The ids are the plan's matches, already within its collection and years. Without the `+` SQLite may walk
    // the (collection, date) index in the page's order and look each record up in the id list (20 ms at 1M
    // records for a 30-year range), instead of reading the listed records and sorting them.
    return db
      .selectFrom("records as r")
      .where(inIdList(database, "r.id", knownIds))
      .where(sql<boolean>`+r.collection = ${collection.code}`);
  }
  let q = db.selectFrom("records as r").where("r.collection", "=", collection.code);
  if (p.yearLo !== undefined) q = q.where("r.date_sort", ">=", p.yearLo * 10000);
  if (p.yearHi !== undefined) q = q.where("r.date_sort", "<", (p.yearHi + 1) * 10000);
  if (knownIds) {
    q = q.where(inIdList(database, "r.id", knownIds));
  } else if (p.groups.length) {
    // PostgreSQL misjudges how many records the posting lists match and, for a first page in date order, walks
    // the records index and probes the id list for each row (0.5–2 s at 1M records for two names and a year
    // range): the ids are read once (inSubquery).
    q = q.where(inSubquery(database, "r.id", matchingIds(database, p)));
  }
  return q;
}

function ordered(q: RecordsQuery, collection: CollectionDef, criteria: Pick<Criteria, "sort">) {
  const sortable = sortableFields(collection);
  let out = q;
  for (const key of criteria.sort) {
    const column = sortable.get(key.field);
    if (!column) continue;
    out = out.orderBy(sql.ref(`r.${SORT_COLUMN_NAMES[column]}`), key.descending ? "desc" : "asc");
  }
  return out.orderBy("r.id", "asc");
}

const ROW_COLUMNS = ["r.id", "r.year", "r.greg_date", "r.julian_date", "r.data"] as const;

function toRow(r: {
  id: number;
  year: number;
  greg_date: string | null;
  julian_date: string | null;
  data: string;
}): ResultRow {
  return {
    id: Number(r.id),
    year: Number(r.year),
    gregDate: r.greg_date,
    julianDate: r.julian_date,
    data: JSON.parse(r.data) as Record<string, string>,
  };
}

/**
 * Postings of a group within the plan's years, counted from the index alone. With `limit`, counting stops there:
 * the commonest names (Johann's variants hold ~800,000 postings at 10M records) would otherwise walk their whole
 * range for a figure the page shows as "more than 10,000" anyway.
 */
async function postingCount(db: DB, g: Group, p: Plan, distinct: boolean, limit?: number): Promise<number> {
  let q = db.selectFrom("postings").where("value_id", "in", g.ids);
  if (p.yearLo !== undefined) q = q.where("year", ">=", p.yearLo);
  if (p.yearHi !== undefined) q = q.where("year", "<=", p.yearHi);
  if (limit !== undefined) {
    const bounded = q.select(sql<number>`1`.as("one")).limit(limit);
    const row = await db
      .selectFrom(bounded.as("b"))
      .select((eb) => eb.fn.countAll<number>().as("c"))
      .executeTakeFirst();
    return Number(row?.c ?? 0);
  }
  const row = await q
    .select((eb) => (distinct ? eb.fn.count<number>("record_id").distinct() : eb.fn.countAll<number>()).as("c"))
    .executeTakeFirst();
  return Number(row?.c ?? 0);
}

function countPlan(
  database: Database,
  collection: CollectionDef,
  p: Plan,
  distinctLimit = DISTINCT_COUNT_LIMIT,
): Promise<{ total: number; lowerBound: boolean }> {
  return remembered(p, countKey(p, distinctLimit), () => countPlanOnce(database, collection, p, distinctLimit));
}

const countKey = (p: Plan, distinctLimit: number) => ["count", distinctLimit, ...planKey(p)];

/**
 * A single name term's count and, in the same statement, the counts of the tiers "best match" order takes it in
 * (each band of MATCH_BANDS and each level alone, rankedRows), remembered for them: one statement where a tier
 * after the count was one more. Only for a group small enough that every count is exact (its postings within
 * DISTINCT_COUNT_LIMIT): the counts are then what countPlan gives each plan.
 */
async function countWithTiers(database: Database, p: Plan, lead: Group, distinctLimit: number): Promise<void> {
  const levels = new Set(lead.levels);
  const tiers = [
    ...MATCH_BANDS.map((band) => band.filter((l) => levels.has(l))).filter((band) => band.length > 1),
    ...[...levels].map((l) => [l]),
  ].map((tier) => tierPlan(p, lead, tier));
  let q = database.db.selectFrom("postings").where("value_id", "in", lead.ids);
  if (p.yearLo !== undefined) q = q.where("year", ">=", p.yearLo);
  if (p.yearHi !== undefined) q = q.where("year", "<=", p.yearHi);
  const row = await q
    .select((eb) => [
      eb.fn.count<number>("record_id").distinct().as("c"),
      ...tiers.map((tp, i) =>
        sql<number>`count(distinct case when ${eb("value_id", "in", tp.groups[0]!.ids)} then record_id end)`.as(
          `t${i}`,
        ),
      ),
    ])
    .executeTakeFirst();
  const counted = (total: unknown) => Promise.resolve({ total: Number(total ?? 0), lowerBound: false });
  const values = (row ?? {}) as Record<string, unknown>;
  p.read.set(JSON.stringify(countKey(p, distinctLimit)), counted(values.c));
  tiers.forEach((tp, i) => p.read.set(JSON.stringify(countKey(tp, DISTINCT_COUNT_LIMIT)), counted(values[`t${i}`])));
}

async function countPlanOnce(
  database: Database,
  collection: CollectionDef,
  p: Plan,
  distinctLimit: number,
): Promise<{ total: number; lowerBound: boolean }> {
  const { db } = database;
  if (isEmpty(p)) return { total: 0, lowerBound: false };
  if (p.groups.length === 1) {
    const [g] = p.groups;
    // One spelling's postings are its records: counted exactly (the commonest surname's are a few ten thousand).
    if (g.unique) return { total: await postingCount(db, g, p, false), lowerBound: false };
    // `n` (kept by the importer) bounds the postings in any year range: a small group needs no first count.
    const postings = g.n <= distinctLimit ? g.n : await postingCount(db, g, p, false, distinctLimit + 1);
    if (postings <= distinctLimit) return { total: await postingCount(db, g, p, true), lowerBound: false };
    // A record holds at most two values of one group (a name and one of its words), so half the postings are
    // distinct records.
    return { total: Math.floor(distinctLimit / 2), lowerBound: true };
  }
  if (p.groups.length === 0) {
    const row = await matching(database, collection, p)
      .select((eb) => eb.fn.countAll<number>().as("c"))
      .executeTakeFirst();
    return { total: Number(row?.c ?? 0), lowerBound: false };
  }
  const capped = matchingIds(database, p)
    .distinct()
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(capped.as("m"))
    .select((eb) => eb.fn.countAll<number>().as("c"))
    .executeTakeFirst();
  const total = Number(row?.c ?? 0);
  return total > COUNT_CAP ? { total: COUNT_CAP, lowerBound: true } : { total, lowerBound: false };
}

/** The first and last event year a collection holds, within the plan's range. */
async function yearSpan(db: DB, collection: CollectionDef, p: Plan): Promise<[number, number] | undefined> {
  // Both ends of the (collection, date_sort) index, each an ordered one-row read (not a scan, as min() and max()
  // together would be on SQLite), in one statement.
  const end = (direction: "asc" | "desc") =>
    db
      .selectFrom("records")
      .select("date_sort")
      .where("collection", "=", collection.code)
      .orderBy("date_sort", direction)
      .limit(1);
  const row = await db.selectNoFrom([end("asc").as("first"), end("desc").as("last")]).executeTakeFirst();
  if (row?.first == null || row.last == null) return undefined;
  const lo = Math.max(Math.floor(Number(row.first) / 10000), p.yearLo ?? -Infinity);
  const hi = Math.min(Math.floor(Number(row.last) / 10000), p.yearHi ?? Infinity);
  return lo <= hi ? [lo, hi] : undefined;
}

/** The most postings one statement of a year walk is expected to read (yearlyCounts). */
const YEAR_WALK_POSTINGS = DISTINCT_COUNT_LIMIT;

/**
 * A single group's matches per year, as a walk from one end of `span` asks for them year by year (pageByYears):
 * each statement counts a run of years at once (grouped by year), the first run as many years as the page needs
 * on average and each next one twice as many, never more than YEAR_WALK_POSTINGS postings expected, so a page
 * across sparse years takes a few statements instead of one a year. Gives each year what countPlan would: the
 * records (postings, for one spelling), or a lower bound where the year holds more postings than
 * DISTINCT_COUNT_LIMIT.
 */
function yearlyCounts(
  db: DB,
  g: Group,
  span: [number, number],
  descending: boolean,
  wanted: number,
): (year: number) => Promise<{ total: number; lowerBound: boolean }> {
  const years = span[1] - span[0] + 1;
  const perYear = Math.max(1, g.n / years);
  const most = Math.max(1, Math.floor(YEAR_WALK_POSTINGS / perYear));
  let run = Math.min(most, Math.max(1, Math.ceil(wanted / perYear)));
  const counted = new Map<number, { total: number; lowerBound: boolean }>();
  /** The years read so far: from the walk's start to here (exclusive). */
  let reached = descending ? span[1] : span[0];
  return async (year) => {
    while (descending ? year <= reached : year >= reached) {
      const lo = descending ? Math.max(span[0], reached - run + 1) : reached;
      const hi = descending ? reached : Math.min(span[1], reached + run - 1);
      const rows = await db
        .selectFrom("postings")
        .select((eb) => [
          "year",
          eb.fn.countAll<number>().as("postings"),
          eb.fn.count<number>("record_id").distinct().as("records"),
        ])
        .where("value_id", "in", g.ids)
        .where("year", ">=", lo)
        .where("year", "<=", hi)
        .groupBy("year")
        .execute();
      for (let y = lo; y <= hi; y++) counted.set(y, { total: 0, lowerBound: false });
      for (const r of rows) {
        const postings = Number(r.postings);
        counted.set(
          Number(r.year),
          postings > DISTINCT_COUNT_LIMIT
            ? { total: Math.floor(DISTINCT_COUNT_LIMIT / 2), lowerBound: true }
            : { total: g.unique ? postings : Number(r.records), lowerBound: false },
        );
      }
      reached = descending ? lo - 1 : hi + 1;
      run = Math.min(most, run * 2);
    }
    return counted.get(year)!;
  };
}

/**
 * One page of a large result sorted by date. Sorting 85,000 matches to show
 * 25 is the slow part of a search (DESIGN §5), so the page's years are found
 * first by counting year by year (index-only), and only those years' records
 * are read and sorted.
 */
async function pageByYears(
  database: Database,
  collection: CollectionDef,
  p: Plan,
  criteria: Pick<Criteria, "sort">,
  offset: number,
  limit: number,
): Promise<ResultRow[] | undefined> {
  const span = await yearSpan(database.db, collection, p);
  if (!span) return [];
  const descending = criteria.sort[0].descending;
  const single =
    p.groups.length === 1 ? yearlyCounts(database.db, p.groups[0]!, span, descending, offset + limit) : undefined;
  let before = 0;
  let first: number | undefined;
  let last: number | undefined;
  let skip = 0;
  for (let i = 0; i <= span[1] - span[0]; i++) {
    const year = descending ? span[1] - i : span[0] + i;
    const { total: n, lowerBound } = single
      ? await single(year)
      : await countPlan(database, collection, { ...p, yearLo: year, yearHi: year });
    // A capped count in one year cannot place the page; sort the usual way.
    if (lowerBound) return undefined;
    if (n === 0) continue;
    if (first === undefined && before + n > offset) {
      first = year;
      skip = offset - before;
    }
    before += n;
    last = year;
    if (first !== undefined && before >= offset + limit) break;
  }
  if (first === undefined || last === undefined) return [];
  const window: Plan = { ...p, yearLo: Math.min(first, last), yearHi: Math.max(first, last) };
  const rows = await ordered(matching(database, collection, window), collection, criteria)
    .select([...ROW_COLUMNS])
    .limit(limit)
    .offset(skip)
    .execute();
  return rows.map(toRow);
}

export async function searchCollection(
  database: Database,
  collection: CollectionDef,
  criteria: Criteria,
  viewer: Viewer,
  tuning: Tuning = {},
): Promise<SearchResult> {
  return withinBudget(database, tuning, (db) => searchWithin(db, collection, criteria, viewer, tuning));
}

/**
 * Runs a search's statements within its time budget (SEARCH_STATEMENT_TIMEOUT_MS; PostgreSQL only, where a
 * statement can be cancelled: withStatementTimeout): one that runs past it is answered as too broad, like one
 * the cost estimate refused.
 */
async function withinBudget<T>(database: Database, tuning: Tuning, work: (database: Database) => Promise<T>) {
  try {
    return await withStatementTimeout(database, tuning.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS, work);
  } catch (error) {
    if (isStatementTimeout(error)) throw new SearchTooBroad(0, 0, []);
    throw error;
  }
}

async function searchWithin(
  database: Database,
  collection: CollectionDef,
  criteria: Criteria,
  viewer: Viewer,
  tuning: Tuning,
): Promise<SearchResult> {
  if (!mayReadRecords(collection, viewer)) {
    return { rows: [], total: 0, totalIsLowerBound: false, page: 1, pageCount: 1 };
  }
  const p = await plan(database, collection, criteria, viewer, tuning);
  // A search of several names reads its matching ids once and counts and pages them from that list: evaluating
  // the posting lists is most of its cost (a hash join of its own each time on PostgreSQL; at 10 million records
  // on SQLite, tens of milliseconds before signatures).
  const known =
    (evaluatesJoinsWhole(database) || p.signatures) && p.groups.length > 1 && !isEmpty(p)
      ? await matchingIdList(database, p)
      : undefined;
  const distinctLimit = tuning.distinctCountLimit ?? DISTINCT_COUNT_LIMIT;
  const [lead] = p.groups;
  if (
    criteria.sort[0]?.field === RELEVANCE_SORT &&
    p.groups.length === 1 &&
    lead?.levels &&
    !lead.unique &&
    lead.n <= Math.min(distinctLimit, DISTINCT_COUNT_LIMIT) &&
    !isEmpty(p)
  ) {
    await countWithTiers(database, p, lead, distinctLimit);
  }
  const { total, lowerBound } =
    known === undefined
      ? await countPlan(database, collection, p, distinctLimit)
      : known.length > COUNT_CAP
        ? { total: COUNT_CAP, lowerBound: true }
        : { total: known.length, lowerBound: false };
  const { offset, ...window } = pageWindow(total, criteria.page, criteria.perPage);
  if (total === 0) return { rows: [], total, totalIsLowerBound: false, ...window };
  const ranked =
    criteria.sort[0]?.field === RELEVANCE_SORT
      ? await rankedRows(database, collection, p, criteria, offset, criteria.perPage)
      : undefined;
  const byColumns = criteria.sort[0]?.field === RELEVANCE_SORT ? DATE_ORDER : criteria;
  const rows =
    ranked ??
    (await pageRows(database, collection, p, byColumns, offset, criteria.perPage, {
      total,
      lowerBound,
      known,
      tuning,
    }));
  const matchers = matchersOf(p);
  const explained = matchers.length ? rows.map((r) => ({ ...r, matches: fieldMatches(matchers, r.data) })) : rows;
  return { rows: explained, total, totalIsLowerBound: lowerBound, ...window };
}

/**
 * How each searched name field of one record matched a search (the record page reached from a result): the same
 * levels the result row gave, from the dictionary, for a record the viewer may read. Nothing for a search too
 * broad to plan.
 */
export async function explainRecord(
  database: Database,
  collection: CollectionDef,
  criteria: Criteria,
  viewer: Viewer,
  data: Readonly<Record<string, string>>,
): Promise<FieldMatch[]> {
  if (!criteria.fields.length || !mayReadRecords(collection, viewer)) return [];
  try {
    // Only the name terms explain; a place term would need resolving first and never explains.
    const names = { ...criteria, near: undefined, placeId: undefined, placeKeys: undefined };
    const matchers = matchersOf(await plan(database, collection, names, viewer));
    return fieldMatches(matchers, data);
  } catch (error) {
    if (error instanceof SearchTooBroad) return [];
    throw error;
  }
}

/** One page (`offset`, `limit`) of a plan's matches in the criteria's column order (date order by default). */
async function pageRows(
  database: Database,
  collection: CollectionDef,
  p: Plan,
  criteria: Pick<Criteria, "sort">,
  offset: number,
  limit: number,
  {
    total,
    lowerBound,
    known,
    tuning = {},
  }: { total: number; lowerBound: boolean; known?: KnownMatch[]; tuning?: Tuning },
): Promise<ResultRow[]> {
  const byYear = criteria.sort[0]?.field === "year" && total > (tuning.yearWalkMin ?? YEAR_WALK_MIN);
  // Before decision 0046 PostgreSQL counted a date-ordered page's years one by one like SQLite (kept for tests).
  if (known && !lowerBound && !(byYear && tuning.signatures === false)) {
    // With every match's year known, a date-ordered page reads only its own years' records, however few match.
    const { ids, skip } =
      criteria.sort[0]?.field === "year"
        ? knownPageYears(known, criteria.sort[0].descending, offset, limit)
        : { ids: known.map((k) => k.id), skip: offset };
    const rows = await ordered(matching(database, collection, p, ids), collection, criteria)
      .select([...ROW_COLUMNS])
      .limit(limit)
      .offset(skip)
      .execute();
    return rows.map(toRow);
  }
  const byYears =
    byYear && p.groups.length > 0 ? await pageByYears(database, collection, p, criteria, offset, limit) : undefined;
  return (
    byYears ??
    (
      await ordered(matching(database, collection, p), collection, criteria)
        .select([...ROW_COLUMNS])
        .limit(limit)
        .offset(offset)
        .execute()
    ).map(toRow)
  );
}

/** The sort key of "best match" order (`sort=relevance`). */
export const RELEVANCE_SORT = "relevance";
/** Date order: what fills a tier too large to score, and what ties fall back to. */
const DATE_ORDER: Pick<Criteria, "sort"> = { sort: [{ field: "year", descending: false }] };
/** The most postings of one tier read to order it by the closeness of its years (a single name term). */
const RANK_READ_MAX = 50_000;
/** The most records of one tier whose fields are read to score them (several terms). */
const RANK_SCORE_MAX = 2_000;

/** The plan's name terms as the ranking reads them: per criterion, the levels of each word's values. */
function matchersOf(p: Plan): FieldMatcher[] {
  const byCriterion = new Map<FieldCriterion, ReadonlyMap<string, MatchLevel>[]>();
  for (const g of p.groups) {
    if (!g.criterion || !g.byValue) continue;
    const words = byCriterion.get(g.criterion) ?? [];
    words.push(g.byValue);
    byCriterion.set(g.criterion, words);
  }
  return [...byCriterion].map(([criterion, words]) => ({ criterion, words }));
}

/** The group whose levels order the tiers: the name term of the heaviest field (the surname before the rest). */
function leadGroup(p: Plan): Group | undefined {
  let lead: Group | undefined;
  for (const g of p.groups) {
    if (!g.criterion || !g.levels) continue;
    if (!lead || fieldWeight(g.criterion.field) > fieldWeight(lead.criterion!.field)) lead = g;
  }
  return lead;
}

/** The plan with its lead group narrowed to the values of some levels (a band, or one level of it). */
function tierPlan(p: Plan, lead: Group, levels: readonly MatchLevel[]): Plan {
  const keep = lead.levels!.map((l) => levels.includes(l));
  const pick = <T>(list: readonly T[] | undefined) => list?.filter((_, i) => keep[i]);
  const ids = pick(lead.ids)!;
  const counts = pick(lead.counts);
  const tier: Group = {
    ...lead,
    ids,
    n: counts ? counts.reduce((a, b) => a + b, 0) : lead.n,
    counts,
    levels: pick(lead.levels),
    masks: pick(lead.masks),
  };
  const groups = p.groups.map((g) => (g === lead ? tier : g));
  groups.sort((a, b) => Number(!!a.semi) - Number(!!b.semi) || a.n - b.n);
  return { ...p, groups };
}

/**
 * One page of "best match" order: band by band of the lead term's levels (MATCH_BANDS: the same name however
 * written, then sounds-alike, then similar spellings, then parts; each a set of values the index already
 * separates), so the first page never reads the matches of the worse bands. Within a band, records are scored by
 * every searched field's level and the closeness of their date when the band is small enough to read
 * (RANK_READ_MAX, RANK_SCORE_MAX); a band too large for that is taken level by level, each in date order.
 * Undefined when the search has no name term to rank by.
 */
async function rankedRows(
  database: Database,
  collection: CollectionDef,
  p: Plan,
  criteria: Criteria,
  offset: number,
  limit: number,
): Promise<ResultRow[] | undefined> {
  const lead = leadGroup(p);
  if (!lead?.levels) return undefined;
  const matchers = matchersOf(p);
  const target = targetYear(criteria);
  const othersVary = p.groups.some((g) => g !== lead && g.levels && new Set(g.levels).size > 1);
  const nearness = placeNearness(collection, criteria);
  const present = new Set(lead.levels);
  const tiers: MatchLevel[][] = MATCH_BANDS.map((band) => band.filter((l) => present.has(l))).filter((b) => b.length);
  const out: ResultRow[] = [];
  const seen = new Set<number>();
  let skip = offset;
  for (let tier = tiers.shift(); tier && out.length < limit; tier = tiers.shift()) {
    const tp = tierPlan(p, lead, tier);
    if (isEmpty(tp)) continue;
    const need = limit - out.length;
    // Only a year, another term's levels or a place's nearness can lift a worse level of the band above a better
    // one; without them the band is its levels in turn, each in date order, and nothing need be read to score.
    const scores = target !== undefined || othersVary || nearness !== undefined;
    const candidates = scores ? await tierCandidates(database, tp, lead) : undefined;
    if (!candidates && tier.length > 1) {
      // Nothing to score, or too many to score together: its levels one by one, best first, each in date order.
      for (let i = tier.length - 1; i >= 0; i--) tiers.unshift([tier[i]!]);
      continue;
    }
    let rows: ResultRow[];
    if (!candidates) {
      const { total, lowerBound } = await countPlan(database, collection, tp);
      if (skip >= total) {
        skip -= total;
        continue;
      }
      rows = await pageRows(database, collection, tp, DATE_ORDER, skip, need, { total, lowerBound });
    } else {
      if (skip >= candidates.length) {
        skip -= candidates.length;
        continue;
      }
      rows =
        tp.groups.length > 1 && candidates.length <= RANK_SCORE_MAX
          ? scoredPage(await rowsOf(database, collection, tp, candidates), matchers, target, nearness, skip, need)
          : await closestPage(database, collection, tp, candidates, lead, target, skip, need);
    }
    for (const r of rows) {
      // A record holding values of two tiers (Johann Jan) shows once, in the better.
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push(r);
    }
    skip = 0;
  }
  return out.slice(0, limit);
}

/** A ranked candidate: its id and year, and (one name term) the best level its values matched the lead at. */
interface Candidate extends KnownMatch {
  level?: MatchLevel;
}

/** A tier's matches with their years, or undefined when there are too many to read (then it is paged by date). */
async function tierCandidates(database: Database, tp: Plan, lead: Group): Promise<Candidate[] | undefined> {
  if (tp.groups.length > 1) {
    const known = await matchingIdList(database, tp);
    return known.length > COUNT_CAP ? undefined : known;
  }
  const [g] = tp.groups;
  let q = database.db.selectFrom("postings").select(["record_id", "year", "value_id"]).where("value_id", "in", g.ids);
  if (tp.yearLo !== undefined) q = q.where("year", ">=", tp.yearLo);
  if (tp.yearHi !== undefined) q = q.where("year", "<=", tp.yearHi);
  const rows = await q.limit(RANK_READ_MAX + 1).execute();
  if (rows.length > RANK_READ_MAX) return undefined;
  const levelOf = new Map(lead.ids.map((id, i) => [id, lead.levels![i]!]));
  const byId = new Map<number, Candidate>();
  for (const r of rows) {
    const id = Number(r.record_id);
    const level = levelOf.get(Number(r.value_id));
    const had = byId.get(id);
    if (!had || (level && had.level && MATCH_LEVELS.indexOf(level) < MATCH_LEVELS.indexOf(had.level))) {
      byId.set(id, { id, year: Number(r.year), level });
    }
  }
  return [...byId.values()];
}

async function rowsOf(
  database: Database,
  collection: CollectionDef,
  p: Plan,
  candidates: readonly KnownMatch[],
): Promise<(ResultRow & { dateSort: number })[]> {
  const rows = await matching(
    database,
    collection,
    p,
    candidates.map((c) => c.id),
  )
    .select([...ROW_COLUMNS, "r.date_sort"])
    .execute();
  return rows.map((r) => ({ ...toRow(r), dateSort: Number(r.date_sort) }));
}

/** The years a record's date has in either calendar (Julian dates near New Year fall in the year before). */
function recordYears(r: Pick<ResultRow, "year" | "julianDate">): number[] {
  const julian = r.julianDate ? Number(r.julianDate.slice(0, 4)) : undefined;
  return julian && julian !== r.year ? [r.year, julian] : [r.year];
}

/**
 * For a `near` search, how close a record's place is to the centre (0 to 1), from the distance of the nearest
 * place each of its place fields' spellings names; undefined for any other search.
 */
function placeNearness(
  collection: CollectionDef,
  criteria: Criteria,
): ((data: Readonly<Record<string, string>>) => number) | undefined {
  const distances = criteria.placeDistances;
  if (!distances) return undefined;
  const sources = placeFields(collection).flatMap((f) => fieldSources(f));
  return (data) => {
    let best = 0;
    for (const source of sources) {
      const value = data[source];
      if (value) best = Math.max(best, placeCloseness(distances.km.get(foldName(value)), distances.radiusKm));
    }
    return best;
  };
}

/** A small tier scored whole: every searched field's level by its weight, the date's and the place's closeness. */
function scoredPage(
  rows: (ResultRow & { dateSort: number })[],
  matchers: readonly FieldMatcher[],
  target: number | undefined,
  nearness: ((data: Readonly<Record<string, string>>) => number) | undefined,
  skip: number,
  need: number,
): ResultRow[] {
  const scored = rows.map((r) => {
    const matches = fieldMatches(matchers, r.data);
    const near = nearness ? PLACE_WEIGHT * nearness(r.data) : 0;
    return { r, score: scoreOf(matchers, matches, dateCloseness(recordYears(r), target)) + near };
  });
  scored.sort((a, b) => b.score - a.score || a.r.dateSort - b.r.dateSort || a.r.id - b.r.id);
  return scored.slice(skip, skip + need).map(({ r }) => {
    const { dateSort: _, ...row } = r;
    return row;
  });
}

/**
 * A tier ordered from its postings alone: by the level each record's lead value matched at and the closeness of
 * its year (then by year and record).
 */
async function closestPage(
  database: Database,
  collection: CollectionDef,
  tp: Plan,
  candidates: readonly Candidate[],
  lead: Group,
  target: number | undefined,
  skip: number,
  need: number,
): Promise<ResultRow[]> {
  const field = lead.criterion!.field;
  const worth = (c: Candidate) =>
    (c.level ? levelWorth(field, c.level) : 0) + DATE_WEIGHT * dateCloseness([c.year], target);
  const order = [...candidates].sort((a, b) => worth(b) - worth(a) || a.year - b.year || a.id - b.id);
  const page = order.slice(skip, skip + need);
  const rows = await rowsOf(database, collection, tp, page);
  const at = new Map(page.map((c, i) => [c.id, i]));
  return rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!).map(({ dateSort: _, ...row }) => row);
}

/**
 * The ids of the years one page of a date-ordered result falls in, and how many of them come before the page:
 * the years of every match are known, so only the page's years' records are read and sorted (pageByYears
 * without counting year by year).
 */
export function knownPageYears(
  known: readonly KnownMatch[],
  descending: boolean,
  offset: number,
  perPage: number,
): { ids: number[]; skip: number } {
  const perYear = new Map<number, number>();
  for (const k of known) perYear.set(k.year, (perYear.get(k.year) ?? 0) + 1);
  const years = [...perYear.keys()].sort((a, b) => (descending ? b - a : a - b));
  const page = new Set<number>();
  let before = 0;
  let skip = 0;
  for (const year of years) {
    const n = perYear.get(year)!;
    if (before + n > offset) {
      if (!page.size) skip = offset - before;
      page.add(year);
    }
    before += n;
    if (before >= offset + perPage) break;
  }
  return { ids: known.filter((k) => page.has(k.year)).map((k) => k.id), skip };
}

/** How many records match, capped like the result count (for suggestions and the unified search). */
export async function countMatches(
  database: Database,
  collection: CollectionDef,
  criteria: EngineCriteria,
  viewer: Viewer,
  tuning: Tuning = {},
): Promise<{ total: number; lowerBound: boolean }> {
  return withinBudget(database, tuning, async (db) =>
    countPlan(db, collection, await plan(db, collection, criteria, viewer, tuning)),
  );
}

/**
 * Throws SearchTooBroad when the search would cost too much, from the dictionary alone: for an export, whose
 * answer has begun before streamMatches plans.
 */
export async function refuseTooBroadSearch(
  database: Database,
  collection: CollectionDef,
  criteria: EngineCriteria,
  viewer: Viewer,
): Promise<void> {
  if (mayReadRecords(collection, viewer)) await plan(database, collection, criteria, viewer);
}

/** Records a "best match" export reads per ranked page. */
const RANKED_EXPORT_PAGE = 500;

/** Every matching record in order, as a stream: exports never hold the result set in memory. */
export async function* streamMatches(
  database: Database,
  collection: CollectionDef,
  criteria: Criteria,
  viewer: Viewer,
): AsyncGenerator<ResultRow> {
  if (!mayReadRecords(collection, viewer)) return;
  const p = await plan(database, collection, criteria, viewer);
  if (isEmpty(p)) return;
  if (criteria.sort[0]?.field === RELEVANCE_SORT && leadGroup(p)) {
    // Best match order, a ranked page at a time: the tiers are read again per page, never all rows at once.
    for (let offset = 0; ; offset += RANKED_EXPORT_PAGE) {
      const rows = (await rankedRows(database, collection, p, criteria, offset, RANKED_EXPORT_PAGE)) ?? [];
      for (const r of rows) yield r;
      if (rows.length < RANKED_EXPORT_PAGE) return;
    }
  }
  const byColumns = criteria.sort[0]?.field === RELEVANCE_SORT ? DATE_ORDER : criteria;
  const q = ordered(matching(database, collection, p), collection, byColumns).select([...ROW_COLUMNS]);
  for await (const r of q.stream(500)) yield toRow(r);
}

export async function getRecord(
  database: Database,
  collection: CollectionDef,
  id: number,
  viewer: Viewer,
): Promise<ResultRow | undefined> {
  if (!mayReadRecords(collection, viewer)) return undefined;
  let q = database.db
    .selectFrom("records as r")
    .select([...ROW_COLUMNS])
    .where("r.id", "=", id)
    .where("r.collection", "=", collection.code);
  // Privacy is enforced in the query, not only in the page.
  if (!viewer.isMember) q = q.where("r.year", "<=", latestPublicYear(collection));
  const row = await q.executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function collectionSize(database: Database, collection: CollectionDef): Promise<number> {
  const row = await database.db
    .selectFrom("records")
    .select((eb) => eb.fn.countAll<number>().as("c"))
    .where("collection", "=", collection.code)
    .executeTakeFirst();
  return Number(row?.c ?? 0);
}

/** Distinct values of a field (for parish pick lists), most frequent first. */
export async function topValues(
  database: Database,
  collection: CollectionDef,
  field: string,
  limit = 200,
): Promise<string[]> {
  const rows = await database.db
    .selectFrom("name_values")
    .select(["display", "n"])
    .where("collection", "=", collection.code)
    .where("field", "=", field)
    .where("n", ">", 0)
    .orderBy("n", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.display);
}
