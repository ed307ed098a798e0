import type { Database } from "../app/db/connection.server";
import { expect, test } from "./fixtures";
import { expectAccessible, recordLink, shot } from "./helpers";

/**
 * The members' Lublin collections (SPEC §2, DOMAIN.md): members search births
 * by a surname's sound and marriages by groom and bride, and open records
 * with both name forms and the act number; visitors are sent to sign in from
 * every page, the export and the payload file, and never see a record.
 */
const BIRTHS = "/members/lublin/birth/search";
const MARRIAGES = "/members/lublin/marriage/search";

/** The first seeded Lublin record of a collection (4 births, 6 marriages) whose name forms differ. */
async function firstRecord(database: Database, code: number, differ: (d: Record<string, string>) => boolean) {
  const rows = await database.db
    .selectFrom("records")
    .select(["id", "data"])
    .where("collection", "=", code)
    .orderBy("id")
    .limit(200)
    .execute();
  const row = rows
    .map((r) => ({ id: Number(r.id), data: JSON.parse(r.data) as Record<string, string> }))
    .find((r) => differ(r.data));
  if (!row) throw new Error(`no seeded Lublin record of collection ${code}`);
  return row;
}

test.describe("Lublin members' collections", () => {
  test("a member searches births by a surname's sound and opens a record with both name forms and the act number", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const birth = await firstRecord(
      database,
      4,
      (d) => d.surname !== d.surnameDe && !!d.givenNameDe && d.givenName !== d.givenNameDe,
    );
    await signInAs(await makeAccount());
    await page.goto(BIRTHS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lublin Lutheran births");
    await expectAccessible(page);
    await page.getByLabel("Surname", { exact: true }).fill(birth.data.surname);
    await page.getByLabel("How to match surname").selectOption("sounds");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surnameMode=sounds|surname=/);
    await expect(page.locator("#results-heading")).toHaveText(/^[\d,]+ records?/);
    const rows = page.locator("table.results tbody.record-group");
    expect(await rows.count()).toBeGreaterThan(0);
    // Results show the form as written and the Germanised one.
    await expect(page.locator("table.results")).toContainText(" / ");
    await expectAccessible(page);
    await shot(page, testInfo, "lublin-births");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "lublin-births-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/members/lublin/birth/record/${birth.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(birth.data.surname);
    const fields = page.locator("article.record-page");
    await expect(fields).toContainText(`Surname (as written)${birth.data.surname}`);
    await expect(fields).toContainText(`Surname (Germanised)${birth.data.surnameDe}`);
    await expect(fields).toContainText(`Given name (Germanised)${birth.data.givenNameDe}`);
    await expect(fields).toContainText(`Act number${birth.data.act}`);
    await expect(fields).toContainText(`Fond${birth.data.fond}`);
    await expectAccessible(page);
    await shot(page, testInfo, "lublin-record");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "lublin-record-phone");
  });

  test("a member searches marriages by groom and bride", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const marriage = await firstRecord(database, 6, (d) => d.groomGivenName !== d.groomGivenNameDe);
    await signInAs(await makeAccount());
    await page.goto(MARRIAGES);
    await page.getByLabel("Groom's surname", { exact: true }).fill(marriage.data.groomSurname);
    await page.getByLabel("Bride's given name", { exact: true }).fill(marriage.data.brideGivenNameDe);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/groomSurname=/);
    const row = page.locator(`tbody.record-group:has(${recordLink(`/members/lublin/marriage/record/${marriage.id}`)})`);
    await expect(row).toHaveCount(1);
    await expect(row.locator("tr").first()).toContainText(
      `${marriage.data.groomGivenName} ${marriage.data.groomSurname} / ${marriage.data.groomGivenNameDe}`,
    );
    await row.locator("summary").click();
    await expect(row.locator(".row-detail")).toContainText("Parents of the groom");
    await expectAccessible(page);
    await shot(page, testInfo, "lublin-marriages");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "lublin-marriages-phone");
  });

  test("a visitor is sent to sign in from the search, a record, the export and the payload file, and sees no record", async ({
    page,
    request,
    database,
  }, testInfo) => {
    const birth = await firstRecord(database, 4, (d) => d.surname !== d.surnameDe);
    const secret = birth.data.surnameDe;
    const search = `${BIRTHS}?surname=${encodeURIComponent(birth.data.surname)}`;
    const record = `/members/lublin/birth/record/${birth.id}`;
    for (const target of [search, record]) {
      await page.goto(target);
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(target)}`);
      await expect(page.locator("main")).not.toContainText(secret);
    }
    await expectAccessible(page);
    await shot(page, testInfo, "lublin-visitor-sign-in");

    const csv = await request.get(
      `/members/lublin/birth/export.csv?surname=${encodeURIComponent(birth.data.surname)}`,
      {
        maxRedirects: 0,
      },
    );
    expect(csv.status()).toBe(302);
    expect(csv.headers().location).toMatch(/^\/Login\?redirectTo=%2Fmembers%2Flublin%2Fbirth%2Fexport\.csv/);
    expect(await csv.text()).not.toContain(secret);

    for (const target of [
      `${BIRTHS}/_payload.json?surname=${encodeURIComponent(birth.data.surname)}`,
      `${record}/_payload.json`,
    ]) {
      const payload = await request.get(target, { maxRedirects: 0 });
      expect(payload.status()).toBe(401);
      expect(payload.headers()["content-type"]).toContain("application/json");
      const text = await payload.text();
      expect(JSON.parse(text)).toMatchObject({ status: 401 });
      expect(text).not.toContain(secret);
    }

    // The home page shows the collections, their sizes and the way in.
    await page.goto("/");
    const card = page.locator(".card", { hasText: "Lublin Lutheran births" });
    await expect(card).toContainText("Members only");
    await expect(card.locator(".count")).toHaveText(/^[\d,]+ records$/);
    await expect(card.getByRole("link", { name: "Sign in to search" })).toHaveAttribute(
      "href",
      `/Login?redirectTo=${encodeURIComponent(BIRTHS)}`,
    );
    await expect(card.getByRole("link", { name: "become a member" })).toHaveAttribute("href", "/Signup");
    await expectAccessible(page);
    await shot(page, testInfo, "lublin-home-visitor");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "lublin-home-visitor-phone");
  });
});
