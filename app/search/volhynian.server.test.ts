import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { DEFAULT_DEMO_SEED } from "~/db/demo/generator";
import { generateVolhynianRecords } from "~/db/demo/volhynian";
import { lublinDemoCount, volhynianDemoCount } from "~/db/seed.server";
import type { AccountStatus } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { callRoute } from "~/testing/server-build";
import { useTestRuntime } from "~/testing/runtime";

/**
 * The members' Volhynian collections over the real loaders, guard and
 * database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): members
 * find Cyrillic records by Latin spellings in every match mode, open and
 * export them; visitors and inactive accounts get none of them, in the pages,
 * the CSV export, the payload files and the engine's queries.
 */
const SEED_RECORDS = 1500;
const PASSWORD = "correct horse battery staple";
const volhynian = [...generateVolhynianRecords({ seed: DEFAULT_DEMO_SEED, count: volhynianDemoCount(SEED_RECORDS) })];
/** Database id of the i-th Volhynian demo record: they follow the St. Petersburg and Lublin records. */
const idOf = (i: number) => SEED_RECORDS + lublinDemoCount(SEED_RECORDS) + i + 1;
const firstBirth = volhynian.findIndex((r) => r.collection === "volhynian-birth" && r.julianDate);
const birth = volhynian[firstBirth];
const firstMarriage = volhynian.findIndex((r) => r.collection === "volhynian-marriage");
const marriage = volhynian[firstMarriage];
const q = encodeURIComponent;

interface SearchBody {
  result: {
    total: number;
    rows: { id: number; href: string; cells: string[]; details: { label: string; value: string }[] }[];
  };
}

for (const dialect of testDialects()) {
  describe(`Volhynian members' collections on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: SEED_RECORDS, name: "volhynian" });
    let database: Database;
    const cookies = new Map<string, string>();

    async function account(username: string, status: AccountStatus = "active") {
      const { cookie } = await signedInAccount(database, username, { password: PASSWORD, status });
      cookies.set(username, cookie);
    }
    const cookie = (who: string | null) => (who ? cookies.get(who)! : null);
    const search = (url: string, who: string | null) => outcome(() => callRoute(getRequest(url, cookie(who))));
    const record = (id: number, kind: string, who: string | null) =>
      outcome(() => callRoute(getRequest(`/members/volhynian/${kind}/record/${id}`, cookie(who))));

    beforeAll(async () => {
      database = runtime.database;
      await account("volhynian-member");
    }, 120_000);

    it("seeds the Volhynian demo records after the Lublin ones", async () => {
      const row = await database.db
        .selectFrom("records")
        .select((eb) => eb.fn.countAll<number>().as("c"))
        .where("collection", "in", [7, 8, 9])
        .executeTakeFirst();
      expect(Number(row?.c)).toBe(volhynian.length);
      expect(volhynian.length / SEED_RECORDS).toBeCloseTo(0.1, 5);
      const first = await database.db
        .selectFrom("records")
        .select(["id", "collection"])
        .where("id", "=", idOf(0))
        .executeTakeFirst();
      expect(first).toEqual({ id: idOf(0), collection: 7 });
    });

    it("finds a Cyrillic record by a Latin surname in every match mode", async () => {
      const latin = birth.fields.surnameDe!;
      for (const [value, mode] of [
        [latin, "sounds"],
        [latin, "exact"],
        [latin.toLowerCase(), "normalized"],
        [latin.slice(0, 3), "starts"],
        [latin.slice(1, 4), "contains"],
        [birth.fields.surname!, "exact"],
      ]) {
        const url = `/members/volhynian/birth/search?surname=${q(value)}&surnameMode=${mode}&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`;
        const { status, body } = await search(url, "volhynian-member");
        expect(status, `${value} ${mode}`).toBe(200);
        expect(
          (body as SearchBody).result.rows.map((r) => r.id),
          `${value} ${mode}`,
        ).toContain(idOf(firstBirth));
      }
    });

    it("finds by a transliterated spelling with sounds-like, and a given name by its variants", async () => {
      // Шмидт typed as a Russian transliteration, Иоганн as Iwan/Johannes.
      const i = volhynian.findIndex(
        (r) =>
          r.collection === "volhynian-birth" && r.fields.surnameDe === "Schmidt" && r.fields.givenName === "Иоганн",
      );
      expect(i).toBeGreaterThanOrEqual(0);
      for (const [param, value, mode] of [
        ["surname", "Shmidt", "sounds"],
        ["givenName", "Johannes", "variants"],
        ["givenName", "Iwan", "variants"],
        ["givenName", "Johann", "exact"],
      ]) {
        const extra = param === "surname" ? "" : "&surname=Schmidt&surnameMode=exact";
        const { body } = await search(
          `/members/volhynian/birth/search?${param}=${q(value)}&${param}Mode=${mode}${extra}&yearFrom=${volhynian[i].date.year}&yearTo=${volhynian[i].date.year}&perPage=50`,
          "volhynian-member",
        );
        expect(
          (body as SearchBody).result.rows.map((r) => r.id),
          `${value} ${mode}`,
        ).toContain(idOf(i));
      }
    });

    it("shows a search row with the act, both scripts and both calendars' details", async () => {
      const url = `/members/volhynian/birth/search?surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`;
      const row = ((await search(url, "volhynian-member")).body as SearchBody).result.rows.find(
        (r) => r.id === idOf(firstBirth),
      )!;
      expect(row.href).toBe(`/members/volhynian/birth/record/${idOf(firstBirth)}`);
      expect(row.cells[0]).toBe(birth.fields.act);
      expect(row.cells[1]).toBe(`${birth.fields.surname} / ${birth.fields.surnameDe}`);
      expect(row.cells[5]).toBe(`${birth.fields.placeRu} / ${birth.fields.place}`);
      expect(row.details).toContainEqual({ label: "Baptism date", value: birth.fields.baptismDate });
    });

    it("searches places in Latin letters or Cyrillic, deaths by spouse, marriages by groom and bride", async () => {
      const byPlace = await search(
        `/members/volhynian/birth/search?place=${q(birth.fields.place!)}&surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`,
        "volhynian-member",
      );
      expect((byPlace.body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
      const byCyrillicPlace = await search(
        `/members/volhynian/birth/search?place=${q(birth.fields.placeRu!)}&surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}&perPage=50`,
        "volhynian-member",
      );
      expect((byCyrillicPlace.body as SearchBody).result.rows.map((r) => r.id)).toContain(idOf(firstBirth));
      const i = volhynian.findIndex((r) => r.collection === "volhynian-death" && r.fields.spouseGivenName);
      const d = volhynian[i];
      const byDeath = await search(
        `/members/volhynian/death/search?spouseGivenName=${q(d.fields.spouseGivenNameDe!)}&surname=${q(d.fields.surnameDe!)}&surnameMode=exact&place=${q(d.fields.place!)}`,
        "volhynian-member",
      );
      const deathRow = (byDeath.body as SearchBody).result.rows.find((r) => r.id === idOf(i));
      expect(deathRow).toBeDefined();
      expect(deathRow!.details).toContainEqual({ label: "Cause of death", value: d.fields.cause });
      expect(deathRow!.details).toContainEqual({ label: "Place buried", value: d.fields.buried });
      const byMarriage = await search(
        `/members/volhynian/marriage/search?groomSurname=${q(marriage.fields.groomSurnameDe!)}&groomSurnameMode=sounds&brideGivenName=${q(marriage.fields.brideGivenNameDe!)}&perPage=50`,
        "volhynian-member",
      );
      const m = (byMarriage.body as SearchBody).result.rows.find((r) => r.id === idOf(firstMarriage));
      expect(m).toBeDefined();
      expect(m!.cells[1]).toBe(
        `${marriage.fields.groomGivenName} ${marriage.fields.groomSurname} / ${marriage.fields.groomGivenNameDe} ${marriage.fields.groomSurnameDe}`,
      );
    });

    it("shows a member the record page with both scripts, both calendars, godparents and the church book", async () => {
      const { status, body } = await record(idOf(firstBirth), "birth", "volhynian-member");
      expect(status).toBe(200);
      const page = body as {
        record: {
          date: string;
          julianDate: string | null;
          fields: { label: string; value: string }[];
          source: { label: string; value: string }[];
        };
        citation: string;
      };
      expect(page.record.julianDate).toBeTruthy();
      expect(page.record.fields).toContainEqual({ label: "Surname (as written)", value: birth.fields.surname });
      expect(page.record.fields).toContainEqual({ label: "Surname (Germanised)", value: birth.fields.surnameDe });
      expect(page.record.fields).toContainEqual({ label: "Godfather", value: birth.fields.godfather });
      expect(page.record.fields).toContainEqual({ label: "Godmother", value: birth.fields.godmother });
      expect(page.record.fields).toContainEqual({ label: "Birth date", value: birth.fields.birthDate });
      expect(page.record.source).toContainEqual({ label: "Church book", value: birth.fields.book });
      expect(page.record.source).toContainEqual({ label: "Act number", value: birth.fields.act });
      expect(page.citation).toContain(`Baptism of ${birth.fields.givenNameDe} ${birth.fields.surnameDe}`);
    });

    it("exports a member's search as CSV with both scripts", async () => {
      const response = (await callRoute(
        getRequest(
          `/members/volhynian/birth/export.csv?surname=${q(birth.fields.surnameDe!)}&surnameMode=exact&yearFrom=${birth.date.year}&yearTo=${birth.date.year}`,
          cookie("volhynian-member"),
        ),
      )) as Response;
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain(`/members/volhynian/birth/record/${idOf(firstBirth)}`);
      expect(text).toContain(birth.fields.surname);
      expect(text).toContain(birth.fields.godfather);
    });
  });
}
