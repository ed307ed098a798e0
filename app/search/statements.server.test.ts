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
const SEEDED_RECORDS = 3_000;
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
    exact: [4, 4, 4, 4, 4],
    "exact by date": [3, 3, 3, 3, 3],
    normalized: [4, 6, 4, 4, 4],
    "normalized by date": [3, 3, 3, 3, 3],
    starts: [4, 4, 4, 4, 4],
    "starts by date": [3, 3, 3, 3, 3],
    contains: [6, 4, 4, 4, 4],
    "contains by date": [3, 3, 3, 3, 3],
    sounds: [10, 12, 12, 10, 12],
    "sounds by date": [7, 7, 7, 7, 7],
    variants: [7, 7, 7, 7, 7],
    "variants by date": [6, 6, 6, 6, 6],
    "sounds+variants+years": [12, 10, 13, 9, 10],
    "sounds+variants+years by date": [11, 10, 11, 9, 10],
    parents: [14, 15, 14, 15, 15],
    "parents by date": [14, 15, 14, 15, 15],
    spouse: [11, 16, 14, 10, 10],
    "spouse by date": [11, 15, 12, 10, 10],
    "year walk": [62, 16, 58],
    "count alone": [6, 5, 2],
  },
  postgres: {
    exact: [7, 7, 7, 7, 7],
    "exact by date": [6, 6, 6, 6, 6],
    normalized: [7, 9, 7, 7, 7],
    "normalized by date": [6, 6, 6, 6, 6],
    starts: [7, 7, 7, 7, 7],
    "starts by date": [6, 6, 6, 6, 6],
    contains: [9, 7, 7, 7, 7],
    "contains by date": [6, 6, 6, 6, 6],
    sounds: [13, 15, 15, 13, 15],
    "sounds by date": [10, 10, 10, 10, 10],
    variants: [10, 10, 10, 10, 10],
    "variants by date": [9, 9, 9, 9, 9],
    "sounds+variants+years": [15, 13, 16, 12, 13],
    "sounds+variants+years by date": [14, 13, 14, 12, 13],
    parents: [17, 18, 17, 18, 18],
    "parents by date": [17, 18, 17, 18, 18],
    spouse: [14, 19, 17, 13, 13],
    "spouse by date": [14, 18, 15, 13, 13],
    "year walk": [65, 19, 61],
    "count alone": [9, 8, 5],
  },
};

/** sha1 of every query's totals and first two pages' ids, per kind and order: the same on both dialects. */
const FINGERPRINTS: Record<string, string> = {
  exact: "0a81448bc4c60d71a6cd4e7c69e2dfeb55aa6e86",
  "exact by date": "0a81448bc4c60d71a6cd4e7c69e2dfeb55aa6e86",
  normalized: "740e08466f0a5887984cea28547371f77a605ac1",
  "normalized by date": "684a7c589d9a7df9932c0d9714a6674ece2882e2",
  starts: "ac4e98bde0c72959327ec2200757e266238b5fe3",
  "starts by date": "ac4e98bde0c72959327ec2200757e266238b5fe3",
  contains: "bc656b6e34c9ffe5a0da0b9082b88ee7f74f7c11",
  "contains by date": "724fda21e5c47b5561cd7f4a07cfff5eccf75e6b",
  sounds: "efad0c31ea26b6324f4aef3b3221674c12ed59f8",
  "sounds by date": "813aef1a56dc14fe4b9a8e6d6b6aa4974642828b",
  variants: "1359c79953f5b2ea08dce7d4b7f9d2cd0eaee810",
  "variants by date": "8a17abba3c15b1f272f0f7a64ac841dba77b0390",
  "sounds+variants+years": "cbe620f3ca17270bb38152cca509c9db5ae2182b",
  "sounds+variants+years by date": "cbe620f3ca17270bb38152cca509c9db5ae2182b",
  parents: "c15b0fd28023ac45d328329f48cb1fe6580e42bf",
  "parents by date": "c15b0fd28023ac45d328329f48cb1fe6580e42bf",
  spouse: "d83d16e2298be45d2c7f786bb4937b4cb68ad087",
  "spouse by date": "87d2e8cf1965c9fdbfd2330e3588c28b17b87bd5",
  "year walk 0": "d21e4dafa8d3da840c225875c345953a3c407f40",
  "year walk 1": "15bd9ed8f1d69d15779b61521179b5ab9b3ed63c",
  "year walk 2": "e280acc78b64a0beb97192674b2d40a20491d99b",
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
