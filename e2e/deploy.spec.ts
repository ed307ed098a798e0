import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { askWorker, controlled, updateUntilControlledBy } from "./service-worker-helpers";

/**
 * "Deploys" a second build under a running page (issue #4 items 1 and 2): the e2e server reads the build id from
 * METRYKA_BUILD_ID_FILE when that file exists (build-info.server.ts) and writes it into /sw.js, so writing the
 * file is a new build with a byte-different service worker. Every open page of the SQLite server would see it,
 * so these tests run in their own Playwright project ("deploy", playwright.config.ts), after all the others and
 * one at a time.
 */
const BUILD_ID_FILE = process.env.METRYKA_BUILD_ID_FILE as string;
const HOUR_MS = 3_600_000;

test.describe.configure({ mode: "serial" });

test.afterEach(async () => {
  const { rmSync } = await import("node:fs");
  rmSync(BUILD_ID_FILE, { force: true });
});

async function deploy(id: string) {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(BUILD_ID_FILE, `${id}\n`);
}

/** A mark that survives client navigations but not a reload. */
async function markPage(page: Page) {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
const isSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe("reload on a new build", () => {
  test("an idle page reloads to the new build after an hour", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await markPage(page);
    await deploy(`e2e-build-${Date.now()}`);
    const reloaded = page.waitForEvent("load");
    await page.clock.runFor(HOUR_MS);
    await reloaded;
    expect(await isSameDocument(page)).toBe(false);
  });

  test("a half-filled form is not reloaded until the user navigates", async ({ page }) => {
    await page.clock.install();
    await page.goto("/Login");
    await page.waitForLoadState("networkidle");
    await markPage(page);
    await page.getByLabel("Username or e-mail").fill("half-typed");
    // Typing in the form loads its checks (decision 0043); the deploy comes after that load, not during it.
    await page.waitForLoadState("networkidle");
    await deploy(`e2e-build-${Date.now()}`);
    await page.clock.runFor(HOUR_MS);
    // Let the check's request finish; the page must still be the same document with the text.
    await page.waitForLoadState("networkidle");
    expect(await isSameDocument(page)).toBe(true);
    await expect(page.getByLabel("Username or e-mail")).toHaveValue("half-typed");
    const reloaded = page.waitForEvent("load");
    await page.locator('nav a[href="/Search"]').first().click();
    await reloaded;
    await expect(page).toHaveURL(/\/Search$/);
    expect(await isSameDocument(page)).toBe(false);
  });
});

test.describe("a new service worker taking over", () => {
  test("gets SKIP_WAITING, takes control, drops the old caches, and the page reloads once", async ({ page }) => {
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto("/");
    await controlled(page);
    const before = await askWorker(page);
    // The first worker had nothing to wait for.
    expect(before.replacedWorker).toBe(false);
    expect((await page.evaluate(() => caches.keys())).some((n) => n.includes(before.buildId))).toBe(true);

    const next = `e2e-sw-${Date.now()}`;
    await deploy(next);
    const reloaded = page.waitForEvent("load");
    // What the browser does on its own at the next navigation or update check.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))!.update());
    await reloaded;
    await controlled(page);
    const after = await askWorker(page);
    expect(after.buildId).toBe(next);
    // The new worker had to wait behind the old one, and only the page's handshake could let it in.
    expect(after.replacedWorker).toBe(true);
    expect(after.skippedWaiting).toBe(true);
    const names = await page.evaluate(() => caches.keys());
    expect(names.some((n) => n.includes(before.buildId))).toBe(false);
    expect(names.some((n) => n.includes(next))).toBe(true);
    // One reload, not a loop.
    await page.waitForTimeout(1_500);
    expect(loads).toBe(2);
  });

  test("waits for a half-filled form: the new worker takes over, the reload comes with the next click", async ({
    page,
  }) => {
    await page.goto("/Login");
    await controlled(page);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByLabel("Username or e-mail").fill("half-typed");
    // Typing in the form loads its checks (decision 0043); the deploy comes after that load, not during it.
    await page.waitForLoadState("networkidle");
    const next = `e2e-sw-${Date.now()}`;
    await deploy(next);
    await updateUntilControlledBy(page, next);
    expect((await askWorker(page)).skippedWaiting).toBe(true);
    await page.waitForTimeout(1_000);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expect(page.getByLabel("Username or e-mail")).toHaveValue("half-typed");
    const reloaded = page.waitForEvent("load");
    await page.locator('nav a[href="/Search"]').first().click();
    await reloaded;
    await expect(page).toHaveURL(/\/Search$/);
  });
});
