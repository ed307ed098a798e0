import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { startRuntime, stopRuntime } from "~/server/runtime.server";
import { callRoute } from "~/testing/server-build";
import { outcome } from "~/testing/outcome";
import { DEFAULT_DEMO_SEED, generateRecords } from "~/demo/generator";
import { romanize } from "~/names/romanize";

const call = (url: string) => outcome(() => callRoute(new Request(url)));
const SEED_RECORDS = 3000;
const CYRILLIC = /[\u0400-\u04FF]/u;

/** The first St. Petersburg birth of the demo seed written in Cyrillic, and its id (the seed's first records). */
function firstCyrillicBirth() {
  const records = [...generateRecords({ seed: DEFAULT_DEMO_SEED, count: SEED_RECORDS })];
  const index = records.findIndex((r) => r.collection === "stpete-birth" && CYRILLIC.test(r.fields.surname ?? ""));
  return { id: index + 1, surname: records[index]!.fields.surname!, givenName: records[index]!.fields.givenName! };
}

interface Hint {
  parts: { text: string; lang?: string }[];
  latin: string;
  lang: string;
}

for (const dialect of testDialects()) {
  describe(`search page loader on ${dialect}`, () => {
    let dataDir: string;
    let pg: TestDatabase | undefined;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-loader-"));
      process.env.DATA_DIR = dataDir;
      process.env.SEED_RECORDS = String(SEED_RECORDS);
      if (dialect === "postgres") {
        pg = await createTestDatabase("postgres");
        process.env.DATABASE_URL = pg.url;
      } else {
        delete process.env.DATABASE_URL;
      }
      await startRuntime();
    });
    afterAll(async () => {
      await stopRuntime();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("answers a search with rows, chips and an export link", async () => {
      const { status, body } = await call("http://x/stpete/birth/search?surname=Schmidt&perPage=10");
      expect(status).toBe(200);
      const data = body as { result: { total: number; rows: unknown[]; chips: unknown[]; exportHref: string } };
      expect(data.result.total).toBeGreaterThan(0);
      expect(data.result.rows.length).toBeLessThanOrEqual(10);
      expect(data.result.chips).toHaveLength(1);
      expect(data.result.exportHref).toBe("/stpete/birth/export.csv?surname=Schmidt");
    });

    it("answers 400 with the messages for bad criteria", async () => {
      const { status, body } = await call("http://x/stpete/birth/search?yearFrom=abc&surname=Kühn");
      expect(status).toBe(400);
      expect(body).toMatchObject({
        errors: { yearFrom: expect.any(String) },
        values: { surname: "Kühn" },
        result: null,
      });
    });

    it("answers a search too broad to answer with 400 and what to change beside its fields (issue 26)", async () => {
      const probe =
        "surname=a&surnameMode=contains&givenName=a&givenNameMode=contains&place=a&placeMode=contains" +
        "&fatherGivenName=a&fatherGivenNameMode=contains&motherGivenName=a&motherGivenNameMode=contains";
      const answered = await call(`http://x/stpete/birth/search?${probe}`);
      expect(answered.status).toBe(200);
      process.env.SEARCH_MAX_POSTINGS = "1000";
      try {
        const { status, body } = await call(`http://x/stpete/birth/search?${probe}`);
        expect(status).toBe(400);
        const data = body as { errors: Record<string, string>; values: Record<string, string>; result: null };
        expect(data.result).toBeNull();
        expect(data.values).toMatchObject({ surname: "a", givenName: "a", place: "a" });
        const messages = Object.values(data.errors);
        expect(messages.length).toBeGreaterThan(0);
        for (const m of messages)
          expect(m).toMatch(/^Make the search narrower: “a” \(contains\) is in about [\d,]+ names/);
        // The export of the same search says so too, before any row is written.
        const exported = (await callRoute(new Request(`http://x/stpete/birth/export.csv?${probe}`))) as Response;
        expect(exported.status).toBe(400);
        expect(await exported.text()).toMatch(/Make the search narrower/);
        // The search of all records, on its own fields.
        const all = await call("http://x/Search?surname=a&surnameMode=contains&givenName=a&givenNameMode=contains");
        expect(all.status).toBe(400);
        expect(Object.values((all.body as { errors: Record<string, string> }).errors).join()).toMatch(
          /Make the search narrower/,
        );
      } finally {
        delete process.env.SEARCH_MAX_POSTINGS;
      }
    });

    it("gives a value in Cyrillic a hint in the reader's Latin letters, and a Russian reader none (decision 0074)", async () => {
      const birth = firstCyrillicBirth();
      const query = `surname=${encodeURIComponent(birth.surname)}&surnameMode=exact`;
      const results = (lng: string) => call(`http://x/stpete/birth/search?${query}&lng=${lng}`);
      const german = (await results("de")).body as {
        result: { rows: { id: number; cells: string[]; scripts: Record<number, Hint> }[] };
      };
      const row = german.result.rows.find((r) => r.id === birth.id)!;
      expect(row.cells[0]).toBe(birth.surname);
      expect(row.scripts[0]).toEqual({
        parts: [{ text: birth.surname, lang: "ru" }],
        latin: romanize(birth.surname, "german"),
        lang: "de-Latn",
      });
      const russian = (await results("ru")).body as typeof german;
      expect(russian.result.rows.find((r) => r.id === birth.id)!.scripts).toEqual({});

      const record = async (lng: string) =>
        (await call(`http://x/stpete/birth/record/${birth.id}?lng=${lng}`)).body as {
          record: { subjectScript: Hint | null; fields: { value: string; script?: Hint }[] };
        };
      const polish = await record("pl");
      const surname = polish.record.fields.find((f) => f.value === birth.surname)!;
      expect(surname.script).toMatchObject({ latin: romanize(birth.surname, "polish"), lang: "pl-Latn" });
      expect(polish.record.subjectScript?.latin).toBe(romanize(`${birth.givenName} ${birth.surname}`, "polish"));
      const inRussian = await record("ru");
      expect(inRussian.record.subjectScript).toBeNull();
      expect(inRussian.record.fields.filter((f) => f.script)).toEqual([]);
    });

    it("never fails with a 500, whatever the query string", async () => {
      const keys = [
        "surname",
        "surnameMode",
        "givenName",
        "givenNameMode",
        "place",
        "placeMode",
        "parish",
        "yearFrom",
        "yearTo",
        "page",
        "perPage",
        "sort",
      ];
      const modes = ["exact", "normalized", "starts", "contains", "sounds", "variants"];
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.tuple(
              fc.constantFrom(...keys),
              fc.oneof(
                fc.string({ unit: "grapheme", maxLength: 120 }),
                fc.constantFrom(...modes),
                fc.integer().map(String),
              ),
            ),
            { maxLength: 6 },
          ),
          fc.constantFrom("birth", "death", "marriage"),
          async (pairs, kind) => {
            const qs = new URLSearchParams(pairs).toString();
            const { status } = await call(`http://x/stpete/${kind}/search?${qs}`);
            expect([200, 400]).toContain(status);
          },
        ),
        { numRuns: dialect === "sqlite" ? 300 : 100 },
      );
    });
  });
}
