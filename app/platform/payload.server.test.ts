import { data, redirect } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_ID_ENV } from "./build-info.server";
import {
  PAYLOAD_REDIRECT_STATUS,
  type PayloadBuild,
  answerPayload,
  pagePathOf,
  payloadPathOf,
  routeTree,
} from "./payload.server";

/**
 * Payload files against a made-up route table: matching, the answer's shape,
 * statuses and headers. The real routes, guard and databases are in
 * payload-routes.server.test.ts.
 */
const Page = () => null;

function fakeBuild(): PayloadBuild {
  const route = (id: string, path: string | undefined, module: Record<string, unknown>, extra = {}) => ({
    id,
    parentId: "root",
    path,
    module: { default: Page, ...module },
    ...extra,
  });
  const routes = {
    root: {
      id: "root",
      path: "",
      module: {
        default: Page,
        loader: () => data({ user: null, theme: "plain" }, { headers: { "Set-Cookie": "csrf=abc; Path=/" } }),
      },
    },
    home: route("home", undefined, { loader: () => ({ greeting: "hello" }) }, { index: true }),
    search: route(
      "search",
      "/Search",
      {
        loader: ({ request }: { request: Request }) => {
          const url = new URL(request.url);
          const surname = url.searchParams.get("surname");
          if (surname === "!") return data({ errors: { surname: "Letters only" } }, { status: 400 });
          return { surname, cookie: request.headers.get("Cookie"), when: new Date(Date.UTC(2026, 0, 2)) };
        },
      },
      { caseSensitive: true },
    ),
    record: route(
      "record",
      "/record/:id",
      {
        loader: ({ params }: { params: Record<string, string> }) => {
          if (params.id === "missing") throw new Response("No such record", { status: 404 });
          if (params.id === "bad") throw data("A record number is a number.", { status: 400 });
          if (params.id === "boom") throw new Error("database password is hunter2");
          if (params.id === "html")
            throw new Response("<h1>Oops</h1>", { status: 500, headers: { "Content-Type": "text/html" } });
          if (params.id === "old") throw redirect("/record/new?from=old", 301);
          if (params.id === "away") return redirect("https://example.org/elsewhere");
          if (params.id === "signin") throw redirect("/Login?redirectTo=%2Frecord%2Fsignin");
          return Response.json({ id: params.id, n: 12 });
        },
      },
      { caseSensitive: true },
    ),
    typed: route("typed", "/typed", {
      loader: () => ({
        big: BigInt("12345678901234567890"),
        small: 7n,
        map: new Map([["a", 1]]),
        set: new Set([1, 2]),
      }),
    }),
    static: route("static", "/about", {}, { caseSensitive: true }),
    csv: { id: "csv", parentId: "root", path: "/export.csv", module: { loader: () => new Response("a,b") } },
  };
  return { routes: routes as unknown as PayloadBuild["routes"] };
}

const context = { clientIp: "203.0.113.1" };
const get = async (target: string, init: RequestInit = {}) => {
  const response = await answerPayload(fakeBuild(), new Request(`http://metryka.test${target}`, init), context);
  return { response, body: (await response.json()) as Record<string, unknown> };
};

describe("payload paths", () => {
  it("names the page a payload file belongs to", () => {
    expect(pagePathOf("/_payload.json")).toBe("/");
    expect(pagePathOf("/stpete/birth/search/_payload.json")).toBe("/stpete/birth/search");
    expect(pagePathOf("/stpete/birth/search")).toBeUndefined();
    expect(pagePathOf("/x_payload.json")).toBeUndefined();
    expect(payloadPathOf("/Search?surname=Kowalski")).toBe("/Search/_payload.json?surname=Kowalski");
    expect(payloadPathOf("/")).toBe("/_payload.json");
    expect(payloadPathOf("https://example.org/x")).toBeUndefined();
    expect(payloadPathOf("//example.org/x")).toBeUndefined();
  });

  it("nests the flat route table under root", () => {
    const tree = routeTree(fakeBuild().routes);
    expect(tree.map((r) => r.id)).toEqual(["root"]);
    expect(tree[0]?.children?.map((r) => r.id)).toContain("search");
  });
});

describe("payload answers", () => {
  beforeAll(() => {
    process.env[BUILD_ID_ENV] = "build-1";
  });
  afterAll(() => {
    delete process.env[BUILD_ID_ENV];
  });

  it("gives every matched route's loader data, root first, with the query", async () => {
    const { response, body } = await get("/Search/_payload.json?surname=Kowalski", { headers: { Cookie: "a=1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(response.headers.get("Vary")).toBe("Cookie, Authorization");
    expect(response.headers.getSetCookie()).toEqual(["csrf=abc; Path=/"]);
    expect(body).toEqual({
      path: "/Search",
      search: "?surname=Kowalski",
      status: 200,
      buildId: "build-1",
      params: {},
      routes: {
        root: { user: null, theme: "plain" },
        search: { surname: "Kowalski", cookie: "a=1", when: "2026-01-02T00:00:00.000Z" },
      },
    });
    expect(Object.keys(body.routes as object)).toEqual(["root", "search"]);
  });

  it("answers the home page at /_payload.json and a page without a loader with null", async () => {
    expect((await get("/_payload.json")).body.routes).toEqual({
      root: { user: null, theme: "plain" },
      home: { greeting: "hello" },
    });
    expect((await get("/about/_payload.json")).body.routes).toEqual({
      root: { user: null, theme: "plain" },
      static: null,
    });
  });

  it("unwraps Response data and keeps the leaf's params", async () => {
    const { response, body } = await get("/record/17/_payload.json");
    expect(response.status).toBe(200);
    expect(body.params).toEqual({ id: "17" });
    expect((body.routes as Record<string, unknown>).record).toEqual({ id: "17", n: 12 });
  });

  it("writes bigint, Map and Set as JSON can hold them", async () => {
    expect((await get("/typed/_payload.json")).body.routes).toMatchObject({
      typed: { big: "12345678901234567890", small: 7, map: { a: 1 }, set: [1, 2] },
    });
  });

  it("keeps the status a loader chose for its data (a malformed search is 400)", async () => {
    const { response, body } = await get("/Search/_payload.json?surname=!");
    expect(response.status).toBe(400);
    expect(body.status).toBe(400);
    expect((body.routes as Record<string, unknown>).search).toEqual({ errors: { surname: "Letters only" } });
  });

  it("answers a thrown 404 or 400 with that status as JSON", async () => {
    const missing = await get("/record/missing/_payload.json");
    expect(missing.response.status).toBe(404);
    expect(missing.body).toEqual({ path: "/record/missing", search: "", status: 404, message: "No such record" });
    const bad = await get("/record/bad/_payload.json");
    expect(bad.response.status).toBe(400);
    expect(bad.body.message).toBe("A record number is a number.");
  });

  it("answers a crash with a bare 500 and no details, and never echoes an HTML page", async () => {
    const boom = await get("/record/boom/_payload.json");
    expect(boom.response.status).toBe(500);
    expect(boom.body).toEqual({ path: "/record/boom", search: "", status: 500, message: "Internal Server Error" });
    expect(JSON.stringify(boom.body)).not.toContain("hunter2");
    const html = await get("/record/html/_payload.json");
    expect(html.response.status).toBe(500);
    expect(html.body.message).toBe("Internal Server Error");
  });

  it("names a loader's redirect (202, as Remix's single fetch does) with the target's payload file", async () => {
    const { response, body } = await get("/record/old/_payload.json");
    expect(response.status).toBe(PAYLOAD_REDIRECT_STATUS);
    expect(response.headers.get("Location")).toBeNull();
    expect(body).toEqual({
      path: "/record/old",
      search: "",
      status: 202,
      redirect: { location: "/record/new?from=old", status: 301, payload: "/record/new/_payload.json?from=old" },
    });
    const away = await get("/record/away/_payload.json");
    expect(away.body.redirect).toEqual({ location: "https://example.org/elsewhere", status: 302, payload: null });
  });

  it("turns a loader's sign-in redirect into 401, not a redirect, and never lets it be stored", async () => {
    const { response, body } = await get("/record/signin/_payload.json");
    expect(response.status).toBe(401);
    expect(body.message).toMatch(/sign in/i);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("matches case-sensitively and answers 404 when nothing matches", async () => {
    const { response, body } = await get("/search/_payload.json?surname=x");
    expect(response.status).toBe(404);
    expect(body).toEqual({ path: "/search", search: "?surname=x", status: 404, message: "Page not found: /search" });
  });

  it("has no payload for a resource route, and does not run its loader", async () => {
    const { response, body } = await get("/export.csv/_payload.json");
    expect(response.status).toBe(404);
    expect(body.message).toBe("Page not found: /export.csv");
  });

  it("is read with GET or HEAD only", async () => {
    const { response, body } = await get("/Search/_payload.json", { method: "POST", body: "x" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(body.status).toBe(405);
    const head = await answerPayload(
      fakeBuild(),
      new Request("http://metryka.test/Search/_payload.json", { method: "HEAD" }),
      context,
    );
    expect(head.status).toBe(200);
  });
});
