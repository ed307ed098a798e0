import { DEFAULT_DEMO_SEED, generateRecords } from "./demo/generator";
import type { Database } from "./connection.server";
import { RecordImporter } from "./import.server";

const SEEDED_KEY = "demo_seeded_at";

export async function wasSeeded(database: Database): Promise<boolean> {
  const row = await database.db.selectFrom("app_meta").select("value").where("key", "=", SEEDED_KEY).executeTakeFirst();
  return !!row;
}

/**
 * Loads the deterministic demo data set. Runs on a fresh installation only:
 * once the marker is set, an emptied database stays empty.
 */
export async function seedDemoData(
  database: Database,
  opts: { records: number; seed?: number; onProgress?: (n: number) => void },
): Promise<number> {
  const importer = new RecordImporter(database);
  await importer.init();
  await importer.addAll(
    generateRecords({ count: opts.records, seed: opts.seed ?? DEFAULT_DEMO_SEED }),
    opts.onProgress,
  );
  await importer.finish();
  await database.db
    .insertInto("app_meta")
    .values({ key: SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: new Date().toISOString() }))
    .execute();
  return importer.count;
}
