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
  await page.getByRole("link", { name: "What's new" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's new in Metryka");
});
