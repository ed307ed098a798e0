import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { DEFAULT_DEMO_SEED } from "~/db/demo/generator";
import { generateLublinRecords } from "~/db/demo/lublin";
import { lublinDemoCount } from "~/db/seed.server";
import type { AccountStatus } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { callRoute } from "~/testing/server-build";
import { useTestRuntime } from "~/testing/runtime";

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
    const runtime = useTestRuntime(dialect, { seedRecords: SEED_RECORDS, name: "lublin" });
    let database: Database;
    const cookies = new Map<string, string>();

    async function account(username: string, status: AccountStatus = "active") {
      const { cookie } = await signedInAccount(database, username, { password: PASSWORD, status });
      cookies.set(username, cookie);
    }
    const cookie = (who: string | null) => (who ? cookies.get(who)! : null);
    const search = (url: string, who: string | null) => outcome(() => callRoute(getRequest(url, cookie(who))));
    const record = (id: number, kind: string, who: string | null) =>
      outcome(() => callRoute(getRequest(`/members/lublin/${kind}/record/${id}`, cookie(who))));

    beforeAll(async () => {
      database = runtime.database;
      await account("lublin-member");
    }, 120_000);

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
      const response = (await callRoute(
        getRequest(
          `/members/lublin/birth/export.csv?surname=${encodeURIComponent(birth.fields.surname!)}&surnameMode=exact`,
          cookie("lublin-member"),
        ),
      )) as Response;
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.split("\n")[0]).toContain("surnameDe");
      expect(text).toContain(`/members/lublin/birth/record/${idOf(firstBirth)}`);
      expect(text).toContain(birth.fields.surnameDe);
    });
  });
}
