import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";
import { askWorker, cachedEntries, controlled } from "./service-worker-helpers";

/**
 * The service worker (issue #4 item 1, SPEC §4, §7.4): registration, the SKIP_WAITING handshake, the reload
 * when a new worker takes control, offline pages, and no members' data in the caches.
 */

test("registers /sw.js?v=1.1.2 for scope / and lets it control the page", async ({ page, baseURL }) => {
  await page.goto("/");
  await controlled(page);
  const registration = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.getRegistration("/");
    return { scope: r?.scope, script: r?.active?.scriptURL, controller: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(registration.scope).toBe(`${baseURL}/`);
  expect(new URL(registration.script!).pathname + new URL(registration.script!).search).toBe("/sw.js?v=1.1.2");
  expect(registration.controller).toBe(registration.script);
  const reply = await askWorker(page);
  expect(reply.version).toBe("1.1.2");
  const latest = (await (await page.request.get("/builds/latest.json")).json()) as { id: string };
  expect(reply.buildId).toBe(latest.id);

  const script = await page.request.get("/sw.js?v=1.1.2");
  expect(script.headers()["content-type"]).toContain("text/javascript");
  expect(script.headers()["cache-control"]).toBe("no-cache");
});

test("serves a visited page offline, and an offline page for the rest", async ({ page, context }, testInfo) => {
  await page.goto("/stpete/birth/search?surname=Kowalski");
  await controlled(page);
  // The page was opened before the worker existed; activation stored the visitor's copy of it.
  await expect.poll(async () => (await cachedEntries(page)).some((e) => e.url.includes("surname=Kowalski"))).toBe(true);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
  await expect(page.locator("body")).not.toContainText("You are offline");
  // A link followed offline becomes a page load the worker answers, not an "Internal Server Error".
  await page.locator('nav a[href="/Search"]').first().click();
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await expect(page).toHaveURL(/\/Search$/);

  await page.goto("/stpete/death/search?surname=Nowak");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  // It lists what can still be read, and the link works offline.
  const saved = page.getByRole("link", { name: heading!.trim() });
  await expect(saved).toHaveAttribute("href", "/stpete/birth/search?surname=Kowalski");
  await shot(page, testInfo, "offline-page");
  await expectAccessible(page);
  await page.goto("/members/profile");
  await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
  await context.setOffline(false);
});

test("shows the offline page in the language the site was read in (issue 29)", async ({ page, context }) => {
  await page.goto("/?lng=de");
  await controlled(page);
  // The worker learns the language from the pages it passes on.
  await page.goto("/release-notes");
  await context.setOffline(true);
  await page.goto("/stpete/death/search?surname=Nowak");
  await expect(page.getByRole("heading", { level: 1, name: "Sie sind offline" })).toBeVisible();
  expect(await page.locator("html").getAttribute("lang")).toBe("de");
  await expect(page.getByRole("link", { name: "Erneut versuchen" })).toBeVisible();
  await expectAccessible(page);
  await context.setOffline(false);
});

test("keeps no members' responses in the caches, and none after signing out", async ({
  page,
  makeAccount,
  signInAs,
}) => {
  const member = await makeAccount();
  await signInAs(member);
  await page.goto("/");
  await controlled(page);
  await page.goto("/members/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto("/stpete/birth/search?surname=Kowalski");
  await expect.poll(async () => (await askWorker(page)).hasToken).toBe(true);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await askWorker(page)).hasToken).toBe(false);

  const entries = await cachedEntries(page);
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) {
    const { pathname } = new URL(entry.url);
    expect(pathname.startsWith("/members"), entry.url).toBe(false);
    expect(pathname.startsWith("/api/"), entry.url).toBe(false);
    // Pages rendered for the member carry their name; none of those was stored.
    expect(entry.body.includes(member.username), entry.url).toBe(false);
  }
});

test("fetches a members' payload with the member's token when the page sends none", async ({
  page,
  makeAccount,
  signInAs,
}) => {
  const member = await makeAccount();
  await signInAs(member);
  await page.goto("/");
  await controlled(page);
  // The page hands the worker its token after each refresh (UPDATE_TOKEN) and when the worker takes control.
  await expect.poll(async () => (await askWorker(page)).hasToken).toBe(true);
  const anonymousFetch = () =>
    page.evaluate(async () => {
      // No cookie, no Authorization: whatever authenticates this request is the worker's doing.
      const response = await fetch("/members/profile/_payload.json", { credentials: "omit" });
      const body = (await response.json()) as { routes?: Record<string, { account?: { username?: string } }> };
      return { status: response.status, username: body.routes?.["routes/members.profile"]?.account?.username };
    });
  expect(await anonymousFetch()).toEqual({ status: 200, username: member.username });

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).first()).toBeVisible();
  await expect.poll(async () => (await askWorker(page)).hasToken).toBe(false);
  expect((await anonymousFetch()).status).toBe(401);
  // Never stored, whoever asked.
  expect((await cachedEntries(page)).some((e) => e.url.includes("_payload.json"))).toBe(false);
});
