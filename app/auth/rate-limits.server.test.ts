import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "~/db/connection.server";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { perMinuteLimit } from "~/config/search-limits";
import { RATE_LIMITS, hitRateLimit, rateLimitMessage, requireWithinRateLimit } from "./rate-limits.server";

const T0 = Date.parse("2026-11-25T10:00:00Z");

/** The limits as the site has them: vitest.config.ts turns the search limit off for the route tests. */
function withSiteLimits() {
  let saved: string | undefined;
  beforeAll(() => {
    saved = process.env.RATE_LIMIT_SEARCHES_PER_MINUTE;
    delete process.env.RATE_LIMIT_SEARCHES_PER_MINUTE;
  });
  afterAll(() => {
    if (saved !== undefined) process.env.RATE_LIMIT_SEARCHES_PER_MINUTE = saved;
  });
}

describe("the rate limits", () => {
  withSiteLimits();

  it("are named constants, each far above what one person does", () => {
    expect(RATE_LIMITS).toEqual({
      signUp: { max: 10, windowMs: 3_600_000 },
      accountHelp: { max: 20, windowMs: 3_600_000 },
      refresh: { max: 300, windowMs: 60_000 },
      tokenApi: { max: 60, windowMs: 60_000 },
      exports: { max: 30, windowMs: 60_000 },
      searches: { max: 120, windowMs: 60_000, inMemory: true },
    });
  });

  it("take their per-minute figures for searches and exports from the environment, 0 for none", () => {
    expect(perMinuteLimit({ RATE_LIMIT_SEARCHES_PER_MINUTE: "5" }, "searches", 120)).toBe(5);
    expect(perMinuteLimit({ RATE_LIMIT_SEARCHES_PER_MINUTE: "0" }, "searches", 120)).toBe(0);
    expect(perMinuteLimit({ RATE_LIMIT_EXPORTS_PER_MINUTE: "12" }, "exports", 30)).toBe(12);
    for (const bad of ["", "-1", "2.5", "many"]) {
      expect(perMinuteLimit({ RATE_LIMIT_SEARCHES_PER_MINUTE: bad }, "searches", 120)).toBe(120);
    }
  });

  it("say how long to wait", () => {
    expect(rateLimitMessage(30)).toBe("Too many requests from your address. Please wait 30 seconds and try again.");
    expect(rateLimitMessage(3600)).toMatch(/wait 60 minutes/);
  });
});

for (const dialect of testDialects()) {
  describe(`rate limits on ${dialect}`, () => {
    withSiteLimits();
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await t?.drop();
    });

    it("let the allowance through, refuse the next request until the window ends, then start again", async () => {
      const { max, windowMs } = RATE_LIMITS.exports;
      for (let i = 0; i < max; i++) expect(await hitRateLimit(t.database, "exports", "198.51.100.1", T0 + i)).toBe(0);
      expect(await hitRateLimit(t.database, "exports", "198.51.100.1", T0 + 10_000)).toBe(50);
      // Another address and another limit have their own counts.
      expect(await hitRateLimit(t.database, "exports", "198.51.100.2", T0 + 10_000)).toBe(0);
      expect(await hitRateLimit(t.database, "tokenApi", "198.51.100.1", T0 + 10_000)).toBe(0);
      expect(await hitRateLimit(t.database, "exports", "198.51.100.1", T0 + windowMs - 1)).toBe(1);
      expect(await hitRateLimit(t.database, "exports", "198.51.100.1", T0 + windowMs)).toBe(0);
    });

    it("throw a 429 with Retry-After and the message, as JSON for the token API", async () => {
      for (let i = 0; i < RATE_LIMITS.signUp.max; i++)
        await requireWithinRateLimit(t.database, "signUp", "198.51.100.9");
      const refused = await requireWithinRateLimit(t.database, "signUp", "198.51.100.9").catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Response);
      const response = refused as Response;
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(3500);
      expect(await response.text()).toMatch(/^Too many requests from your address\. Please wait 60 minutes/);
      for (let i = 0; i < RATE_LIMITS.tokenApi.max; i++) {
        await requireWithinRateLimit(t.database, "tokenApi", "198.51.100.9", { json: true });
      }
      const json = (await requireWithinRateLimit(t.database, "tokenApi", "198.51.100.9", { json: true }).catch(
        (e: unknown) => e,
      )) as Response;
      expect(json.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(((await json.json()) as { error: string }).error).toMatch(/^Too many requests/);
    });

    it("count searches in memory, not in the database, per address and window", async () => {
      const { max, windowMs } = RATE_LIMITS.searches;
      const before = await t.database.db.selectFrom("rate_limits").select("key").execute();
      const address = `198.51.100.${dialect === "sqlite" ? 30 : 31}`;
      for (let i = 0; i < max; i++) expect(await hitRateLimit(t.database, "searches", address, T0 + i)).toBe(0);
      expect(await hitRateLimit(t.database, "searches", address, T0 + 30_000)).toBe(30);
      expect(await hitRateLimit(t.database, "searches", "198.51.100.32", T0 + 30_000)).toBe(0);
      expect(await hitRateLimit(t.database, "searches", address, T0 + windowMs)).toBe(0);
      expect(await t.database.db.selectFrom("rate_limits").select("key").execute()).toEqual(before);
    });

    if (dialect === "postgres") {
      it("share one count between separate connections, as two instances on one PostgreSQL do", async () => {
        const other = openPostgres(t.url!);
        try {
          const { max } = RATE_LIMITS.refresh;
          // Both connections count at once: no hit may be lost to a race between them.
          const answers = await Promise.all(
            Array.from({ length: max + 2 }, (_, i) =>
              hitRateLimit(i % 2 ? other : t.database, "refresh", "198.51.100.20", T0 + 1000),
            ),
          );
          expect(answers.filter((a) => a === 0)).toHaveLength(max);
          expect(answers.filter((a) => a > 0)).toHaveLength(2);
          expect(await hitRateLimit(other, "refresh", "198.51.100.20", T0 + 2000)).toBe(59);
        } finally {
          await other.close();
        }
      });
    }
  });
}
