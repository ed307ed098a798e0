import type { Database } from "../app/db/connection.server";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

/**
 * The pedigree chart and the descendants page (decision 0025): a member opens a person of the Master Pedigree
 * Database, reads five generations of boxes, follows a grandfather's box, opens his descendants at depth 2 and
 * 3, gets a clear 400 for a depth the page does not offer, scrolls the chart sideways on a phone and prints it
 * on one A4 landscape sheet.
 */
const person = (n: number) => `/members/genealogy/person/G${n}`;

/** Someone whose father's father's father's father is recorded and who has a child of their own. */
async function deepPerson(database: Database) {
  return database.db
    .selectFrom("people as p")
    .innerJoin("family_children as c1", "c1.child_id", "p.id")
    .innerJoin("families as f1", "f1.id", "c1.family_id")
    .innerJoin("people as father", "father.id", "f1.husband_id")
    .innerJoin("family_children as c2", "c2.child_id", "father.id")
    .innerJoin("families as f2", "f2.id", "c2.family_id")
    .innerJoin("people as grandfather", "grandfather.id", "f2.husband_id")
    .innerJoin("family_children as c3", "c3.child_id", "grandfather.id")
    .innerJoin("families as f3", "f3.id", "c3.family_id")
    .innerJoin("family_children as c4", "c4.child_id", "f3.husband_id")
    .innerJoin("families as f4", "f4.id", "c4.family_id")
    .innerJoin("people as top", "top.id", "f4.husband_id")
    .innerJoin("families as own", "own.husband_id", "p.id")
    .innerJoin("family_children as kids", "kids.family_id", "own.id")
    .innerJoin("people as kid", "kid.id", "kids.child_id")
    .select([
      "p.number",
      "p.given",
      "p.surname",
      "father.number as fatherNumber",
      "grandfather.number as grandfatherNumber",
      "grandfather.given as grandfatherGiven",
      "grandfather.surname as grandfatherSurname",
      "top.given as topGiven",
      "top.surname as topSurname",
      "kid.number as kidNumber",
    ])
    .where("p.collection", "=", "genealogy")
    .where("p.death_year", "is not", null)
    .where("kid.death_year", "is not", null)
    .orderBy("p.number")
    .executeTakeFirstOrThrow();
}

test.describe("pedigree chart and descendants", () => {
  test("a member reads five generations, follows a grandfather, and opens his descendants at depth 2 and 3", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const d = await deepPerson(database);
    const name = `${d.given} ${d.surname}`;
    const grandfather = `${d.grandfatherGiven} ${d.grandfatherSurname}`;
    await signInAs(await makeAccount());
    await page.goto(person(d.number));
    const chart = page.getByRole("region", { name: `Pedigree chart of ${name}` });
    await expect(chart).toHaveAttribute("tabindex", "0");
    const boxes = chart.locator(".pedigree-box");
    expect(await boxes.count()).toBeGreaterThan(5);
    expect(await boxes.count()).toBeLessThanOrEqual(31);
    // The fifth generation: four lists in, the great-great-grandfather's box.
    const fifth = chart.locator(".pedigree > li > ul > li > ul > li > ul > li > ul > li > .pedigree-box");
    await expect(fifth.filter({ hasText: `${d.topGiven} ${d.topSurname}` }).first()).toBeVisible();
    await expect(chart.locator(".pedigree-root")).toContainText(name);
    await expect(chart.locator(".pedigree-root a")).toHaveCount(0);
    // Every box of a recorded person but the first is a link to that person.
    const recorded = chart.locator(".pedigree-box:not(.pedigree-empty):not(.pedigree-root)");
    expect(await recorded.locator("a").count()).toBe(await recorded.count());
    await expectAccessible(page);
    await shot(page, testInfo, "pedigree-person");
    await chart.screenshot({ path: `test-results/shots/${testInfo.project.name}-pedigree-chart.png` });

    // The paternal grandfather: the father's box's first parent.
    const third = chart.locator(".pedigree > li > ul > li:first-child > ul > li:first-child > .pedigree-box");
    await expect(third).toContainText(grandfather);
    await third.getByRole("link", { name: grandfather }).click();
    await expect(page).toHaveURL(person(d.grandfatherNumber));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(grandfather);

    await page.getByRole("link", { name: `Descendants of ${grandfather}` }).click();
    await expect(page).toHaveURL(`${person(d.grandfatherNumber)}/descendants`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Descendants of ${grandfather} G${d.grandfatherNumber}`,
    );
    const outline = page.getByRole("list", { name: `Descendants of ${grandfather}` });
    await expect(page.getByLabel("Generations")).toHaveValue("4");

    await page.getByLabel("Generations").selectOption("2");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(`${person(d.grandfatherNumber)}/descendants?depth=2`);
    await expect(page.locator(".lead")).toContainText("in 2 generations");
    await expect(outline.locator(`a[href="${person(d.fatherNumber)}"]`).first()).toBeVisible();
    await expect(outline.locator(`a[href="${person(d.number)}"]`).first()).toBeVisible();
    await expect(outline.locator(`a[href="${person(d.kidNumber)}"]`)).toHaveCount(0);
    // Each marriage as "m. Spouse 1852", the children under it, one step in.
    await expect(outline.locator(".descendant-marriage").first()).toContainText(/^m\. /);
    await expect(page.getByRole("link", { name: "Show 3 generations" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "pedigree-descendants-2");

    await page.getByRole("link", { name: "Show 3 generations" }).click();
    await expect(page).toHaveURL(`${person(d.grandfatherNumber)}/descendants?depth=3`);
    await expect(page.getByLabel("Generations")).toHaveValue("3");
    await expect(outline.locator(`a[href="${person(d.kidNumber)}"]`).first()).toBeVisible();
    // The great-grandchild sits under the grandchild, under the child.
    await expect(
      outline.locator(
        `.descendant-children .descendant-children .descendant-children a[href="${person(d.kidNumber)}"]`,
      ),
    ).not.toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `test-results/shots/${testInfo.project.name}-pedigree-descendants-phone.png` });
  });

  test("a depth the page does not offer gets a 400 with the message beside the select; an unknown person a 404", async ({
    page,
    request,
    makeAccount,
    signInAs,
    cookieFor,
  }, testInfo) => {
    const account = await makeAccount();
    const cookie = await cookieFor(account);
    for (const bad of ["0", "11", "abc", "2.5"]) {
      const response = await request.get(`${person(1)}/descendants?depth=${bad}`, { headers: { Cookie: cookie } });
      expect(response.status(), bad).toBe(400);
    }
    expect((await request.get(`${person(999999)}/descendants`, { headers: { Cookie: cookie } })).status()).toBe(404);
    expect((await request.get(`${person(1)}/descendants?depth=10`, { headers: { Cookie: cookie } })).status()).toBe(
      200,
    );
    await signInAs(account);
    await page.goto(`${person(1)}/descendants?depth=12`);
    await expect(page.locator("#depth-error")).toHaveText(
      "Choose how many generations to show: a whole number from 1 to 10. You asked for “12”.",
    );
    await expect(page.getByLabel("Generations")).toHaveAttribute("aria-describedby", "depth-error");
    await expect(page.locator(".descendants")).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, "pedigree-descendants-bad-depth");
  });

  test("on a phone the chart scrolls sideways in its own region; printed, it fits an A4 landscape sheet", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const d = await deepPerson(database);
    await signInAs(await makeAccount());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(person(d.number));
    const chart = page.getByRole("region", { name: `Pedigree chart of ${d.given} ${d.surname}` });
    const widths = await chart.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    // The page itself does not scroll sideways: only the chart does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await chart.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shots/${testInfo.project.name}-pedigree-phone.png` });
    await expectAccessible(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".nav")).toBeHidden();
    // A4 landscape less 10 mm margins: 277 × 190 mm, at 96 px to the inch. The chart is as wide as its five
    // columns; the section (heading and chart) as high as the sheet.
    const mm = 96 / 25.4;
    const chartWidth = await page.locator(".pedigree").evaluate((el) => el.getBoundingClientRect().width);
    expect(chartWidth).toBeGreaterThan(150 * mm);
    expect(chartWidth).toBeLessThanOrEqual(277 * mm);
    expect((await page.locator(".pedigree-section").boundingBox())!.height).toBeLessThanOrEqual(190 * mm);
    await page.locator(".pedigree-section").screenshot({
      path: `test-results/shots/${testInfo.project.name}-pedigree-print.png`,
    });
  });

  test("someone who may be living is a Living box with no years, still leading to their ancestors", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }) => {
    const living = await database.db
      .selectFrom("people as p")
      .innerJoin("family_children as c", "c.child_id", "p.id")
      .innerJoin("families as f", "f.id", "c.family_id")
      .innerJoin("people as father", "father.id", "f.husband_id")
      .select(["p.number", "father.given", "father.surname", "father.death_year"])
      .where("p.collection", "=", "genealogy")
      .where("p.death_year", "is", null)
      .where("p.birth_year", ">", new Date().getUTCFullYear() - 100)
      .where("father.death_year", "is not", null)
      .orderBy("p.number")
      .executeTakeFirstOrThrow();
    await signInAs(await makeAccount());
    await page.goto(person(living.number));
    const chart = page.getByRole("region", { name: "Pedigree chart of Living" });
    await expect(chart.locator(".pedigree-root")).toHaveText("Living");
    await expect(chart.locator(".pedigree > li > ul > li:first-child > .pedigree-box")).toContainText(
      `${living.given} ${living.surname}`,
    );
  });
});
