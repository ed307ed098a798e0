import { expect, test } from "@playwright/test";
import { expectAccessible, shot } from "./helpers";

test.describe("shell, routing and errors", () => {
  test("home page lists every collection with its record count and access", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Find your ancestors");
    const cards = page.locator(".cards .card");
    // Eleven record collections and the two linked-person collections (decision 0017).
    await expect(cards).toHaveCount(13);
    await expect(cards.first()).toContainText("Free for everyone");
    await expect(cards.first().locator(".count")).toHaveText(/^[\d,]+ records$/);
    const counts = await cards.locator(".count").allTextContents();
    expect(counts.every((c) => Number(c.replace(/\D/g, "")) > 0)).toBe(true);
    await expectAccessible(page);
    await shot(page, testInfo, "home");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "home-phone");
  });

  test("an unmatched path is a 404 with the path in the message", async ({ page }, testInfo) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByText("Page not found: /no/such/page")).toBeVisible();
    await expect(page.getByText("Error 404")).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "404");
  });

  test("a malformed record id is a 404 with the validation message", async ({ page }) => {
    const response = await page.goto("/stpete/birth/record/abc");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page Not Found: /stpete/birth/record/abc")).toBeVisible();
    const missing = await page.goto("/stpete/birth/record/999999999");
    expect(missing?.status()).toBe(404);
  });

  test("case variants of known paths answer 301 to the canonical path", async ({ request }) => {
    for (const [from, to] of [
      ["/search", "/Search"],
      ["/SEARCH?surname=Schulz", "/Search?surname=Schulz"],
      ["/stpete/Birth/search", "/stpete/birth/search"],
      ["/Release-Notes", "/release-notes"],
      ["/login?redirectTo=%2FSearch", "/Login?redirectTo=%2FSearch"],
    ]) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
    expect((await request.get("/loginx", { maxRedirects: 0 })).status()).toBe(404);
  });

  test("a legacy hash URL lands on the plain path", async ({ page }) => {
    await page.goto("/#/stpete/birth/search?surname=Schulz");
    await expect(page).toHaveURL(/\/stpete\/birth\/search\?surname=Schulz$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("St. Petersburg Consistory births");
  });

  test("crawlers get the status but no rendered error page", async ({ request }) => {
    const response = await request.get("/no/such/page", {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(response.status()).toBe(404);
    const body = await response.text();
    expect(body).not.toContain("<html");
    expect(body.length).toBeLessThan(20);
  });

  test("pages carry a hash-based CSP without unsafe-inline scripts", async ({ request, page }) => {
    const response = await request.get("/");
    const csp = response.headers()["content-security-policy"];
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'strict-dynamic'/);
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  test("health check reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  test("release notes render the changelog", async ({ page }) => {
    await page.goto("/release-notes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("What's new in Metryka");
    await expectAccessible(page);
  });

  test("hashed assets are cached for a year, immutably", async ({ page, request }) => {
    await page.goto("/");
    const src = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    const response = await request.get(src!);
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  });
});
