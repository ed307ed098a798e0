import type { Database } from "~/db/connection.server";
import { importFamilies } from "~/families/store.server";
import { MAP_INDEXES, type MapIndexId } from "~/places/indexes";
import type { PlaceInput } from "~/places/spellings";
import { importPlaces } from "~/places/store.server";
import { type ImportRecord, RecordImporter, settlePostings } from "~/search/store.server";
import { DEFAULT_PLACE_COUNT, generatePlaces } from "./breyer";
import { DEFAULT_GENEALOGY_COUNT, DEFAULT_LODZ_COUNT, generateGenealogy, generateLodz } from "./families";
import { DEFAULT_DEMO_SEED, generateRecords } from "./generator";
import { LUBLIN_SHARE, generateLublinRecords } from "./lublin";
import { ODESSA_SHARE, generateOdessaRecords } from "./odessa";
import { PARISH_INDEX_SHARE, generateParishIndexRecords } from "./parish-index";
import { generateRussiaPolandPlaces } from "./russia-poland";
import { generateUkrainePlaces } from "./ukraine";
import { VOLHYNIAN_SHARE, generateVolhynianRecords } from "./volhynian";

/**
 * The demo data sets and how they are loaded. One list: the first start, `npm run seed` and the runtime's
 * "a set added since this installation was seeded" all walk it. Each set writes through its domain's own store
 * (the records importer, importPlaces, importFamilies), the same code a society's imports use, and is marked in
 * app_meta when loaded, so a set that a society emptied stays empty.
 */

/** "stpete", "lublin", …, "places:breyer", "lodz": the ids of DEMO_SETS below, the only place they are named. */
export type DemoSetId = string;

interface LoadContext {
  database: Database;
  seed: number;
  /** People of the members' trees, loaded with the Lodz families they partly come from. */
  genealogy: number;
  /** One records importer for every record set of a run (it keeps the value dictionary between them). */
  records: () => Promise<RecordImporter>;
  onProgress?: (n: number) => void;
}

export interface DemoSet {
  id: DemoSetId;
  /** The app_meta key that says the set was loaded. */
  marker: string;
  /** How many items the set holds in a demo of `records` St. Petersburg records. */
  size: (records: number) => number;
  /** Loads `count` items of the set; answers how many were written. */
  importInto: (context: LoadContext, count: number) => Promise<number>;
}

/** Marker of the record sets (they were always loaded together). */
const RECORDS_MARKER = "demo_seeded_at";
const FAMILIES_MARKER = "demo_families_seeded_at";

function recordSet(
  id: DemoSetId,
  share: number,
  generate: (opts: { count: number; seed: number }) => Iterable<ImportRecord>,
): DemoSet {
  return {
    id,
    marker: RECORDS_MARKER,
    size: (records) => Math.round(records * share),
    async importInto(context, count) {
      const importer = await context.records();
      const before = importer.count;
      await importer.addAll(generate({ count, seed: context.seed }), context.onProgress);
      return importer.count - before;
    },
  };
}

const PLACE_GENERATORS: Record<MapIndexId, (opts: { count: number; seed?: number }) => Iterable<PlaceInput>> = {
  breyer: generatePlaces,
  "russia-poland": generateRussiaPolandPlaces,
  ukraine: generateUkrainePlaces,
};

/** The marker of an index's demo places (Breyer's is the one from before there were several indexes). */
const placesMarker = (index: MapIndexId) =>
  index === "breyer" ? "demo_places_seeded_at" : `demo_places_seeded_at:${index}`;

export const DEMO_SETS: readonly DemoSet[] = [
  recordSet("stpete", 1, generateRecords),
  recordSet("lublin", LUBLIN_SHARE, generateLublinRecords),
  recordSet("volhynian", VOLHYNIAN_SHARE, generateVolhynianRecords),
  recordSet("odessa", ODESSA_SHARE, generateOdessaRecords),
  recordSet("parish-index", PARISH_INDEX_SHARE, generateParishIndexRecords),
  // A few thousand places per index, fewer for a tiny demo.
  ...MAP_INDEXES.map((index): DemoSet => ({
    id: `places:${index.id}`,
    marker: placesMarker(index.id),
    size: (records) => Math.min(DEFAULT_PLACE_COUNT, records),
    // Each index's places come from its own seed, whatever the run's.
    importInto: ({ database }, count) => importPlaces(database, index.id, PLACE_GENERATORS[index.id]({ count })),
  })),
  // Linked people (decision 0017): the Lodz families, and the members' trees drawn partly from them.
  {
    id: "lodz",
    marker: FAMILIES_MARKER,
    size: (records) => Math.min(DEFAULT_LODZ_COUNT, records),
    async importInto({ database, seed, genealogy }, count) {
      return (await seedFamilies(database, { lodz: count, genealogy, seed })).total;
    },
  },
];

async function isMarked(database: Database, marker: string): Promise<boolean> {
  const row = await database.db.selectFrom("app_meta").select("value").where("key", "=", marker).executeTakeFirst();
  return !!row;
}

async function mark(database: Database, marker: string): Promise<void> {
  const now = new Date().toISOString();
  await database.db
    .insertInto("app_meta")
    .values({ key: marker, value: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: now }))
    .execute();
}

/** Whether the demo records were loaded: the home page says the data is demo data. */
export const wasSeeded = (database: Database) => isMarked(database, RECORDS_MARKER);

export interface SeedOptions {
  /** St. Petersburg records; every other set's default size follows from it. */
  records: number;
  /** Sizes that differ from the default, by set (`places` for every place index; `genealogy`: the trees' people). */
  sizes?: Partial<Record<DemoSetId, number>>;
  seed?: number;
  /** Only the sets not yet loaded (the runtime: sets added since this installation was seeded). */
  missingOnly?: boolean;
  onProgress?: (n: number) => void;
  /** Records per write transaction (the importer's default otherwise): a 10M-record benchmark build writes fewer, larger ones. */
  batchSize?: number;
}

/** The size of each set in a demo of `records` St. Petersburg records. */
export function demoSizes(records: number, sizes: SeedOptions["sizes"] = {}): Map<DemoSetId, number> {
  return new Map(
    DEMO_SETS.map((set) => [
      set.id,
      sizes[set.id] ?? (set.id.startsWith("places:") ? sizes.places : undefined) ?? set.size(records),
    ]),
  );
}

/** How many records (of every record set) `counts` holds: a run's sizes or what it wrote. */
export function recordTotal(counts: ReadonlyMap<DemoSetId, number>): number {
  return DEMO_SETS.filter((s) => s.marker === RECORDS_MARKER).reduce((n, s) => n + (counts.get(s.id) ?? 0), 0);
}

/** Every record the demo data set holds for `records` St. Petersburg records (with the default shares). */
export const demoRecordCount = (records: number): number => recordTotal(demoSizes(records));

/**
 * Loads the demo sets, each through its domain's store, and marks each as loaded. With `missingOnly`, a set
 * whose marker is already there is left alone. Answers what each loaded set wrote.
 */
export async function seedDemoData(database: Database, opts: SeedOptions): Promise<Map<DemoSetId, number>> {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const sizes = demoSizes(opts.records, opts.sizes);
  const genealogy = opts.sizes?.genealogy ?? Math.min(DEFAULT_GENEALOGY_COUNT, opts.records);
  let importer: RecordImporter | undefined;
  const context: LoadContext = {
    database,
    seed,
    genealogy,
    onProgress: opts.onProgress,
    async records() {
      if (!importer) {
        importer = new RecordImporter(database, opts.batchSize);
        await importer.init();
      }
      return importer;
    },
  };
  const written = new Map<DemoSetId, number>();
  const markers = new Set<string>();
  for (const set of DEMO_SETS) {
    if (opts.missingOnly && (await isMarked(database, set.marker))) continue;
    written.set(set.id, await set.importInto(context, sizes.get(set.id) ?? 0));
    markers.add(set.marker);
  }
  if (importer) {
    await importer.finish();
    await settlePostings(database);
  }
  // Markers last: a run cut short leaves its sets unmarked, and the next start loads them again.
  for (const marker of markers) await mark(database, marker);
  return written;
}

/** The place indexes' demo places alone (tests of the place search); `indexes` defaults to all. */
export async function seedDemoPlaces(
  database: Database,
  opts: { count?: number; seed?: number; indexes?: readonly MapIndexId[] } = {},
): Promise<number> {
  let n = 0;
  for (const index of opts.indexes ?? MAP_INDEXES.map((i) => i.id)) {
    n += await importPlaces(
      database,
      index,
      PLACE_GENERATORS[index]({ count: opts.count ?? DEFAULT_PLACE_COUNT, seed: opts.seed }),
    );
    await mark(database, placesMarker(index));
  }
  return n;
}

export const placesWereSeeded = (database: Database, index: MapIndexId = "breyer") =>
  isMarked(database, placesMarker(index));

/** The place indexes that have no demo places yet. */
export async function unseededIndexes(database: Database): Promise<MapIndexId[]> {
  const out: MapIndexId[] = [];
  for (const index of MAP_INDEXES) if (!(await placesWereSeeded(database, index.id))) out.push(index.id);
  return out;
}

async function seedFamilies(
  database: Database,
  opts: { lodz: number; genealogy: number; seed: number },
): Promise<{ lodz: number; genealogy: number; total: number }> {
  const lodz = generateLodz({ count: opts.lodz, seed: opts.seed });
  const genealogy = generateGenealogy({ count: opts.genealogy, seed: opts.seed, lodz });
  const counts = {
    lodz: await importFamilies(database, "lodz", lodz),
    genealogy: await importFamilies(database, "genealogy", genealogy),
  };
  return { ...counts, total: counts.lodz + counts.genealogy };
}

/** The demo families of both collections alone (tests of the person search), marked as loaded. */
export async function seedDemoFamilies(
  database: Database,
  opts: { lodz?: number; genealogy?: number; seed: number },
): Promise<{ lodz: number; genealogy: number }> {
  const { lodz, genealogy } = await seedFamilies(database, {
    lodz: opts.lodz ?? DEFAULT_LODZ_COUNT,
    genealogy: opts.genealogy ?? DEFAULT_GENEALOGY_COUNT,
    seed: opts.seed,
  });
  await mark(database, FAMILIES_MARKER);
  return { lodz, genealogy };
}

export const familiesWereSeeded = (database: Database) => isMarked(database, FAMILIES_MARKER);
