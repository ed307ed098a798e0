import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PAGE_CACHE_FRESH_MS } from "~/config/timing";
import { provideDatabase } from "~/db/current.server";
import { dataVersion } from "~/db/data-version.server";
import { type TestDatabase, createTestDatabase } from "~/db/test-database";
import {
  SHARED_PAGE_CACHE_CONTROL,
  answerBeforeRemix,
  answerRenderedPage,
  forgetKeptPages,
  isAnonymousPageRequest,
  isKeepableData,
  matchesIfNoneMatch,
  negotiateCoding,
} from "./kept-pages.server";

const URL_ = "http://localhost:3000/stpete/birth/search?surname=Schmidt";
const HTML = "<html><script>go()</script><p>Schmidt</p></html>";
const render = () => Buffer.from(HTML);
const ask = (headers: Record<string, string> = {}, url = URL_, method = "GET") =>
  new Request(url, { method, headers: { "Accept-Encoding": "br, gzip", ...headers } });
/** What server.ts sends for a kept answer, as a Response to read in the tests. */
async function before(request: Request, now?: number) {
  const { answer, version } = await answerBeforeRemix(request, now);
  const response = answer && new Response(answer.body ?? null, { status: answer.status, headers: answer.headers });
  return { response, version };
}
const pageInit = () => ({
  status: 200,
  headers: new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": "script-src 'strict-dynamic' 'sha256-x'",
    "Cache-Control": "no-cache",
    Vary: "Cookie",
  }),
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

  async function keepOne(now = Date.now(), asking: () => Request = () => ask()) {
    // An address asked for the first time is not kept, its database version not even read, and it has no ETag.
    expect(await before(asking(), now)).toEqual({});
    const first = answerRenderedPage(asking(), render(), pageInit(), undefined, now);
    expect(first.headers.get("etag")).toBeNull();
    expect(first.headers.get("content-encoding")).toBeNull();
    expect(first.headers.get("cache-control")).toBe(SHARED_PAGE_CACHE_CONTROL);
    // The second time it is.
    const { response, version } = await before(asking(), now);
    expect(response).toBeUndefined();
    expect(version).toBe(await dataVersion(test.database));
    const made = answerRenderedPage(asking(), render(), pageInit(), version, now);
    expect(made.status).toBe(200);
    return made;
  }

  it("reads no database version for what is never kept: a client navigation's data, a file, an export", async () => {
    await keepOne();
    for (const path of ["/stpete/birth/search.data?surname=Schmidt", "/favicon.ico", "/stpete/birth/export.csv"]) {
      const other = ask({}, `http://localhost:3000${path}`);
      expect(await before(other)).toEqual({});
      expect(await before(other)).toEqual({});
    }
  });

  it("sends a kept page as the same bytes in each coding, with a strong ETag per coding", async () => {
    const made = await keepOne();
    const madeBody = Buffer.from(await made.arrayBuffer());
    expect(brotliDecompressSync(madeBody).toString()).toBe(HTML);
    const answers = [];
    for (const accept of ["br, gzip", "br, gzip", "gzip", "identity"]) {
      const { response } = await before(ask({ "Accept-Encoding": accept }));
      expect(response?.status).toBe(200);
      const body = Buffer.from(await response!.arrayBuffer());
      const coding = response!.headers.get("content-encoding");
      expect(response!.headers.get("content-length")).toBe(String(body.length));
      expect(response!.headers.get("vary")).toBe("Cookie, Accept-Encoding, Accept-Language");
      expect(response!.headers.get("cache-control")).toBe(SHARED_PAGE_CACHE_CONTROL);
      expect(response!.headers.get("content-security-policy")).toBe("script-src 'strict-dynamic' 'sha256-x'");
      const plain = coding === "br" ? brotliDecompressSync(body) : coding === "gzip" ? gunzipSync(body) : body;
      expect(plain.toString()).toBe(HTML);
      answers.push({ coding, etag: response!.headers.get("etag"), body: body.toString("base64") });
    }
    expect(answers.map((a) => a.coding)).toEqual(["br", "br", "gzip", null]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.body).toBe(madeBody.toString("base64"));
    expect(answers.map((a) => a.etag)).toEqual([
      made.headers.get("etag"),
      made.headers.get("etag"),
      expect.any(String),
      expect.any(String),
    ]);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(3);
    for (const { etag } of answers) expect(etag).toMatch(/^"[\w-]+"$/);
  });

  it("answers 304 to the browser or cache that holds it, without a body or a CSP", async () => {
    const made = await keepOne();
    const etag = made.headers.get("etag")!;
    const { response } = await before(ask({ "If-None-Match": etag }));
    expect(response?.status).toBe(304);
    expect(response?.body).toBeNull();
    expect(response!.headers.get("etag")).toBe(etag);
    expect(response!.headers.get("content-security-policy")).toBeNull();
    // The tag of another coding is another representation.
    expect((await before(ask({ "If-None-Match": etag, "Accept-Encoding": "gzip" }))).response?.status).toBe(200);
  });

  it("answers 304 for a tag it gave, even when the page is no longer kept, while nothing changed", async () => {
    const etag = (await keepOne()).headers.get("etag")!;
    forgetKeptPages();
    const { response } = await before(ask({ "If-None-Match": etag }));
    expect(response?.status).toBe(304);
  });

  it("is not sent, nor answered 304, once anything was written, and the new version comes back for the loaders", async () => {
    const etag = (await keepOne()).headers.get("etag")!;
    test.database.sqlite!.prepare("insert into scratch values (1)").run();
    const { response, version } = await before(ask({ "If-None-Match": etag }));
    expect(response).toBeUndefined();
    expect(version).toBe(await dataVersion(test.database));
    const again = answerRenderedPage(ask(), render(), pageInit(), version);
    expect(again.headers.get("etag")).not.toBe(etag);
  });

  it("is rendered again after PAGE_CACHE_FRESH_MS even with nothing written", async () => {
    const now = Date.now();
    await keepOne(now);
    expect((await before(ask(), now + PAGE_CACHE_FRESH_MS - 1)).response).toBeDefined();
    expect((await before(ask(), now + PAGE_CACHE_FRESH_MS)).response).toBeUndefined();
  });

  it("is neither given to nor made for a request with a cookie or a token", async () => {
    await keepOne();
    expect(await before(ask({ Cookie: "metryka_refresh=abc" }))).toEqual({});
    expect(await before(ask({ Authorization: "Bearer x" }))).toEqual({});
    expect(await before(ask({}, URL_, "HEAD"))).toEqual({});
    expect(isAnonymousPageRequest(ask({ Cookie: "csrf=1" }))).toBe(false);
    expect(isAnonymousPageRequest(ask())).toBe(true);
    const forMember = answerRenderedPage(ask({ Cookie: "csrf=1" }), render(), pageInit(), "v");
    expect(forMember.headers.get("etag")).toBeNull();
  });

  it("keeps each language's page apart: ?lng=, the language cookie and Accept-Language each key it (issue 29)", async () => {
    const kept = await keepOne();
    const etag = kept.headers.get("etag")!;
    expect(kept.headers.get("vary")).toBe("Cookie, Accept-Encoding, Accept-Language");
    // The English page is not handed to a German browser, nor its tag taken for the German page's.
    expect(await before(ask({ "Accept-Language": "de" }))).toEqual({});
    expect((await before(ask({ "Accept-Language": "de", "If-None-Match": etag }))).response).toBeUndefined();
    expect((await before(ask({ Cookie: "lng=pl" }))).response).toBeUndefined();
    expect((await before(ask({}, `${URL_}&lng=uk`))).response).toBeUndefined();
    // A browser whose languages come to English anyway gets it, and the language cookie alone keeps a visitor one.
    expect((await before(ask({ "Accept-Language": "fr, en;q=0.5" }))).response?.status).toBe(200);
    expect((await before(ask({ Cookie: "lng=en" }))).response?.status).toBe(200);
    expect(isAnonymousPageRequest(ask({ Cookie: "lng=ru" }))).toBe(true);
    expect(isAnonymousPageRequest(ask({ Cookie: "lng=ru; csrf=1" }))).toBe(false);
  });

  it("answers a ?lng= the language cookie does not hold yet with the page that sets it, never a kept one", async () => {
    const german = `${URL_}&lng=de`;
    // A reader whose cookie already says German makes and gets the kept German page.
    await keepOne(Date.now(), () => ask({ Cookie: "lng=de" }, german));
    expect((await before(ask({ Cookie: "lng=de" }, german))).response?.status).toBe(200);
    // A visitor who follows the same link without the cookie must be given it, or the next page is not German.
    expect(isAnonymousPageRequest(ask({}, german))).toBe(false);
    expect(isAnonymousPageRequest(ask({ Cookie: "lng=pl" }, german))).toBe(false);
    expect(await before(ask({}, german))).toEqual({});
  });

  it("keeps no page whose data changes with every answer (the honeypot)", () => {
    expect(isKeepableData({ root: { honeypot: {}, csrf: "" }, "routes/x": { rows: [] } }, ["honeypot"])).toBe(true);
    expect(isKeepableData({ root: { csrf: "" }, "routes/x": null }, ["honeypot"])).toBe(true);
    expect(isKeepableData({ root: { honeypot: { nameFieldName: "n" } } }, ["honeypot"])).toBe(false);
  });
});

describe("negotiateCoding", () => {
  it("prefers brotli, then gzip, and honours q=0 and *", () => {
    expect(negotiateCoding("gzip, deflate, br")).toBe("br");
    expect(negotiateCoding("gzip")).toBe("gzip");
    expect(negotiateCoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateCoding("x-gzip")).toBe("gzip");
    expect(negotiateCoding("*")).toBe("br");
    expect(negotiateCoding("*, br;q=0")).toBe("gzip");
    expect(negotiateCoding("identity")).toBe("identity");
    expect(negotiateCoding(null)).toBe("identity");
  });
});

describe("matchesIfNoneMatch", () => {
  it("compares weakly, in a list, and takes *", () => {
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch("*", '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  });
});
