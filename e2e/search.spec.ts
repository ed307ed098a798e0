import { expect, test } from "@playwright/test";
import { PERSON_USER_AGENT } from "../playwright.config";
import { expectAccessible, recordUrl, shot } from "./helpers";

const BIRTHS = "/stpete/birth/search";

test.describe("St. Petersburg searches", () => {
  test("a visitor searches births by surname and given name, in the browser", async ({ page }, testInfo) => {
    await page.goto(BIRTHS);
    await expectAccessible(page);
    await page.getByLabel("Surname", { exact: true }).fill("Schmidt");
    await page.getByLabel("Given name", { exact: true }).fill("Johann");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surname=Schmidt/);
    const heading = page.locator("#results-heading");
    await expect(heading).toHaveText(/^[\d,]+ records?/);
    const rows = page.locator("table.results tbody.record-group");
    expect(await rows.count()).toBeGreaterThan(0);
    // Sounds-like surnames and cross-language given names are the defaults: in date order (best match shows the
    // spelling typed first) the first page mixes spellings.
    await page.locator(".order-choice").getByRole("link", { name: "Date" }).click();
    await expect(page.locator(".order-choice [aria-current]")).toHaveText("Date");
    const surnames = new Set(await rows.locator("tr:first-child td:nth-child(3)").allTextContents());
    expect(surnames.size).toBeGreaterThan(1);
    await expect(page.locator(".chips .chip")).toHaveCount(2);
    await expectAccessible(page);
    await shot(page, testInfo, "search-results");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "search-results-phone");
  });

  test("chips remove one criterion at a time", async ({ page }) => {
    await page.goto(`${BIRTHS}?surname=Schmidt&givenName=Johann&yearFrom=1850&yearTo=1860`);
    await expect(page.locator(".chips .chip")).toHaveCount(3);
    await page.getByRole("link", { name: /Remove Given name: Johann/ }).click();
    await expect(page).not.toHaveURL(/givenName/);
    await expect(page.locator(".chips .chip")).toHaveCount(2);
    await expect(page.getByLabel("Given name", { exact: true })).toHaveValue("");
    // A field the user typed into keeps its text across client navigations unless the form starts afresh.
    await page.getByLabel("Surname", { exact: true }).fill("Schulz");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/surname=Schulz/);
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await expect(page).not.toHaveURL(/surname=/);
    await expect(page.getByLabel("Surname", { exact: true })).toHaveValue("");
  });

  test("rows expand, columns sort, pages turn", async ({ page }) => {
    await page.goto(`${BIRTHS}?surname=Schmidt&perPage=10`);
    const first = page.locator("tbody.record-group").first();
    await expect(first.locator(".row-detail")).toBeHidden();
    await first.locator("summary").click();
    await expect(first.locator(".row-detail")).toBeVisible();
    await expect(first.locator(".row-detail")).toContainText("Film");

    // A name's results come best match first; the Date column orders them by date, a second click backwards.
    await expect(page.locator(".order-choice [aria-current]")).toHaveText("Best match");
    await page.locator("th").getByRole("link", { name: "Date" }).click();
    await expect(page).toHaveURL(/sort=year/);
    await expect(page.locator("th[aria-sort=ascending]")).toContainText("Date");
    await page.locator("th").getByRole("link", { name: "Date" }).click();
    await expect(page).toHaveURL(/sort=-year/);
    await expect(page.locator("th[aria-sort=descending]")).toContainText("Date");
    const years = (await page.locator("tbody.record-group tr:first-child td:nth-child(2) a").allTextContents()).map(
      (t) => Number(t.slice(-4)),
    );
    expect([...years].sort((a, b) => b - a)).toEqual(years);

    await page.getByRole("navigation", { name: "Result pages" }).getByRole("link", { name: "Next ›" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator("#results-heading")).toContainText("showing 11–20");
  });

  test("everything works with JavaScript turned off", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
      userAgent: PERSON_USER_AGENT,
    });
    const page = await context.newPage();
    await page.goto(BIRTHS);
    await page.getByLabel("Surname", { exact: true }).fill("Müller");
    await page.getByLabel("How to match surname").selectOption("normalized");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surnameMode=normalized/);
    await expect(page.locator("#results-heading")).toHaveText(/records?/);
    const first = page.locator("tbody.record-group").first();
    await first.locator("summary").click();
    await expect(first.locator(".row-detail")).toBeVisible();
    await page.locator(".chips .chip").first().click();
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("menuitem", { name: "Marriages", exact: true })
      .click();
    await expect(page).toHaveURL(/\/stpete\/marriage\/search$/);
    await context.close();
  });

  test("bad input gets a message beside the field, a 400, and keeps what was typed", async ({ page }, testInfo) => {
    const response = await page.goto(`${BIRTHS}?surname=Kühn&yearFrom=18x6`);
    expect(response?.status()).toBe(400);
    await expect(page.locator("#yearFrom-error")).toHaveText(/four digits/);
    await expect(page.getByLabel("From year")).toHaveValue("18x6");
    await expect(page.getByLabel("Surname", { exact: true })).toHaveValue("Kühn");
    await expect(page.getByLabel("From year")).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, "search-error");

    for (const q of [`surname=${"x".repeat(101)}`, "perPage=30", "sort=shoeSize", "page=abc", "surnameMode=bogus"]) {
      const r = await page.goto(`${BIRTHS}?${q}`);
      expect(r?.status(), q).toBe(400);
      await expect(page.locator(".field-error").first(), q).toBeVisible();
    }
    const beyond = await page.goto(`${BIRTHS}?surname=Schmidt&page=99999`);
    expect(beyond?.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: "There is no page 99999" })).toBeVisible();
  });

  test("no matches: suggestions that widen the search, with counts", async ({ page }) => {
    await page.goto(`${BIRTHS}?surname=Schmidtt&surnameMode=exact`);
    await expect(page.locator("#results-heading")).toHaveText("No records found");
    const suggestion = page.locator(".suggestions a").first();
    await expect(suggestion).toContainText("by sound");
    await suggestion.click();
    await expect(page).not.toHaveURL(/surnameMode=exact/);
    await expect(page.locator("#results-heading")).toHaveText(/^[\d,]+ records?/);
  });

  test("record page shows the source and a citation to copy", async ({ page, context }, testInfo) => {
    await page.goto(`${BIRTHS}?surname=Schmidt`);
    await page.locator("tbody.record-group td:nth-child(2) a").first().click();
    await expect(page).toHaveURL(recordUrl("/stpete/birth/record/\\d+"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Baptism of /);
    await expect(page.locator("dl").getByText("Film")).toBeVisible();
    const citation = page.getByLabel("Citation text");
    await expect(citation).toHaveValue(/St\. Petersburg Consistory births, film \d+/);
    await expect(citation).toHaveValue(/Julian/);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy citation" }).click();
    await expect(page.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await citation.inputValue());
    await expectAccessible(page);
    await shot(page, testInfo, "record");
  });

  test("CSV export holds the whole result set", async ({ page }) => {
    await page.goto(`${BIRTHS}?surname=Schmidt&perPage=10`);
    const total = Number(
      (await page.locator("#results-heading").textContent())!.replace(/ records.*$/s, "").replace(/\D/g, ""),
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /CSV/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^metryka-stpete-birth-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (
      await download.createReadStream()
    )
      .toArray()
      .then((chunks) => Buffer.concat(chunks).toString("utf8"));
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain("surname,givenName");
    expect(lines.length - 1).toBe(total);
  });

  test("marriages search groom and bride", async ({ page }) => {
    await page.goto("/stpete/marriage/search");
    await page.getByLabel("Groom's surname", { exact: true }).fill("Schulz");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("#results-heading")).toHaveText(/^[\d,]+ records?/);
    await expect(page.locator("th").filter({ hasText: "Bride" })).toBeVisible();
    await expectAccessible(page);
  });

  test("unified search counts every collection and carries the criteria over", async ({ page }, testInfo) => {
    await page.goto("/Search");
    await page.getByLabel("Surname", { exact: true }).fill("Schulz");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/Search\?surname=Schulz/);
    const links = page.locator(".card", { hasText: "Free for everyone" }).locator(".role-counts a");
    await expect(links).toHaveCount(6);
    // The members' Lublin, Volhynian and index collections show a visitor their counts, with links to sign in (never to records).
    const members = page.locator(".card", { hasText: "Members only" });
    // Eight members' record collections and the Lodz and genealogy people (decision 0017).
    await expect(members).toHaveCount(10);
    await expect(members.first()).toContainText("become a member");
    const locked = await members.locator(".role-counts a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(locked.length).toBeGreaterThan(0);
    for (const href of locked)
      expect(href).toMatch(
        /^\/Login\?redirectTo=%2Fmembers%2F(lublin|volhynian|odessa-stpete|parish-records-idx|lodz|genealogy)%2F/,
      );
    await expectAccessible(page);
    await shot(page, testInfo, "unified");
    const groom = page
      .locator(".card", { hasText: "St. Petersburg Consistory marriages" })
      .getByRole("link", { name: /as the groom/ });
    const expected = Number((await groom.textContent())!.replace(/ records? as the groom/, "").replace(/\D/g, ""));
    await groom.click();
    await expect(page).toHaveURL(/\/stpete\/marriage\/search\?groomSurname=Schulz/);
    await expect(page.locator("#results-heading")).toHaveText(
      new RegExp(`^${expected.toLocaleString("en-GB")} record`),
    );
    // A name carried over from /Search is ranked best match first, each row saying why (issue 27).
    await expect(page.locator(".order-choice [aria-current]")).toHaveText("Best match");
    await expect(page.locator("tr.row-why").first()).toContainText("Groom's surname: same spelling");
  });
});
