import { expect, test } from "@playwright/test";

/**
 * Route code is preloaded from the navigation through one queue of at most
 * four loads at a time (SPEC §9), so following a link does not wait for it.
 */
test.use({ serviceWorkers: "block" }); // page.route cannot see requests a service worker answers

test("navigation links preload their route's code, never more than four at once", async ({ page }) => {
  let inFlight = 0;
  let most = 0;
  // The page's own start-up scripts load in parallel, as browsers do; only preloads after it are counted.
  let counting = false;
  const loaded: string[] = [];
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    if (!counting) {
      // A visible link may preload before counting starts on a slow machine; it still counts as preloaded.
      await route.continue();
      loaded.push(new URL(route.request().url()).pathname);
      return;
    }
    inFlight++;
    most = Math.max(most, inFlight);
    // Slow modules make overlapping loads visible.
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
    loaded.push(new URL(route.request().url()).pathname);
    inFlight--;
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  counting = true;
  // The release notes' code arrives from the link being on screen or hovered, before any click.
  await page.getByRole("link", { name: "What's new" }).first().hover();
  await expect.poll(() => loaded.some((p) => /release-notes/.test(p))).toBe(true);
  expect(most).toBeLessThanOrEqual(4);
  // The menu's links are plain anchors the menu follows itself (issue 30): a client-side navigation keeps this mark.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole("link", { name: "What's new" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's new in Metryka");
  await expect(page.getByRole("link", { name: "What's new" }).first()).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a result row's links preload the record's code and open it without reloading the page", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(new URL(request.url()).pathname));
  await page.goto("/stpete/birth/search?surname=Schmidt");
  // The table's links are plain anchors (issue 30): the table preloads and follows them itself, the record
  // route's code as soon as the table is on screen or a link is hovered.
  const rowLink = page.locator("table.results tbody a[href*='/record/']").first();
  await rowLink.hover();
  const recordModule = await page.evaluate(
    () =>
      Object.values(
        (window as unknown as { __remixManifest: { routes: Record<string, { path?: string; module: string }> } })
          .__remixManifest.routes,
      ).find((route) => route.path === "/:source/:part/record/:recordId")?.module,
  );
  expect(recordModule).toBeTruthy();
  await expect.poll(() => loaded.includes(recordModule!)).toBe(true);
  // A document load would lose this mark; a client-side navigation keeps it.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await rowLink.click();
  await expect(page).toHaveURL(/\/stpete\/birth\/record\/\d+/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  expect(loaded.filter((p) => p === recordModule)).toHaveLength(1);
});

test("a result row's link clicked with a modifier is left to the browser", async ({ page, context }) => {
  await page.goto("/stpete/birth/search?surname=Schmidt");
  const rowLink = page.locator("table.results tbody a[href*='/record/']").first();
  const opened = context.waitForEvent("page");
  await rowLink.click({ modifiers: ["ControlOrMeta"] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/stpete\/birth\/record\/\d+/);
  await expect(page).toHaveURL(/\/stpete\/birth\/search/);
  await tab.close();
});
