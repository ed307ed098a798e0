import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { DEFAULT_DEMO_SEED } from "~/db/demo/generator";
import { generateParishIndexRecords } from "~/db/demo/parish-index";
import { lublinDemoCount, odessaDemoCount, parishIndexDemoCount, volhynianDemoCount } from "~/db/seed.server";
import type { AccountStatus } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { callRoute } from "~/testing/server-build";
import { useTestRuntime } from "~/testing/runtime";

/**
 * The members' parish records index over the real loaders, guard and
 * database (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): members
 * find entries by surname, record type, year, spouse, parish and extractor,
 * open and export them; visitors and inactive accounts get none of them.
 */
const SEED_RECORDS = 1500;
const PASSWORD = "correct horse battery staple";
const records = [...generateParishIndexRecords({ seed: DEFAULT_DEMO_SEED, count: parishIndexDemoCount(SEED_RECORDS) })];
/** Database id of the i-th parish index entry: they follow every other collection's records. */
const idOf = (i: number) =>
  SEED_RECORDS +
  lublinDemoCount(SEED_RECORDS) +
  volhynianDemoCount(SEED_RECORDS) +
  odessaDemoCount(SEED_RECORDS) +
  i +
  1;
const entry = records[0];
const marriedAt = records.findIndex((r) => r.fields.recordType === "M");
const married = records[marriedAt];
const BASE = "/members/parish-records-idx";
const q = encodeURIComponent;

interface SearchBody {
  result: { total: number; rows: { id: number; href: string; cells: string[] }[] };
}

for (const dialect of testDialects()) {
  describe(`parish records index on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: SEED_RECORDS, name: "parish-index" });
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

    it("seeds the parish index entries (5 % of the records) after the Odessa ones", async () => {
      const row = await database.db
        .selectFrom("records")
        .select((eb) => eb.fn.countAll<number>().as("c"))
        .where("collection", "=", 11)
        .executeTakeFirst();
      expect(Number(row?.c)).toBe(records.length);
      expect(records.length / SEED_RECORDS).toBeCloseTo(0.05, 5);
      const first = await database.db
        .selectFrom("records")
        .select(["collection"])
        .where("id", "=", idOf(0))
        .executeTakeFirst();
      expect(first).toEqual({ collection: 11 });
    });

    it("finds an entry by surname in every mode, by record type and year, spouse, parish and extractor", async () => {
      const s = entry.fields.surname!;
      for (const [value, mode] of [
        [s, "sounds"],
        [s, "exact"],
        [s, "normalized"],
        [s.slice(0, 3), "starts"],
        [s.slice(1, 4), "contains"],
      ])
        expect(await ids(`${BASE}/search?surname=${q(value)}&surnameMode=${mode}`)).toContain(idOf(0));
      const typed = await ids(
        `${BASE}/search?surname=${q(s)}&recordType=${entry.fields.recordType}&yearFrom=${entry.date.year}&yearTo=${entry.date.year}`,
      );
      expect(typed).toContain(idOf(0));
      for (const id of typed) expect(records[id - idOf(0)].fields.recordType).toBe(entry.fields.recordType);
      const other = entry.fields.recordType === "B" ? "D" : "B";
      expect(await ids(`${BASE}/search?surname=${q(s)}&recordType=${other}`)).not.toContain(idOf(0));
      expect(await ids(`${BASE}/search?spouse=${q(married.fields.spouseSurname!)}&spouseMode=exact`)).toContain(
        idOf(marriedAt),
      );
      expect(
        await ids(
          `${BASE}/search?surname=${q(s)}&parish=${q(entry.fields.parish!)}&extractor=${q(entry.fields.extractor!)}`,
        ),
      ).toContain(idOf(0));
      const { status, body } = await search(`${BASE}/search?recordType=Z`, "odessa-member");
      expect(status).toBe(400);
      expect((body as { errors: Record<string, string> }).errors.recordType).toBeTruthy();
    });

    it("shows a member the results row and the record page with act, film, page, parish and extractor", async () => {
      const { body } = await search(
        `${BASE}/search?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
        "odessa-member",
      );
      const row = (body as SearchBody).result.rows.find((r) => r.id === idOf(0))!;
      expect(row.href).toBe(`${BASE}/record/${idOf(0)}`);
      expect(row.cells).toEqual(
        expect.arrayContaining([entry.fields.act, entry.fields.film, entry.fields.page, entry.fields.extractor]),
      );
      const { status, body: page } = await record(idOf(0), "odessa-member");
      expect(status).toBe(200);
      const p = page as {
        record: { fields: { label: string; value: string }[]; source: { label: string; value: string }[] };
      };
      expect(p.record.fields).toContainEqual({ label: "Parish", value: entry.fields.parish });
      expect(p.record.fields).toContainEqual({ label: "Extractor", value: entry.fields.extractor });
      expect(p.record.source).toContainEqual({ label: "Act number", value: entry.fields.act });
      expect(p.record.source).toContainEqual({ label: "Film", value: entry.fields.film });
      expect(p.record.source).toContainEqual({ label: "Page", value: entry.fields.page });
      const exp = await csv(
        `${BASE}/export.csv?surname=${q(entry.fields.surname!)}&surnameMode=exact`,
        "odessa-member",
      );
      expect(exp.status).toBe(200);
    });
  });
}
