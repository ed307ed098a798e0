import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { startRuntime, stopRuntime } from "~/server/runtime.server";
import { callRoute } from "~/testing/server-build";
import { outcome } from "~/testing/outcome";

const call = (url: string) => outcome(() => callRoute(new Request(url)));

for (const dialect of testDialects()) {
  describe(`search page loader on ${dialect}`, () => {
    let dataDir: string;
    let pg: TestDatabase | undefined;
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-loader-"));
      process.env.DATA_DIR = dataDir;
      process.env.SEED_RECORDS = "3000";
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
