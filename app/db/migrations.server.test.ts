import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "./connection.server";
import { migrateToLatest, migrateUpTo, migrationStatus } from "./migrations.server";
import { type TestDatabase, createTestDatabase, storedPostings, testDialects } from "./test-database";
import { type ImportRecord, importRecords } from "~/search/store.server";

/** Records of two collections whose name fields (signed) and places (not signed) repeat across records. */
const SIGNED_RECORDS: ImportRecord[] = ["Müller", "Schmidt", "Radke", "Schulz"].flatMap((surname, i) => [
  {
    collection: "stpete-birth",
    date: { year: 1850 + i, month: 3, day: 1 },
    fields: { surname, givenName: i % 2 ? "Johann Gottlieb" : "Anna", fatherGivenName: "Jan", place: "Heimtal" },
  },
  {
    collection: "stpete-marriage",
    date: { year: 1870 + i, month: 5, day: 2 },
    fields: { groomSurname: surname, groomGivenName: "Wilhelm", brideSurname: "Krüger", parish: "Zhitomir" },
  },
]);

/** Everything a migration defines, in an order that does not depend on the order it was created in. */
async function schemaOf(database: Database): Promise<unknown> {
  if (database.kind === "sqlite") {
    const { rows } = await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(
      database.db,
    );
    return rows;
  }
  const columns = await sql`select table_name, column_name, data_type, is_nullable, column_default, collation_name,
      ordinal_position, is_identity
    from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`.execute(
    database.db,
  );
  const indexes = await sql`select indexname, indexdef from pg_indexes where schemaname = 'public'
    order by indexname`.execute(database.db);
  const constraints = await sql`select conname, conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def
    from pg_constraint where connamespace = 'public'::regnamespace order by conname`.execute(database.db);
  const extensions = await sql`select extname from pg_extension order by extname`.execute(database.db);
  return { columns: columns.rows, indexes: indexes.rows, constraints: constraints.rows, extensions: extensions.rows };
}

const PROFILES = [
  { given_name: "Olga", surname: "Schulz", research_surnames: "Szulc\nBraun", research_places: "Łuck" },
  {
    given_name: "Jürgen",
    surname: "Müller-Lüdenscheidt",
    research_surnames: "Шмидт, Kowalczyk, Čapek, ",
    research_places: "Żytomierz, Київ",
  },
  { given_name: "", surname: "", research_surnames: "", research_places: "" },
];

for (const dialect of testDialects()) {
  describe(`migrations on ${dialect}`, () => {
    const opened: TestDatabase[] = [];
    async function empty(): Promise<Database> {
      const test = await createTestDatabase(dialect, { migrate: false });
      opened.push(test);
      return test.database;
    }
    afterEach(async () => {
      for (const test of opened.splice(0)) await test.drop();
    });

    it("keep the names databases have recorded, so no database runs one twice", async () => {
      const { known } = await migrationStatus(await empty());
      expect(known).toEqual([
        "0001_records",
        "0002_accounts",
        "0003_email_tokens",
        "0004_content_pages",
        "0005_places",
        "0006_place_indexes",
        "0007_families",
        "0008_member_directory",
        "0009_place_name_words",
        "0010_imports",
        "0011_place_sources",
        "0012_rate_limits",
        "0013_posting_signatures",
        "0014_posting_signature_index",
        "0015_member_language",
      ]);
    });

    it("give a database migrated one step at a time the schema of one migrated in one go", async () => {
      const fresh = await empty();
      expect(await migrateToLatest(fresh)).toHaveLength((await migrationStatus(fresh)).known.length);
      const stepwise = await empty();
      for (const name of (await migrationStatus(stepwise)).known) {
        await migrateUpTo(stepwise, name);
        expect((await migrationStatus(stepwise)).pending).not.toContain(name);
      }
      expect(await migrateToLatest(stepwise)).toEqual([]);
      expect(await schemaOf(stepwise)).toEqual(await schemaOf(fresh));
    });

    // 0008 computes the keys with its own frozen copy of the name functions: these are the keys it wrote when it
    // was released (Čapek keeps the codes of its time even after the name module's folding of č changes).
    it("0008 back-fills the directory keys exactly as it did when it was released", async () => {
      const database = await empty();
      await migrateUpTo(database, "0007_families");
      const now = "2026-01-01T00:00:00.000Z";
      for (const [i, profile] of PROFILES.entries()) {
        await database.db
          .insertInto("users")
          .values({
            ...profile,
            username: `u${i}`,
            username_key: `u${i}`,
            email: `u${i}@example.org`,
            email_key: `u${i}@example.org`,
            email_verified_at: now,
            password_hash: "x",
            role: "member",
            status: "active",
            membership_expires_on: null,
            address_line1: "",
            address_line2: "",
            city: "",
            postal_code: "",
            country_code: "",
            region_code: "",
            phone: "",
            listed_in_directory: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await migrateToLatest(database);
      const names = await database.db
        .selectFrom("member_directory_names")
        .select(["user_id", "kind", "position", "value", "exact_key", "folded"])
        .orderBy("user_id")
        .orderBy("kind")
        .orderBy("position")
        .execute();
      expect(names.map((r) => [Number(r.user_id), r.kind, r.position, r.value, r.exact_key, r.folded])).toEqual([
        [1, "given_name", 0, "Olga", "olga", "olga"],
        [1, "research_place", 0, "Łuck", "łuck", "luck"],
        [1, "research_surname", 0, "Szulc", "szulc", "szulc"],
        [1, "research_surname", 1, "Braun", "braun", "braun"],
        [1, "surname", 0, "Schulz", "schulz", "schulz"],
        [2, "given_name", 0, "Jürgen", "jürgen", "jurgen"],
        [2, "research_place", 0, "Żytomierz", "żytomierz", "zytomierz"],
        [2, "research_place", 1, "Київ", "київ", "kyiv"],
        [2, "research_surname", 0, "Шмидт", "шмидт", "shmidt"],
        [2, "research_surname", 1, "Kowalczyk", "kowalczyk", "kowalczyk"],
        [2, "research_surname", 2, "Čapek", "čapek", "capek"],
        [2, "surname", 0, "Müller-Lüdenscheidt", "müller-lüdenscheidt", "muller ludenscheidt"],
      ]);
      const codes = await database.db
        .selectFrom("member_directory_codes")
        .select(["user_id", "code"])
        .orderBy("user_id")
        .orderBy("code")
        .execute();
      expect(codes.map((r) => [Number(r.user_id), r.code])).toEqual([
        [1, "484000"],
        [1, "485000"],
        [1, "796000"],
        [2, "463000"],
        [2, "475000"],
        [2, "575000"],
        [2, "578450"],
      ]);
    });

    it("0009 back-fills the word-start keys of every place spelling already stored", async () => {
      const database = await empty();
      await migrateUpTo(database, "0008_member_directory");
      const place = {
        sort_name: "",
        province: "",
        sheet: "",
        square: "",
        lat: 0,
        lon: 0,
        notes: "",
        map_index: "breyer",
      };
      await database.db
        .insertInto("places")
        .values([
          { id: 1, name: "Neu Dorf", ...place },
          { id: 2, name: "Alt Neu", ...place },
        ])
        .execute();
      const spelling = (place_id: number, folded: string) => ({
        place_id,
        kind: "map",
        name: folded,
        exact_key: folded,
        folded,
      });
      await database.db
        .insertInto("place_names")
        .values([spelling(1, "neu dorf"), spelling(1, "nowa wies"), spelling(2, "alt neu")])
        .execute();
      await migrateToLatest(database);
      const keys = await database.db
        .selectFrom("place_name_words")
        .select(["place_id", "word_key"])
        .orderBy("place_id")
        .orderBy("word_key")
        .execute();
      expect(keys.map((k) => [Number(k.place_id), k.word_key])).toEqual([
        [1, "dorf"],
        [1, "neu dorf"],
        [1, "nowa wies"],
        [1, "wies"],
        [2, "alt neu"],
        [2, "neu"],
      ]);
    });

    it("0013 gives the postings already stored the signatures an import writes", async () => {
      const imported = await empty();
      await migrateToLatest(imported);
      await importRecords(imported, SIGNED_RECORDS);
      const expected = await storedPostings(imported);
      // Not a test that cannot fail: the import gives most records a signature.
      expect(expected.filter((p) => p[3] !== 0).length).toBeGreaterThan(expected.length / 2);

      const old = await empty();
      await migrateUpTo(old, "0012_rate_limits");
      const copy = async (table: "records" | "name_values" | "postings", columns: string[]) => {
        const rows = await imported.db
          .selectFrom(table)
          .select(columns as never[])
          .execute();
        await old.db
          .insertInto(table)
          .values(rows as never[])
          .execute();
      };
      await copy("records", ["id", "collection", "year", "date_sort", "data"]);
      await copy("name_values", ["id", "collection", "field", "value", "display", "folded", "n"]);
      await copy("postings", ["value_id", "year", "record_id"]);
      await migrateToLatest(old);
      expect(await storedPostings(old)).toEqual(expected);
    });

    it("0014 puts the signature in PostgreSQL's postings key and keeps every posting", async () => {
      const database = await empty();
      await migrateUpTo(database, "0013_posting_signatures");
      await importRecords(database, SIGNED_RECORDS);
      const postings = await storedPostings(database);
      const before = await schemaOf(database);
      await migrateUpTo(database, "0014_posting_signature_index");
      expect(await storedPostings(database)).toEqual(postings);
      if (dialect === "sqlite") {
        // SQLite's postings are their key, signature included: nothing changes.
        expect(await schemaOf(database)).toEqual(before);
        return;
      }
      const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename = 'postings'`.execute(database.db);
      // One index: the key itself carries the signature, no second copy of the keys beside it.
      expect(rows).toEqual([
        {
          indexname: "postings_pkey",
          indexdef:
            "CREATE UNIQUE INDEX postings_pkey ON public.postings USING btree (value_id, year, record_id) INCLUDE (sig)",
        },
      ]);
      await expect(
        sql`insert into postings (value_id, year, record_id, sig) values (${postings[0]![0]}, ${postings[0]![1]},
          ${postings[0]![2]}, 0)`.execute(database.db),
      ).rejects.toThrow(/postings_pkey/);
    });
  });
}
