import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { testDialects } from "~/db/test-database";
import { TEST_BASE_URL, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { apiLogin } from "./api.server";
import { SIGN_IN_SUSPENDED } from "./sign-in.server";
import { FREE_FAILURES } from "./throttle.server";

const PASSWORD = "correct horse battery staple";

const login = async (username: string, password: string, ip: string) => {
  const response = await apiLogin(
    new Request(`${TEST_BASE_URL}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password }),
    }),
    ip,
  );
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
};

for (const dialect of testDialects()) {
  describe(`POST /api/auth/login on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "api-login" });
    let database: Database;
    beforeAll(() => {
      database = runtime.database;
    });

    it("keeps the lock that wrong passwords put on relRate when the e-mail address is sent", async () => {
      await signedInAccount(database, "relRate", { password: PASSWORD });
      for (let i = 0; i < FREE_FAILURES; i++)
        expect((await login("relRate", "wrong", `203.0.113.${i + 1}`)).status).toBe(401);
      const byEmail = await login("relRate@example.org", PASSWORD, "203.0.113.50");
      expect(byEmail.status).toBe(429);
      expect(Number(byEmail.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(byEmail.headers.get("Set-Cookie")).toBeNull();
    });

    it("counts wrong passwords sent with the e-mail address towards the account's lock", async () => {
      await signedInAccount(database, "api.mixed", { password: PASSWORD });
      for (let i = 0; i < FREE_FAILURES; i++) {
        const typed = i % 2 ? "API.MIXED@example.org" : "api.mixed@EXAMPLE.ORG";
        expect((await login(typed, "wrong", `203.0.113.${i + 60}`)).status).toBe(401);
      }
      expect((await login("api.mixed", PASSWORD, "203.0.113.70")).status).toBe(429);
    });

    it("refuses a suspended account with its reason, no token and no cookie", async () => {
      const { user } = await signedInAccount(database, "api.suspended", { password: PASSWORD, status: "suspended" });
      const refused = await login("api.suspended", PASSWORD, "203.0.113.80");
      expect(refused).toMatchObject({ status: 403, body: { error: SIGN_IN_SUSPENDED } });
      expect(refused.body.token).toBeUndefined();
      expect(refused.headers.get("Set-Cookie")).toBeNull();
      const sessions = await database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
      // The one session is the test helper's own; the refused sign-in added none.
      expect(sessions).toHaveLength(1);
    });
  });
}
