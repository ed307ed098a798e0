import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "~/search/collections";
import { collectionSize } from "~/search/engine.server";
import { createBatch, getBatch } from "./batches.server";
import { matchHeaders } from "./fields";
import { startBatchJob } from "./jobs.server";
import { analyseXlsx, readXlsxRows } from "./xlsx.server";
import { listProblems } from "~/jobs/batch-rows.server";

const dir = mkdtempSync(path.join(tmpdir(), "metryka-xlsx-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const collection = getCollection("volhynian-death")!;

async function workbook(): Promise<string> {
  const book = new ExcelJS.Workbook();
  const notes = book.addWorksheet("Notes");
  notes.addRow(["Read me first"]);
  const deaths = book.addWorksheet("Zgony");
  deaths.addRow(["ID", "Фамилия", "Имя", "Дата", "Возраст"]);
  deaths.addRow([
    "a1",
    "Шмидт",
    { richText: [{ text: "Эрнес" }, { text: "тина" }] },
    new Date(Date.UTC(1911, 5, 6)),
    37,
  ]);
  deaths.addRow(["a2", "Радке", "Иоганн", "18/31 Mar 1903", 2]);
  deaths.addRow(["a3", "Фенске", "Ева", "1950", 80]);
  const file = path.join(dir, "book.xlsx");
  await book.xlsx.writeFile(file);
  return file;
}

describe("Excel workbooks", () => {
  it("read a chosen sheet's rows as the text a volunteer sees, and name every sheet", async () => {
    const file = await workbook();
    const analysed = await analyseXlsx(file, "Zgony");
    expect(analysed.ok).toBe(true);
    if (!analysed.ok) return;
    expect(analysed.analysis).toMatchObject({ sheets: ["Notes", "Zgony"], sheet: "Zgony", approximateRows: 3 });
    expect(analysed.analysis.headers).toEqual(["ID", "Фамилия", "Имя", "Дата", "Возраст"]);
    const rows = [];
    for await (const row of readXlsxRows(file, "Zgony")) rows.push(row);
    expect(rows[1]).toEqual({ row: 2, cells: ["a1", "Шмидт", "Эрнестина", "1911-06-06", "37"] });
    expect((await analyseXlsx(file)).ok && (await analyseXlsx(file))).toMatchObject({ analysis: { sheet: "Notes" } });
  });

  it("refuse a file that is not a workbook, and a sheet that is not there", async () => {
    const fake = path.join(dir, "fake.xlsx");
    writeFileSync(fake, "PK\u0003\u0004 not really");
    expect(await analyseXlsx(fake)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not an Excel workbook/),
    });
    expect(await analyseXlsx(await workbook(), "Births")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no sheet “Births”/),
    });
  });
});

/**
 * The workbook's zip with its entries in another order: `first` at the start in that order, then the others as
 * they were. exceljs writes the sheets before the shared strings and the workbook part last; other programs differ.
 */
async function reordered(file: string, first: readonly string[], compression: "STORE" | "DEFLATE"): Promise<string> {
  const zip = await JSZip.loadAsync(readFileSync(file));
  const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
  const out = new JSZip();
  for (const name of [...first, ...names.filter((n) => !first.includes(n))]) {
    out.file(name, await zip.files[name]!.async("nodebuffer"));
  }
  const target = path.join(dir, `reordered-${first.map((p) => path.basename(p)).join("-")}-${compression}.xlsx`);
  writeFileSync(target, await out.generateAsync({ type: "nodebuffer", compression }));
  return target;
}

describe("a workbook's parts in any order", () => {
  const WORKBOOK = "xl/workbook.xml";
  const RELS = "xl/_rels/workbook.xml.rels";
  const SHARED = "xl/sharedStrings.xml";
  const orders = [
    // The probe's: the workbook part before the sheets, the shared strings after them.
    [WORKBOOK, RELS, "xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml", SHARED],
    [RELS, "xl/worksheets/sheet2.xml", SHARED, WORKBOOK],
    ["xl/worksheets/sheet2.xml", "xl/worksheets/sheet1.xml", WORKBOOK, SHARED, RELS],
  ];
  it.each(orders.flatMap((order) => (["STORE", "DEFLATE"] as const).map((c) => [order, c] as const)))(
    "read the same text whatever the order (%j, %s)",
    async (order, compression) => {
      const file = await reordered(await workbook(), order, compression);
      const sheets: string[] = [];
      const rows = [];
      for await (const row of readXlsxRows(file, "Zgony", (name) => sheets.push(name))) rows.push(row);
      expect(new Set(sheets)).toEqual(new Set(["Notes", "Zgony"]));
      expect(rows[0]).toEqual({ row: 1, cells: ["ID", "Фамилия", "Имя", "Дата", "Возраст"] });
      expect(rows[1]).toEqual({ row: 2, cells: ["a1", "Шмидт", "Эрнестина", "1911-06-06", "37"] });
      const analysed = await analyseXlsx(file, "Zgony");
      expect(analysed.ok && analysed.analysis.sample[1]).toEqual(["a2", "Радке", "Иоганн", "18/31 Mar 1903", "2"]);
    },
  );

  it("refuse a sheet of more than 500 columns in a sentence", async () => {
    const book = new ExcelJS.Workbook();
    const wide = book.addWorksheet("Wide");
    wide.addRow(Array.from({ length: 501 }, (_, i) => `c${i}`));
    wide.addRow(Array.from({ length: 501 }, () => "x"));
    const file = path.join(dir, "wide.xlsx");
    await book.xlsx.writeFile(file);
    expect(await analyseXlsx(file)).toEqual({
      ok: false,
      message: expect.stringMatching(/^The file has 501 columns; an import reads at most 500\./),
      say: { key: "refusal.tooManyColumns", values: { count: 501, n: 501, max: 500 } },
    });
  });
});

describe.each(testDialects())("an Excel import (%s)", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test.drop());

  it("checks and imports a sheet like a CSV file", async () => {
    const file = await workbook();
    const analysed = await analyseXlsx(file, "Zgony");
    if (!analysed.ok) throw new Error(analysed.message);
    const { analysis } = analysed;
    const id = await createBatch(test.database, {
      kind: "records",
      target: collection.id,
      fileName: "book.xlsx",
      filePath: file,
      format: "xlsx",
      analysis,
      settings: {
        encoding: "utf-8",
        delimiter: ",",
        columns: matchHeaders(analysis.headers, collection),
        calendar: "gregorian",
        skipBadRows: true,
        sheet: "Zgony",
      },
      createdBy: null,
      createdByName: "test",
    });
    expect((await startBatchJob(test.database, id, "check", "test", { wait: true })).ok).toBe(true);
    expect((await getBatch(test.database, id))!.rows).toMatchObject({ total: 3, error: 1, new: 2 });
    expect((await listProblems(test.database, id, 10))[0]).toMatchObject({ row: 4, column: "Дата" });
    expect((await startBatchJob(test.database, id, "import", "test", { wait: true })).ok).toBe(true);
    expect((await getBatch(test.database, id))!).toMatchObject({ status: "imported", rows: { new: 2, skipped: 1 } });
    expect(await collectionSize(test.database, collection)).toBe(2);
  });
});
