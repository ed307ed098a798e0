import { DEFAULT_DEMO_SEED, generateRecords } from "./demo/generator";
import { LUBLIN_SHARE, generateLublinRecords } from "./demo/lublin";
import { ODESSA_SHARE, generateOdessaRecords } from "./demo/odessa";
import { PARISH_INDEX_SHARE, generateParishIndexRecords } from "./demo/parish-index";
import { VOLHYNIAN_SHARE, generateVolhynianRecords } from "./demo/volhynian";
import type { Database } from "./connection.server";
import { RecordImporter } from "./import.server";
import { DEFAULT_PLACE_COUNT } from "~/places/demo";
import { seedDemoPlaces } from "~/places/store.server";
import { DEFAULT_GENEALOGY_COUNT, DEFAULT_LODZ_COUNT } from "~/families/demo";
import { seedDemoFamilies } from "~/families/store.server";

const SEEDED_KEY = "demo_seeded_at";

export async function wasSeeded(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom("app_meta").select("value").where("key", "=", SEEDED_KEY).executeTakeFirst();
  return !!row;
}

/** How many Lublin (members') records come with `records` St. Petersburg ones: ≈ 12 % of the whole. */
export function lublinDemoCount(records: number): number {
  return Math.round(records * LUBLIN_SHARE);
}

/** How many Volhynian (members') records come with `records` St. Petersburg ones: 10 % of them. */
export function volhynianDemoCount(records: number): number {
  return Math.round(records * VOLHYNIAN_SHARE);
}

/** How many Odessa film index entries (members') come with `records` St. Petersburg records: 5 % of them. */
export function odessaDemoCount(records: number): number {
  return Math.round(records * ODESSA_SHARE);
}

/** How many parish records index entries (members') come with `records` St. Petersburg records: 5 % of them. */
export function parishIndexDemoCount(records: number): number {
  return Math.round(records * PARISH_INDEX_SHARE);
}

/** Every record the demo data set holds for `records` St. Petersburg records (with the default shares). */
export function demoRecordCount(records: number): number {
  return (
    records +
    lublinDemoCount(records) +
    volhynianDemoCount(records) +
    odessaDemoCount(records) +
    parishIndexDemoCount(records)
  );
}

/**
 * Loads the deterministic demo data set: `records` St. Petersburg records and
 * `lublinDemoCount(records)` Lublin, `volhynianDemoCount(records)` Volhynian `odessaDemoCount(records)` Odessa and
 * `parishIndexDemoCount(records)` parish index entries (unless the matching `…Records` count is given). Runs on a fresh installation only:
 * once the marker is set, an emptied database stays empty.
 */
export async function seedDemoData(
  database: Database,
  opts: {
    records: number;
    lublinRecords?: number;
    volhynianRecords?: number;
    odessaRecords?: number;
    parishIndexRecords?: number;
    seed?: number;
    places?: number;
    /** People of the Lodz families and of the members' trees (decision 0017). */
    lodz?: number;
    genealogy?: number;
    onProgress?: (n: number) => void;
  },
): Promise<number> {
  const seed = opts.seed ?? DEFAULT_DEMO_SEED;
  const importer = new RecordImporter(database);
  await importer.init();
  await importer.addAll(generateRecords({ count: opts.records, seed }), opts.onProgress);
  await importer.addAll(
    generateLublinRecords({ count: opts.lublinRecords ?? lublinDemoCount(opts.records), seed }),
    opts.onProgress,
  );
  await importer.addAll(
    generateVolhynianRecords({ count: opts.volhynianRecords ?? volhynianDemoCount(opts.records), seed }),
    opts.onProgress,
  );
  await importer.addAll(
    generateOdessaRecords({ count: opts.odessaRecords ?? odessaDemoCount(opts.records), seed }),
    opts.onProgress,
  );
  await importer.addAll(
    generateParishIndexRecords({ count: opts.parishIndexRecords ?? parishIndexDemoCount(opts.records), seed }),
    opts.onProgress,
  );
  await importer.finish();
  // The place indexes (decisions 0012, 0016): a few thousand places each, fewer for a tiny demo.
  await seedDemoPlaces(database, { count: opts.places ?? Math.min(DEFAULT_PLACE_COUNT, opts.records) });
  // Linked people: a few thousand in families, fewer for a tiny demo.
  await seedDemoFamilies(database, {
    lodz: opts.lodz ?? Math.min(DEFAULT_LODZ_COUNT, opts.records),
    genealogy: opts.genealogy ?? Math.min(DEFAULT_GENEALOGY_COUNT, opts.records),
    seed,
  });
  await database.db
    .insertInto("app_meta")
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: new Date().toISOString() }))
    .execute();
  return importer.count;
}
