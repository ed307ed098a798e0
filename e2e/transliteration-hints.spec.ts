import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { PERSON_USER_AGENT } from "../playwright.config";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

/**
 * Issue 29, item 4 (decision 0074): a record the register wrote in Cyrillic shows, beside each Cyrillic value, a hint
 * in the reader's Latin letters: German readers get Duden's, Polish readers the Polish transcription, English
 * readers BGN/PCGN's; Russian (and Ukrainian) readers read the Cyrillic as it stands and get none. The hints come
 * from the server, so a browser without JavaScript shows them too.
 *
 * The St. Petersburg births (public) keep a few registers' names in Cyrillic; the search for the surname Шмидт as
 * written finds them.
 */
const SEARCH = `/stpete/birth/search?surname=${encodeURIComponent("Шмидт")}&surnameMode=exact`;

/** The surname's hint and the label a screen reader hears before it, per reader's language. */
const HINTS = {
  de: { latin: "Schmidt", surname: "Familienname" },
  pl: { latin: "Szmidt", surname: "Nazwisko" },
  en: { latin: "Shmidt", surname: "Surname" },
} as const;

/** A text of a catalog, as the page shows it: the test reads the files the site does. */
function label(language: string): string {
  const catalog = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "../app/locales", language, "common.json"), "utf8"),
  ) as { script: { latinLetters: string } };
  return catalog.script.latinLetters;
}

/** The results of the search in `language`, and the first row's record opened from them as a person would. */
async function openRecord(page: Page, language: string) {
  await page.goto(`${SEARCH}&lng=${language}`);
  expect(await page.locator("html").getAttribute("lang")).toBe(language);
  const row = page.locator("table.results tbody.record-group").first();
  await expect(row.locator("td.col-surname")).toBeVisible();
  const cell = row.locator("td.col-surname");
  await row.locator("td a").first().click();
  await expect(page).toHaveURL(/\/stpete\/birth\/record\/\d+/);
  // The address changes before the record page has replaced the results (its route module and words may still load).
  await expect(page.locator("article.record-page")).toBeVisible();
  return cell;
}

/** The record page's value of a field, by its label (the results' rows have such lists too, folded away). */
const fieldValue = (page: Page, name: string) =>
  page
    .locator("article.record-page .dl-grid > div")
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator("dd");

async function expectHints(page: Page, language: keyof typeof HINTS) {
  const { latin, surname } = HINTS[language];
  const results = page.locator("table.results tbody.record-group").first().locator("td.col-surname");
  await page.goto(`${SEARCH}&lng=${language}`);
  // In the results: the surname as written, marked Russian and left to no translator, then its hint.
  await expect(results).toHaveText(`Шмидт (${label(language)} ${latin})`);
  await expect(results.locator('span[lang="ru"][translate="no"]')).toHaveText("Шмидт");
  await expect(results.locator(`.script-hint [lang="${language}-Latn"]`)).toHaveText(latin);
  await openRecord(page, language);
  const value = fieldValue(page, surname);
  await expect(value).toHaveText(`Шмидт (${label(language)} ${latin})`);
  await expect(value.locator('span[lang="ru"][translate="no"]')).toHaveText("Шмидт");
  await expect(value.locator(`span[lang="${language}-Latn"]`)).toHaveText(latin);
  await expect(value.locator(".script-hint")).toBeVisible();
  // The heading names the child in Cyrillic, and its hint follows.
  await expect(page.getByRole("heading", { level: 1 }).locator(`[lang="${language}-Latn"]`)).toHaveText(
    new RegExp(` ${latin}$`),
  );
}

async function withoutJavaScript(browser: Browser, testInfo: TestInfo, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
    userAgent: PERSON_USER_AGENT,
  });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("hints in the reader's Latin letters beside Cyrillic values", () => {
  test("a German reader sees Duden's Latin letters beside the Cyrillic, in the results and on the record", async ({
    page,
  }, testInfo) => {
    await expectHints(page, "de");
    await expectAccessible(page);
    await shot(page, testInfo, "transliteration-hints-record-de");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(fieldValue(page, HINTS.de.surname).locator(".script-hint")).toBeVisible();
    await shot(page, testInfo, "transliteration-hints-record-de-phone");
  });

  test("a Polish reader sees the Polish transcription", async ({ page }) => {
    await expectHints(page, "pl");
    await expectAccessible(page);
  });

  test("without JavaScript, German and Polish readers see the same hints", async ({ browser }, testInfo) => {
    await withoutJavaScript(browser, testInfo, async (page) => {
      await expectHints(page, "de");
      await expectHints(page, "pl");
    });
  });

  test("an English reader sees BGN/PCGN's; a Russian reader reads the Cyrillic as it stands, with no hint", async ({
    page,
  }) => {
    await expectHints(page, "en");
    const cell = await openRecord(page, "ru");
    await expect(page.locator(".script-hint")).toHaveCount(0);
    await expect(fieldValue(page, "Фамилия")).toHaveText("Шмидт");
    await page.goBack();
    await expect(cell).toHaveText("Шмидт");
    await expect(page.locator(".script-hint")).toHaveCount(0);
  });
});
