import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Database } from "~/db/connection.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { type KeyTable, keyFilter } from "./key-filter";
import type { MatchMode } from "./match-modes";
import { nameKeys } from "./keys";

// One spelling per place, so that a place matches exactly when its one spelling does.
const PLACES = [
  "Łódź",
  "Lodsch",
  "Nowograd-Wolynsk",
  "Čapek",
  "Kapek",
  "Dąbrowa",
  "Dembrowa",
  "Alt Schmidtsdorf",
  "Шмидт",
  "Ｍüller",
  "Mueller",
  "Groß Neudorf",
];

const PLACE_KEYS: KeyTable = {
  names: { table: "place_names", owner: "place_id" },
  codes: { table: "place_name_codes", owner: "place_id" },
};

const PERSON_KEYS = (field: string): KeyTable => ({
  names: { table: "person_keys", owner: "person_id", where: { field } },
  codes: { table: "person_codes", owner: "person_id", where: { field } },
  variants: { table: "person_codes", owner: "person_id", where: { field: "v" } },
});

// Surname, given name: the two fields share the key tables and must not answer for each other.
const PEOPLE: readonly (readonly [string, string])[] = [
  ["Schmidt", "Johann"],
  ["Johann", "Peter"],
  ["Kowalski", "Jan Gottlieb"],
  ["Kowalska", "Iwan"],
];

async function loadPlaces(database: Database): Promise<void> {
  const { db } = database;
  for (const [i, name] of PLACES.entries()) {
    const id = i + 1;
    const keys = nameKeys(name);
    await db
      .insertInto("places")
      .values({
        id,
        map_index: "test",
        name,
        sort_name: keys.folded,
        province: "",
        sheet: "",
        square: "",
        lat: 0,
        lon: 0,
        notes: "",
      })
      .execute();
    await db
      .insertInto("place_names")
      .values({ place_id: id, kind: "map", name, exact_key: keys.exact, folded: keys.folded })
      .execute();
    if (keys.phonetic.length) {
      await db
        .insertInto("place_name_codes")
        .values(keys.phonetic.map((code) => ({ code, place_id: id })))
        .execute();
    }
  }
}

async function loadPeople(database: Database): Promise<void> {
  const { db } = database;
  for (const [i, [surname, given]] of PEOPLE.entries()) {
    const id = i + 1;
    await db
      .insertInto("people")
      .values({
        id,
        collection: "test",
        number: id,
        tree_id: null,
        surname,
        given,
        sort_surname: "",
        sort_given: "",
        sex: "u",
        birth_date: null,
        birth_sort: null,
        birth_year: null,
        birth_place: "",
        death_date: null,
        death_sort: null,
        death_year: null,
        death_place: "",
        notes: "",
      })
      .execute();
    for (const [field, value] of [
      ["s", surname],
      ["g", given],
    ] as const) {
      const keys = nameKeys(value, { variants: field === "g" });
      await db
        .insertInto("person_keys")
        .values({ person_id: id, field, exact_key: keys.exact, folded: keys.folded })
        .execute();
      const codes = [
        ...keys.phonetic.map((code) => ({ field, code })),
        ...keys.variants.map((code) => ({ field: "v", code })),
      ];
      if (codes.length) {
        await db
          .insertInto("person_codes")
          .values(codes.map((c) => ({ ...c, person_id: id })))
          .execute();
      }
    }
  }
}

/** What the filter should answer, from the keys alone. */
function matchesInMemory(stored: string, typed: string, mode: MatchMode): boolean {
  const have = nameKeys(stored);
  const want = nameKeys(typed);
  switch (mode) {
    case "exact":
      return have.exact === want.exact;
    case "normalized":
      return want.folded !== "" && have.folded === want.folded;
    case "starts":
      return want.folded !== "" && (have.folded.startsWith(want.folded) || have.folded.includes(` ${want.folded}`));
    case "contains":
      return want.folded !== "" && have.folded.includes(want.folded);
    default: {
      const groups = want.words.map((w) => w.phonetic).filter((codes) => codes.length > 0);
      return groups.length > 0 && groups.every((codes) => codes.some((c) => have.phonetic.includes(c)));
    }
  }
}

describe.each(testDialects())("keyFilter on %s", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await loadPlaces(test.database);
    await loadPeople(test.database);
  });
  afterAll(() => test.drop());

  async function places(value: string, mode: MatchMode, table: KeyTable = PLACE_KEYS): Promise<string[] | null> {
    const filter = keyFilter(table, { value, mode });
    if (!filter) return null;
    const rows = await test.database.db
      .selectFrom("places")
      .select("name")
      .where(filter("places.id"))
      .orderBy("id")
      .execute();
    return rows.map((r) => r.name);
  }

  async function people(field: string, value: string, mode: MatchMode): Promise<string[] | null> {
    const filter = keyFilter(PERSON_KEYS(field), { value, mode });
    if (!filter) return null;
    const rows = await test.database.db
      .selectFrom("people")
      .select(["surname", "given"])
      .where(filter("people.id"))
      .orderBy("id")
      .execute();
    return rows.map((r) => `${r.given} ${r.surname}`);
  }

  it("matches each mode by its key", async () => {
    expect(await places("łódź", "exact")).toEqual(["Łódź"]);
    expect(await places("Lodz", "exact")).toEqual([]);
    expect(await places("LODZ", "normalized")).toEqual(["Łódź"]);
    expect(await places("wolyn", "starts")).toEqual(["Nowograd-Wolynsk"]);
    expect(await places("schmidt", "starts")).toEqual(["Alt Schmidtsdorf"]);
    expect(await places("midt", "starts")).toEqual([]);
    expect(await places("midt", "contains")).toEqual(["Alt Schmidtsdorf", "Шмидт"]);
    expect(await places("Muller", "normalized")).toEqual(["Ｍüller", "Mueller"]);
    expect(await places("Lodz", "sounds")).toEqual(["Łódź", "Lodsch"]);
  });

  it("codes č as cz and keeps the Polish nasal branches", async () => {
    expect(await places("Čapek", "sounds")).toEqual(["Čapek"]);
    expect(await places("Capek", "sounds")).toEqual(["Čapek", "Kapek"]);
    expect(await places("Dąbrowa", "sounds")).toEqual(["Dąbrowa", "Dembrowa"]);
  });

  it("needs every typed word to sound like a word of the name, unless one shared code is enough", async () => {
    expect(await places("Alt Smidtsdorf", "sounds")).toEqual(["Alt Schmidtsdorf"]);
    expect(await places("Neu Schmidtsdorf", "sounds")).toEqual([]);
    expect(await places("Neu Schmidtsdorf", "sounds", { ...PLACE_KEYS, sounds: "any" })).toEqual(["Alt Schmidtsdorf"]);
  });

  it("answers null when nothing can match", async () => {
    expect(await places("'", "normalized")).toBeNull();
    expect(await places("-", "starts")).toBeNull();
    expect(await places("1851", "sounds")).toBeNull();
    expect(await places("Lodz", "variants")).toBeNull();
    expect(await places("Lodz", "sounds", { names: PLACE_KEYS.names })).toBeNull();
  });

  it("keeps to the field it was given, and matches given names by their groups", async () => {
    expect(await people("s", "Johann", "exact")).toEqual(["Peter Johann"]);
    expect(await people("g", "Johann", "exact")).toEqual(["Johann Schmidt"]);
    expect(await people("g", "Ivan", "variants")).toEqual(["Johann Schmidt", "Jan Gottlieb Kowalski", "Iwan Kowalska"]);
    expect(await people("g", "Jan Bogumił", "variants")).toEqual(["Jan Gottlieb Kowalski"]);
    expect(await people("s", "Kowalsky", "sounds")).toEqual(["Jan Gottlieb Kowalski", "Iwan Kowalska"]);
  });

  it("agrees with the keys compared in memory", async () => {
    const typed = fc.oneof(
      fc.constantFrom(...PLACES, "lodz", "Mül", "dorf", "Capek", "Schmitt", "Dombrowa", "neu"),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }),
    );
    const mode = fc.constantFrom<MatchMode>("exact", "normalized", "starts", "contains", "sounds");
    await fc.assert(
      fc.asyncProperty(typed, mode, async (value, m) => {
        const expected = PLACES.filter((p) => matchesInMemory(p, value, m));
        expect((await places(value, m)) ?? []).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
