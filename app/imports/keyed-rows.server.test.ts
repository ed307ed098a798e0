import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "~/search/collections";
import { getBatch } from "./batches.server";
import { startBatchJob } from "./jobs.server";
import { createRecordCsvBatch } from "./csv-batches.server";
import { importRecordBatch } from "./records.server";
import { KEYED_CHUNK_ROWS } from "./keyed-chunk";
import { keyedRows } from "./keyed-rows.server";

/**
 * Decision 0045: a large import reads and keys its rows on a worker thread. Whatever thread keyed them, an import
 * must leave the database exactly as the import on the main thread does: the same records under the same ids, the
 * same dictionary (ids, counts, codes), postings and source keys, for new, changed and left-out rows alike.
 */

const collection = getCollection("stpete-birth")!;
const dir = mkdtempSync(path.join(tmpdir(), "metryka-keyed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = "ID;Surname;Given name;Father's given name;Date;Julian date;Place;Parish;Remarks\n";
const SURNAMES = ["Schmidt", "Müller", "Śliwiński", "Kowalczyk-Nowak", "Żak", "Radke", "Nowak", "Fischer"];
const GIVEN = ["Anna", "Johann Gottlieb", "Józef", "Małgorzata", "Karl", "Eva Maria"];
const PLACES = ["Łódź", "Zduńska Wola", "Rowno", "Nowograd-Wolynsk", "Shitomir"];

function rows(from: number, to: number, variant = ""): string {
  const lines: string[] = [];
  for (let i = from; i < to; i++) {
    const surname = SURNAMES[i % SURNAMES.length]! + (i % 7 === 0 ? `${variant}${i % 50}` : "");
    const date = i % 5 === 0 ? `${1840 + (i % 40)}` : `1${i % 9}.0${1 + (i % 9)}.${1840 + (i % 40)}`;
    const julian = i % 6 === 0 ? `${1 + (i % 27)} Feb ${1840 + (i % 40)}` : "";
    lines.push(
      `k${i};${surname};${GIVEN[i % GIVEN.length]};${GIVEN[(i + 1) % GIVEN.length]};${date};${julian};${PLACES[i % PLACES.length]};St. ${PLACES[(i + 2) % PLACES.length]};${i % 3 ? "" : "remark"}`,
    );
  }
  return lines.join("\n");
}

let files = 0;
async function importFile(test: TestDatabase, content: string, worker: boolean) {
  const file = path.join(dir, `f${files++}.csv`);
  writeFileSync(file, content);
  const { id } = await createRecordCsvBatch(test.database, collection, file, { skipBadRows: true });
  const checked = await startBatchJob(test.database, id, "check", "test", { wait: true });
  if (!checked.ok) throw new Error(checked.message);
  await importRecordBatch(test.database, (await getBatch(test.database, id))!, () => {}, { worker });
  return (await getBatch(test.database, id))!;
}

/** Every table an import writes, in a fixed order. */
async function contents(test: TestDatabase) {
  const { db } = test.database;
  const numbers = <T extends object>(rows: T[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])));
  return {
    records: numbers(await db.selectFrom("records").selectAll().orderBy("id").execute()),
    values: numbers(await db.selectFrom("name_values").selectAll().orderBy("id").execute()),
    codes: numbers(
      await db
        .selectFrom("name_codes")
        .selectAll()
        .orderBy("value_id")
        .orderBy("kind")
        .orderBy("code")
        .orderBy("field")
        .execute(),
    ),
    postings: numbers(
      await db.selectFrom("postings").selectAll().orderBy("value_id").orderBy("year").orderBy("record_id").execute(),
    ),
    sources: numbers(
      await db.selectFrom("record_sources").select(["record_id", "source_key"]).orderBy("record_id").execute(),
    ),
  };
}

describe.each(testDialects())("an import keyed on a worker thread (%s)", (dialect) => {
  let here: TestDatabase;
  let worker: TestDatabase;
  beforeAll(async () => {
    [here, worker] = await Promise.all([createTestDatabase(dialect), createTestDatabase(dialect)]);
  });
  afterAll(async () => {
    await Promise.all([here.drop(), worker.drop()]);
  });

  it("writes what the import on the main thread writes: new rows, rows left out, then changed and unchanged ones", async () => {
    // Rows left out: a year outside the collection's, an empty surname, a source key repeated.
    const bad = ["bad1;Nowak;Jan;;1920;;Łódź;;", "bad2;;Anna;;1850;;Łódź;;", "k3;Again;Anna;;1850;;Łódź;;"];
    const first = HEADER + [rows(0, 4500), ...bad].join("\n") + "\n";
    // The second file changes some rows (new spellings make new dictionary values), keeps the others, adds more.
    const second = HEADER + [rows(0, 3000), rows(3000, 4500, "x"), rows(4500, 6000)].join("\n") + "\n";
    for (const [content, counts] of [
      [first, { new: 4500, changed: 0, unchanged: 0, skipped: 3 }],
      [second, { new: 1500, changed: 214, unchanged: 4286, skipped: 0 }],
    ] as const) {
      const inline = await importFile(here, content, false);
      const keyed = await importFile(worker, content, true);
      expect(keyed.status).toBe("imported");
      expect(inline.rows).toMatchObject(counts);
      expect(keyed.rows).toEqual(inline.rows);
      const [a, b] = await Promise.all([contents(here), contents(worker)]);
      expect(b.records.length).toBe(a.records.length);
      expect(b).toEqual(a);
      // The first import, larger than the table, dropped the browse index and made it again.
      if (dialect === "sqlite") {
        const indexes = await sql<{
          sql: string;
        }>`select sql from sqlite_master where name = 'records_collection_date'`.execute(worker.database.db);
        expect(indexes.rows.map((r) => r.sql.replace(/["\s]/g, ""))).toEqual([
          "CREATEINDEXrecords_collection_dateonrecords(collection,date_sort,id)",
        ]);
      }
    }
  });
});

// Decision 0049: the chunks wait in a port until the writer takes one, the worker at most IN_FLIGHT chunks ahead;
// while none is ready the writer's own work runs. Rows must still come in the file's order, each once.
describe("the rows of a worker", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
  });
  afterAll(() => test.drop());

  async function requestFor(content: string) {
    const file = path.join(dir, `f${files++}.csv`);
    writeFileSync(file, content);
    const { id } = await createRecordCsvBatch(test.database, collection, file, { skipBadRows: true });
    const batch = (await getBatch(test.database, id))!;
    return {
      filePath: batch.filePath,
      settings: batch.settings,
      headers: batch.analysis.headers,
      collection: collection.id,
      nextValueId: 1,
      dictionary: [],
    };
  }

  it("come in order, each once, to a writer slower than the worker, which works while it waits", async () => {
    const total = 20_000;
    const request = await requestFor(HEADER + rows(0, total) + "\n");
    let waits = 0;
    let chunks = 0;
    const seen: number[] = [];
    const keys = new Set<string>();
    // A writer that has work for a few turns whenever it waits, and that now and then stops for a while, so the
    // worker fills every place ahead of it.
    const whileWaiting = () => ++waits % 4 !== 0;
    for await (const row of keyedRows(request, () => chunks++, whileWaiting)) {
      seen.push(row.row);
      keys.add(row.sourceKey!);
      expect(row.problems).toEqual([]);
      if (seen.length % 5000 === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => i + 2));
    expect(keys.size).toBe(total);
    expect(chunks).toBe(Math.ceil(total / KEYED_CHUNK_ROWS));
    expect(waits).toBeGreaterThan(0);
  });

  it("stop with the worker's own message when it cannot read the file", async () => {
    const request = await requestFor(HEADER + rows(0, 10) + "\n");
    const read = async () => {
      for await (const _ of keyedRows({ ...request, filePath: path.join(dir, "gone.csv") }, () => {})) {
        // Nothing comes.
      }
    };
    await expect(read()).rejects.toThrow(/gone\.csv/);
  });
});
