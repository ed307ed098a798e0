import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_FRESH_MS } from "~/config/timing";
import { provideDatabase } from "~/db/current.server";
import { dataVersion } from "~/db/data-version.server";
import { type TestDatabase, createTestDatabase } from "~/db/test-database";
import {
  type PageAsk,
  answerFromKeptPage,
  forgetKeptPages,
  isAnonymousPageAsk,
  isKeepableData,
  keepRenderedPage,
  reuseKeptPage,
} from "./kept-pages.server";

const URL_ = "http://localhost:3000/stpete/birth/search?surname=Schmidt";
const ETAG = 'W/"data-1"';
const render = (nonce: string) => Buffer.from(`<html><script nonce="${nonce}">go()</script><p>Schmidt</p></html>`);
const ask = (nonce: string, extra: Partial<PageAsk> = {}): PageAsk => ({
  url: URL_,
  method: "GET",
  acceptEncoding: "br, gzip",
  nonce,
  ...extra,
});
const pageHeaders = () =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-cache",
    Vary: "Cookie",
    ETag: ETAG,
  });

describe("kept pages", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
    provideDatabase(Promise.resolve(test.database));
    await test.database.sqlite!.exec("create table scratch (x integer)");
  });
  afterAll(async () => {
    provideDatabase(undefined);
    await test.drop();
  });
  beforeEach(() => forgetKeptPages());

  async function keepOne(now = Date.now()) {
    const fields = (version: string | undefined) => ({ etag: ETAG, version, headers: pageHeaders() });
    // An address asked for the first time is not kept, so its database version is not even read.
    expect(await answerFromKeptPage(ask("zeroth"), now)).toEqual({});
    expect(keepRenderedPage(ask("zeroth"), render("zeroth"), fields(undefined), now)).toBeUndefined();
    // The second time it is.
    const { answer, version } = await answerFromKeptPage(ask("first"), now);
    expect(answer).toBeUndefined();
    expect(version).toBe(await dataVersion(test.database));
    const made = keepRenderedPage(ask("first"), render("first"), fields(version), now);
    expect(made?.status).toBe(200);
    return made!;
  }

  it("reads no database version for what is never kept: a client navigation's data, a file, an export", async () => {
    await keepOne();
    for (const path of ["/stpete/birth/search.data?surname=Schmidt", "/favicon.ico", "/stpete/birth/export.csv"]) {
      const other = ask("d", { url: `http://localhost:3000${path}` });
      expect(await answerFromKeptPage(other)).toEqual({});
      expect(await answerFromKeptPage(other)).toEqual({});
    }
  });

  it("sends a kept page again with this answer's nonce, gzipped, while the database is unchanged", async () => {
    const made = await keepOne();
    expect(gunzipSync(made.body!).toString()).toBe(render("first").toString());
    const { answer } = await answerFromKeptPage(ask("second"));
    expect(answer?.status).toBe(200);
    expect(gunzipSync(answer!.body!).toString()).toBe(render("second").toString());
    const headers = new Map(answer!.headers);
    expect(headers.get("content-encoding")).toBe("gzip");
    expect(headers.get("content-length")).toBe(String(answer!.body!.length));
    expect(headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(headers.get("etag")).toBe(ETAG);
    expect(headers.get("cache-control")).toBe("no-cache");
  });

  it("sends it plain to a browser that takes no gzip", async () => {
    await keepOne();
    const { answer } = await answerFromKeptPage(ask("plain", { acceptEncoding: "br" }));
    expect(answer!.body!.toString()).toBe(render("plain").toString());
    expect(new Map(answer!.headers).has("content-encoding")).toBe(false);
  });

  it("answers 304 to the browser that holds it, without a body", async () => {
    await keepOne();
    const { answer } = await answerFromKeptPage(ask("again", { ifNoneMatch: ETAG }));
    expect(answer?.status).toBe(304);
    expect(answer?.body).toBeUndefined();
    expect(new Map(answer!.headers).get("etag")).toBe(ETAG);
  });

  it("is not sent once anything was written, and the new version comes back for the loaders", async () => {
    await keepOne();
    test.database.sqlite!.prepare("insert into scratch values (1)").run();
    const { answer, version } = await answerFromKeptPage(ask("after"));
    expect(answer).toBeUndefined();
    expect(version).toBe(await dataVersion(test.database));
  });

  it("is rendered again after PAGE_CACHE_FRESH_MS even with nothing written", async () => {
    const now = Date.now();
    await keepOne(now);
    expect((await answerFromKeptPage(ask("soon"), now + PAGE_CACHE_FRESH_MS - 1)).answer).toBeDefined();
    expect((await answerFromKeptPage(ask("late"), now + PAGE_CACHE_FRESH_MS)).answer).toBeUndefined();
    expect(reuseKeptPage(ask("late"), ETAG, "v", now + PAGE_CACHE_FRESH_MS)).toBeUndefined();
  });

  it("is neither given to nor made for a request with a cookie or a token", async () => {
    await keepOne();
    expect(await answerFromKeptPage(ask("c", { cookie: "metryka_refresh=abc" }))).toEqual({});
    expect(await answerFromKeptPage(ask("t", { authorization: "Bearer x" }))).toEqual({});
    expect(await answerFromKeptPage(ask("h", { method: "HEAD" }))).toEqual({});
    expect(isAnonymousPageAsk(ask("a", { cookie: "csrf=1" }))).toBe(false);
    expect(isAnonymousPageAsk(ask("a"))).toBe(true);
  });

  it("is reused after the loaders when they gave its etag, and vouched for by the version they ran at", async () => {
    await keepOne();
    test.database.sqlite!.prepare("insert into scratch values (2)").run();
    const { version } = await answerFromKeptPage(ask("x"));
    expect(reuseKeptPage(ask("x"), 'W/"data-2"', version)).toBeUndefined();
    const reused = reuseKeptPage(ask("y"), ETAG, version);
    expect(gunzipSync(reused!.body!).toString()).toBe(render("y").toString());
    expect((await answerFromKeptPage(ask("z"))).answer?.status).toBe(200);
  });

  it("keeps no page whose data changes with every answer (the honeypot)", () => {
    expect(isKeepableData({ root: { honeypot: {}, csrf: "" }, "routes/x": { rows: [] } }, ["honeypot"])).toBe(true);
    expect(isKeepableData({ root: { csrf: "" }, "routes/x": null }, ["honeypot"])).toBe(true);
    expect(isKeepableData({ root: { honeypot: { nameFieldName: "n" } } }, ["honeypot"])).toBe(false);
  });
});
