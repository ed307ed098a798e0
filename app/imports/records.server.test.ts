import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/auth/viewer.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "~/search/collections";
import { parseCriteria } from "~/search/criteria";
import { collectionSize, searchCollection } from "~/search/engine.server";
import { importRecords } from "~/search/store.server";
import { getBatch } from "./batches.server";
import { startBatchJob } from "./jobs.server";
import { createRecordCsvBatch } from "./csv-batches.server";
import { exportCollectionCsv } from "./records.server";
import { inCodePage } from "./test-files";
import { listProblems } from "~/jobs/batch-rows.server";

const collection = getCollection("stpete-birth")!;
const visitor = { user: null } as unknown as Viewer;
const dir = mkdtempSync(path.join(tmpdir(), "metryka-imports-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
async function upload(test: TestDatabase, content: Buffer | string, overrides: { skipBadRows?: boolean } = {}) {
  const file = path.join(dir, `f${files++}.csv`);
  writeFileSync(file, content);
  return (await createRecordCsvBatch(test.database, collection, file, overrides)).id;
}

async function run(test: TestDatabase, id: number, phase: "check" | "import" | "undo") {
  const started = await startBatchJob(test.database, id, phase, "test", { wait: true });
  if (!started.ok) throw new Error(started.message);
  return (await getBatch(test.database, id))!;
}

async function find(test: TestDatabase, surname: string, mode = "exact") {
  const { criteria } = parseCriteria(collection, new URLSearchParams({ surname, surnameMode: mode }));
  return searchCollection(test.database, collection, criteria, visitor);
}

/**
 * Whether every page of PostgreSQL's postings is all-visible, so a search's index-only scans of their key (and
 * signatures, decision 0050) read no table page. No page is before a vacuum: this server may run without autovacuum.
 */
async function postingsAllVisible(test: TestDatabase): Promise<boolean> {
  const { rows } = await sql<{ relpages: number; relallvisible: number }>`select relpages, relallvisible
    from pg_class where oid = 'postings'::regclass`.execute(test.database.db);
  return rows[0]!.relpages > 0 && rows[0]!.relallvisible === rows[0]!.relpages;
}

const HEADER = "ID;Nazwisko;Imię;Data;Miejscowość;Parafia;Uwagi\n";
const GOOD = [
  "1;Śliwiński;Józef;1/13 Mar 1858;Łódź;Zgierz;",
  "2;Kowalczyk;Małgorzata;12.03.1860;Zduńska Wola;Zgierz;bliźnięta",
  "3;Żak;Bogumił;abt 1861;Tomaszów;Tomaszów;",
];

describe.each(testDialects())("record imports (%s)", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await importRecords(test.database, [
      {
        collection: collection.id,
        date: { year: 1850, month: 1, day: 2 },
        julianDate: null,
        fields: { surname: "Radke", givenName: "Anna" },
      },
    ]);
  });
  afterAll(() => test.drop());

  it("checks a Windows-1250 file with bad rows, refuses to import it, then imports the good rows only when asked", async () => {
    const bad = [
      "4;;Anna;1859;Łódź;Zgierz;",
      "5;Nowak;Jan;32.13.1858;Łódź;Zgierz;",
      "6;Nowak;Jan;1920;Łódź;Zgierz;",
      "1;Duplikat;X;1858;A;B;",
    ];
    const content = inCodePage(HEADER + [...GOOD, ...bad].join("\r\n") + "\r\n");
    const id = await upload(test, content);
    const before = (await getBatch(test.database, id))!;
    expect(before.analysis).toMatchObject({ encoding: "windows-1250", delimiter: ";" });
    expect(before.settings.columns).toEqual([
      "sourceKey",
      "surname",
      "givenName",
      "date",
      "place",
      "parish",
      "remarks",
    ]);

    const checked = await run(test, id, "check");
    expect(checked.status).toBe("checked");
    expect(checked.rows).toMatchObject({ total: 7, error: 4, new: 3 });
    const problems = await listProblems(test.database, id, 100);
    expect(problems.map((p) => [p.row, p.column])).toEqual([
      [5, "Nazwisko"],
      [6, "Data"],
      [7, "Data"],
      [8, "ID"],
    ]);
    expect(problems[2]!.message).toMatch(/1920 is outside this collection's years, 1833–1885/);
    expect(problems[3]!.message).toMatch(/also on row 2/);

    const refused = await startBatchJob(test.database, id, "import", "test", { wait: true });
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/4 rows have problems/) });
    expect(await collectionSize(test.database, collection)).toBe(1);

    await test.database.db
      .updateTable("import_batches")
      .set({ settings: JSON.stringify({ ...checked.settings, skipBadRows: true }) })
      .where("id", "=", id)
      .execute();
    const imported = await run(test, id, "import");
    expect(imported.status).toBe("imported");
    expect(imported.rows).toMatchObject({ new: 3, changed: 0, unchanged: 0, skipped: 4 });
    expect(await collectionSize(test.database, collection)).toBe(4);
    if (dialect === "postgres") expect(await postingsAllVisible(test)).toBe(true);

    const found = await find(test, "Slivinsky", "sounds");
    expect(found.rows.map((r) => r.data.surname)).toEqual(["Śliwiński"]);
    expect(found.rows[0]).toMatchObject({ year: 1858 });
    expect((await find(test, "Żak")).rows[0]?.data).toMatchObject({ date: "abt 1861", givenName: "Bogumił" });
    // Two names at once go through the postings' name signatures (decision 0046), which imported rows carry too.
    const { criteria } = parseCriteria(collection, new URLSearchParams({ surname: "Slivinsky", givenName: "Józef" }));
    const both = await searchCollection(test.database, collection, criteria, visitor);
    expect(both.rows.map((r) => r.data.surname)).toEqual(["Śliwiński"]);
  });

  it("imports the same file again as unchanged, a changed row as an update, and undoes each batch exactly", async () => {
    const first = await upload(test, HEADER + GOOD.join("\n").replace(/Bogumił/, "Gottlieb") + "\n");
    await run(test, first, "check");
    const again = await run(test, first, "import");
    expect(again.status).toBe("imported");
    expect(again.rows).toMatchObject({ new: 0, changed: 1, unchanged: 2 });
    expect((await find(test, "Żak")).rows[0]?.data.givenName).toBe("Gottlieb");
    expect(await collectionSize(test.database, collection)).toBe(4);

    const extra = await upload(test, `${HEADER}7;Schulz;Karl;1870;Rowno;Rowno;\n`);
    await run(test, extra, "check");
    await run(test, extra, "import");
    expect(await collectionSize(test.database, collection)).toBe(5);

    // The earlier batch cannot be undone while a later one stands.
    const early = await startBatchJob(test.database, first, "undo", "test", { wait: true });
    expect(early.ok).toBe(true);
    expect((await getBatch(test.database, first))!).toMatchObject({
      status: "imported",
      error: expect.stringMatching(/Undo import #\d+ first/),
    });

    expect((await run(test, extra, "undo")).status).toBe("undone");
    expect((await find(test, "Schulz")).total).toBe(0);
    if (dialect === "postgres") expect(await postingsAllVisible(test)).toBe(true);
    expect((await run(test, first, "undo")).status).toBe("undone");
    expect((await find(test, "Żak")).rows[0]?.data.givenName).toBe("Bogumił");
    expect(await collectionSize(test.database, collection)).toBe(4);
    // A name no record carries any more leaves the dictionary.
    const schulz = await test.database.db
      .selectFrom("name_values")
      .select("id")
      .where("value", "=", "schulz")
      .execute();
    expect(schulz).toEqual([]);
  });

  it("exports a collection that imports back as 0 new, 0 changed, hostile cells quoted (issue 26)", async () => {
    // A value that Excel with `;` as its list separator would split into a formula, and others a spreadsheet runs.
    await importRecords(test.database, [
      {
        collection: collection.id,
        date: { year: 1851, month: 3, day: 4 },
        julianDate: null,
        fields: { surname: "Kowalski;=1+1", givenName: '=HYPERLINK("x";"y")', place: '@Łódź, "Nowe"', remarks: "-1" },
      },
    ]);
    let csv = "";
    for await (const part of exportCollectionCsv(test.database, collection)) csv += part;
    const lines = csv.split("\r\n");
    expect(lines[0]).toMatch(/^\uFEFFsourceKey,date,julianDate,surname,givenName/);
    const hostile = lines.find((l) => l.includes("Kowalski"))!;
    expect(hostile).toContain(`,"Kowalski;=1+1","'=HYPERLINK(""x"";""y"")",`);
    expect(hostile).toContain(`,"'@Łódź, ""Nowe""",`);
    expect(hostile).toContain(",'-1");
    const id = await upload(test, csv);
    const checked = await run(test, id, "check");
    expect(checked.rows).toMatchObject({ total: 5, error: 0, new: 0, changed: 0, unchanged: 5 });
    expect((await run(test, id, "import")).rows).toMatchObject({ new: 0, changed: 0, unchanged: 5 });
    expect((await find(test, "Kowalski;=1+1", "exact")).rows[0]?.data).toMatchObject({
      givenName: '=HYPERLINK("x";"y")',
      remarks: "-1",
    });
  });
});
