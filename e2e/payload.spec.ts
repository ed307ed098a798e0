import type { APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Payload files (issue #4 item 3, SPEC §7.5): `{path}/_payload.json` is the
 * loader data of the page at `{path}` as JSON, under the page's guard, with
 * the session cookie or the browser runtime's Bearer access token.
 */
interface Payload {
  path: string;
  search: string;
  status: number;
  buildId?: string;
  message?: string;
  redirect?: { location: string; status: number; payload: string | null };
  routes?: Record<string, Record<string, unknown> | null>;
}

async function payloadOf(response: APIResponse): Promise<Payload> {
  expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers()["vary"]).toMatch(/^Cookie, Authorization/);
  expect(response.headers()["location"]).toBeUndefined();
  return (await response.json()) as Payload;
}

test("public pages' payloads are their loader data, the root's first", async ({ request }) => {
  const home = await request.get("/_payload.json");
  expect(home.status()).toBe(200);
  expect(home.headers()["cache-control"]).toBe("private, no-cache");
  const homeBody = await payloadOf(home);
  expect(homeBody).toMatchObject({ path: "/", search: "", status: 200 });
  expect(Object.keys(homeBody.routes!)).toEqual(["root", "routes/_index"]);
  expect(homeBody.routes!.root).toMatchObject({ user: null });
  // The same build the page would check against (SPEC §7.5).
  const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string };
  expect(homeBody.buildId).toBe(latest.id);

  const search = await request.get("/stpete/birth/search/_payload.json?surname=Kowalski&perPage=10");
  expect(search.status()).toBe(200);
  const body = await payloadOf(search);
  expect(body).toMatchObject({ path: "/stpete/birth/search", search: "?surname=Kowalski&perPage=10", status: 200 });
  expect(Object.keys(body.routes!)).toEqual(["root", "source/part/search"]);
  const page = body.routes!["source/part/search"]!;
  expect(page).toMatchObject({ searched: true, perPage: 10, values: expect.objectContaining({ surname: "Kowalski" }) });
  expect(page.result).toMatchObject({ total: expect.any(Number), rows: expect.any(Array) });
});

test("a members' payload is 401 JSON to visitors and inactive accounts, and the data to a member", async ({
  request,
  makeAccount,
  cookieFor,
}) => {
  const visitor = await request.get("/members/profile/_payload.json", { maxRedirects: 0 });
  expect(visitor.status()).toBe(401);
  expect(visitor.headers()["cache-control"]).toBe("private, no-store");
  expect(visitor.headers()["www-authenticate"]).toBe('Bearer realm="Metryka"');
  expect(await payloadOf(visitor)).toEqual({
    path: "/members/profile",
    search: "",
    status: 401,
    message: expect.any(String),
  });

  for (const kind of [{ status: "pending" as const }, { expires: "2020-01-01" }, { status: "suspended" as const }]) {
    const account = await makeAccount(kind);
    const refused = await request.get("/members/profile/_payload.json", {
      headers: { Cookie: await cookieFor(account) },
      maxRedirects: 0,
    });
    expect(refused.status(), JSON.stringify(kind)).toBe(401);
    expect(JSON.stringify(await payloadOf(refused))).not.toContain(account.email);
  }

  const member = await makeAccount();
  const response = await request.get("/members/profile/_payload.json", {
    headers: { Cookie: await cookieFor(member) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const body = await payloadOf(response);
  expect(body.routes!.root).toMatchObject({ user: { username: member.username } });
  expect(body.routes!["routes/members.profile"]).toMatchObject({
    account: { username: member.username, email: member.email, membership: "active" },
  });
});

test("an unknown path is a 404 JSON; a case variant names the page's redirect", async ({ request }) => {
  const unknown = await request.get("/no/such/page/_payload.json");
  expect(unknown.status()).toBe(404);
  expect(await payloadOf(unknown)).toEqual({
    path: "/no/such/page",
    search: "",
    status: 404,
    message: "Page not found: /no/such/page",
  });

  const variant = await request.get("/stpete/Birth/search/_payload.json?surname=Kowalski", { maxRedirects: 0 });
  expect(variant.status()).toBe(202);
  expect((await payloadOf(variant)).redirect).toEqual({
    location: "/stpete/birth/search?surname=Kowalski",
    status: 301,
    payload: "/stpete/birth/search/_payload.json?surname=Kowalski",
  });

  const resource = await request.get("/stpete/birth/export.csv/_payload.json?surname=Kowalski");
  expect(resource.status()).toBe(404);
  expect((await payloadOf(resource)).message).toBe("Page not found: /stpete/birth/export.csv");
});

test.describe("without a service worker", () => {
  // The worker adds the member's token to payload fetches that have none (service-worker.spec.ts); here the page
  // alone is tested, so a fetch without a token stays without one.
  test.use({ serviceWorkers: "block" });

  test("the browser runtime's Bearer token reads a members' payload without the cookie", async ({
    page,
    makeAccount,
    signInAs,
  }) => {
    const member = await makeAccount();
    await signInAs(member);
    await page.goto("/");
    // SPEC §7.1: the page refreshes its access token on load and keeps it under "token".
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).not.toBeNull();

    const fetchPayload = (authorization: string | null) =>
      page.evaluate(async (auth) => {
        const response = await fetch("/members/profile/_payload.json", {
          credentials: "omit",
          headers: auth ? { Authorization: auth } : {},
        });
        return {
          status: response.status,
          cacheControl: response.headers.get("Cache-Control"),
          body: (await response.json()) as { routes?: Record<string, { account?: { username?: string } }> },
        };
      }, authorization);

    const token = await page.evaluate(() => localStorage.getItem("token"));
    const withToken = await fetchPayload(`Bearer ${token}`);
    expect(withToken.status).toBe(200);
    expect(withToken.cacheControl).toBe("private, no-store");
    expect(withToken.body.routes?.["routes/members.profile"]?.account?.username).toBe(member.username);

    expect((await fetchPayload(null)).status).toBe(401);
    expect((await fetchPayload(`Bearer ${token}x`)).status).toBe(401);
  });
});
