import { existsSync, readFileSync, statSync } from "node:fs";
import { firstRecordPath } from "../scripts/bench-kit";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  PERSON_USER_AGENT,
  type RunningServer,
  makeAccount,
  postgresAdminUrl,
  serverDir,
  startServer,
} from "./server";
import { SHARED_CACHE_MAX_AGE_S } from "../app/config/timing";

/** A visitor's page: any cache may store it; browsers ask again each time, shared caches after a moment. */
const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_MAX_AGE_S}, must-revalidate`;

/**
 * Issue 12 item 3 and issue 28 item 1, against the built server: public pages
 * and records carry a strong validator and answer 304 while they have not
 * changed; a visitor without a session is set no cookie on them, any cache may
 * store them, and they vary only on what they vary on; nothing rendered for a
 * session, and nothing that sets a cookie, may be stored by a shared cache.
 */
describe("caching headers", () => {
  let server: RunningServer;
  let member: Account;
  let searchPath: string;
  let recordPath: string;

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { headers: { "User-Agent": PERSON_USER_AGENT, ...headers }, redirect: "manual" });

  beforeAll(async () => {
    server = await startServer({ kind: "sqlite", seedRecords: 3000 });
    const database = server.openDatabase();
    member = await makeAccount(database);
    await database.close();
    searchPath = "/stpete/birth/search?surname=Schmidt";
    const page = await (await get(searchPath)).text();
    recordPath = firstRecordPath(page) ?? "";
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("finds a record to ask for", () => {
    expect(recordPath).toMatch(/^\/stpete\/birth\/record\/\d+$/);
  });

  it.each(["/", "search", "record"])(
    "gives a visitor %s with a strong ETag, no cookie, storable by any cache but revalidated, and Vary on the cookies and the language only",
    async (which) => {
      const path = which === "search" ? searchPath : which === "record" ? recordPath : which;
      // The first ask of an address goes out as rendered; from the second on it is kept, with its validator.
      await get(path, { "Accept-Encoding": "br, gzip" });
      const response = await get(path, { "Accept-Encoding": "br, gzip" });
      expect(response.status).toBe(200);
      expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("cache-control")).toBe(SHARED_PAGE_CACHE_CONTROL);
      const vary = (response.headers.get("vary") ?? "").split(",").map((v) => v.trim().toLowerCase());
      expect(vary).toContain("cookie");
      expect(vary).toContain("accept-language");
      expect(vary.every((v) => ["cookie", "accept-encoding", "accept-language"].includes(v))).toBe(true);
    },
  );

  it.each(["/", "search", "record"])(
    "answers %s 304, without a body or a CSP, while it is unchanged",
    async (which) => {
      const path = which === "search" ? searchPath : which === "record" ? recordPath : which;
      await get(path);
      const first = await get(path);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await get(path, { "If-None-Match": etag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("content-security-policy")).toBeNull();
      expect(again.headers.getSetCookie()).toEqual([]);
      // Another tag is another version: the whole page.
      const other = await get(path, { "If-None-Match": '"not-this-one"' });
      expect(other.status).toBe(200);
      expect(other.headers.get("content-security-policy")).toMatch(/script-src 'strict-dynamic' 'sha256-/);
    },
  );

  it("sends a browser that takes brotli the build's best-quality twin of an asset, and the others what they take", async () => {
    const home = await (await get("/")).text();
    // The page's largest script (the shell chunk): a small one has no twin, compressing it would not pay.
    const sizeOf = (script: string) => statSync(path.join(serverDir, "build/client", script)).size;
    const scripts = [...home.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => ({
      src: m[1]!,
      bytes: sizeOf(m[1]!),
    }));
    const src = scripts.sort((a, b) => b.bytes - a.bytes)[0]?.src;
    expect(src).toBeDefined();
    const file = path.join(serverDir, "build/client", src!);
    const plain = readFileSync(file);
    expect(existsSync(`${file}.br`)).toBe(true);
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await get(src!, { "Accept-Encoding": accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get("content-encoding"), accept).toBe(encoding);
      expect(response.headers.get("content-type"), accept).toMatch(/^application\/javascript/);
      expect(response.headers.get("cache-control"), accept).toContain("immutable");
      expect(response.headers.get("vary")?.toLowerCase(), accept).toContain("accept-encoding");
      // fetch decodes what it was sent: the same script, whichever way it came.
      expect(Buffer.from(await response.arrayBuffer()).equals(plain), accept).toBe(true);
    }
    const twin = await fetch(server.url + src!, {
      headers: { "User-Agent": PERSON_USER_AGENT, "Accept-Encoding": "br" },
    });
    expect(Number(twin.headers.get("content-length"))).toBe(statSync(`${file}.br`).size);
  });

  it("changes a record's ETag when its data changes", async () => {
    await get(recordPath);
    const before = (await get(recordPath)).headers.get("etag")!;
    expect(before).toBeTruthy();
    const id = Number(recordPath.split("/").pop());
    const database = server.openDatabase();
    try {
      const row = await database.db.selectFrom("records").select("data").where("id", "=", id).executeTakeFirstOrThrow();
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const [field] = Object.keys(data).filter((k) => typeof data[k] === "string" && data[k]);
      data[field!] = `${String(data[field!])} (corrected)`;
      await database.db
        .updateTable("records")
        .set({ data: JSON.stringify(data) })
        .where("id", "=", id)
        .execute();
    } finally {
      await database.close();
    }
    const after = await get(recordPath, { "If-None-Match": before });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before);
  });

  it("marks a page rendered for a session private, no-store, without a validator, and never answers it 304", async () => {
    await get("/");
    const visitorTag = (await get("/")).headers.get("etag")!;
    expect(visitorTag).toBeTruthy();
    for (const path of ["/", searchPath, "/members/lublin/birth/search?surname=Schmidt"]) {
      const response = await get(path, { Cookie: member.cookie, "If-None-Match": visitorTag });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
    }
  });

  it("caches the data a page fetches on navigation like the page: private with a session", async () => {
    const data = `${searchPath.replace("/search?", "/search.data?")}`;
    const visitor = await get(data);
    expect(visitor.status).toBe(200);
    expect(visitor.headers.getSetCookie()).toEqual([]);
    expect(visitor.headers.get("cache-control")).toBe("no-cache");
    const signedIn = await get(data, { Cookie: member.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });

  it("sets a visitor the CSRF cookie only on a page with a form, and marks that answer private", async () => {
    const signIn = await get("/Login");
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith("metryka_csrf="))).toBe(true);
    expect(signIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signIn.headers.get("etag")).toBeNull();
    // Once the browser holds the cookie, the pages set nothing more and stay storable.
    const cookie = signIn.headers.getSetCookie()[0]!.split(";")[0]!;
    const home = await get("/", { Cookie: cookie });
    expect(home.headers.getSetCookie()).toEqual([]);
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(home.headers.get("etag")).toBeNull();
  });
});

const kinds = postgresAdminUrl ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

/**
 * Decisions 0051 and 0066: a visitor's public page asked for again is sent as it was kept, the same bytes and the
 * same policy every time, and a write by anyone shows on the next answer (SQLite's data version; PostgreSQL's
 * snapshot, across instances).
 */
describe.each(kinds)("kept pages on %s", (kind) => {
  let server: RunningServer;
  let recordPath: string;

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { headers: { "User-Agent": PERSON_USER_AGENT, ...headers }, redirect: "manual" });

  beforeAll(async () => {
    server = await startServer({ kind, seedRecords: 3000 });
    const page = await (await get("/stpete/birth/search?surname=Schmidt")).text();
    recordPath = firstRecordPath(page) ?? "";
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("sends a page asked for again as it was kept: the same bytes, ETag and policy, brotli from the first ask on", async () => {
    const path = "/stpete/birth/search?surname=Schmidt&sort=year";
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const response = await get(path, { "Accept-Encoding": "br, gzip" });
      expect(response.status).toBe(200);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/script-src 'strict-dynamic' 'sha256-/);
      expect(csp).not.toMatch(/nonce-|script-src[^;]*unsafe-inline/);
      const body = await response.text();
      expect(body).not.toMatch(/nonce=/);
      answers.push({
        csp,
        body,
        encoding: response.headers.get("content-encoding"),
        etag: response.headers.get("etag"),
      });
    }
    expect(new Set(answers.map((a) => a.csp)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.map((a) => a.encoding)).toEqual(["br", "br", "br", "br"]);
    // The first ask is compressed on the way as any page; from the second on it is kept, with its ETag.
    expect(answers[0]!.etag).toBeNull();
    for (const { etag } of answers.slice(1)) expect(etag).toMatch(/^"[\w-]+-br"$/);
    // PostgreSQL's version is the cluster's snapshot, which other databases' writes move too (decision 0051): there
    // the same page may be vouched for by a newer version, hence another tag, for the same bytes.
    if (kind === "sqlite") expect(new Set(answers.slice(1).map((a) => a.etag)).size).toBe(1);
  });

  it("shows a change made by another process on the next ask of a kept page", async () => {
    const database = server.openDatabase();
    try {
      const id = Number(recordPath.split("/").pop());
      const row = await database.db
        .selectFrom("records")
        .select(["id", "data"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const path = recordPath;
      for (let i = 0; i < 3; i++) expect((await get(path)).status).toBe(200);
      const data = JSON.parse(row.data) as Record<string, unknown>;
      const [field] = Object.keys(data).filter((k) => typeof data[k] === "string" && data[k]);
      data[field!] = `${String(data[field!])} Kept-Page-Check`;
      await database.db
        .updateTable("records")
        .set({ data: JSON.stringify(data) })
        .where("id", "=", row.id)
        .execute();
      expect(await (await get(path)).text()).toContain("Kept-Page-Check");
    } finally {
      await database.close();
    }
  });
});
