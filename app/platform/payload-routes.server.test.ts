import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { issueAccessToken } from "~/auth/tokens.server";
import type { Database } from "~/db/connection.server";
import type { AccountStatus, Role } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { getSessionSecret } from "~/config/session-secret.server";
import { TEST_BASE_URL, signedInAccount } from "~/testing/requests";
import { serverBuildRoutes } from "~/testing/server-build";
import { answerPayload } from "./payload.server";
import { useTestRuntime } from "~/testing/runtime";

/**
 * Payload files over the real route table, loaders, guard and database
 * (SQLite, and PostgreSQL when TEST_DATABASE_URL is set): what each kind of
 * caller gets for public pages, members' pages and unknown paths.
 */
const PASSWORD = "correct horse battery staple";

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { routes?: Record<string, Record<string, unknown> | null> };
}

for (const dialect of testDialects()) {
  describe(`payload files on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "payload" });
    let database: Database;
    let build: Pick<ServerBuild, "routes">;
    const cookies = new Map<string, string>();
    const ids = new Map<string, number>();

    async function account(
      username: string,
      status: AccountStatus = "active",
      role: Role = "member",
      expires?: string,
    ) {
      const { user, cookie } = await signedInAccount(database, username, { password: PASSWORD, status, role });
      if (expires) {
        await database.db
          .updateTable("users")
          .set({ membership_expires_on: expires })
          .where("id", "=", Number(user.id))
          .execute();
      }
      cookies.set(username, cookie);
      ids.set(username, Number(user.id));
    }

    async function payload(target: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
      const response = await answerPayload(build, new Request(`${TEST_BASE_URL}${target}`, { headers, method }), {
        clientIp: "203.0.113.7",
      });
      expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("Vary")).toBe("Cookie, Authorization");
      expect(response.headers.get("Location")).toBeNull();
      return { status: response.status, headers: response.headers, body: (await response.json()) as Answer["body"] };
    }
    const as = (username: string) => ({ Cookie: cookies.get(username)! });
    const bearer = async (username: string, secret = getSessionSecret()) => ({
      Authorization: `Bearer ${await issueAccessToken({ userId: ids.get(username)!, username, role: "member" }, secret)}`,
    });

    beforeAll(async () => {
      database = runtime.database;
      build = { routes: await serverBuildRoutes() };
      await account("payload-member");
      await account("payload-pending", "pending");
      await account("payload-expired", "active", "member", "2020-01-01");
      await account("payload-suspended", "suspended");
      await account("payload-admin", "active", "admin");
      await database.db
        .insertInto("content_pages")
        .values({
          slug: "guides/reading-russian",
          title: "Reading Russian registers",
          body_markdown: "# Hello\n\nThe *metryka* of a parish.",
          published: 1,
          updated_at: "2026-11-01T10:00:00.000Z",
          updated_by: null,
        })
        .execute();
    });

    it("answers the home page at /_payload.json with the root's and the page's data", async () => {
      const { status, headers, body } = await payload("/_payload.json");
      expect(status).toBe(200);
      expect(headers.get("Cache-Control")).toBe("private, no-cache");
      expect(body.path).toBe("/");
      expect(Object.keys(body.routes!)).toEqual(["root", "routes/_index"]);
      // A visitor without a session gets no CSRF token and no cookie on a page without a form (decision 0031).
      expect(body.routes!.root).toMatchObject({ user: null, csrf: "" });
      expect(body.routes!["routes/_index"]!.collections).toContainEqual(
        expect.objectContaining({ id: "stpete-birth", searchPath: "/stpete/birth/search" }),
      );
      expect(headers.getSetCookie()).toEqual([]);
    });

    it("gives a visitor the CSRF token, and the cookie that carries it, with a sign-in form's payload", async () => {
      const { status, headers, body } = await payload("/Login/_payload.json");
      expect(status).toBe(200);
      const token = (body.routes!.root as { csrf: string }).csrf;
      expect(token).not.toBe("");
      expect(headers.getSetCookie().some((c) => c.startsWith("metryka_csrf="))).toBe(true);
    });

    it("answers a search with its query, and a malformed one with 400 and the form's errors", async () => {
      const { status, body } = await payload("/stpete/birth/search/_payload.json?surname=Kowalski");
      expect(status).toBe(200);
      expect(body).toMatchObject({ path: "/stpete/birth/search", search: "?surname=Kowalski", status: 200 });
      const page = body.routes!["source/part/search"]!;
      expect(page).toMatchObject({
        searched: true,
        values: expect.objectContaining({ surname: "Kowalski" }) as unknown,
      });
      expect(page.result).toMatchObject({ total: 0 });

      const bad = await payload("/stpete/birth/search/_payload.json?surname=Kowalski&yearFrom=abc");
      expect(bad.status).toBe(400);
      expect(bad.body.status).toBe(400);
      expect(bad.body.routes!["source/part/search"]).toMatchObject({
        searched: false,
        errors: { yearFrom: expect.any(String) as unknown },
      });
    });

    it("answers a members' page 401 to a visitor and to every account that is not an active member", async () => {
      for (const who of [null, "payload-pending", "payload-expired", "payload-suspended"]) {
        const { status, headers, body } = await payload("/members/profile/_payload.json", who ? as(who) : {});
        expect(status, String(who)).toBe(401);
        expect(headers.get("Cache-Control")).toBe("private, no-store");
        expect(headers.get("WWW-Authenticate")).toBe('Bearer realm="Metryka"');
        expect(body).toEqual({
          path: "/members/profile",
          search: "",
          status: 401,
          message: expect.any(String) as unknown,
        });
        expect(JSON.stringify(body)).not.toContain("@example.org");
      }
    });

    it("answers a signed-in member their page's data, never to be stored", async () => {
      const { status, headers, body } = await payload(
        "/members/profile/_payload.json?updated=personal",
        as("payload-member"),
      );
      expect(status).toBe(200);
      expect(headers.get("Cache-Control")).toBe("private, no-store");
      expect(body.routes!.root).toMatchObject({ user: { username: "payload-member", role: "member" } });
      expect(body.routes!["routes/members.profile"]).toMatchObject({
        account: { username: "payload-member", email: "payload-member@example.org", membership: "active" },
        updated: "personal",
      });
    });

    it("takes the browser runtime's Bearer access token as the page takes the cookie", async () => {
      const member = await payload("/members/profile/_payload.json", await bearer("payload-member"));
      expect(member.status).toBe(200);
      expect(member.body.routes!["routes/members.profile"]).toMatchObject({ account: { username: "payload-member" } });
      expect(member.body.routes!.root).toMatchObject({ user: { username: "payload-member" } });

      const pending = await payload("/members/profile/_payload.json", await bearer("payload-pending"));
      expect(pending.status).toBe(401);
      const forged = await payload(
        "/members/profile/_payload.json",
        await bearer("payload-member", "some-other-secret-0123456789"),
      );
      expect(forged.status).toBe(401);
      expect(forged.headers.get("WWW-Authenticate")).toBe('Bearer realm="Metryka", error="invalid_token"');
    });

    it("guards the members' catch-all and the administration as their pages do", async () => {
      const guide = "/members/guides/reading-russian/_payload.json";
      expect((await payload(guide)).status).toBe(401);
      const read = await payload(guide, as("payload-member"));
      expect(read.status).toBe(200);
      expect(read.body.params).toEqual({ "*": "guides/reading-russian" });
      expect(read.body.routes!["routes/members.$"]).toMatchObject({ title: "Reading Russian registers" });
      expect((await payload("/members/no-such-guide/_payload.json", as("payload-member"))).status).toBe(404);
      expect((await payload("/members/no-such-guide/_payload.json")).status).toBe(401);

      expect((await payload("/members/admin/_payload.json")).status).toBe(401);
      const notAdmin = await payload("/members/admin/_payload.json", as("payload-member"));
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.headers.get("Cache-Control")).toBe("private, no-store");
      expect((await payload("/members/admin/_payload.json", as("payload-admin"))).status).toBe(200);
    });

    it("guards members' paths in any spelling the routes would accept", async () => {
      for (const p of [
        "/MEMBERS/profile",
        "/Members/guides/reading-russian",
        "/%6Dembers/profile",
        "//members/profile",
      ]) {
        const { status, headers } = await payload(`${p}/_payload.json`);
        expect(status, p).toBe(401);
        expect(headers.get("Cache-Control")).toBe("private, no-store");
      }
    });

    it("answers an unknown path 404 with SPEC §8's message, and a case variant with the page's redirect", async () => {
      const unknown = await payload("/no/such/page/_payload.json");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({
        path: "/no/such/page",
        search: "",
        status: 404,
        message: "Page not found: /no/such/page",
      });

      const variant = await payload("/stpete/Birth/search/_payload.json?surname=Kowalski");
      expect(variant.status).toBe(202);
      expect(variant.body.redirect).toEqual({
        location: "/stpete/birth/search?surname=Kowalski",
        status: 301,
        payload: "/stpete/birth/search/_payload.json?surname=Kowalski",
      });
    });

    it("answers a missing or malformed record 404", async () => {
      expect((await payload("/stpete/birth/record/999999/_payload.json")).status).toBe(404);
      expect((await payload("/stpete/birth/record/abc/_payload.json")).status).toBe(404);
    });

    it("has no payload for resource routes and never runs them (no session rotated, no sign-out)", async () => {
      for (const p of [
        "/stpete/birth/export.csv",
        "/api/auth/refresh",
        "/api/auth/logout",
        "/logout",
        "/signup/verify",
      ]) {
        const { status, body } = await payload(`${p}/_payload.json`, as("payload-member"));
        expect(status, p).toBe(404);
        expect(body.message).toBe(`Page not found: ${p}`);
      }
      const sessions = await database.db
        .selectFrom("sessions")
        .select(["rotated_at", "revoked_at"])
        .where("user_id", "=", ids.get("payload-member")!)
        .execute();
      expect(sessions).toEqual([{ rotated_at: null, revoked_at: null }]);
      expect((await payload("/members/profile/_payload.json", as("payload-member"))).status).toBe(200);
    });

    it("is read, not posted to", async () => {
      const { status, headers } = await payload("/members/profile/_payload.json", as("payload-member"), "POST");
      expect(status).toBe(405);
      expect(headers.get("Allow")).toBe("GET, HEAD");
    });
  });
}
