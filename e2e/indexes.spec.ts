import type { Database } from "../app/db/connection.server";
import { expect, test } from "./fixtures";
import { expectAccessible, recordLink, recordUrl, shot } from "./helpers";

/**
 * The members' name indexes (SPEC §2, DOMAIN.md), one search each. The
 * Odessa / St. Petersburg film index: by surname, given name, film, register
 * and page; each entry points to a film and item, a register and a page. The
 * parish records index: by surname, record type (B/M/D), year, spouse,
 * parish and extractor, with the act, film and page. Visitors are sent to
 * sign in from the search, a record and the export, get 401 for the payload
 * file, and never see an entry.
 */
const ODESSA = "/members/odessa-stpete/search";
const PARISH = "/members/parish-records-idx/search";

/** The first seeded entry of an index (10 Odessa, 11 parish records) that fits. */
async function firstEntry(database: Database, code = 10, fits: (d: Record<string, string>) => boolean = () => true) {
  const rows = await database.db
    .selectFrom("records")
    .select(["id", "data", "year"])
    .where("collection", "=", code)
    .orderBy("id")
    .limit(200)
    .execute();
  const row = rows
    .map((r) => ({ id: Number(r.id), year: Number(r.year), data: JSON.parse(r.data) as Record<string, string> }))
    .find((r) => fits(r.data));
  if (!row) throw new Error(`no seeded index entry of collection ${code}`);
  return row;
}

test.describe("Odessa / St. Petersburg film index", () => {
  test("a member searches by surname and by film and page, and opens an entry", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const entry = await firstEntry(database);
    const filmItem = `${entry.data.film} item ${entry.data.item}`;
    await signInAs(await makeAccount());
    await page.goto(ODESSA);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Odessa / St. Petersburg film index");
    await expectAccessible(page);
    await page.getByLabel("Surname", { exact: true }).fill(entry.data.surname);
    await page.getByLabel("From year").fill(String(entry.year));
    await page.getByLabel("To year").fill(String(entry.year));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surname=/);
    const row = page.locator(`tbody.record-group:has(${recordLink(`/members/odessa-stpete/record/${entry.id}`)})`);
    await expect(row).toHaveCount(1);
    await expect(row.locator("tr").first()).toContainText(filmItem);
    await expect(row.locator("tr").first()).toContainText(entry.data.place);
    await expectAccessible(page);
    await shot(page, testInfo, "odessa-surname");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "odessa-surname-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // By film and page alone: every row points to that film.
    await page.goto(ODESSA);
    await page.getByLabel("Film", { exact: true }).fill(entry.data.film);
    await page.getByLabel("Page", { exact: true }).fill(entry.data.page);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`film=${entry.data.film}`));
    await expect(
      page.locator(`tbody.record-group:has(${recordLink(`/members/odessa-stpete/record/${entry.id}`)})`),
    ).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, testInfo, "odessa-film");

    await page
      .locator(recordLink(`/members/odessa-stpete/record/${entry.id}`))
      .first()
      .click();
    await expect(page).toHaveURL(recordUrl(`/members/odessa-stpete/record/${entry.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      `${entry.data.givenName} ${entry.data.surname}`,
    );
    const article = page.locator("article.record-page");
    await expect(article).toContainText(`Names${entry.data.names}`);
    await expect(article).toContainText(`Place${entry.data.place}`);
    await expect(article).toContainText(`Film / item${filmItem}`);
    await expect(article).toContainText(`Register${entry.data.register}`);
    await expect(article).toContainText(entry.data.source);
    await expectAccessible(page);
    await shot(page, testInfo, "odessa-record");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "odessa-record-phone");
  });

  test("a visitor is sent to sign in from the search, a record and the export, gets 401 for the payload", async ({
    page,
    request,
    database,
  }, testInfo) => {
    const entry = await firstEntry(database);
    const secret = entry.data.names;
    const search = `${ODESSA}?surname=${encodeURIComponent(entry.data.surname)}`;
    const record = `/members/odessa-stpete/record/${entry.id}`;
    for (const target of [search, record]) {
      await page.goto(target);
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page.locator("main")).not.toContainText(secret);
    }
    await expectAccessible(page);

    const csv = await request.get(`/members/odessa-stpete/export.csv?surname=${entry.data.surname}`, {
      maxRedirects: 0,
    });
    expect(csv.status()).toBe(302);
    expect(csv.headers().location).toMatch(/^\/Login\?redirectTo=%2Fmembers%2Fodessa-stpete%2Fexport\.csv/);
    expect(await csv.text()).not.toContain(secret);

    for (const target of [`${ODESSA}/_payload.json?surname=${entry.data.surname}`, `${record}/_payload.json`]) {
      const payload = await request.get(target, { maxRedirects: 0 });
      expect(payload.status()).toBe(401);
      expect(await payload.text()).not.toContain(secret);
    }

    await page.goto("/");
    const card = page.locator(".card", { hasText: "Odessa / St. Petersburg film index" });
    await expect(card).toContainText("Members only");
    await expect(card.locator(".count")).toHaveText(/^[\d,]+ records$/);
    await expect(card.getByRole("link", { name: "Sign in to search" })).toHaveAttribute(
      "href",
      `/Login?redirectTo=${encodeURIComponent(ODESSA)}`,
    );
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "odessa-home-visitor");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "odessa-home-visitor-phone");
  });
});

test.describe("parish records index", () => {
  test("a member searches by surname and by record type and year, and opens an entry", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const entry = await firstEntry(database, 11, (d) => d.recordType === "M");
    const link = recordLink(`/members/parish-records-idx/record/${entry.id}`);
    await signInAs(await makeAccount());
    await page.goto(PARISH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parish records index");
    await expectAccessible(page);
    await page.getByLabel("Surname", { exact: true }).fill(entry.data.surname);
    await page.getByLabel("How to match surname").selectOption("exact");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surnameMode=exact/);
    await expect(page.locator(`tbody.record-group:has(${link})`)).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, testInfo, "parish-index-surname");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "parish-index-surname-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // By record type (a select) and year, with the spouse.
    await page.goto(PARISH);
    await page.getByLabel("Record type", { exact: true }).selectOption("M");
    await page.getByLabel("Spouse's surname", { exact: true }).fill(entry.data.spouseSurname);
    await page.getByLabel("From year").fill(String(entry.year));
    await page.getByLabel("To year").fill(String(entry.year));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/recordType=M/);
    const row = page.locator(`tbody.record-group:has(${link})`);
    await expect(row).toHaveCount(1);
    await expect(row.locator("tr").first()).toContainText("Marriage");
    await expectAccessible(page);
    await shot(page, testInfo, "parish-index-type");

    await page.locator(link).first().click();
    await expect(page).toHaveURL(recordUrl(`/members/parish-records-idx/record/${entry.id}`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      `${entry.data.givenName} ${entry.data.surname}`,
    );
    const article = page.locator("article.record-page");
    await expect(article).toContainText(`Record typeMarriage`);
    await expect(article).toContainText(`Spouse${entry.data.spouse}`);
    await expect(article).toContainText(`Extractor${entry.data.extractor}`);
    await expect(article).toContainText(`Act number${entry.data.act}`);
    await expect(article).toContainText(`Film${entry.data.film}`);
    await expectAccessible(page);
    await shot(page, testInfo, "parish-index-record");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "parish-index-record-phone");
  });

  test("a visitor is sent to sign in from the search, a record and the export, gets 401 for the payload", async ({
    page,
    request,
    database,
  }) => {
    const entry = await firstEntry(database, 11);
    const secret = `Extractor${entry.data.extractor}`;
    const search = `${PARISH}?surname=${encodeURIComponent(entry.data.surname)}`;
    const record = `/members/parish-records-idx/record/${entry.id}`;
    for (const target of [search, record]) {
      await page.goto(target);
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page.locator("main")).not.toContainText(secret);
    }
    await expectAccessible(page);
    const csv = await request.get(`/members/parish-records-idx/export.csv?surname=${entry.data.surname}`, {
      maxRedirects: 0,
    });
    expect(csv.status()).toBe(302);
    expect(csv.headers().location).toMatch(/^\/Login\?redirectTo=%2Fmembers%2Fparish-records-idx%2Fexport\.csv/);
    for (const target of [`${PARISH}/_payload.json?surname=${entry.data.surname}`, `${record}/_payload.json`]) {
      const payload = await request.get(target, { maxRedirects: 0 });
      expect(payload.status()).toBe(401);
      expect(await payload.text()).not.toContain(entry.data.extractor);
    }
    await page.goto("/");
    const card = page.locator(".card", { hasText: "Parish records index" });
    await expect(card).toContainText("Members only");
    await expect(card.getByRole("link", { name: "Sign in to search" })).toHaveAttribute(
      "href",
      `/Login?redirectTo=${encodeURIComponent(PARISH)}`,
    );
  });
});
