import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { placeCounts } from "~/places/store.server";
import { DEMO_SETS, demoRecordCount, demoSizes, recordTotal, seedDemoData, wasSeeded } from "./seed.server";

describe.each(testDialects())("demo sets (%s)", (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.drop());

  async function removeUkrainePlaces() {
    const ids = t.database.db.selectFrom("places").select("id").where("map_index", "=", "ukraine");
    await t.database.db.deleteFrom("place_name_codes").where("place_id", "in", ids).execute();
    await t.database.db.deleteFrom("place_names").where("place_id", "in", ids).execute();
    await t.database.db.deleteFrom("places").where("map_index", "=", "ukraine").execute();
  }

  it("lists every set once, with sizes that follow the St. Petersburg count", () => {
    expect(new Set(DEMO_SETS.map((s) => s.id)).size).toBe(DEMO_SETS.length);
    const sizes = demoSizes(1000, { places: 50 });
    expect(sizes.get("stpete")).toBe(1000);
    expect(sizes.get("lublin")).toBe(140);
    expect(sizes.get("places:ukraine")).toBe(50);
    expect(demoRecordCount(1000)).toBe(recordTotal(demoSizes(1000)));
  });

  it("loads every set on a fresh database, then only a set that is not there yet", async () => {
    const opts = { records: 300, sizes: { places: 40, lodz: 30, genealogy: 20 } };
    const first = await seedDemoData(t.database, { ...opts, missingOnly: true });
    expect([...first.keys()].sort()).toEqual(DEMO_SETS.map((s) => s.id).sort());
    expect(recordTotal(first)).toBe(recordTotal(demoSizes(300)));
    expect(await wasSeeded(t.database)).toBe(true);

    // An installation seeded before the Ukraine index existed: its places and marker are missing.
    await removeUkrainePlaces();
    await t.database.db.deleteFrom("app_meta").where("key", "=", "demo_places_seeded_at:ukraine").execute();
    const again = await seedDemoData(t.database, { ...opts, missingOnly: true });
    expect([...again.keys()]).toEqual(["places:ukraine"]);
    expect((await placeCounts(t.database)).get("ukraine")).toBe(40);

    // Nothing is missing now: a restart loads nothing, and an emptied set stays empty.
    await removeUkrainePlaces();
    expect((await seedDemoData(t.database, { ...opts, missingOnly: true })).size).toBe(0);
  });
});
