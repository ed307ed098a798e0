import { type Browser, type Page, type TestInfo, expect, test } from "@playwright/test";
import { PERSON_USER_AGENT } from "../playwright.config";
import { expectAccessible, shot } from "./helpers";

/** Best-match order and its reasons (issue 27), with JavaScript on and off. */
const BIRTHS = "/stpete/birth/search";

const why = (page: Page) => page.locator("tr.row-why");

const HOW = ["with JavaScript", "without JavaScript"] as const;

async function pageFor(browser: Browser, testInfo: TestInfo, how: (typeof HOW)[number]): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: how === "with JavaScript",
    baseURL: testInfo.project.use.baseURL,
    userAgent: PERSON_USER_AGENT,
  });
  return context.newPage();
}

test.describe("best match", () => {
  for (const how of HOW) {
    test(`exact spellings come first, each row says why, and date order is one click away, ${how}`, async ({
      browser,
    }, testInfo) => {
      const page = await pageFor(browser, testInfo, how);
      await page.goto(BIRTHS);
      await page.getByLabel("Surname", { exact: true }).fill("Brand");
      await page.getByLabel("Results per page").selectOption("50");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.locator("#results-heading")).toHaveText(/records/);
      await expect(page.locator(".order-choice [aria-current]")).toHaveText("Best match");
      const reasons = await why(page).allTextContents();
      expect(reasons.length).toBeGreaterThan(1);
      const exact = reasons.map((r) => r.includes("Surname: same spelling"));
      // The exact spellings first, then the ones that only sound alike, never mixed.
      expect(exact[0]).toBe(true);
      const firstOther = exact.indexOf(false);
      expect(firstOther).toBeGreaterThan(0);
      expect(exact.slice(firstOther)).not.toContain(true);
      expect(reasons[firstOther]).toMatch(/Surname: \S+, (sounds like|similar spelling|same name)/);
      // Each reason is the row's own text, read with it.
      await expect(why(page).first()).toContainText("Why it matched:");

      await page.locator(".order-choice").getByRole("link", { name: "Date" }).click();
      await expect(page).toHaveURL(/sort=year/);
      await expect(page.locator(".order-choice [aria-current]")).toHaveText("Date");
      await expect(page.locator("th[aria-sort=ascending]")).toContainText("Date");
      await page.locator(".order-choice").getByRole("link", { name: "Best match" }).click();
      await expect(page).toHaveURL(/sort=relevance/);
      await expect(page.locator(".order-choice [aria-current]")).toHaveText("Best match");
      await expect(why(page).first()).toContainText("Surname: same spelling");
      if (how === "with JavaScript") {
        await expectAccessible(page);
        await shot(page, testInfo, "best-match");
      }

      // The record page reached from a result says why it matched, and leads back to the same results.
      await page.locator("table.results tbody").first().getByRole("link").first().click();
      await expect(page.getByRole("heading", { name: "Why it matched your search" })).toBeVisible();
      await expect(page.locator(".record-why li")).toHaveText(["Surname: same spelling"]);
      if (how === "with JavaScript") {
        await expectAccessible(page);
        await shot(page, testInfo, "best-match-record");
      }
      await page.getByRole("link", { name: "Back to the results" }).click();
      await expect(page).toHaveURL(/\/stpete\/birth\/search\?surname=Brand/);
      await expect(page.locator(".order-choice [aria-current]")).toHaveText("Best match");
      await page.context().close();
    });
  }

  for (const how of HOW) {
    test(`Mariya is found by Мария and by Marija, ${how}`, async ({ browser }, testInfo) => {
      const page = await pageFor(browser, testInfo, how);
      // A Mariya of the registers, by her surname.
      await page.goto(`${BIRTHS}?givenName=Mariya&givenNameMode=exact&sort=year`);
      const surname = (await page.locator("tbody.record-group td.col-surname").first().textContent())?.trim() ?? "";
      expect(surname).not.toBe("");
      for (const typed of ["Мария", "Marija"]) {
        const params = new URLSearchParams({ surname, surnameMode: "exact", givenName: typed, perPage: "50" });
        await page.goto(`${BIRTHS}?${params}`);
        await expect(why(page).filter({ hasText: "Mariya" }).first()).toContainText(
          /Given name: Mariya[^,]*, same name(, accents or alphabet aside| in another alphabet or transliteration| in another language)/,
        );
      }
      await page.context().close();
    });
  }

  test("Beider–Morse finds a spelling that Daitch–Mokotoff misses", async ({ page }) => {
    // Eger: Jäger as a Hungarian or Yiddish ear writes it; its Daitch–Mokotoff code differs, its phonemes do not.
    await page.goto(`${BIRTHS}?surname=Eger&surnameMode=exact&sort=year`);
    const date = await page.locator("tbody.record-group tr:first-child td:nth-child(2) a").first().textContent();
    const year = (date ?? "").slice(-4);
    expect(year).toMatch(/^\d{4}$/);
    const inYear = `yearFrom=${year}&yearTo=${year}&perPage=100`;

    await page.goto(`${BIRTHS}?surname=J%C3%A4ger&surnameMode=sounds&${inYear}`);
    expect(await why(page).allTextContents()).not.toContainEqual(expect.stringContaining("Eger"));

    await page.goto(BIRTHS);
    await page.getByLabel("Surname", { exact: true }).fill("Jäger");
    await page.getByLabel("How to match surname").selectOption("beiderMorse");
    await page.getByLabel("From year").fill(year);
    await page.getByLabel("To year").fill(year);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surnameMode=beiderMorse/);
    await expect(why(page).filter({ hasText: "Eger" }).first()).toContainText(
      "Surname: Eger, sounds like (Beider–Morse)",
    );
  });

  test("a Beider–Morse search whose name branches past the cap says so, and a plain one does not", async ({ page }) => {
    await page.goto(`${BIRTHS}?surname=Schwarzkopf&surnameMode=beiderMorse`);
    await expect(page.getByRole("note")).toContainText(
      "Surname: the name has more Beider–Morse sound forms than a search follows, so only the first 20 were searched.",
    );
    await page.goto(`${BIRTHS}?surname=J%C3%A4ger&surnameMode=beiderMorse`);
    await expect(page.locator("#results-heading")).toBeVisible();
    await expect(page.getByRole("note")).toHaveCount(0);
  });

  test("a sort that names nothing gets a message beside the form and a 400", async ({ page }) => {
    const response = await page.goto(`${BIRTHS}?surname=Brandt&sort=closeness`);
    expect(response?.status()).toBe(400);
    await expect(page.locator("#sort-error")).toContainText("cannot be sorted by “closeness”");
  });
});
