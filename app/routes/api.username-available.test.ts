import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { testDialects } from "~/db/test-database";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { loader } from "./api.username-available";

const PASSWORD = "correct horse battery staple";

for (const dialect of testDialects()) {
  describe(`GET /api/username-available on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "username-available" });
    let database: Database;
    beforeAll(() => {
      database = runtime.database;
    });

    const ask = (cookie: string | null) =>
      outcome(() =>
        loader({
          request: getRequest("/api/username-available?username=free-name", cookie),
          params: {},
          context: {},
        } as never),
      );

    it("answers an active member", async () => {
      const member = await signedInAccount(database, "avail.active", { password: PASSWORD });
      expect((await ask(member.cookie)).status).toBe(200);
    });

    it("refuses visitors and accounts without an active membership, as the members' guard does, in JSON", async () => {
      const visitor = await ask(null);
      expect(visitor.status).toBe(401);
      expect(JSON.parse(String(visitor.body))).toMatchObject({ error: expect.any(String) });
      const pending = await signedInAccount(database, "avail.pending", { password: PASSWORD, status: "pending" });
      const suspended = await signedInAccount(database, "avail.suspended", { password: PASSWORD, status: "suspended" });
      const expired = await signedInAccount(database, "avail.expired", { password: PASSWORD });
      await database.db
        .updateTable("users")
        .set({ membership_expires_on: "2001-01-01" })
        .where("id", "=", expired.user.id)
        .execute();
      for (const account of [pending, suspended, expired]) {
        const refused = await ask(account.cookie);
        expect(refused.status, account.user.username).toBe(401);
        expect(String(refused.body)).toMatch(/membership|account is waiting/i);
      }
    });
  });
}
