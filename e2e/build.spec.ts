import { expect, test } from "@playwright/test";

/** The build-detection endpoints of issue #4 item 2 (SPEC §7.5). */
test.describe("build detection endpoints", () => {
  test("latest.json names the running build and ignores the cache-busting query", async ({ request }) => {
    const response = await request.get("/builds/latest.json?123");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = (await response.json()) as { id: unknown; timestamp: unknown };
    expect(Object.keys(body).sort()).toEqual(["id", "timestamp"]);
    expect(typeof body.id).toBe("string");
    expect(body.id).not.toBe("");
    expect(typeof body.timestamp).toBe("number");
    const again = (await (await request.get(`/builds/latest.json?${Date.now()}`)).json()) as { id: string };
    expect(again.id).toBe(body.id);
  });

  test("meta/{id}.json lists the build's static routes", async ({ request }) => {
    const latest = (await (await request.get("/builds/latest.json")).json()) as { id: string; timestamp: number };
    const response = await request.get(`/builds/meta/${encodeURIComponent(latest.id)}.json`);
    expect(response.status()).toBe(200);
    const meta = (await response.json()) as { id: string; timestamp: number; routes: string[] };
    expect(meta.id).toBe(latest.id);
    expect(meta.timestamp).toBe(latest.timestamp);
    expect(meta.routes).toEqual(expect.arrayContaining(["/", "/Search", "/Login"]));
    expect(meta.routes.some((r) => r.includes(":") || r.includes("*"))).toBe(false);
  });

  test("an unknown build id is a 404 JSON", async ({ request }) => {
    const response = await request.get("/builds/meta/nope.json");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ error: "Unknown build" });
  });
});

/**
 * "Deploys" a second build under the running page: the server reads the build id
 * from METRYKA_BUILD_ID_FILE when that file exists (build-info.server.ts). The
 * server inherits the variable from the Playwright process, so these run only
 * when it is set (playwright.config.ts) and the root loader hands the id to
 * useBuildCheck; otherwise they are skipped.
 */
const BUILD_ID_FILE = process.env.METRYKA_BUILD_ID_FILE;
const HOUR_MS = 3_600_000;

test.describe("reload on a new build", () => {
  test.skip(!BUILD_ID_FILE, "METRYKA_BUILD_ID_FILE is not set for the e2e server");
  // One server is enough to prove it, and the file is shared by both projects' servers.
  test.beforeEach(({ browserName: _browser }, testInfo) => {
    test.skip(testInfo.project.name !== "sqlite", "runs against the SQLite server only");
  });
  // Both tests deploy builds through the same file.
  test.describe.configure({ mode: "serial" });

  test.afterEach(async ({ browserName: _browser }, testInfo) => {
    if (testInfo.project.name !== "sqlite") return;
    const { rmSync } = await import("node:fs");
    rmSync(BUILD_ID_FILE as string, { force: true });
  });

  async function deploy(id: string) {
    const { writeFileSync } = await import("node:fs");
    writeFileSync(BUILD_ID_FILE as string, `${id}\n`);
  }

  /** A mark that survives client navigations but not a reload. */
  async function markPage(page: import("@playwright/test").Page) {
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  }
  const isSameDocument = (page: import("@playwright/test").Page) =>
    page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

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
