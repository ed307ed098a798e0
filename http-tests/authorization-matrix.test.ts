import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/auth/sessions.server";
import type { Database } from "~/db/connection.server";
import { approveTree } from "~/families/trees.server";
import { openForm } from "./forms";
import { PERSON_USER_AGENT, type RunningServer, postgresAdminUrl, startServer } from "./server";
import { EXPECTED, KINDS, type Kind, type RouteCells } from "./authorization-matrix.table";
import { type Fixtures, concretePath, makeRouteFixtures, matrixRoutes, payloadPath } from "./route-fixtures";

/**
 * Issue 13, point 1: every route of the build — pages, actions, API endpoints, payload files, exports, imports,
 * member trees — requested as each kind of account, GET, its `_payload.json`, and a POST with and without a valid
 * CSRF token, against the exact answers of authorization-matrix.table.ts. A route the table does not name fails
 * the test, so a new route cannot go in without someone writing down who may use it.
 *
 * Every request carries a sign-in of its own (a fresh session) and an address of its own (X-Forwarded-For), so a
 * sign-out, a token rotation or a rate limit of one request cannot change the answer to another.
 *
 * MATRIX_WRITE=1 writes what the server answered to authorization-matrix.observed.json instead of failing (to
 * review when a route is added; the table itself is always written by hand).
 */
const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

describe.each(kinds)("the authorization matrix on %s", (kind) => {
  let server: RunningServer;
  let database: Database;
  let fixtures: Fixtures;
  let csrf: { token: string; cookie: string };
  let addresses = 0;

  beforeAll(async () => {
    server = await startServer({ kind, env: { TRUST_PROXY: "1" }, seedRecords: 3000 });
    database = server.openDatabase();
    fixtures = await makeRouteFixtures(server, database);
    const form = await openForm(`${server.url}/Login`);
    csrf = { token: form.fields.get("csrf") ?? "", cookie: form.cookie };
    expect(csrf.token).not.toBe("");
  });
  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  /** A Cookie header: a fresh sign-in of the account of this kind (none for a visitor), and the CSRF cookie. */
  async function cookieFor(who: Kind): Promise<string> {
    if (who === "visitor") return csrf.cookie;
    const token = await createSession(database, fixtures.accounts[who].id, { ip: "127.0.0.1", userAgent: "matrix" });
    return `${csrf.cookie}; metryka_refresh=${Buffer.from(JSON.stringify(token), "utf8").toString("base64")}`;
  }

  /** What the table writes for an answer: the status, and for a redirect where it goes ("login": to sign in and back). */
  function cellOf(response: Response, requested: string): number | string {
    if (response.status < 300 || response.status >= 400) return response.status;
    const location = response.headers.get("Location") ?? "";
    if (location === `/Login?redirectTo=${encodeURIComponent(requested)}`) return `${response.status} login`;
    return `${response.status} ${location}`;
  }

  async function request(
    who: Kind,
    method: "GET" | "POST",
    target: string,
    body?: URLSearchParams,
  ): Promise<number | string> {
    const response = await fetch(`${server.url}${target}`, {
      method,
      redirect: "manual",
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        Cookie: await cookieFor(who),
        "X-Forwarded-For": `10.13.${Math.floor(++addresses / 250)}.${addresses % 250}`,
        ...(body ? { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url } : {}),
      },
      body,
    });
    await response.arrayBuffer();
    return cellOf(response, target);
  }

  it("answers every route exactly as the table says, for every kind of account", async () => {
    const routes = matrixRoutes();
    const patterns = routes.map((r) => r.path);
    const writing = process.env.MATRIX_WRITE === "1";
    const missing = writing ? [] : patterns.filter((p) => !(p in EXPECTED));
    expect(
      missing,
      `routes of the build that the matrix does not name: add them to authorization-matrix.table.ts`,
    ).toEqual([]);
    const gone = Object.keys(EXPECTED).filter((p) => !patterns.includes(p));
    expect(gone, "routes in the matrix that the build no longer has").toEqual([]);

    const observed: Record<string, RouteCells> = {};
    const differences: string[] = [];
    for (const route of routes) {
      const target = await concretePath(route.path, fixtures);
      const row: RouteCells = { get: [], payload: [] };
      if (route.action) Object.assign(row, { post: [], postNoCsrf: [] });
      for (const who of KINDS) {
        row.get.push(await request(who, "GET", target));
        row.payload.push(await request(who, "GET", payloadPath(target)));
        if (route.action) {
          row.post!.push(await request(who, "POST", target, new URLSearchParams({ csrf: csrf.token })));
          row.postNoCsrf!.push(await request(who, "POST", target, new URLSearchParams()));
        }
      }
      observed[route.path] = row;
      const expected = EXPECTED[route.path];
      for (const column of ["get", "payload", "post", "postNoCsrf"] as const) {
        KINDS.forEach((who, i) => {
          const want = expected?.[column]?.[i];
          const got = row[column]?.[i];
          if (want !== got) differences.push(`${column} ${target} as ${who}: expected ${want}, answered ${got}`);
        });
      }
    }
    if (writing) {
      writeFileSync(`http-tests/authorization-matrix.observed.${kind}.json`, JSON.stringify(observed, null, 1));
    }
    expect(differences).toEqual([]);
    expect(server.exited()).toBe(false);
    expect(server.output()).not.toMatch(/"level":50/);
  });

  it("lets a member see and change only their own trees", async () => {
    // Approved, so that it is a tree its own submitter could replace or withdraw.
    expect(
      await approveTree(database, fixtures.otherTree, { userId: fixtures.accounts.admin.id, ip: "127.0.0.1" }),
    ).toBe(true);
    const other = `/members/genealogy/trees/${fixtures.otherTree}`;
    expect(await request("active", "GET", other)).toBe(404);
    expect(await request("active", "GET", payloadPath(other))).toBe(404);
    expect(await request("admin", "GET", other)).toBe(200);
    expect(await request("active", "GET", `/members/genealogy/submit?replaces=${fixtures.otherTree}`)).toBe(404);
    const withdraw = new URLSearchParams({ csrf: csrf.token, intent: "withdraw", treeId: String(fixtures.otherTree) });
    expect(await request("active", "POST", "/members/genealogy/my-trees", withdraw)).toBe(400);
    const tree = await database.db
      .selectFrom("family_trees")
      .select("status")
      .where("id", "=", fixtures.otherTree)
      .executeTakeFirstOrThrow();
    expect(tree.status).toBe("approved");
    // A new file "replacing" another member's tree is refused and writes nothing.
    const trees = async () =>
      Number(
        (
          await database.db
            .selectFrom("family_trees")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await trees();
    const upload = new FormData();
    upload.set("csrf", csrf.token);
    upload.set("title", "Not mine");
    upload.set("replaces", String(fixtures.otherTree));
    upload.set("file", new Blob([readFileSync("app/gedcom/fixtures/minimal.ged")]), "minimal.ged");
    const replace = await fetch(`${server.url}/members/genealogy/submit`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "User-Agent": PERSON_USER_AGENT,
        Cookie: await cookieFor("active"),
        Origin: server.url,
        "X-Forwarded-For": "10.14.0.1",
      },
      body: upload,
    });
    expect(replace.status).toBe(400);
    expect(await replace.text()).toContain("That tree is not one of yours");
    expect(await trees()).toBe(before);
    // The same request for the member's own tree goes through: the refusal above is about ownership.
    const own = new URLSearchParams({ csrf: csrf.token, intent: "withdraw", treeId: String(fixtures.ownTree) });
    expect(await request("active", "POST", "/members/genealogy/my-trees", own)).toBe(
      "302 /members/genealogy/my-trees?done=withdrawn",
    );
  });
});
