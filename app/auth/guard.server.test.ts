import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSessionSecret } from "~/config/session-secret.server";
import { startRuntime, stopRuntime } from "~/server/runtime.server";
import type { AccountStatus, Role } from "~/db/schema";
import type { Database } from "~/db/connection.server";
import { requireAdminAuth, requireAdminAuthForData, safeRedirectPath } from "./guard.server";
import { createSession, refreshCookieHeader } from "./sessions.server";
import { issueAccessToken } from "./tokens.server";
import { createUser } from "./users.server";

const URL_ = "http://metryka.test/members/profile?tab=1";

async function outcome(request: Request, admin = false): Promise<string> {
  try {
    const user = await requireAdminAuth(request, { admin });
    return `ok:${user.username}`;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const location = thrown.headers.get("Location");
    return location ? `${thrown.status}:${location}` : `${thrown.status}`;
  }
}

async function dataOutcome(request: Request, admin = false): Promise<string> {
  try {
    const user = await requireAdminAuthForData(request, { admin });
    return `ok:${user.username}`;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    expect(thrown.headers.get("Location")).toBeNull();
    const challenge = thrown.headers.get("WWW-Authenticate");
    return challenge ? `${thrown.status} ${challenge}` : `${thrown.status}`;
  }
}

describe("the auth-admin guard", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-guard-"));
  const cookies = new Map<string, string>();
  let database: Database;

  async function account(username: string, role: Role, status: AccountStatus, expires: string | null = null) {
    const user = await createUser(
      database,
      { username, email: `${username}@example.org`, password: "correct horse battery staple", role, status },
      { actorUserId: null, via: "test" },
    );
    if (expires)
      await database.db
        .updateTable("users")
        .set({ membership_expires_on: expires })
        .where("id", "=", Number(user.id))
        .execute();
    const token = await createSession(database, Number(user.id), { ip: "", userAgent: "" });
    const cookie = (await refreshCookieHeader(new Request(URL_), token)).split(";")[0];
    cookies.set(username, cookie);
  }

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    process.env.SEED_RECORDS = "0";
    delete process.env.DATABASE_URL;
    database = await startRuntime();
    await account("visitor-none", "member", "active");
    await account("pending1", "member", "pending");
    await account("active1", "member", "active");
    await account("expired1", "member", "active", "2020-01-01");
    await account("suspended1", "member", "suspended");
    await account("admin1", "admin", "active");
  });
  afterAll(async () => {
    await stopRuntime();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const asUser = (name: string) => new Request(URL_, { headers: { Cookie: cookies.get(name)! } });

  it("gives every kind of account exactly the expected answer", async () => {
    expect(await outcome(new Request(URL_))).toBe(
      `302:/Login?redirectTo=${encodeURIComponent("/members/profile?tab=1")}`,
    );
    expect(await outcome(asUser("pending1"))).toBe("403");
    expect(await outcome(asUser("expired1"))).toBe("403");
    expect(await outcome(asUser("suspended1"))).toBe("403");
    expect(await outcome(asUser("active1"))).toBe("ok:active1");
    expect(await outcome(asUser("admin1"))).toBe("ok:admin1");
    expect(await outcome(asUser("active1"), true)).toBe("403");
    expect(await outcome(asUser("admin1"), true)).toBe("ok:admin1");
  });

  it("accepts a valid Bearer token and refuses a forged one", async () => {
    const token = await issueAccessToken({ userId: 3, username: "active1", role: "member" }, getSessionSecret());
    expect(await outcome(new Request(URL_, { headers: { Authorization: `Bearer ${token}` } }))).toBe("ok:active1");
    const forged = await issueAccessToken(
      { userId: 3, username: "active1", role: "member" },
      "not-the-secret-0123456789",
    );
    expect(await outcome(new Request(URL_, { headers: { Authorization: `Bearer ${forged}` } }))).toMatch(/^302:/);
  });

  it("answers data requests (payload files) 401 instead of sending anyone to sign in", async () => {
    const challenge = '401 Bearer realm="Metryka"';
    expect(await dataOutcome(new Request(URL_))).toBe(challenge);
    expect(await dataOutcome(asUser("pending1"))).toBe(challenge);
    expect(await dataOutcome(asUser("expired1"))).toBe(challenge);
    expect(await dataOutcome(asUser("suspended1"))).toBe(challenge);
    expect(await dataOutcome(asUser("active1"))).toBe("ok:active1");
    expect(await dataOutcome(asUser("active1"), true)).toBe("403");
    expect(await dataOutcome(asUser("admin1"), true)).toBe("ok:admin1");
    try {
      await requireAdminAuthForData(asUser("expired1"));
    } catch (thrown) {
      expect(await (thrown as Response).text()).toMatch(/expired/);
    }
  });

  it("takes a Bearer token for data requests, and says when a presented one is refused", async () => {
    const secret = getSessionSecret();
    const token = await issueAccessToken({ userId: 3, username: "active1", role: "member" }, secret);
    const bearer = (t: string) => new Request(URL_, { headers: { Authorization: `Bearer ${t}` } });
    expect(await dataOutcome(bearer(token))).toBe("ok:active1");
    const pending = await issueAccessToken({ userId: 2, username: "pending1", role: "member" }, secret);
    expect(await dataOutcome(bearer(pending))).toBe('401 Bearer realm="Metryka"');
    const forged = await issueAccessToken(
      { userId: 3, username: "active1", role: "member" },
      "not-the-secret-0123456789",
    );
    expect(await dataOutcome(bearer(forged))).toBe('401 Bearer realm="Metryka", error="invalid_token"');
    const expired = await issueAccessToken(
      { userId: 3, username: "active1", role: "member" },
      secret,
      Date.now() - 3_600_000,
    );
    expect(await dataOutcome(bearer(expired))).toBe('401 Bearer realm="Metryka", error="invalid_token"');
  });

  it("keeps redirects on this site", () => {
    expect(safeRedirectPath("/stpete/birth/search?surname=x")).toBe("/stpete/birth/search?surname=x");
    expect(safeRedirectPath("https://evil.example/")).toBe("/");
    expect(safeRedirectPath("//evil.example/")).toBe("/");
    expect(safeRedirectPath("/\\evil.example")).toBe("/");
    expect(safeRedirectPath(null)).toBe("/");
  });
});
