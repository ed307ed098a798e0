import { expect, test } from "@playwright/test";
import { PERSON_USER_AGENT } from "../playwright.config";
import { expectAccessible, shot, showMap } from "./helpers";

const PLACES = "/breyer/map/search";

function km(text: string): number {
  return Number(text.replace(/[^\d.]/g, ""));
}

test.describe("Breyer map index", () => {
  test("a visitor finds a village by its Polish name and opens its page", async ({ page }, testInfo) => {
    await page.goto(PLACES);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Breyer map index");
    await expectAccessible(page);
    await page.getByLabel("Place name (any spelling)", { exact: true }).fill("Nowosolna");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/name=Nowosolna/);
    await expect(page.locator("#results-heading")).toHaveText(/^1 place/);
    const row = page.locator("table.place-table tbody tr").first();
    await expect(row.locator("td").first()).toHaveText("Neu-Sulzfeld");
    await expect(row).toContainText("Nowosolna (polish)");
    await expect(row).toContainText("Petrikau");
    await expect(page.locator(".chips .chip")).toHaveText(["Name: Nowosolna"]);
    // With JavaScript the map is Leaflet's (e2e/maps.spec.ts looks at it closely).
    await expect(page.getByRole("region", { name: /Map of the 1 places? on this page/ })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "places-name");

    // Łódź, Lodz and Lodsch are one place.
    for (const name of ["Łódź", "Lodsch", "lodz"]) {
      await page.goto(`${PLACES}?name=${encodeURIComponent(name)}&nameMode=normalized`);
      await expect(page.locator("table.place-table tbody tr td:first-child"), name).toHaveText(["Lodz"]);
    }

    await page.getByRole("link", { name: "Lodz", exact: true }).click();
    await expect(page).toHaveURL(/\/breyer\/map\/place\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lodz");
    await expect(page.locator("dl")).toContainText("Litzmannstadt");
    await expect(page.getByLabel("Citation text")).toHaveValue(/sheet Lodz, square B2, in Albert Breyer/);
    await showMap(page);
    await expect(page.getByRole("region", { name: /^Map of Lodz and the places within 10 km/ })).toBeVisible();
    await expectAccessible(page, { targetSize: true });
    await shot(page, testInfo, "places-detail");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "places-detail-phone");
  });

  test("a radius search lists nearby places, nearest first, with a map", async ({ page }, testInfo) => {
    await page.goto(PLACES);
    await page.getByLabel("Kilometres").fill("15");
    await page.getByLabel("of the place").fill("Łódź");
    await page.getByLabel("Results per page").selectOption("50");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/near=%C5%81%C3%B3d%C5%BA/);
    await expect(page).toHaveURL(/radius=15/);
    await expect(page.locator("#results-heading")).toHaveText(/^[\d,]+ places/);
    await expect(page.locator("th[aria-sort=ascending]")).toHaveText("Distance");
    const distances = (await page.locator("td.distance").allTextContents()).map(km);
    expect(distances.length).toBeGreaterThan(5);
    expect(distances[0]).toBe(0);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances.every((d) => d <= 15)).toBe(true);
    await expect(page.locator("table.place-table")).toContainText("Neu-Sulzfeld");
    await showMap(page);
    await expect(page.getByRole("region", { name: /places within 15 km of Lodz/ })).toBeVisible();
    await expect(page.locator(".geo-map figcaption")).toContainText("Lodz is the large dot");
    await expectAccessible(page, { targetSize: true });
    await shot(page, testInfo, "places-radius");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "places-radius-phone");
    // The first screen of results as a phone shows it, at full size.
    await page.locator("#results-heading").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shots/${testInfo.project.name}-places-radius-phone-screen.png` });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sort by name, then back; pages turn.
    await page.locator("th").getByRole("link", { name: "Name on the map" }).click();
    await expect(page).toHaveURL(/sort=name/);
    await expect(page.locator("th[aria-sort=ascending]")).toHaveText("Name on the map");
    await page.goto(`${PLACES}?near=Lodz&radius=20&perPage=10`);
    await page.getByRole("navigation", { name: "Result pages" }).getByRole("link", { name: "Next ›" }).click();
    await expect(page.locator("#results-heading")).toContainText("showing 11–20");
    const page2 = (await page.locator("td.distance").allTextContents()).map(km);
    expect(page2[0]).toBeGreaterThan(0);
  });

  test("a name shared by many places asks which one is meant", async ({ page }) => {
    const response = await page.goto(`${PLACES}?near=Josefow&radius=5`);
    expect(response?.status()).toBe(400);
    await expect(page.locator("#near-error")).toHaveText(/places are called “Josefow”/);
    await page.getByRole("list", { name: "Places of that name" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/nearId=\d+/);
    await expect(page.locator("#results-heading")).toHaveText(/places?/);
    await expect(page.locator("td.distance").first()).toHaveText("0.0 km");
  });

  test("bad input gets a message beside the field, a 400, and keeps what was typed", async ({ page }, testInfo) => {
    const response = await page.goto(`${PLACES}?name=Josefow&radius=15&province=Preussen&square=Z9`);
    expect(response?.status()).toBe(400);
    await expect(page.locator("#near-error")).toHaveText("Enter the place to measure the distance from.");
    await expect(page.locator("#province-error")).toHaveText("Choose a province from the list.");
    await expect(page.locator("#square-error")).toContainText("A–H");
    await expect(page.getByLabel("Kilometres")).toHaveValue("15");
    await expect(page.getByLabel("Grid square")).toHaveValue("Z9");
    await expect(page.getByLabel("Province", { exact: true })).toHaveValue("Preussen");
    await expect(page.getByLabel("Place name (any spelling)", { exact: true })).toHaveValue("Josefow");
    await expect(page.getByLabel("of the place")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, "places-error");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "places-error-phone");
    for (const q of ["near=Lodz&radius=500", "sheet=Berlin", "nameMode=fuzzy&name=x", "sort=age", "perPage=7"]) {
      const r = await page.goto(`${PLACES}?${q}`);
      expect(r?.status(), q).toBe(400);
      await expect(page.locator(".field-error").first(), q).toBeVisible();
    }
  });

  test("everything works with JavaScript turned off", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
      userAgent: PERSON_USER_AGENT,
    });
    const page = await context.newPage();
    await page.goto(PLACES);
    await page.getByLabel("Place name (any spelling)", { exact: true }).fill("Łódź");
    await page.getByLabel("How to match place name").selectOption("normalized");
    await page.getByLabel("Province", { exact: true }).selectOption("Petrikau");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/province=Petrikau/);
    await expect(page.locator("table.place-table tbody tr td:first-child")).toHaveText(["Lodz"]);
    await page.getByLabel("Kilometres").fill("8");
    await page.getByLabel("of the place").fill("Lodz");
    await page.getByLabel("Place name (any spelling)", { exact: true }).fill("");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/radius=8/);
    await expect(page.locator("th[aria-sort=ascending]")).toHaveText("Distance");
    await expect(page.locator("svg[role=img] title").first()).toContainText("within 8 km of Lodz");
    await page.getByRole("link", { name: "Remove Province: Petrikau" }).click();
    await expect(page).not.toHaveURL(/province/);
    await context.close();
  });

  test("the payload file answers JSON, and the home page and /Search point to the index", async ({ request, page }) => {
    const response = await request.get(`${PLACES}/_payload.json?name=Lodz&nameMode=exact`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
    const body = (await response.json()) as { routes: Record<string, { result: { total: number; rows: unknown[] } }> };
    expect(body.routes["source/part/search"].result).toMatchObject({
      total: 1,
      rows: [expect.objectContaining({ name: "Lodz", sheet: "Lodz", square: "B2" })],
    });
    const bad = await request.get(`${PLACES}/_payload.json?radius=5`);
    expect(bad.status()).toBe(400);

    await page.goto("/");
    const card = page.locator(".place-index-card");
    await expect(card.locator(".count")).toHaveText(/^[\d,]+ places$/);
    await card.getByRole("link", { name: "Breyer map index" }).click();
    await expect(page).toHaveURL(PLACES);
    await page.goto("/Search");
    await expect(page.getByRole("link", { name: "Breyer map index" })).toBeVisible();
    expect((await request.get("/breyer/map/place/abc")).status()).toBe(404);
    expect((await request.get("/breyer/map/place/99999999")).status()).toBe(404);
    const variant = await request.get("/Breyer/Map/Search?name=Lodz", { maxRedirects: 0 });
    expect(variant.status()).toBe(301);
    expect(variant.headers().location).toBe("/breyer/map/search?name=Lodz");
  });
});
