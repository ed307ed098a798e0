import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/demo/seed.server";
import { StatementLog } from "~/db/statement-log.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { getCollection } from "./collections";
import { parseCriteria } from "./criteria";
import { type Tuning, countMatches, searchCollection } from "./engine.server";
import { SEARCH_QUERY_SET } from "./query-set";

/**
 * How many statements one search runs, per kind of search in bench:search's query set and per order (issue 30):
 * on PostgreSQL each is a round trip, so the count is pinned here and a search that makes more fails. The results
 * themselves are pinned too, as a fingerprint of every query's total and first two pages, so that cutting
 * statements cannot change what a search finds or its order unnoticed.
 */

const births = getCollection("stpete-birth")!;
const visitor = { isMember: false };
/** St. Petersburg demo records: enough that the common names have a few tiers and several years. */
const SEEDED_RECORDS = 20_000;
const ORDERS = ["relevance", "year"] as const;

/**
 * A date-ordered single name above this many results counts its page's years one by one (pageByYears): the
 * commonest names do at 1M records, none do at SEEDED_RECORDS unless the threshold is lowered.
 */
const YEAR_WALK: Tuning = { yearWalkMin: 10 };
const YEAR_WALK_QUERIES: Record<string, string>[] = [
  { surname: "Schmidt" },
  { givenName: "Johann" },
  { surname: "Schmidt", surnameMode: "exact" },
];

type Counts = Record<string, number[]>;

/** The statements per search on each dialect: the query set's kinds by order, then a year walk and counts alone. */
const PINNED: Record<string, Counts> = {
  sqlite: {
    exact: [3, 3, 3, 3, 3],
    "exact by date": [3, 3, 3, 3, 3],
    normalized: [3, 4, 3, 3, 3],
    "normalized by date": [3, 3, 3, 3, 3],
    starts: [3, 3, 3, 3, 3],
    "starts by date": [3, 3, 3, 3, 3],
    contains: [4, 3, 3, 3, 3],
    "contains by date": [3, 3, 3, 3, 3],
    sounds: [3, 5, 4, 3, 3],
    "sounds by date": [3, 3, 3, 3, 3],
    variants: [3, 3, 3, 3, 3],
    "variants by date": [3, 3, 3, 3, 3],
    "sounds+variants+years": [5, 5, 5, 1, 5],
    "sounds+variants+years by date": [3, 3, 3, 1, 3],
    parents: [5, 2, 2, 2, 2],
    "parents by date": [3, 2, 2, 2, 2],
    spouse: [5, 5, 5, 3, 5],
    "spouse by date": [3, 3, 3, 3, 3],
    "year walk": [6, 6, 6],
    "count alone": [2, 2, 2],
  },
  postgres: {
    exact: [5, 5, 5, 5, 5],
    "exact by date": [5, 5, 5, 5, 5],
    normalized: [5, 6, 5, 5, 5],
    "normalized by date": [5, 5, 5, 5, 5],
    starts: [5, 5, 5, 5, 5],
    "starts by date": [5, 5, 5, 5, 5],
    contains: [6, 5, 5, 5, 5],
    "contains by date": [5, 5, 5, 5, 5],
    sounds: [5, 7, 6, 5, 5],
    "sounds by date": [5, 5, 5, 5, 5],
    variants: [5, 5, 5, 5, 5],
    "variants by date": [5, 5, 5, 5, 5],
    "sounds+variants+years": [7, 7, 7, 3, 7],
    "sounds+variants+years by date": [5, 5, 5, 3, 5],
    parents: [7, 4, 4, 4, 4],
    "parents by date": [5, 4, 4, 4, 4],
    spouse: [7, 7, 7, 5, 7],
    "spouse by date": [5, 5, 5, 5, 5],
    "year walk": [8, 8, 8],
    "count alone": [4, 4, 4],
  },
};

/** sha1 of every query's totals and first two pages' ids, per kind and order: the same on both dialects. */
const FINGERPRINTS: Record<string, string> = {
  exact: "9c2d477cd25caa745d325528d3b45115cc4fd062",
  "exact by date": "9c2d477cd25caa745d325528d3b45115cc4fd062",
  normalized: "d3a2ebef67537bd1db8a14423aaa5394f3be1da1",
  "normalized by date": "233d080100e4090b9e5e53c37151bd5e868eb2f9",
  starts: "3d3192f03e4da9e0c817a1026a4e4c2e84650b23",
  "starts by date": "3d3192f03e4da9e0c817a1026a4e4c2e84650b23",
  contains: "216ba70a25df9e11978436f2f0e25f64017698b2",
  "contains by date": "8b7478bf490939551a2e26ebb35d36358a9a0be9",
  sounds: "1ae97917f3783dc9dcc689a375dd87fc4c61c277",
  "sounds by date": "82a51c87be878c210b5de150e4269ce90822de22",
  variants: "e8fc3c8974e081d9f13e9208606483917c46fdf3",
  "variants by date": "9afb545f5e74c9ce5c09e6f95f75ef6783a7d0a4",
  "sounds+variants+years": "9abfbca7e5d9669e62c6f33609620d070fbd27e4",
  "sounds+variants+years by date": "73ca9daf5884f9699de084e77f8740c758e01588",
  parents: "de2749f2a375ae96a89a97957a902d312e37fce5",
  "parents by date": "63b08f383cc4aa84a44f35be512941e3050c116e",
  spouse: "b2d3d74f9e379ff4024625dba9dd17dd6ee7d385",
  "spouse by date": "a705be0d9736fb2ecf2cf8c346f0a5d330814d0c",
  "year walk 0": "a0b07fb054f267d7aaaed7bab9898b2fa40618a6",
  "year walk 1": "4ca1e264457c5f2ea0a8e659d5d0d52a2f48b347",
  "year walk 2": "b9defd2fccae60ca5aec80c1b45e75cdff77f998",
};

for (const dialect of testDialects()) {
  describe(`statements per search on ${dialect}`, () => {
    const statements = new StatementLog(true);
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect, { log: statements.log });
      await seedDemoData(t.database, {
        records: SEEDED_RECORDS,
        sizes: { places: 60, lodz: 60, genealogy: 40 },
      });
    });
    afterAll(() => t.drop());

    async function counted(run: () => Promise<unknown>): Promise<number> {
      statements.reset();
      await run();
      return statements.count;
    }

    it("runs no more statements than pinned, and finds the same records in the same order", async () => {
      const counts: Counts = {};
      const prints: Record<string, string> = {};
      for (const [name, set] of Object.entries(SEARCH_QUERY_SET)) {
        const collection = set.collection ?? births;
        for (const order of ORDERS) {
          const key = order === "year" ? `${name} by date` : name;
          const hash = createHash("sha1");
          counts[key] = [];
          for (const params of set.params) {
            const criteriaOf = (page: number) => {
              const parsed = parseCriteria(
                collection,
                new URLSearchParams({ ...params, sort: order, page: String(page) }),
              );
              expect(parsed.errors).toEqual({});
              return parsed.criteria;
            };
            let first: Awaited<ReturnType<typeof searchCollection>> | undefined;
            counts[key].push(
              await counted(async () => {
                first = await searchCollection(t.database, collection, criteriaOf(1), visitor);
              }),
            );
            const second = await searchCollection(t.database, collection, criteriaOf(2), visitor);
            hash.update(JSON.stringify([first!.total, first!.rows.map((r) => r.id), second.rows.map((r) => r.id)]));
          }
          prints[key] = hash.digest("hex");
        }
      }
      for (const [i, params] of YEAR_WALK_QUERIES.entries()) {
        const { criteria } = parseCriteria(births, new URLSearchParams({ ...params, sort: "year" }));
        (counts["year walk"] ??= []).push(
          await counted(() => searchCollection(t.database, births, criteria, visitor, YEAR_WALK)),
        );
        const r = await searchCollection(t.database, births, criteria, visitor, YEAR_WALK);
        prints[`year walk ${i}`] = createHash("sha1")
          .update(JSON.stringify([r.total, r.rows.map((row) => row.id)]))
          .digest("hex");
      }
      for (const params of YEAR_WALK_QUERIES) {
        const { criteria } = parseCriteria(births, new URLSearchParams(params));
        (counts["count alone"] ??= []).push(await counted(() => countMatches(t.database, births, criteria, visitor)));
      }
      if (process.env.PRINT_STATEMENTS) console.log(dialect, JSON.stringify(counts), JSON.stringify(prints));
      expect(prints).toEqual(FINGERPRINTS);
      expect(counts).toEqual(PINNED[dialect]);
    });
  });
}
