import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "~/search/collections";
import { collectionSize } from "~/search/engine.server";
import { getBatch } from "./batches.server";
import { createRecordCsvBatch } from "./csv-batches.server";
import { analyseCsv } from "./file.server";
import { startBatchJob } from "./jobs.server";
import { inCodePage } from "./test-files";
import { listProblems } from "~/jobs/batch-rows.server";

/**
 * Issue 26 point 5: what a check passes imports. A quote that never closes, a NUL byte after the part the upload
 * reads, rows of UTF-8 in a Windows-1250 file, a cell far too long: each is found by the check, by row and column,
 * alike on SQLite and PostgreSQL.
 */

const collection = getCollection("stpete-birth")!;
const dir = mkdtempSync(path.join(tmpdir(), "metryka-file-checks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(content: Buffer | string): string {
  const name = path.join(dir, `f${files++}.csv`);
  writeFileSync(name, content);
  return name;
}

const HEADER = "ID;Nazwisko;Imię;Data;Parafia;Uwagi";
/** Rows long enough that row 40 is well after the first 4 KB the upload looks at for binary content. */
const rows = (count: number, tag: string) =>
  Array.from(
    { length: count },
    (_, i) => `${tag}${i + 2};Kowalski${i};Jan;${1850 + (i % 30)};Zgierz;${"x".repeat(150)}`,
  );

describe.each(testDialects())("the checks of a file (%s)", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test.drop());

  async function run(id: number, phase: "check" | "import") {
    const started = await startBatchJob(test.database, id, phase, "test", { wait: true });
    if (!started.ok) throw new Error(started.message);
    return (await getBatch(test.database, id))!;
  }

  it("fail on a quote that never closes, by its row and column, and the file cannot be imported", async () => {
    const lines = [HEADER, ...rows(29, "q")];
    lines[20] = lines[20]!.replace(/;x+$/, ';"unclosed remark');
    const { id } = await createRecordCsvBatch(test.database, collection, file(`${lines.join("\n")}\n`));
    const checked = await run(id, "check");
    expect(checked.status).toBe("failed");
    expect(checked.error).toMatch(/^Row 21, column “Uwagi”: a quote \("\) opens this cell and is never closed/);
    expect(checked.error).toContain("the 9 lines after it");
    expect(checked.checked).toBe(false);
    const refused = await startBatchJob(test.database, id, "import", "test", { wait: true });
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(/cannot be imported|Check the file/) });
    expect(await collectionSize(test.database, collection)).toBe(0);
  });

  it("refuse a NUL byte after the first 4 KB at the check, then import the other rows (PostgreSQL stores no NUL)", async () => {
    const lines = [HEADER, ...rows(60, "n")];
    lines[40] = lines[40]!.replace("Kowalski39", "Kowal\0ski39");
    const path = file(`${lines.join("\n")}\n`);
    expect(Buffer.from(lines.slice(0, 40).join("\n")).length).toBeGreaterThan(4096);
    const { id } = await createRecordCsvBatch(test.database, collection, path, { skipBadRows: true });
    const checked = await run(id, "check");
    expect(checked.rows).toMatchObject({ total: 60, error: 1 });
    expect(await listProblems(test.database, id, 10)).toEqual([
      {
        row: 41,
        column: "Nazwisko",
        message: expect.stringMatching(/^This cell holds a NUL character/),
        say: { key: "problems.nul", values: {} },
      },
    ]);
    const imported = await run(id, "import");
    expect(imported).toMatchObject({ status: "imported", error: null, rows: { new: 59, skipped: 1 } });
  });

  it("warn of each row of UTF-8 in a Windows-1250 file, by row, without keeping it out", async () => {
    const polish = [HEADER, "w2;Śliwiński;Józef;1858;Łódź;", "w3;Wiśniewska;Małgorzata;1860;Zgierz;"];
    const utf8 = ["w4;Zieliński;Jan;1861;Łęczna;", "w5;Kowalski;Jan;1862;Zgierz;", "w6;Żak;Bogumił;1863;Zgierz;"];
    const content = Buffer.concat([
      inCodePage(`${polish.join("\n")}\n`),
      Buffer.from(`${utf8.join("\n")}\n`, "utf8"),
      inCodePage("w7;Łukasik;Piotr;1864;Zgierz;\n"),
    ]);
    const { id, analysis } = await createRecordCsvBatch(test.database, collection, file(content));
    expect(analysis.encoding).toBe("windows-1250");
    const checked = await run(id, "check");
    expect(checked.rows).toMatchObject({ total: 6, error: 0 });
    expect(checked.analysis.warningRows).toBe(2);
    expect(checked.analysis.warnings).toEqual([
      {
        row: 4,
        column: "Nazwisko",
        message: expect.stringContaining("it would read “Zieliński”"),
        say: { key: "problems.misread", values: { text: expect.any(String), read: "Zieliński" } },
      },
      {
        row: 6,
        column: "Nazwisko",
        message: expect.stringContaining("it would read “Żak”"),
        say: { key: "problems.misread", values: { text: expect.any(String), read: "Żak" } },
      },
    ]);
  });

  it("say one thing of a cell far too long, not also that it is empty", async () => {
    const lines = [HEADER, `l2;${"K".repeat(1_000_003)};Jan;1858;Zgierz;`, "l3;Nowak;Jan;1859;Zgierz;"];
    const { id } = await createRecordCsvBatch(test.database, collection, file(`${lines.join("\n")}\n`));
    await run(id, "check");
    expect(await listProblems(test.database, id, 10)).toEqual([
      {
        row: 2,
        column: "Nazwisko",
        message: "The value is 1,000,003 characters long; a cell may hold at most 4,000",
        // Kept with its key and values: a page in another language says it in its own words and numbers.
        say: { key: "problems.tooLong", values: { length: 1_000_003, max: 4000 } },
      },
    ]);
  });
});

describe("the upload's reading of a CSV file", () => {
  it("refuses a small file whose quote never closes, by row and column", async () => {
    const lines = [HEADER, ...rows(29, "s")];
    lines[1] = lines[1]!.replace(/;x+$/, ';"never closed');
    expect(await analyseCsv(file(`${lines.join("\n")}\n`))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Row 2, column “Uwagi”: .* the 28 lines after it were read into this one cell/),
      say: { key: "file.problems.unclosedLines", values: { row: 2, column: "Uwagi", count: 28 } },
    });
  });

  it("refuses more than 500 columns in a sentence", async () => {
    const header = Array.from({ length: 600 }, (_, i) => `c${i}`).join(",");
    expect(await analyseCsv(file(`${header}\n${header}\n`))).toEqual({
      ok: false,
      message: expect.stringMatching(/^The file has 600 columns; an import reads at most 500\./),
      say: { key: "refusal.tooManyColumns", values: { count: 600, n: 600, max: 500 } },
    });
  });
});
