import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { DEFAULT_DEMO_SEED } from "~/db/demo/generator";
import { generateLublinRecords } from "~/db/demo/lublin";
import { lublinDemoCount } from "~/db/seed.server";
import type { AccountStatus } from "~/db/schema";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { answerPayload } from "~/platform/payload.server";
import { loader as homeLoader } from "~/routes/_index";
import { startRuntime, stopRuntime } from "~/server/runtime.server";
import { outcome } from "~/testing/outcome";
import { TEST_BASE_URL, getRequest, signedInAccount } from "~/testing/requests";
import { serverBuildRoutes } from "~/testing/server-build";
import { getCollection } from "./collections";
import { parseCriteria } from "./criteria";
import { countMatches, getRecord, searchCollection, streamMatches } from "./engine.server";
import { exportCsv } from "./export.server";
import { loadRecordPage } from "./record-page.server";
import { loadSearchPage } from "./search-page.server";
import { loadUnifiedSearch } from "./unified.server";

/**
 * The members' Lublin collections over the real loaders, guard and database
 * (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): members search,
 * open and export records; visitors and inactive accounts get none of them,
 * in the pages, the CSV export, the payload files and the engine's queries.
 */
const SEED_RECORDS = 1500;
const PASSWORD = "correct horse battery staple";
const lublin = [...generateLublinRecords({ seed: DEFAULT_DEMO_SEED, count: lublinDemoCount(SEED_RECORDS) })];
/** Database id of the i-th Lublin demo record: they follow the St. Petersburg records. */
const idOf = (i: number) => SEED_RECORDS + i + 1;
const firstBirth = lublin.findIndex((r) => r.collection === "lublin-birth" && r.fields.surname !== r.fields.surnameDe);
const birth = lublin[firstBirth];
const firstMarriage = lublin.findIndex((r) => r.collection === "lublin-marriage");
const marriage = lublin[firstMarriage];

interface SearchBody {
  result: {
    total: number;
    rows: { id: number; href: string; cells: string[]; details: { label: string; value: string }[] }[];
  };
}

for (const dialect of testDialects()) {
  describe(`Lublin members' collections on ${dialect}`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-lublin-"));
    let pg: TestDatabase | undefined;
    let database: Database;
    let build: Pick<ServerBuild, "routes">;
    const cookies = new Map<string, string>();

    async function account(username: string, status: AccountStatus = "active") {
      const { cookie } = await signedInAccount(database, username, { password: PASSWORD, status });
      cookies.set(username, cookie);
    }
    const cookie = (who: string | null) => (who ? cookies.get(who)! : null);
    const search = (url: string, who: string | null) => outcome(() => loadSearchPage(getRequest(url, cookie(who))));
    const record = (id: number, kind: string, who: string | null) =>
      outcome(() => loadRecordPage(getRequest(`/members/lublin/${kind}/record/${id}`, cookie(who)), String(id)));
    const csv = (url: string, who: string | null) => outcome(() => exportCsv(getRequest(url, cookie(who))));

    beforeAll(async () => {
      process.env.DATA_DIR = dataDir;
      process.env.SEED_RECORDS = String(SEED_RECORDS);
      if (dialect === "postgres") {
        pg = await createTestDatabase("postgres");
        process.env.DATABASE_URL = pg.url;
      } else {
        delete process.env.DATABASE_URL;
      }
      database = await startRuntime();
      build = { routes: await serverBuildRoutes() };
      await account("lublin-member");
      await account("lublin-pending", "pending");
      await account("lublin-suspended", "suspended");
    }, 120_000);
    afterAll(async () => {
      await stopRuntime();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("seeds the Lublin demo records after the St. Petersburg ones", async () => {
      const row = await database.db
        .selectFrom("records")
        .select((eb) => eb.fn.countAll<number>().as("c"))
        .where("collection", "in", [4, 5, 6])
        .executeTakeFirst();
      expect(Number(row?.c)).toBe(lublin.length);
      expect(lublin.length / (lublin.length + SEED_RECORDS)).toBeGreaterThan(0.1);
      expect(lublin.length / (lublin.length + SEED_RECORDS)).toBeLessThan(0.15);
    });

    it("lets a member search births by a surname's sound and find both name forms and the act number", async () => {
      const url = `/members/lublin/birth/search?surname=${encodeURIComponent(birth.fields.surname!)}&surnameMode=sounds&perPage=50`;
      const { status, body } = await search(url, "lublin-member");
      expect(status).toBe(200);
      const rows = (body as SearchBody).result.rows;
      const row = rows.find((r) => r.id === idOf(firstBirth));
      expect(row, "the first Lublin birth is found").toBeDefined();
      expect(row!.href).toBe(`/members/lublin/birth/record/${idOf(firstBirth)}`);
      expect(row!.cells[0]).toBe(birth.fields.act);
      expect(row!.cells[1]).toBe(`${birth.fields.surname} / ${birth.fields.surnameDe}`);
      expect(row!.details).toContainEqual({ label: "Act number", value: birth.fields.act });
    });

    it("finds a record by the Germanised form of its surname and by another language's given name", async () => {
      const byGerman = await search(
        `/members/lublin/birth/search?surname=${encodeURIComponent(birth.fields.surnameDe!)}&surnameMode=exact&perPage=50`,
        "lublin-member",
      );
      expect((byGerman.body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
      const jan = lublin.findIndex((r) => r.collection === "lublin-birth" && r.fields.givenName === "Jan");
      expect(jan).toBeGreaterThanOrEqual(0);
      for (const [value, mode] of [
        ["Johann", "variants"],
        ["Johann", "exact"],
        ["Jan", "exact"],
        ["Iwan", "variants"],
      ]) {
        const { body } = await search(
          `/members/lublin/birth/search?givenName=${value}&givenNameMode=${mode}&surname=${encodeURIComponent(lublin[jan].fields.surname!)}&surnameMode=exact`,
          "lublin-member",
        );
        expect(
          (body as SearchBody).result.rows.map((r) => r.id),
          `${value} ${mode}`,
        ).toContain(idOf(jan));
      }
    });

    it("searches marriages by groom and bride and shows both forms of each", async () => {
      const url = `/members/lublin/marriage/search?groomSurname=${encodeURIComponent(marriage.fields.groomSurname!)}&groomSurnameMode=exact&brideGivenName=${encodeURIComponent(marriage.fields.brideGivenNameDe!)}`;
      const { status, body } = await search(url, "lublin-member");
      expect(status).toBe(200);
      const row = (body as SearchBody).result.rows.find((r) => r.id === idOf(firstMarriage));
      expect(row).toBeDefined();
      expect(row!.cells[1]).toContain(marriage.fields.groomSurname);
      expect(row!.details).toContainEqual({ label: "Parents of the groom", value: marriage.fields.groomParents });
    });

    it("searches deaths by father or spouse and by village", async () => {
      const i = lublin.findIndex((r) => r.collection === "lublin-death" && r.fields.husbandGivenName);
      const d = lublin[i];
      const { body } = await search(
        `/members/lublin/death/search?fatherOrSpouse=${encodeURIComponent(d.fields.husbandGivenNameDe!)}&place=${encodeURIComponent(d.fields.place!)}&surname=${encodeURIComponent(d.fields.surname!)}&surnameMode=exact`,
        "lublin-member",
      );
      expect((body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(i));
    });

    it("shows a member the record page with both name forms, the act and its source", async () => {
      const { status, body } = await record(idOf(firstBirth), "birth", "lublin-member");
      expect(status).toBe(200);
      const page = body as {
        record: { fields: { label: string; value: string }[]; source: { label: string; value: string }[] };
        citation: string;
      };
      expect(page.record.fields).toContainEqual({ label: "Surname (as written)", value: birth.fields.surname });
      expect(page.record.fields).toContainEqual({ label: "Surname (Germanised)", value: birth.fields.surnameDe });
      expect(page.record.source).toContainEqual({ label: "Act number", value: birth.fields.act });
      expect(page.record.source).toContainEqual({ label: "Fond", value: birth.fields.fond });
      expect(page.citation).toContain(`act number ${birth.fields.act}`);
    });

    it("exports a member's search as CSV with both forms and the act number", async () => {
      const response = await exportCsv(
        getRequest(
          `/members/lublin/birth/export.csv?surname=${encodeURIComponent(birth.fields.surname!)}&surnameMode=exact`,
          cookie("lublin-member"),
        ),
      );
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.split("\n")[0]).toContain("surnameDe");
      expect(text).toContain(`/members/lublin/birth/record/${idOf(firstBirth)}`);
      expect(text).toContain(birth.fields.surnameDe);
    });

    it("sends a visitor to sign in from the search, the record page and the export, and shows nothing", async () => {
      const paths = [
        "/members/lublin/birth/search?surname=Szmidt",
        "/members/lublin/death/search",
        "/members/lublin/marriage/search?groomSurname=Nowak",
      ];
      for (const p of paths) {
        const { status, location, body } = await search(p, null);
        expect(status).toBe(302);
        expect(location).toBe(`/Login?redirectTo=${encodeURIComponent(p)}`);
        expect(JSON.stringify(body ?? "")).not.toContain(birth.fields.surname!);
      }
      const rec = await record(idOf(firstBirth), "birth", null);
      expect(rec.status).toBe(302);
      expect(rec.location).toMatch(/^\/Login\?redirectTo=/);
      // Even a malformed record id: the guard comes first.
      const malformed = await outcome(() => loadRecordPage(getRequest("/members/lublin/birth/record/x", null), "x"));
      expect(malformed.status).toBe(302);
      const exp = await csv(`/members/lublin/birth/export.csv?surname=${birth.fields.surname}`, null);
      expect(exp.status).toBe(302);
      expect(exp.location).toMatch(/^\/Login\?redirectTo=%2Fmembers%2Flublin%2Fbirth%2Fexport\.csv/);
    });

    it("answers 403 to accounts that are not active members", async () => {
      for (const who of ["lublin-pending", "lublin-suspended"]) {
        expect((await search("/members/lublin/birth/search?surname=Szmidt", who)).status).toBe(403);
        expect((await record(idOf(firstBirth), "birth", who)).status).toBe(403);
        expect((await csv("/members/lublin/birth/export.csv?surname=Szmidt", who)).status).toBe(403);
      }
    });

    it("answers the payload file 401 to a visitor and an inactive account, the data to a member", async () => {
      const target = `/members/lublin/birth/search/_payload.json?surname=${encodeURIComponent(birth.fields.surname!)}`;
      const ask = (who: string | null) =>
        answerPayload(
          build,
          new Request(`${TEST_BASE_URL}${target}`, { headers: who ? { Cookie: cookie(who)! } : {} }),
          {
            cspNonce: "",
            clientIp: "203.0.113.7",
          },
        );
      for (const who of [null, "lublin-pending"]) {
        const response = await ask(who);
        expect(response.status).toBe(401);
        const text = await response.text();
        expect(text).not.toContain(birth.fields.surnameDe!);
        expect(JSON.parse(text)).toMatchObject({ status: 401 });
      }
      const recordPayload = await answerPayload(
        build,
        new Request(`${TEST_BASE_URL}/members/lublin/birth/record/${idOf(firstBirth)}/_payload.json`),
        { cspNonce: "", clientIp: "203.0.113.7" },
      );
      expect(recordPayload.status).toBe(401);
      const member = await ask("lublin-member");
      expect(member.status).toBe(200);
      const body = (await member.json()) as { routes: Record<string, SearchBody> };
      expect(body.routes["lublin-birth/search"].result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
    });

    it("refuses a visitor's records in the engine's queries too, but counts them", async () => {
      const collection = getCollection("lublin-birth")!;
      const { criteria } = parseCriteria(collection, new URLSearchParams({ surname: birth.fields.surname! }));
      const visitor = { isMember: false };
      const result = await searchCollection(database, collection, criteria, visitor);
      expect(result).toMatchObject({ rows: [], total: 0 });
      expect(await getRecord(database, collection, idOf(firstBirth), visitor)).toBeUndefined();
      const streamed = [];
      for await (const r of streamMatches(database, collection, criteria, visitor)) streamed.push(r);
      expect(streamed).toEqual([]);
      expect((await countMatches(database, collection, criteria, visitor)).total).toBeGreaterThan(0);
      const member = await searchCollection(database, collection, criteria, { isMember: true });
      expect(member.total).toBeGreaterThan(0);
      expect(await getRecord(database, collection, idOf(firstBirth), { isMember: true })).toBeDefined();
      // A Lublin record id under another collection's path is not found.
      expect(
        await getRecord(database, getCollection("lublin-death")!, idOf(firstBirth), { isMember: true }),
      ).toBeUndefined();
    });

    it("shows visitors the members' collections' counts with sign-in links on /Search and the home page; members get links", async () => {
      const q = `/Search?surname=${encodeURIComponent(birth.fields.surname!)}`;
      type Unified = { results: { id: string; locked: boolean; roles: { count: number; href: string }[] }[] };
      const visitor = (await outcome(() => loadUnifiedSearch(getRequest(q, null)))).body as Unified;
      const lockedBirths = visitor.results.find((c) => c.id === "lublin-birth")!;
      expect(lockedBirths.locked).toBe(true);
      expect(lockedBirths.roles[0].count).toBeGreaterThan(0);
      for (const r of lockedBirths.roles)
        expect(r.href).toMatch(/^\/Login\?redirectTo=%2Fmembers%2Flublin%2Fbirth%2Fsearch/);
      expect(visitor.results.find((c) => c.id === "stpete-birth")!.locked).toBe(false);
      const member = (await outcome(() => loadUnifiedSearch(getRequest(q, cookie("lublin-member"))))).body as Unified;
      const births = member.results.find((c) => c.id === "lublin-birth")!;
      expect(births.locked).toBe(false);
      expect(births.roles[0].href).toMatch(/^\/members\/lublin\/birth\/search\?/);
      expect(births.roles[0].count).toBe(lockedBirths.roles[0].count);

      type Home = { collections: { id: string; locked: boolean; records: number; searchPath: string }[] };
      const home = (await homeLoader({
        request: getRequest("/", null),
        params: {},
        context: { cspNonce: "", clientIp: "" },
      })) as Home;
      const card = home.collections.find((c) => c.id === "lublin-marriage")!;
      expect(card).toMatchObject({
        locked: true,
        searchPath: "/Login?redirectTo=%2Fmembers%2Flublin%2Fmarriage%2Fsearch",
      });
      expect(card.records).toBe(lublin.filter((r) => r.collection === "lublin-marriage").length);
      const memberHome = (await homeLoader({
        request: getRequest("/", cookie("lublin-member")),
        params: {},
        context: { cspNonce: "", clientIp: "" },
      })) as Home;
      expect(memberHome.collections.find((c) => c.id === "lublin-marriage")).toMatchObject({
        locked: false,
        searchPath: "/members/lublin/marriage/search",
      });
    });
  });
}
