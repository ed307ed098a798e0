import type { Database } from "../app/db/connection.server";
import { expect, test } from "./fixtures";
import { expectAccessible, shot, showMap } from "./helpers";

/**
 * The members' map indexes (SPEC §2, DOMAIN.md, decision 0016): the
 * Russia-Poland index (place, spelling with diacritics, 3-verst map sheet)
 * and the Ukraine index (place, 1:100,000 map sheet). Members search them by
 * any spelling and by map coordinate and open a place's page; visitors are
 * sent to sign in, get 401 for the payload file and never see an entry;
 * accounts that are not active members get 403.
 */
const RP = "/members/russia-poland/map/search";
const UA = "/members/ukraine/map/search";

async function placeId(database: Database, index: string, name: string): Promise<number> {
  const row = await database.db
    .selectFrom("places")
    .select("id")
    .where("map_index", "=", index)
    .where("name", "=", name)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

test.describe("Russia-Poland map index", () => {
  test("a member finds Łódź by its Russian name and by its 3-verst sheet, and opens its page", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto(RP);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Russia-Poland map index");
    await expectAccessible(page);
    await page.getByLabel("Place name (any spelling)", { exact: true }).fill("Лодзь");
    await page.getByLabel("How to match place name").selectOption("normalized");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/name=%D0%9B/);
    await expect(page.locator("#results-heading")).toHaveText(/^1 place/);
    const row = page.locator("table.place-table tbody tr").first();
    await expect(row.locator("td").first()).toHaveText("Lodz");
    await expect(row.locator('td[data-label="Spelling with diacritics"]')).toHaveText("Łódź");
    await expect(row.locator('td[data-label="Other names"]')).toContainText("Лодзь (russian)");
    await expect(row.locator('td[data-label="Other names"]')).toContainText("Litzmannstadt (later name)");
    await expect(row.locator('td[data-label="Gubernia"]')).toHaveText("Piotrków");
    await expect(row.locator('td[data-label="Map coordinate"]')).toHaveText("XIX-10");
    await expect(page.locator(".chips .chip")).toHaveText(["Name: Лодзь (ignore accents)"]);
    await expectAccessible(page);
    await shot(page, testInfo, "rp-map-name");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "rp-map-name-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // By map coordinate, typed loosely: the sheet is read as XIX-10 and every place found lies on it.
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(RP);
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expect(page.getByLabel("Place name (any spelling)", { exact: true })).toHaveValue("");
    await page.getByLabel("Map coordinate", { exact: true }).fill("xix 10");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sheet=xix\+10/);
    await expect(page.locator(".chips .chip")).toHaveText(["Map coordinate: XIX-10"]);
    const sheets = await page.locator('td[data-label="Map coordinate"]').allTextContents();
    expect(sheets.length).toBeGreaterThan(1);
    expect(new Set(sheets)).toEqual(new Set(["XIX-10"]));
    // The map starts when it comes near the screen (decision 0047).
    await showMap(page);
    await expect(page.getByRole("region", { name: /Map of the \d+ places on this page/ })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "rp-map-sheet");

    await page.goto(`${RP}?name=Lodz&nameMode=exact`);
    await page.getByRole("link", { name: "Lodz", exact: true }).click();
    await expect(page).toHaveURL(/\/members\/russia-poland\/map\/place\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lodz");
    await expect(page.locator(".lead")).toHaveText("Piotrków gubernia · 3-verst sheet XIX-10");
    const entry = page.locator("article dl").first();
    await expect(entry).toContainText("Spelling with diacriticsŁódź");
    await expect(entry).toContainText("RussianЛодзь");
    await expect(entry).toContainText("GermanLodsch");
    await expect(page.getByLabel("Citation text")).toHaveValue(
      /^“Lodz”, 3-verst sheet XIX-10, on the Russian military topographic map 1:126,000 \(3-verst map\)\. Indexed in Metryka, Russia-Poland map index/,
    );
    await showMap(page);
    await expect(page.getByRole("region", { name: /^Map of Lodz and the places within 10 km/ })).toBeVisible();
    await page.getByRole("link", { name: "other places on this sheet" }).click();
    await expect(page).toHaveURL(`${RP}?sheet=XIX-10`);
    await expect(page.locator("#results-heading")).toHaveText(/places/);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lodz");
    await expectAccessible(page);
    await shot(page, testInfo, "rp-map-place");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "rp-map-place-phone");
  });

  test("bad input gets a message beside the field and a 400, and keeps what was typed", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    const response = await page.goto(`${RP}?sheet=Lodz&province=Petrikau&radius=500&near=Lodz`);
    expect(response?.status()).toBe(400);
    await expect(page.locator("#sheet-error")).toHaveText(
      "Enter a 3-verst sheet as row and number, for example XIX-10.",
    );
    await expect(page.locator("#province-error")).toHaveText("Choose a gubernia from the list.");
    await expect(page.locator("#radius-error")).toHaveText("Enter at most 100 km.");
    await expect(page.getByLabel("Map coordinate", { exact: true })).toHaveValue("Lodz");
    await expect(page.getByLabel("Map coordinate", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Gubernia", { exact: true })).toHaveValue("Petrikau");
    await expect(page.getByLabel("Kilometres")).toHaveValue("500");
    await expect(page.getByRole("alert")).toContainText("Please correct the fields marked below");
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, "rp-map-error");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "rp-map-error-phone");

    const ua = await page.goto(`${UA}?sheet=XIX-10`);
    expect(ua?.status()).toBe(400);
    await expect(page.locator("#sheet-error")).toHaveText(
      "Enter a 1:100,000 sheet as letter, zone and number, for example M-35-70.",
    );
    expect((await page.goto("/members/russia-poland/map/place/abc"))?.status()).toBe(404);
  });
});

test.describe("Ukraine map index", () => {
  test("a member finds Novohrad-Volynskyi by its German name and Zhytomyr by its sheet, and opens its page", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto(UA);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ukraine map index");
    await page.getByLabel("Place name (any spelling)", { exact: true }).fill("Zwiahel");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/name=Zwiahel/);
    const row = page.locator("table.place-table tbody tr").first();
    await expect(row.locator("td").first()).toHaveText("Novohrad-Volynskyi");
    await expect(row.locator('td[data-label="Other names"]')).toContainText("Zviahel (later name)");
    await expect(row.locator('td[data-label="Other names"]')).toContainText("Nowogród Wołyński (polish)");
    await expect(row.locator('td[data-label="Map coordinate"]')).toHaveText(/^M-35-\d+$/);
    await expectAccessible(page);
    await shot(page, testInfo, "ua-map-name");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "ua-map-name-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(UA);
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expect(page.getByLabel("Place name (any spelling)", { exact: true })).toHaveValue("");
    await page.getByLabel("Map coordinate", { exact: true }).fill("M-35-070");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator(".chips .chip")).toHaveText(["Map coordinate: M-35-70"]);
    const sheets = await page.locator('td[data-label="Map coordinate"]').allTextContents();
    expect(new Set(sheets)).toEqual(new Set(["M-35-70"]));
    // Sorted by name from Z to A, Zhytomyr comes first.
    await page.locator("th").getByRole("link", { name: "Place" }).click();
    await expect(page).toHaveURL(/sort=-name/);
    await expect(page.locator("th[aria-sort=descending]")).toHaveText("Place");
    await page.locator("table.place-table tbody tr").first().getByRole("link", { name: "Zhytomyr" }).click();
    await expect(page).toHaveURL(/\/members\/ukraine\/map\/place\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Zhytomyr");
    await expect(page.locator(".lead")).toHaveText("Volhynia gubernia · 1:100,000 sheet M-35-70");
    const entry = page.locator("article dl").first();
    for (const name of ["Житомир", "Żytomierz", "Shitomir"]) await expect(entry).toContainText(name);
    await expect(page.getByLabel("Citation text")).toHaveValue(/^“Zhytomyr”, 1:100,000 sheet M-35-70/);
    await expectAccessible(page);
    await shot(page, testInfo, "ua-map-place");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "ua-map-place-phone");
  });
});

test.describe("members' map indexes and visitors", () => {
  test("a visitor is sent to sign in, gets 401 for the payload file, and is invited from the home page", async ({
    page,
    request,
    database,
  }, testInfo) => {
    const lodz = await placeId(database, "russia-poland", "Lodz");
    const zhytomyr = await placeId(database, "ukraine", "Zhytomyr");
    for (const target of [
      `${RP}?name=Lodz`,
      `/members/russia-poland/map/place/${lodz}`,
      `${UA}?name=Zhytomyr`,
      `/members/ukraine/map/place/${zhytomyr}`,
    ]) {
      await page.goto(target);
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page.locator("main")).not.toContainText("Litzmannstadt");
      await expect(page.locator("main")).not.toContainText("Shitomir");

      const payload = await request.get(`${target.replace(/(\?|$)/, "/_payload.json$1")}`, { maxRedirects: 0 });
      expect(payload.status(), target).toBe(401);
      expect(payload.headers()["content-type"]).toContain("application/json");
      const text = await payload.text();
      expect(JSON.parse(text)).toMatchObject({ status: 401 });
      expect(text).not.toMatch(/Litzmannstadt|Shitomir|XIX-10|M-35-70/);
    }
    await expectAccessible(page);

    await page.goto("/");
    for (const [title, path] of [
      ["Russia-Poland map index", RP],
      ["Ukraine map index", UA],
    ]) {
      const card = page.locator(".card", { hasText: title });
      await expect(card).toContainText("Members only");
      await expect(card.locator(".count")).toHaveText(/^[\d,]+ places$/);
      await expect(card.getByRole("link", { name: "Sign in to search" })).toHaveAttribute(
        "href",
        `/Login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
    await expect(page.locator(".place-index-card .count")).toHaveText(/^[\d,]+ places$/);
    await expectAccessible(page);
    await shot(page, testInfo, "member-maps-home-visitor");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "member-maps-home-visitor-phone");
  });

  test("an account that is not an active member gets 403; the menu lists the three indexes", async ({
    page,
    makeAccount,
    signInAs,
    request,
    cookieFor,
  }) => {
    for (const account of [await makeAccount({ status: "suspended" }), await makeAccount({ expires: "2020-01-01" })]) {
      const headers = { Cookie: await cookieFor(account) };
      for (const path of [RP, UA, `${UA}?sheet=M-35-70`]) {
        const response = await request.get(path, { headers, maxRedirects: 0 });
        expect(response.status(), path).toBe(403);
        expect(await response.text()).not.toContain("Zhytomyr");
      }
    }

    await signInAs(await makeAccount());
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: /main|site/i });
    await nav.getByRole("button", { name: /Places/ }).click();
    await nav.getByRole("menuitem", { name: /Ukraine map index/ }).click();
    await expect(page).toHaveURL(UA);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ukraine map index");
    await page.goto("/Search");
    await expect(page.getByRole("link", { name: "Russia-Poland map index" })).toHaveAttribute("href", RP);
  });
});
