import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { parsePlaceCriteria } from "~/places/criteria";
import { mapIndex } from "~/places/indexes";
import { searchPlaces } from "~/places/search.server";
import { importPlaces, placeCounts } from "~/places/store.server";
import { getBatch } from "./batches.server";
import { createCsvBatch } from "./csv-batches.server";
import { startBatchJob } from "./jobs.server";
import { matchPlaceHeaders } from "./place-fields";
import { exportPlacesCsv } from "./places.server";
import { listProblems } from "~/jobs/batch-rows.server";

const index = mapIndex("ukraine");
const member = { isMember: true };
const dir = mkdtempSync(path.join(tmpdir(), "metryka-place-imports-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cp1251(text: string): Buffer {
  const decoder = new TextDecoder("windows-1251");
  const table = new Map<string, number>();
  for (let b = 0; b < 256; b++) table.set(decoder.decode(new Uint8Array([b])), b);
  return Buffer.from([...text].map((ch) => table.get(ch) ?? 0x3f));
}

let files = 0;
async function upload(test: TestDatabase, content: Buffer | string, skipBadRows = false) {
  const file = path.join(dir, `p${files++}.csv`);
  writeFileSync(file, content);
  const batch = await createCsvBatch(test.database, {
    kind: "places",
    target: index.id,
    filePath: file,
    fileName: "places.csv",
    columns: (headers) => matchPlaceHeaders(headers, index),
    skipBadRows,
    createdByName: "test",
  });
  return batch.id;
}

async function run(test: TestDatabase, id: number, phase: "check" | "import" | "undo") {
  const started = await startBatchJob(test.database, id, phase, "test", { wait: true });
  if (!started.ok) throw new Error(started.message);
  return (await getBatch(test.database, id))!;
}

async function find(test: TestDatabase, name: string, mode: string) {
  const { criteria, errors } = parsePlaceCriteria(new URLSearchParams({ name, nameMode: mode }), index);
  expect(errors).toEqual({});
  const found = await searchPlaces(test.database, criteria, member);
  return found.rows.map((r) => r.name);
}

async function keyRows(test: TestDatabase) {
  const count = async (table: "place_names" | "place_name_codes" | "place_name_words" | "place_sources") =>
    Number(
      (
        await test.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n,
    );
  return {
    names: await count("place_names"),
    codes: await count("place_name_codes"),
    words: await count("place_name_words"),
    sources: await count("place_sources"),
  };
}

const HEADER = "Код;Название;Украинский;Немецкий;Губерния;Широта;Долгота;Примечания\n";
const GOOD = [
  "1;Житомир;;Schytomyr;Волынская;50,2547;28,6587;",
  "2;Новоград-Волынский;Новоград-Волинський;Zwiahel;Волынская;50°35'N;27°37'E;",
  "3;Бердичев;Бердичів;;Kiev;49.8994;28.6011;еврейское местечко",
];
const BAD = [
  "4;;Нова Весь;;Волынская;50.1;28.1;",
  "5;Фантом;;;Волынская;95;28.1;",
  "6;Ошибка;;;Волынская;50.1;восток;",
];

describe.each(testDialects())("place imports (%s)", (dialect) => {
  let test: TestDatabase;
  let seeded: { names: number; codes: number; words: number; sources: number };
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    // Places that came without a source key, as the seed writes them: an export gives them one.
    await importPlaces(test.database, "ukraine", [
      {
        name: "Kiev",
        spellings: [{ kind: "ukrainian", name: "Київ" }],
        province: "Kiev",
        sheet: "M-36-50",
        square: "",
        lat: 50.4501,
        lon: 30.5234,
        notes: "",
      },
    ]);
    await importPlaces(test.database, "breyer", [
      {
        name: "Lodz",
        spellings: [],
        province: "Petrikau",
        sheet: "Lodz",
        square: "B2",
        lat: 51.77,
        lon: 19.46,
        notes: "",
      },
    ]);
    seeded = await keyRows(test);
  });
  afterAll(() => test.drop());

  it("checks a Windows-1251 file with bad rows by row and column, writes nothing, then imports the good rows when asked", async () => {
    const id = await upload(test, cp1251(HEADER + [...GOOD, ...BAD].join("\r\n") + "\r\n"));
    const uploaded = (await getBatch(test.database, id))!;
    expect(uploaded.analysis).toMatchObject({ encoding: "windows-1251", delimiter: ";" });
    expect(uploaded.settings.columns).toEqual([
      "sourceKey",
      "name",
      "ukrainian",
      "german",
      "province",
      "latitude",
      "longitude",
      "notes",
    ]);

    const checked = await run(test, id, "check");
    expect(checked.status).toBe("checked");
    expect(checked.rows).toMatchObject({ total: 6, error: 3, new: 3, changed: 0, unchanged: 0 });
    const problems = await listProblems(test.database, id, 100);
    expect(problems.map((p) => [p.row, p.column])).toEqual([
      [5, "Название"],
      [6, "Широта"],
      [7, "Долгота"],
    ]);
    expect(problems[0]!.message).toBe("Place is empty: every place needs it");
    expect(problems[1]!.message).toMatch(/latitude 95 is impossible: it lies between −90 and 90/);
    expect(problems[2]!.message).toMatch(/“восток” is not a longitude/);
    expect((await placeCounts(test.database)).get("ukraine")).toBe(1);

    const refused = await startBatchJob(test.database, id, "import", "test", { wait: true });
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/3 rows have problems/) });
    expect((await placeCounts(test.database)).get("ukraine")).toBe(1);
    expect(await keyRows(test)).toEqual(seeded);

    await test.database.db
      .updateTable("import_batches")
      .set({ settings: JSON.stringify({ ...checked.settings, skipBadRows: true }) })
      .where("id", "=", id)
      .execute();
    const imported = await run(test, id, "import");
    expect(imported.status).toBe("imported");
    expect(imported.rows).toMatchObject({ new: 3, changed: 0, unchanged: 0, skipped: 3 });
    expect((await placeCounts(test.database)).get("ukraine")).toBe(4);

    // Found through the place search by another spelling, by its Latin transliteration, and by sound.
    expect(await find(test, "Schytomyr", "exact")).toEqual(["Житомир"]);
    expect(await find(test, "Бердичів", "exact")).toEqual(["Бердичев"]);
    expect(await find(test, "Zhitomir", "normalized")).toEqual(["Житомир"]);
    expect(await find(test, "Berditschew", "sounds")).toEqual(["Бердичев"]);
    expect(await find(test, "Zwiahel", "starts")).toEqual(["Новоград-Волынский"]);
    const [zhytomyr] = (
      await searchPlaces(
        test.database,
        parsePlaceCriteria(new URLSearchParams({ name: "Житомир", nameMode: "exact" }), index).criteria,
        member,
      )
    ).rows;
    // The gubernia by its Russian name, the sheet filled in from the position.
    expect(zhytomyr).toMatchObject({ province: "Volhynia", sheet: "M-35-70", lat: 50.2547, lon: 28.6587 });
  });

  it("imports the file again as 0 new, a changed row as 1 changed, and undoes each batch exactly", async () => {
    const again = await upload(test, cp1251(HEADER + GOOD.join("\r\n") + "\r\n"));
    expect((await run(test, again, "check")).rows).toMatchObject({ total: 3, error: 0, new: 0, unchanged: 3 });
    expect((await run(test, again, "import")).rows).toMatchObject({ new: 0, changed: 0, unchanged: 3 });
    const afterFirst = await keyRows(test);

    const changedFile = HEADER + [GOOD[0], GOOD[1], GOOD[2]!.replace("Бердичів;;", "Бердичів;Berditschew;")].join("\n");
    const changed = await upload(test, changedFile);
    expect((await run(test, changed, "check")).rows).toMatchObject({ new: 0, changed: 1, unchanged: 2 });
    expect((await run(test, changed, "import")).rows).toMatchObject({ new: 0, changed: 1, unchanged: 2 });
    expect(await find(test, "Berditschew", "exact")).toEqual(["Бердичев"]);
    expect((await placeCounts(test.database)).get("ukraine")).toBe(4);

    const first = (await test.database.db
      .selectFrom("import_batches")
      .select("id")
      .where("kind", "=", "places")
      .orderBy("id")
      .executeTakeFirst())!.id;
    // The first batch cannot be undone while a later one that changed its places stands.
    expect((await startBatchJob(test.database, first, "undo", "test", { wait: true })).ok).toBe(true);
    expect((await getBatch(test.database, first))!).toMatchObject({
      status: "imported",
      error: expect.stringMatching(/Undo import #\d+ first/),
    });

    expect((await run(test, changed, "undo")).status).toBe("undone");
    expect(await find(test, "Berditschew", "exact")).toEqual([]);
    expect(await find(test, "Бердичів", "exact")).toEqual(["Бердичев"]);
    expect(await keyRows(test)).toEqual(afterFirst);

    expect((await run(test, first, "undo")).status).toBe("undone");
    expect((await placeCounts(test.database)).get("ukraine")).toBe(1);
    expect(await find(test, "Schytomyr", "exact")).toEqual([]);
    // Every spelling, code, word key and source key of the batch's places went with them.
    expect(await keyRows(test)).toEqual(seeded);
  });

  it("exports an index that imports back as 0 new, 0 changed, seeded places included", async () => {
    const id = await upload(test, cp1251(HEADER + GOOD.join("\n") + "\n"));
    await run(test, id, "check");
    await run(test, id, "import");
    let csv = "";
    for await (const part of exportPlacesCsv(test.database, index)) csv += part;
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFsourceKey,name,polish,ukrainian,russian,german,older,later,province,sheet,latitude,longitude,notes",
    );
    expect(lines[1]).toMatch(/^place-1,Kiev,,Київ,/);
    expect(lines).toContain("1,Житомир,,,,Schytomyr,,,Volhynia,M-35-70,50.2547,28.6587,");

    const back = await upload(test, csv);
    const checked = await run(test, back, "check");
    expect(checked.rows).toMatchObject({ total: 4, error: 0, new: 0, changed: 0, unchanged: 4 });
    const imported = await run(test, back, "import");
    expect(imported.rows).toMatchObject({ new: 0, changed: 0, unchanged: 4 });
    // Breyer's index is another index: its place is neither exported here nor touched.
    expect((await placeCounts(test.database)).get("breyer")).toBe(1);

    // A seeded place changed through its exported key gets that key, and loses it again with the undo.
    const kiev = lines[1]!.replace(/,$/, ",столица губернии");
    const edited = await upload(test, [lines[0], kiev, ""].join("\r\n"));
    await run(test, edited, "check");
    expect((await run(test, edited, "import")).rows).toMatchObject({ new: 0, changed: 1, unchanged: 0 });
    expect((await find(test, "Київ", "exact"))[0]).toBe("Kiev");
    const keyOf = () =>
      test.database.db.selectFrom("place_sources").select("source_key").where("place_id", "=", 1).execute();
    expect(await keyOf()).toEqual([{ source_key: "place-1" }]);
    expect((await run(test, edited, "undo")).status).toBe("undone");
    expect(await keyOf()).toEqual([]);
    const restored = await searchPlaces(
      test.database,
      parsePlaceCriteria(new URLSearchParams({ name: "Київ", nameMode: "exact" }), index).criteria,
      member,
    );
    expect(restored.rows[0]).toMatchObject({ id: 1, notes: "", spellings: [{ kind: "ukrainian", name: "Київ" }] });
  });
});
