import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import type { AccountStatus } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { answerPayload } from "~/platform/payload.server";
import { loader as homeLoader } from "~/routes/_index";
import { outcome } from "~/testing/outcome";
import { TEST_BASE_URL, getRequest, signedInAccount } from "~/testing/requests";
import { callRoute, serverBuildRoutes } from "~/testing/server-build";
import { COLLECTIONS, type CollectionDef, exportPath, fieldSources, recordPath, searchPath } from "./collections";
import { parseCriteria } from "./criteria";
import { type ResultRow, countMatches, getRecord, searchCollection, streamMatches } from "./engine.server";
import { sourceDefs } from "~/catalog";
import { loadUnifiedSearch } from "~/unified/unified.server";
import { useTestRuntime } from "~/testing/runtime";

/**
 * Every members' collection in the registry keeps its records from visitors
 * and inactive accounts in the same ways: the search, record and export
 * loaders, the payload files, the engine's queries and the counts shown on
 * /Search and the home page. Driven by the registry, so a collection added
 * with `access: "members"` is covered without writing a test for it.
 */
const MEMBERS_ONLY = COLLECTIONS.filter((c) => c.access === "members");
const SEED_RECORDS = 1500;
const PASSWORD = "correct horse battery staple";
const MEMBER = "access-member";
const INACTIVE = ["access-pending", "access-suspended"] as const;

interface SearchBody {
  result: { rows: { id: number }[] };
}
type Unified = { results: { id: string; locked: boolean; roles: { count: number; href: string }[] }[] };
type Home = { collections: { id: string; locked: boolean; records: number; searchPath: string }[] };

/** The first search field, with the value it reads in `row`, that the record can be found by. */
function findingCriterion(c: CollectionDef, row: ResultRow): [string, string] {
  for (const f of c.searchFields) {
    if (f.kind !== "surname") continue;
    const value = fieldSources(f)
      .map((s) => row.data[s])
      .find((v) => v && v.trim());
    if (value) return [f.name, value];
  }
  throw new Error(`${c.id}: its first record has no surname to search by`);
}

it("covers at least the members' collections known when it was written", () => {
  expect(MEMBERS_ONLY.map((c) => c.id)).toEqual(
    expect.arrayContaining([
      "lublin-birth",
      "lublin-death",
      "lublin-marriage",
      "volhynian-birth",
      "volhynian-death",
      "volhynian-marriage",
      "odessa-stpete",
      "parish-records-idx",
    ]),
  );
});

for (const dialect of testDialects()) {
  describe(`members' collections keep their records from visitors, on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: SEED_RECORDS, name: "access" });
    let database: Database;
    let build: Pick<ServerBuild, "routes">;
    const cookies = new Map<string, string>();
    const cookie = (who: string | null) => (who ? cookies.get(who)! : null);
    const member = { isMember: true };
    const visitor = { isMember: false };

    async function firstRecord(c: CollectionDef): Promise<ResultRow> {
      const row = await database.db
        .selectFrom("records")
        .select("id")
        .where("collection", "=", c.code)
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      expect(row, `${c.id} has demo records`).toBeDefined();
      return (await getRecord(database, c, Number(row!.id), member))!;
    }
    const payload = (target: string, who: string | null) =>
      answerPayload(build, new Request(`${TEST_BASE_URL}${target}`, { headers: who ? { Cookie: cookie(who)! } : {} }), {
        clientIp: "203.0.113.7",
      });
    const home = async (who: string | null) =>
      (await homeLoader({ request: getRequest("/", cookie(who)), params: {}, context: { clientIp: "" } }))
        .collections as Home["collections"];

    beforeAll(async () => {
      database = runtime.database;
      build = { routes: await serverBuildRoutes() };
      const statuses: [string, AccountStatus][] = [
        [MEMBER, "active"],
        [INACTIVE[0], "pending"],
        [INACTIVE[1], "suspended"],
      ];
      for (const [username, status] of statuses) {
        const { cookie: c } = await signedInAccount(database, username, { password: PASSWORD, status });
        cookies.set(username, c);
      }
    }, 120_000);

    describe.each(MEMBERS_ONLY.map((c) => [c.id, c] as const))("%s", (_id, c) => {
      it("sends a visitor to sign in from the search, a record (even a malformed id) and the export, showing nothing", async () => {
        const row = await firstRecord(c);
        const [name, value] = findingCriterion(c, row);
        const query = new URLSearchParams({ [name]: value }).toString();
        const searchUrl = `${searchPath(c)}?${query}`;
        const found = await outcome(() => callRoute(getRequest(searchUrl, null)));
        expect(found.status).toBe(302);
        expect(found.location).toBe(`/Login?redirectTo=${encodeURIComponent(searchUrl)}`);
        expect(JSON.stringify(found.body ?? "")).not.toContain(value);

        const opened = await outcome(() => callRoute(getRequest(recordPath(c, row.id), null)));
        expect(opened.status).toBe(302);
        expect(opened.location).toBe(`/Login?redirectTo=${encodeURIComponent(recordPath(c, row.id))}`);
        const malformed = await outcome(() => callRoute(getRequest(recordPath(c, "x"), null)));
        expect(malformed.status).toBe(302);

        const csvUrl = `${exportPath(c)}?${query}`;
        const exported = await outcome(() => callRoute(getRequest(csvUrl, null)));
        expect(exported.status).toBe(302);
        expect(exported.location).toBe(`/Login?redirectTo=${encodeURIComponent(csvUrl)}`);
      });

      it("answers 403 to pending and suspended accounts, 200 to an active member", async () => {
        const row = await firstRecord(c);
        const query = new URLSearchParams([findingCriterion(c, row)]).toString();
        for (const who of [...INACTIVE, MEMBER]) {
          const expected = who === MEMBER ? 200 : 403;
          const asked = `${who} on ${c.id}`;
          const searched = await outcome(() => callRoute(getRequest(`${searchPath(c)}?${query}`, cookie(who))));
          expect(searched.status, asked).toBe(expected);
          const opened = await outcome(() => callRoute(getRequest(recordPath(c, row.id), cookie(who))));
          expect(opened.status, asked).toBe(expected);
          const exported = await outcome(() => callRoute(getRequest(`${exportPath(c)}?${query}`, cookie(who))));
          expect(exported.status, asked).toBe(expected);
        }
      });

      it("answers the payload files 401 JSON to a visitor and an inactive account, the data to a member", async () => {
        const row = await firstRecord(c);
        const query = new URLSearchParams([findingCriterion(c, row)]).toString();
        const searchPayload = `${searchPath(c)}/_payload.json?${query}`;
        const recordPayload = `${recordPath(c, row.id)}/_payload.json`;
        for (const who of [null, ...INACTIVE]) {
          for (const target of [searchPayload, recordPayload]) {
            const response = await payload(target, who);
            expect(response.status, `${who ?? "visitor"} ${target}`).toBe(401);
            const answer = (await response.json()) as Record<string, unknown>;
            expect(answer).toMatchObject({ status: 401 });
            expect(answer).not.toHaveProperty("routes");
          }
        }
        const answered = await payload(searchPayload, MEMBER);
        expect(answered.status).toBe(200);
        const body = (await answered.json()) as { routes: Record<string, SearchBody> };
        // One search route serves every members' collection of the same path shape (decision 0018).
        const routeId = c.basePath.split("/").length === 3 ? "members/source/search" : "members/source/part/search";
        expect(body.routes[routeId].result.rows.map((r) => r.id)).toContain(row.id);
      });

      it("refuses a visitor's records in the engine's own queries, but counts them", async () => {
        const row = await firstRecord(c);
        const { criteria } = parseCriteria(c, new URLSearchParams([findingCriterion(c, row)]));
        expect(await searchCollection(database, c, criteria, visitor)).toMatchObject({ rows: [], total: 0 });
        expect(await getRecord(database, c, row.id, visitor)).toBeUndefined();
        const streamed = [];
        for await (const r of streamMatches(database, c, criteria, visitor)) streamed.push(r);
        expect(streamed).toEqual([]);
        expect((await countMatches(database, c, criteria, visitor)).total).toBeGreaterThan(0);
        expect((await searchCollection(database, c, criteria, member)).rows.map((r) => r.id)).toContain(row.id);
        // A record id under another collection's path is not found.
        const other = COLLECTIONS.find((o) => o.code !== c.code)!;
        expect(await getRecord(database, other, row.id, member)).toBeUndefined();
      });

      it("shows a visitor its counts with sign-in links on /Search and the home page; a member gets links", async () => {
        const row = await firstRecord(c);
        const [, value] = findingCriterion(c, row);
        const unifiedUrl = `/Search?surname=${encodeURIComponent(value)}`;
        const signIn = `/Login?redirectTo=${encodeURIComponent(searchPath(c))}`;
        const locked = (
          (await outcome(() => loadUnifiedSearch(getRequest(unifiedUrl, null), sourceDefs()))).body as Unified
        ).results
          .filter((r) => r.id === c.id)
          .at(0);
        const open = (
          (await outcome(() => loadUnifiedSearch(getRequest(unifiedUrl, cookie(MEMBER)), sourceDefs()))).body as Unified
        ).results
          .filter((r) => r.id === c.id)
          .at(0);
        if (c.roles.length > 0) {
          expect(locked?.locked).toBe(true);
          expect(locked!.roles.reduce((n, r) => n + r.count, 0)).toBeGreaterThan(0);
          for (const r of locked!.roles) expect(r.href.startsWith(signIn)).toBe(true);
          expect(open?.locked).toBe(false);
          expect(open!.roles.map((r) => r.count)).toEqual(locked!.roles.map((r) => r.count));
          for (const r of open!.roles) expect(r.href.startsWith(`${searchPath(c)}?`)).toBe(true);
        }
        const size = Number(
          (
            await database.db
              .selectFrom("records")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("collection", "=", c.code)
              .executeTakeFirst()
          )?.n,
        );
        expect((await home(null)).find((h) => h.id === c.id)).toMatchObject({
          locked: true,
          records: size,
          searchPath: signIn,
        });
        expect((await home(MEMBER)).find((h) => h.id === c.id)).toMatchObject({
          locked: false,
          records: size,
          searchPath: searchPath(c),
        });
      });
    });
  });
}
