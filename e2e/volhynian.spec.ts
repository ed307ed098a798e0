import type { Database } from "../app/db/connection.server";
import { expect, test } from "./fixtures";
import { expectAccessible, recordLink, shot } from "./helpers";

/**
 * The members' Volhynian collections (SPEC §2, DOMAIN.md): the church books
 * are in Cyrillic, and a member finds them by a Latin surname with
 * sounds-like; the record page shows both scripts, both calendars and the
 * godparents. Visitors are sent to sign in from every page and the export,
 * get 401 for the payload file, and never see a record.
 */
const BIRTHS = "/members/volhynian/birth/search";

/** The first seeded Volhynian record of a collection (7 births, 8 deaths, 9 marriages) that fits. */
async function firstRecord(database: Database, code: number, fits: (d: Record<string, string>) => boolean) {
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
  if (!row) throw new Error(`no seeded Volhynian record of collection ${code}`);
  return row;
}

test.describe("Volhynian members' collections", () => {
  test("a member finds a Cyrillic birth by a Latin surname's sound and opens it: both scripts, both calendars, godparents", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const birth = await firstRecord(database, 7, (d) => d.birthDate.includes("Julian") && !!d.fatherGivenName);
    await signInAs(await makeAccount());
    await page.goto(BIRTHS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Volhynian Lutheran births");
    await expectAccessible(page);
    await page.getByLabel("Surname", { exact: true }).fill(birth.data.surnameDe);
    await page.getByLabel("How to match surname").selectOption("sounds");
    await page.getByLabel("From year").fill(String(birth.year));
    await page.getByLabel("To year").fill(String(birth.year));
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surnameMode=sounds/);
    await expect(page.locator("#results-heading")).toHaveText(/^[\d,]+ records?/);
    // The Cyrillic as written beside the Germanised form, in the results too.
    await expect(page.locator("table.results")).toContainText(`${birth.data.surname} / ${birth.data.surnameDe}`);
    await expect(page.locator("table.results .julian").first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "volhynian-births");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "volhynian-births-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/members/volhynian/birth/record/${birth.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(birth.data.surnameDe);
    const article = page.locator("article.record-page");
    await expect(article).toContainText("Julian calendar");
    await expect(article).toContainText(`Surname (as written)${birth.data.surname}`);
    await expect(article).toContainText(`Surname (Germanised)${birth.data.surnameDe}`);
    await expect(article).toContainText(`Given name (as written)${birth.data.givenName}`);
    await expect(article).toContainText(`Birth date${birth.data.birthDate}`);
    await expect(article).toContainText(`Baptism date${birth.data.baptismDate}`);
    await expect(article).toContainText(`Godfather${birth.data.godfather}`);
    await expect(article).toContainText(`Godmother${birth.data.godmother}`);
    await expect(article).toContainText(`Church book${birth.data.book}`);
    await expect(article).toContainText(`Birth place${birth.data.placeRu} / ${birth.data.place}`);
    await expectAccessible(page);
    await shot(page, testInfo, "volhynian-record");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "volhynian-record-phone");
  });

  test("a member searches deaths by spouse and marriages by groom in Latin letters", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const death = await firstRecord(database, 8, (d) => !!d.spouseGivenNameDe);
    const marriage = await firstRecord(database, 9, () => true);
    await signInAs(await makeAccount());
    await page.goto(
      `/members/volhynian/death/search?surname=${encodeURIComponent(death.data.surnameDe)}&spouseGivenName=${encodeURIComponent(death.data.spouseGivenNameDe)}`,
    );
    const row = page.locator(`tbody.record-group:has(${recordLink(`/members/volhynian/death/record/${death.id}`)})`);
    await expect(row).toHaveCount(1);
    await row.locator("summary").click();
    await expect(row.locator(".row-detail")).toContainText(`Cause of death${death.data.cause}`);
    await expectAccessible(page);
    await shot(page, testInfo, "volhynian-deaths");

    await page.goto("/members/volhynian/marriage/search");
    await page.getByLabel("Groom's surname", { exact: true }).fill(marriage.data.groomSurnameDe);
    await page.getByLabel("Bride's given name", { exact: true }).fill(marriage.data.brideGivenNameDe);
    await page.getByRole("button", { name: "Search" }).click();
    const m = page.locator(
      `tbody.record-group:has(${recordLink(`/members/volhynian/marriage/record/${marriage.id}`)})`,
    );
    await expect(m).toHaveCount(1);
    await expect(m.locator("tr").first()).toContainText(
      `${marriage.data.groomGivenName} ${marriage.data.groomSurname} / ${marriage.data.groomGivenNameDe} ${marriage.data.groomSurnameDe}`,
    );
    await expectAccessible(page);
    await shot(page, testInfo, "volhynian-marriages");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "volhynian-marriages-phone");
  });

  test("a visitor is sent to sign in from the search, a record and the export, gets 401 for the payload, sees no record", async ({
    page,
    request,
    database,
  }, testInfo) => {
    const birth = await firstRecord(database, 7, () => true);
    const secret = birth.data.godfather;
    const search = `${BIRTHS}?surname=${encodeURIComponent(birth.data.surnameDe)}`;
    const record = `/members/volhynian/birth/record/${birth.id}`;
    for (const target of [search, record]) {
      await page.goto(target);
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page.locator("main")).not.toContainText(secret);
    }
    await expectAccessible(page);

    const csv = await request.get(`/members/volhynian/birth/export.csv?surname=${birth.data.surnameDe}`, {
      maxRedirects: 0,
    });
    expect(csv.status()).toBe(302);
    expect(csv.headers().location).toMatch(/^\/Login\?redirectTo=%2Fmembers%2Fvolhynian%2Fbirth%2Fexport\.csv/);
    expect(await csv.text()).not.toContain(secret);

    for (const target of [`${BIRTHS}/_payload.json?surname=${birth.data.surnameDe}`, `${record}/_payload.json`]) {
      const payload = await request.get(target, { maxRedirects: 0 });
      expect(payload.status()).toBe(401);
      const text = await payload.text();
      expect(JSON.parse(text)).toMatchObject({ status: 401 });
      expect(text).not.toContain(secret);
    }

    await page.goto("/");
    const card = page.locator(".card", { hasText: "Volhynian Lutheran births" });
    await expect(card).toContainText("Members only");
    await expect(card.locator(".count")).toHaveText(/^[\d,]+ records$/);
    await expect(card.getByRole("link", { name: "Sign in to search" })).toHaveAttribute(
      "href",
      `/Login?redirectTo=${encodeURIComponent(BIRTHS)}`,
    );
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "volhynian-home-visitor");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "volhynian-home-visitor-phone");
  });
});
