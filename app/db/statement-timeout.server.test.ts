import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { type TestDatabase, createTestDatabase, testDialects } from "./test-database";
import { isStatementTimeout, withStatementTimeout } from "./statement-timeout.server";

for (const dialect of testDialects()) {
  describe(`withStatementTimeout on ${dialect}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
    });
    afterAll(async () => {
      await t?.drop();
    });

    it("runs the work and hands back its answer", async () => {
      const answer = await withStatementTimeout(t.database, 5_000, async (database) => {
        const row = await sql<{ one: number }>`select 1 as one`.execute(database.db);
        return Number(row.rows[0].one);
      });
      expect(answer).toBe(1);
    });

    if (dialect === "postgres") {
      it("cancels a statement that runs past the budget, and leaves the connection's own setting alone", async () => {
        const before = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t.database.db);
        const started = performance.now();
        const failed = await withStatementTimeout(t.database, 100, (database) =>
          sql`select pg_sleep(5)`.execute(database.db),
        ).catch((e: unknown) => e);
        expect(isStatementTimeout(failed)).toBe(true);
        expect(performance.now() - started).toBeLessThan(2_000);
        const after = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(t.database.db);
        expect(after.rows[0].statement_timeout).toBe(before.rows[0].statement_timeout);
      });

      it("refuses to write within the budget's transaction", async () => {
        const failed = await withStatementTimeout(t.database, 5_000, (database) =>
          sql`create table never_made (x integer)`.execute(database.db),
        ).catch((e: unknown) => e);
        expect(String(failed)).toMatch(/read-only transaction/);
      });
    }
  });
}
