import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { catalogText, expectAccessible, shot } from "./helpers";

/**
 * Issue 29 on the record search, its results, a record and a place: the pages in German, Polish and Russian as a
 * reader of each finds them (the words from the catalogs, counts in the language's plural form, dates with the month
 * in its case), a search with a bad year answered in German with the typed value kept, and a search without
 * JavaScript in Polish. The records themselves stay as the registers wrote them.
 */
const BIRTHS = "/stpete/birth/search";

/** "2 wpisy", "5 wpisów", "21 wpisów": the noun the language's plural rules give the count. */
function countedRecords(language: string, n: number): string {
  const form = new Intl.PluralRules(language).select(n);
  return catalogText(language, "search", `results.records_${form}`).replace(
    "{{count, number}}",
    new Intl.NumberFormat(language).format(n),
  );
}

async function resultCount(page: Page): Promise<number> {
  const heading = (await page.locator("#results-heading").textContent()) ?? "";
  return Number(/^[\d\s.,\u00a0\u202f]+/.exec(heading)![0]!.replace(/\D/g, ""));
}

const POLISH_MONTHS =
  /\d{1,2}(\/\d{1,2})? (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) 1\d{3}/;

test.describe("the record search in the reader's language", () => {
  test("a German reader searches births by surname and reads the results and chips in German", async ({
    page,
  }, testInfo) => {
    await page.goto(`${BIRTHS}?lng=de`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konsistorium St. Petersburg: Geburten");
    await expect(page.getByRole("link", { name: catalogText("de", "search", "page.allCollections") })).toBeVisible();
    await page.getByLabel("Familienname", { exact: true }).fill("Schmidt");
    await page.getByRole("button", { name: catalogText("de", "search", "form.search") }).click();
    await expect(page).toHaveURL(/surname=Schmidt/);
    await expect(page.locator("#results-heading")).toContainText(/Einträge?/);
    const total = await resultCount(page);
    await expect(page.locator("#results-heading")).toContainText(countedRecords("de", total));
    await expect(page.getByRole("link", { name: "Familienname: Schmidt entfernen" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Datum" })).toBeVisible();
    await expect(page.getByRole("link", { name: /als CSV herunterladen/ })).toBeVisible();
    // The records' own words are not translated.
    await expect(page.locator("table.results tbody").first()).toContainText("Schmidt");
    await expectAccessible(page);
    await shot(page, testInfo, "search-results-de");
  });

  test("a German reader's bad year is answered in German beside the field, and what was typed stays", async ({
    page,
  }) => {
    await page.goto(`${BIRTHS}?lng=de`);
    await page.getByLabel("Familienname", { exact: true }).fill("Kühn");
    await page.getByLabel(catalogText("de", "search", "form.yearFrom")).fill("18x6");
    await page.getByRole("button", { name: catalogText("de", "search", "form.search") }).click();
    await expect(page.locator("#yearFrom-error")).toHaveText(
      catalogText("de", "forms", "Enter a year as four digits, for example 1856."),
    );
    await expect(page.getByRole("alert")).toContainText(catalogText("de", "search", "form.problems_one"));
    await expect(page.getByLabel(catalogText("de", "search", "form.yearFrom"))).toHaveValue("18x6");
    await expect(page.getByLabel("Familienname", { exact: true })).toHaveValue("Kühn");
    await expect(page.locator("#results-heading")).toHaveCount(0);
  });

  test("a Polish reader opens a record from the results and reads its dates in Polish", async ({ page }, testInfo) => {
    await page.goto(`${BIRTHS}?surname=Schmidt&lng=pl`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konsystorz petersburski: urodzenia");
    const total = await resultCount(page);
    await expect(page.locator("#results-heading")).toContainText(countedRecords("pl", total));
    await expect(page.locator("table.results")).toContainText(POLISH_MONTHS);
    await page.locator("table.results tbody tr:first-child td:nth-child(2) a").first().click();
    await expect(page).toHaveURL(/\/stpete\/birth\/record\/\d+/);
    expect(await page.locator("html").getAttribute("lang")).toBe("pl");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/^Chrzest: /);
    await expect(page.locator(".lead")).toHaveText(POLISH_MONTHS);
    await expect(
      page.getByRole("heading", { name: catalogText("pl", "records", "record.registerSays") }),
    ).toBeVisible();
    await expect(page.locator("article.record-page")).toContainText("Nazwisko");
    await expect(page.getByRole("heading", { name: catalogText("pl", "records", "citation.heading") })).toBeVisible();
    await expect(page.locator("#citation-text")).toHaveValue(/^Chrzest: .*Konsystorz petersburski: urodzenia/);
    await expect(page).toHaveTitle(/Metryka$/);
    await expectAccessible(page);
    await shot(page, testInfo, "record-pl");
  });

  test("a Russian reader reads a place page in Russian", async ({ page }, testInfo) => {
    await page.goto("/breyer/map/search?name=Lodz");
    await page.locator("table a[href*='/breyer/map/place/']").first().click();
    await expect(page).toHaveURL(/\/breyer\/map\/place\/\d+/);
    await page.goto(`${new URL(page.url()).pathname}?lng=ru`);
    expect(await page.locator("html").getAttribute("lang")).toBe("ru");
    await expect(page.getByRole("link", { name: "Указатель карты Брейера" }).first()).toBeVisible();
    await expect(
      page.getByRole("heading", { name: catalogText("ru", "places", "indexes.breyer.entryHeading") }),
    ).toBeVisible();
    await expect(page.getByText(catalogText("ru", "places", "page.coordinates"), { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "В радиусе 10 км" })).toBeVisible();
    await expect(page.getByRole("heading", { name: catalogText("ru", "places", "records.heading") })).toBeVisible();
    await expect(page.getByRole("heading", { name: catalogText("ru", "places", "page.citeHeading") })).toBeVisible();
    await expect(page.locator("#citation-text")).toHaveValue(/Внесено в Metryka, Указатель карты Брейера/);
    await expectAccessible(page);
    await shot(page, testInfo, "place-ru");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a Polish reader searches, narrows by years and removes a chip, all in Polish", async ({ page }) => {
    await page.goto(`${BIRTHS}?lng=pl`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konsystorz petersburski: urodzenia");
    await page.getByLabel("Nazwisko", { exact: true }).fill("Schmidt");
    await page.getByLabel(catalogText("pl", "search", "form.yearFrom")).fill("1850");
    await page.getByLabel(catalogText("pl", "search", "form.yearTo")).fill("1870");
    await page.getByRole("button", { name: catalogText("pl", "search", "form.search") }).click();
    await expect(page).toHaveURL(/surname=Schmidt/);
    const total = await resultCount(page);
    await expect(page.locator("#results-heading")).toContainText(countedRecords("pl", total));
    await expect(page.getByRole("link", { name: "Usuń: Lata: 1850–1870" })).toBeVisible();
    await page.getByRole("link", { name: "Usuń: Lata: 1850–1870" }).click();
    await expect(page).not.toHaveURL(/yearFrom/);
    await expect(page.getByRole("link", { name: "Usuń: Nazwisko: Schmidt" })).toBeVisible();
    await expect(page.getByRole("link", { name: catalogText("pl", "search", "results.orderBestMatch") })).toHaveCount(
      0,
    );
    await expect(page.locator(".order-choice")).toContainText(catalogText("pl", "search", "order.heading"));
  });
});
