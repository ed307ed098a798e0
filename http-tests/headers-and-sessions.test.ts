import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimitName } from "~/auth/rate-limits.server";

type DatabaseLimitName = Exclude<RateLimitName, "searches">;
import { createSession } from "~/auth/sessions.server";
import type { Database } from "~/db/connection.server";
import { type PageForm, openForm } from "./forms";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  startServer,
} from "./server";

/**
 * Issue 13, point 3: the headers and sessions of the built server, on both databases. The server trusts one proxy
 * (TRUST_PROXY=1) so that a test can speak over "TLS" (X-Forwarded-Proto) and from many addresses
 * (X-Forwarded-For), as it would behind the reverse proxy of docs/deploy.md.
 */
const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

let addressCount = 0;
/** A client address of its own for each test, so one test's rate limits do not reach another's. */
const newAddress = () => `198.51.100.${++addressCount}`;

const cookieOf = (response: Response, name: string) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
const refreshCookieValue = (token: string) => Buffer.from(JSON.stringify(token), "utf8").toString("base64");
const tokenOf = (setCookie: string) =>
  JSON.parse(Buffer.from(setCookie.split(";")[0]!.split("=")[1]!, "base64").toString("utf8")) as string;

describe.each(kinds)("headers and sessions on %s", (kind) => {
  let server: RunningServer;
  let database: Database;
  let member: Account;

  beforeAll(async () => {
    server = await startServer({ kind, env: { TRUST_PROXY: "1" }, seedRecords: 200 });
    database = server.openDatabase();
    member = await makeAccount(database);
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: { "User-Agent": PERSON_USER_AGENT, ...headers } });
  const post = (path: string, form: PageForm, values: Record<string, string>, headers: Record<string, string> = {}) => {
    const body = new URLSearchParams(form.fields);
    for (const [name, value] of Object.entries(values)) body.set(name, value);
    return fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: server.url,
        Cookie: form.cookie,
        ...headers,
      },
      body,
    });
  };

  it("sends a hash-based CSP without 'unsafe-inline' scripts, frame-ancestors 'none', and HSTS", async () => {
    for (const path of ["/", "/Login", "/stpete/birth/search?surname=Kowalski", "/members/profile"]) {
      const response = await get(path, { Cookie: member.cookie });
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      const directives = new Map(
        csp.split(";").map((d) => {
          const [name = "", ...values] = d.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      const scriptSrc = directives.get("script-src") ?? [];
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc, path).not.toContain("'unsafe-eval'");
      expect(scriptSrc, path).toContain("'strict-dynamic'");
      expect(
        scriptSrc.some((s) => s.startsWith("'nonce-")),
        path,
      ).toBe(false);
      const hashes = scriptSrc.filter((s) => s.startsWith("'sha256-")).map((s) => s.slice(1, -1));
      expect(directives.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(directives.get("object-src"), path).toEqual(["'none'"]);
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(response.headers.get("Strict-Transport-Security"), path).toMatch(/^max-age=\d{7,}/);
      // Every inline script of the page, and nothing else, is allowed by its SHA-256 hash (decision 0066).
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes = "", text]) => !/\bsrc=/.test(attributes) && text,
      );
      if (path === "/") expect(inline.length, path).toBeGreaterThan(0);
      const expected = new Set(
        inline.map(([, , text = ""]) => `sha256-${createHash("sha256").update(text).digest("base64")}`),
      );
      expect(new Set(hashes), path).toEqual(expected);
    }
  });

  it("sets its cookies HttpOnly and SameSite, and Secure over TLS", async () => {
    const signIn = async (headers: Record<string, string>) => {
      const account = await makeAccount(database);
      const form = await openForm(`${server.url}/Login`);
      const csrfCookie = form.cookie;
      const response = await post(
        "/Login",
        form,
        { login: account.username, password: account.password },
        { ...headers, "X-Forwarded-For": newAddress() },
      );
      expect(response.status).toBe(302);
      return { refresh: cookieOf(response, "metryka_refresh") ?? "", csrfCookie };
    };
    const plain = await signIn({});
    expect(plain.refresh).toMatch(/; HttpOnly/);
    expect(plain.refresh).toMatch(/; SameSite=Lax/);
    expect(plain.refresh).not.toMatch(/; Secure/);
    const tls = await signIn({ "X-Forwarded-Proto": "https" });
    expect(tls.refresh).toMatch(/; HttpOnly/);
    expect(tls.refresh).toMatch(/; SameSite=Lax/);
    expect(tls.refresh).toMatch(/; Secure/);
    for (const headers of [{}, { "X-Forwarded-Proto": "https" }] as Array<Record<string, string>>) {
      const page = await get("/Login", headers);
      const csrf = cookieOf(page, "metryka_csrf") ?? "";
      expect(csrf).toMatch(/; HttpOnly/);
      expect(csrf).toMatch(/; SameSite=Lax/);
      if ("X-Forwarded-Proto" in headers) expect(csrf).toMatch(/; Secure/);
      else expect(csrf).not.toMatch(/; Secure/);
    }
  });

  it("starts a new session at sign-in, whatever sign-in cookie the browser was given before (no fixation)", async () => {
    const account = await makeAccount(database);
    // An attacker's planted cookie: a token that will exist once the victim signs in on it, if the site reused it.
    const planted = `planted-${randomBytes(16).toString("hex")}`;
    const form = await openForm(`${server.url}/Login`);
    form.cookie = `${form.cookie}; metryka_refresh=${refreshCookieValue(planted)}`;
    const response = await post("/Login", form, { login: account.username, password: account.password });
    expect(response.status).toBe(302);
    const token = tokenOf(cookieOf(response, "metryka_refresh") ?? "");
    expect(token).not.toBe(planted);
    const me = await get("/api/auth/me", { Cookie: `metryka_refresh=${refreshCookieValue(planted)}` });
    expect(me.status).toBe(401);
    const rows = await database.db
      .selectFrom("sessions")
      .select("token_hash")
      .where("user_id", "=", account.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(createHash("sha256").update(planted).digest("hex"));
    // A second sign-in is a second, separate session family.
    const second = await post("/Login", await openForm(`${server.url}/Login`), {
      login: account.username,
      password: account.password,
    });
    expect(tokenOf(cookieOf(second, "metryka_refresh") ?? "")).not.toBe(token);
    const families = await database.db
      .selectFrom("sessions")
      .select("family_id")
      .distinct()
      .where("user_id", "=", account.id)
      .execute();
    // makeAccount's own sign-in and the two here.
    expect(families).toHaveLength(3);
  });

  it("revokes the whole session family when a rotated refresh token is used again", async () => {
    const account = await makeAccount(database);
    const first = await get("/api/auth/refresh", { Cookie: account.cookie });
    expect(first.status).toBe(200);
    const successor = cookieOf(first, "metryka_refresh")!.split(";")[0]!;
    expect((await get("/api/auth/me", { Cookie: successor })).status).toBe(200);
    // The replay comes after the grace window for a second tab (REFRESH_REUSE_GRACE_MS): move the rotation back.
    const oldToken = tokenOf(account.cookie);
    await database.db
      .updateTable("sessions")
      .set({ rotated_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where("token_hash", "=", createHash("sha256").update(oldToken).digest("hex"))
      .execute();
    const replay = await get("/api/auth/refresh", { Cookie: account.cookie });
    expect(replay.status).toBe(401);
    // The thief's replay also ends the rightful successor's sign-in.
    expect((await get("/api/auth/me", { Cookie: successor })).status).toBe(401);
    expect((await get("/api/auth/refresh", { Cookie: successor })).status).toBe(401);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_user_id", "=", account.id)
      .where("action", "=", "session.reuse-detected")
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("signs out everywhere from the profile, this browser included, with a CSRF token only", async () => {
    const account = await makeAccount(database);
    const elsewhere = `metryka_refresh=${refreshCookieValue(
      await createSession(database, account.id, { ip: "203.0.113.9", userAgent: "another browser" }),
    )}`;
    const form = await openForm(`${server.url}/members/profile`, account.cookie);
    expect(form.fields.get("csrf")).toBeTruthy();
    const page = await (await get("/members/profile", { Cookie: account.cookie })).text();
    expect(page).toMatch(/<button[^>]*>Sign out everywhere<\/button>/);
    const forged = await post("/members/profile", form, { csrf: "forged" });
    expect(forged.status).toBe(403);
    expect((await get("/members/profile", { Cookie: elsewhere })).status).toBe(200);

    const response = await post("/members/profile", form, {});
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(cookieOf(response, "metryka_refresh")).toMatch(/^metryka_refresh=; .*Expires=Thu, 01 Jan 1970/);
    for (const cookie of [account.cookie, elsewhere]) {
      const after = await get("/members/profile", { Cookie: cookie });
      expect(after.status).toBe(302);
      expect(after.headers.get("Location")).toMatch(/^\/Login\?redirectTo=/);
      expect((await get("/api/auth/refresh", { Cookie: cookie })).status).toBe(401);
    }
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "details"])
      .where("subject_user_id", "=", account.id)
      .where("action", "=", "sessions.revoked")
      .execute();
    expect(audit).toEqual([
      {
        actor_user_id: account.id,
        details: JSON.stringify({ reason: "signed out everywhere by the member", kept: "none" }),
      },
    ]);
  });

  /**
   * Sends one request of a rate-limited kind from an address; what each sends is the least that is counted. The
   * limits counted in the database: the searches' is counted in memory (http-tests/query-resources.test.ts).
   */
  const limited: Record<DatabaseLimitName, (address: string, i: number) => Promise<Response>> = {
    signUp: async (address, i) => {
      const form = await openForm(`${server.url}/signup/new`);
      const name = `rate${randomBytes(3).toString("hex")}${i}`;
      return post(
        "/signup/new",
        form,
        {
          username: name,
          email: `${name}@example.org`,
          password: "many words make a password",
          confirmPassword: "many words make a password",
          givenName: "Rate",
          surname: "Limit",
        },
        { "X-Forwarded-For": address },
      );
    },
    accountHelp: async (address) =>
      post(
        "/forgot-password",
        await openForm(`${server.url}/forgot-password`),
        { email: "nobody@example.org" },
        {
          "X-Forwarded-For": address,
        },
      ),
    refresh: (address) =>
      get("/api/auth/refresh", {
        Cookie: `metryka_refresh=${refreshCookieValue("not-a-token")}`,
        "X-Forwarded-For": address,
      }),
    tokenApi: (address) => get("/api/auth/me", { "X-Forwarded-For": address }),
    exports: (address) => get("/stpete/birth/export.csv?surname=Kowalski", { "X-Forwarded-For": address }),
  };
  const allowed: Record<DatabaseLimitName, number> = {
    signUp: 302,
    accountHelp: 200,
    refresh: 401,
    tokenApi: 401,
    exports: 200,
  };

  it.each(Object.keys(limited) as DatabaseLimitName[])(
    "limits %s per client address in the database, with 429 and Retry-After",
    async (name) => {
      const address = newAddress();
      const { max, windowMs } = RATE_LIMITS[name];
      // Most of the allowance is spent straight in the database (hundreds of sign-ups would take minutes).
      await database.db
        .insertInto("rate_limits")
        .values({ key: `${name}:${address}`, window_started_at: new Date().toISOString(), hits: max - 2 })
        .execute();
      for (let i = 0; i < 2; i++) expect((await limited[name](address, i)).status, `${name} #${i}`).toBe(allowed[name]);
      const refused = await limited[name](address, 2);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("Retry-After"));
      expect(retryAfter).toBeGreaterThan(windowMs / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
      expect(await refused.text()).toMatch(/Too many requests from your address\. Please wait \d+ (seconds|minutes)/);
      // Another address is not held back.
      expect((await limited[name](newAddress(), 3)).status).toBe(allowed[name]);
      const row = await database.db
        .selectFrom("rate_limits")
        .select("hits")
        .where("key", "=", `${name}:${address}`)
        .executeTakeFirstOrThrow();
      expect(Number(row.hits)).toBe(max + 1);
    },
  );

  it("logged no server error", () => {
    expect(server.exited()).toBe(false);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
