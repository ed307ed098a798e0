import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  rawRequest,
  startServer,
  builtRoutes,
} from "./server";

/**
 * Issue #8, point 2 and 4: what a fuzzer and an attacker send — malformed
 * hosts, other methods, bodies that are not forms, cross-site posts, huge
 * bodies — is answered with a 4xx, never a 500, on both databases.
 */
const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

/** Every route with an action in the build, its parameters filled in (read by node itself, outside Vite). */
function actionPaths(): string[] {
  const paths = builtRoutes()
    .filter((r) => r.action && r.path !== undefined)
    .map((r) => r.path!);
  return paths.map((p) =>
    `/${p}`
      .replace(/^\/+/, "/")
      .replace(/:[A-Za-z]+/g, "1")
      .replace(/\*$/, "guides/x"),
  );
}

describe.each(kinds)("hostile requests on %s", (kind) => {
  let server: RunningServer;
  let member: Account;
  let admin: Account;
  let actions: string[];
  const send = (request: Parameters<typeof rawRequest>[1]) => rawRequest(server.port, request);
  const host = () => `127.0.0.1:${server.port}`;

  beforeAll(async () => {
    server = await startServer({ kind });
    const database = server.openDatabase();
    member = await makeAccount(database);
    admin = await makeAccount(database, { role: "admin" });
    await database.close();
    actions = actionPaths();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finds the actions to attack", () => {
    expect(actions).toEqual(expect.arrayContaining(["/Login", "/signup/new", "/logout", "/forgot-password"]));
  });

  it("answers an invalid Host header with 400", async () => {
    for (const bad of ["localhost:99999", "[::1", "a b", "a%b", `127.0.0.1:${server.port}@evil`]) {
      for (const target of ["/_payload.json", "/", "/Login", "/stpete/birth/search/_payload.json?surname=Kowalski"]) {
        const response = await send({ method: "GET", path: target, headers: { Host: bad } });
        expect(response.status, `${bad} ${target}`).toBe(400);
      }
    }
  });

  it("answers bodies that are not forms with 400 or 415, and other methods with 405", async () => {
    const bodies: Array<[string | undefined, string]> = [
      ["application/json", '{"login":"a","password":"b"}'],
      ["text/plain", "login=a&password=b"],
      [undefined, ""],
      ["multipart/form-data; boundary=xyz", '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
      ["multipart/form-data", "garbage"],
    ];
    for (const target of [
      "/Login",
      "/forgot-password",
      "/forgot-username",
      "/reset-password",
      "/signup/new",
      "/logout",
    ]) {
      for (const [type, body] of bodies) {
        const response = await send({
          method: "POST",
          path: target,
          headers: { Host: host(), "User-Agent": PERSON_USER_AGENT, ...(type ? { "Content-Type": type } : {}) },
          body,
        });
        expect([400, 415], `${target} ${type}`).toContain(response.status);
      }
      for (const method of ["DELETE", "PATCH", "PUT", "TRACE"]) {
        const response = await send({ method, path: target, headers: { Host: host() } });
        expect(response.status, `${method} ${target}`).toBe(405);
        expect(response.headers.allow).toBe("GET, HEAD, POST");
      }
    }
    expect((await send({ method: "TRACE", path: "/", headers: { Host: host() } })).status).toBe(405);
  });

  it("refuses a cross-origin form post with 403 and a short message", async () => {
    for (const origin of ["https://evil.example", "null", "not a url"]) {
      const response = await send({
        method: "POST",
        path: "/Login",
        headers: { Host: host(), Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: "login=a&password=b",
      });
      expect(response.status, origin).toBe(403);
      expect(response.body).toMatch(/only be sent from this site/);
    }
    // The site's own pages still post.
    const own = await send({
      method: "POST",
      path: "/Login",
      headers: { Host: host(), Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "login=a&password=b",
    });
    expect(own.status).toBe(403); // no CSRF token: refused by the form's own check, not by the origin rule
    expect(own.body).not.toMatch(/only be sent from this site/);
  });

  it("answers an oversized body with 413 without reading it", async () => {
    // The header announces 50 MB; the server must answer before the body comes.
    const form = await send({
      method: "POST",
      path: "/Login",
      headers: {
        Host: host(),
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(50 * 1024 * 1024),
      },
      body: "login=a&password=",
    });
    expect(form.status).toBe(413);
    const json = await send({
      method: "POST",
      path: "/api/auth/login",
      headers: { Host: host(), "Content-Type": "application/json", "Content-Length": String(50 * 1024 * 1024) },
      body: '{"username":"',
    });
    expect(json.status).toBe(413);
    const chunked = await send({
      method: "POST",
      path: "/Login",
      headers: { Host: host(), "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      body: "5\r\nlogin\r\n0\r\n\r\n",
    });
    expect(chunked.status).toBe(411);
    // A real 200 KB form is refused too, and a normal one is not.
    const big = await send({
      method: "POST",
      path: "/forgot-password",
      headers: { Host: host(), "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=${"a".repeat(200 * 1024)}`,
    });
    expect(big.status).toBe(413);
  });

  it("never answers 5xx to random methods, hosts, content types and bodies on any action", async () => {
    const method = fc.constantFrom(
      "GET",
      "HEAD",
      "POST",
      "POST",
      "POST",
      "PUT",
      "DELETE",
      "PATCH",
      "TRACE",
      "OPTIONS",
      "FOO",
    );
    const hostHeader = fc.oneof(
      fc.constant(host()),
      fc.constant(host()),
      fc.constantFrom("localhost:99999", "[::1", "a b", "a%b", "evil.example", `127.0.0.1:${server.port}@evil`),
      fc.stringMatching(/^[\x21-\x7e]{0,30}$/),
    );
    const contentType = fc.oneof(
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "multipart/form-data; boundary=b",
        "application/json",
        "text/plain",
        "application/octet-stream",
      ),
      fc.stringMatching(/^[\x20-\x7e]{0,40}$/),
    );
    const body = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        "csrf=x&login=a&password=b",
        '{"username":"a","password":"b"}',
        '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--\r\n',
        "from__confirm=U2FsdGVkX18AAAAAAAAAAAMDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY%3D",
        "%ff%fe%00=%00",
      ),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
    );
    const target = fc.oneof(
      fc.constantFrom(...actions),
      fc.constantFrom(...actions).map((p) => `${p === "/" ? "" : p}/_payload.json`),
      fc.constantFrom(...actions).map((p) => `${p}.data`),
    );
    const who = fc.constantFrom<"visitor" | "member" | "admin">("visitor", "member", "admin");
    const origin = fc.constantFrom(undefined, undefined, "self", "https://evil.example", "null");
    await fc.assert(
      fc.asyncProperty(method, hostHeader, contentType, body, target, who, origin, async (m, h, type, b, p, w, o) => {
        const headers: Record<string, string> = { Host: h, "Content-Type": type, "User-Agent": PERSON_USER_AGENT };
        if (w !== "visitor") headers.Cookie = (w === "member" ? member : admin).cookie;
        if (o) headers.Origin = o === "self" ? server.url : o;
        const response = await send({ method: m, path: p, headers, body: Buffer.from(b, "latin1") });
        expect(response.status, `${m} ${p} host=${h} type=${type}`).toBeLessThan(500);
      }),
      { numRuns: 400 },
    );
    expect(server.exited()).toBe(false);
    expect(server.output()).not.toMatch(/"level":50/);
  });
});
