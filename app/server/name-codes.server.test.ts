import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshDirectoryKeys } from "~/auth/directory-keys.server";
import { seedDemoData } from "~/demo/seed.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { daitchMokotoff } from "~/names/daitch-mokotoff";
import { NAME_CODES_VERSION } from "~/names/keys";
import { nameTokens } from "~/names/normalize";
import { signedInAccount } from "~/testing/requests";
import { refreshNameCodes } from "./name-codes.server";

describe.each(testDialects())("refreshNameCodes on %s", (dialect) => {
  let test: TestDatabase;

  async function codeTables() {
    const { db } = test.database;
    return {
      records: await db.selectFrom("name_codes").selectAll().orderBy(["value_id", "kind", "code"]).execute(),
      places: await db.selectFrom("place_name_codes").selectAll().orderBy(["place_id", "code"]).execute(),
      people: await db.selectFrom("person_codes").selectAll().orderBy(["person_id", "field", "code"]).execute(),
      members: await db.selectFrom("member_directory_codes").selectAll().orderBy(["user_id", "code"]).execute(),
    };
  }

  /** Codes as the first coder wrote them outside the record collections: each folded word, č read as c. */
  function firstCodes(name: string): string[] {
    return [...new Set(nameTokens(name).flatMap((t) => daitchMokotoff(t)))];
  }

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedDemoData(test.database, { records: 200, sizes: { places: 60, lodz: 60, genealogy: 40 } });
    const { db } = test.database;
    const { user } = await signedInAccount(test.database, "kucera", { password: "correct horse battery staple" });
    await db
      .updateTable("users")
      .set({ research_surnames: "Čapek, Dąbrowski", listed_in_directory: 1 })
      .where("id", "=", user.id)
      .execute();
    await refreshDirectoryKeys(db, user.id);
  });
  afterAll(() => test.drop());

  it("rewrites codes an older coder wrote, once, so that the installation answers as a fresh one", async () => {
    const { db } = test.database;
    expect(await refreshNameCodes(test.database)).not.toBeNull();
    const fresh = await codeTables();
    expect(await refreshNameCodes(test.database)).toBeNull();

    // What an installation of version 1 holds.
    const places = await db.selectFrom("place_names").select(["place_id", "name"]).execute();
    await db.deleteFrom("place_name_codes").execute();
    const oldPlaceCodes = new Map(
      places.flatMap((p) =>
        firstCodes(p.name).map((code) => [`${code}:${p.place_id}`, { code, place_id: p.place_id }]),
      ),
    );
    await db
      .insertInto("place_name_codes")
      .values([...oldPlaceCodes.values()])
      .execute();
    await db.deleteFrom("person_codes").where("field", "=", "s").execute();
    await db.deleteFrom("member_directory_codes").execute();
    await db
      .insertInto("member_directory_codes")
      .values(firstCodes("Čapek").map((code) => ({ code, user_id: fresh.members[0].user_id })))
      .execute();
    const [value] = fresh.records.filter((r) => r.kind === "d");
    await db.deleteFrom("name_codes").where("value_id", "=", value.value_id).where("kind", "=", "d").execute();
    await db
      .insertInto("name_codes")
      .values({ ...value, code: "999999" })
      .execute();
    await db.updateTable("app_meta").set({ value: "1" }).where("key", "=", "name_codes_version").execute();
    expect(await codeTables()).not.toEqual(fresh);

    const refresh = await refreshNameCodes(test.database);
    expect(refresh).toMatchObject({ from: 1, records: 1 });
    expect(refresh?.places).toBeGreaterThan(0);
    expect(refresh?.people).toBeGreaterThan(0);
    expect(refresh?.members).toBe(1);
    expect(await codeTables()).toEqual(fresh);
    const version = await db
      .selectFrom("app_meta")
      .select("value")
      .where("key", "=", "name_codes_version")
      .executeTakeFirst();
    expect(version?.value).toBe(String(NAME_CODES_VERSION));
  });

  it("leaves Čapek without the k branch an older coder gave him", async () => {
    const { db } = test.database;
    const codes = await db.selectFrom("member_directory_codes").select("code").orderBy("code").execute();
    expect(codes.map((c) => c.code)).not.toContain("575000");
    expect(codes.map((c) => c.code)).toContain("475000");
  });
});
