import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { DEFAULT_DEMO_SEED } from "~/db/demo/generator";
import { generateOdessaRecords } from "~/db/demo/odessa";
import { lublinDemoCount, odessaDemoCount, volhynianDemoCount } from "~/db/seed.server";
import type { AccountStatus } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { callRoute } from "~/testing/server-build";
import { useTestRuntime } from "~/testing/runtime";

/**
 * The members' Odessa / St. Petersburg film index over the real loaders,
 * guard and database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set):
 * members find entries by surname, given name, film, register and page, open
 * and export them; visitors and inactive accounts get none of them.
 */
const SEED_RECORDS = 1500;
const PASSWORD = "correct horse battery staple";
const odessa = [...generateOdessaRecords({ seed: DEFAULT_DEMO_SEED, count: odessaDemoCount(SEED_RECORDS) })];
/** Database id of the i-th Odessa entry: they follow the St. Petersburg, Lublin and Volhynian records. */
const idOf = (i: number) => SEED_RECORDS + lublinDemoCount(SEED_RECORDS) + volhynianDemoCount(SEED_RECORDS) + i + 1;
const entry = odessa[0];
const BASE = "/members/odessa-stpete";
const q = encodeURIComponent;

interface SearchBody {
  result: { total: number; rows: { id: number; href: string; cells: string[] }[] };
}

for (const dialect of testDialects()) {
  describe(`Odessa film index on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: SEED_RECORDS, name: "odessa" });
    let database: Database;
    const cookies = new Map<string, string>();

    async function account(username: string, status: AccountStatus = "active") {
      const { cookie } = await signedInAccount(database, username, { password: PASSWORD, status });
      cookies.set(username, cookie);
    }
    const cookie = (who: string | null) => (who ? cookies.get(who)! : null);
    const search = (url: string, who: string | null) => outcome(() => callRoute(getRequest(url, cookie(who))));
    const record = (id: number, who: string | null) =>
      outcome(() => callRoute(getRequest(`${BASE}/record/${id}`, cookie(who))));
    const csv = (url: string, who: string | null) => outcome(() => callRoute(getRequest(url, cookie(who))));
    const ids = async (url: string) => {
      const { status, body } = await search(url, "odessa-member");
      expect(status).toBe(200);
      return (body as SearchBody).result.rows.map((r) => r.id);
    };

    beforeAll(async () => {
      database = runtime.database;
      await account("odessa-member");
    }, 120_000);

    it("seeds the Odessa entries (5 % of the records) after the Volhynian ones", async () => {
      const row = await database.db
        .selectFrom("records")
        .select((eb) => eb.fn.countAll<number>().as("c"))
        .where("collection", "=", 10)
        .executeTakeFirst();
      expect(Number(row?.c)).toBe(odessa.length);
      expect(odessa.length / SEED_RECORDS).toBeCloseTo(0.05, 5);
      const first = await database.db
        .selectFrom("records")
        .select(["collection"])
        .where("id", "=", idOf(0))
        .executeTakeFirst();
      expect(first).toEqual({ collection: 10 });
    });

    it("finds an entry by surname in every mode, by given-name variants, and by film, register and page", async () => {
      const s = entry.fields.surname!;
      for (const [value, mode] of [
        [s, "sounds"],
        [s, "exact"],
        [s, "normalized"],
        [s.slice(0, 3), "starts"],
        [s.slice(1, 4), "contains"],
      ])
        expect(await ids(`${BASE}/search?surname=${q(value)}&surnameMode=${mode}`)).toContain(idOf(0));
      expect(await ids(`${BASE}/search?surname=${q(s)}&givenName=${q(entry.fields.givenName!)}`)).toContain(idOf(0));
      const byFilm = `${BASE}/search?film=${entry.fields.film}&register=${entry.fields.register}&filmPage=${entry.fields.page}`;
      const found = await ids(byFilm);
      expect(found).toContain(idOf(0));
      for (const id of found) {
        const i = id - idOf(0);
        expect(odessa[i].fields.film).toBe(entry.fields.film);
        expect(odessa[i].fields.page).toBe(entry.fields.page);
      }
      expect(await ids(`${BASE}/search?film=${entry.fields.film!.slice(0, 4)}&filmMode=starts`)).toContain(idOf(0));
    });

    it("shows a member the results row and the record page with film and item, register, page, names, place and source", async () => {
      const { body } = await search(
        `${BASE}/search?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
        "odessa-member",
      );
      const row = (body as SearchBody).result.rows.find((r) => r.id === idOf(0))!;
      expect(row.href).toBe(`${BASE}/record/${idOf(0)}`);
      expect(row.cells).toContain(`${entry.fields.film} item ${entry.fields.item}`);
      expect(row.cells).toContain(entry.fields.names);
      const { status, body: page } = await record(idOf(0), "odessa-member");
      expect(status).toBe(200);
      const p = page as {
        record: { fields: { label: string; value: string }[]; source: { label: string; value: string }[] };
        citation: string;
      };
      expect(p.record.fields).toContainEqual({ label: "Names", value: entry.fields.names });
      expect(p.record.fields).toContainEqual({ label: "Place", value: entry.fields.place });
      expect(p.record.source).toContainEqual({
        label: "Film / item",
        value: `${entry.fields.film} item ${entry.fields.item}`,
      });
      expect(p.record.source).toContainEqual({ label: "Register", value: entry.fields.register });
      expect(p.record.source).toContainEqual({ label: "Page", value: entry.fields.page });
      expect(p.citation).toContain(`${entry.fields.givenName} ${entry.fields.surname}`);
      const exp = await csv(
        `${BASE}/export.csv?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
        "odessa-member",
      );
      expect(exp.status).toBe(200);
    });
  });
}
