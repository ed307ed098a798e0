import { expect, test } from "./fixtures";
import { contextSignedIn, expectAccessible, recordUrl, shot } from "./helpers";

/**
 * Places linked to records and back (issue 11, parts 3 and 4; decision 0033): a place page counts the records
 * that mention the place and links into each collection's search filtered to it; a record's place links back to
 * its place page; "within N km of" a town narrows a search (chips and the CSV export say so); bad input is a
 * message beside the field and a 400. With JavaScript and without.
 */
const BIRTHS = "/stpete/birth/search";
const UA = "/members/ukraine/map/search";

/** The place and parish columns of an export, by header. */
function placesOf(csv: string): { rows: number; places: string[] } {
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\n");
  const header = lines[0]!.split(",");
  const place = header.indexOf("place");
  const parish = header.indexOf("parish");
  const rows = lines.slice(1).map((l) => l.split(","));
  return { rows: rows.length, places: rows.flatMap((r) => [r[place] ?? "", r[parish] ?? ""]) };
}

test.describe("places and records", () => {
  test("a member goes from Lutsk's place page to its records and back from a record", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto(`${UA}?name=Luzk&nameMode=exact`);
    await page.getByRole("link", { name: "Lutsk", exact: true }).click();
    await expect(page).toHaveURL(/\/members\/ukraine\/map\/place\/\d+$/);
    const placeUrl = page.url();
    const section = page.getByRole("region", { name: "Records that mention this place" });
    const births = section.getByRole("link", { name: /records? in St\. Petersburg.*birth/i });
    await expect(births).toHaveText(/^[\d,]+ records? in /);
    const count = Number((await births.textContent())!.replace(/[^\d,].*$/s, "").replace(/,/g, ""));
    expect(count).toBeGreaterThan(0);
    await expectAccessible(page);
    await shot(page, testInfo, "place-records");

    await births.click();
    await expect(page).toHaveURL(/\/stpete\/birth\/search\?placeId=\d+/);
    await expect(page.locator(".chips .chip")).toHaveText(["Place: Lutsk (any spelling)"]);
    await expect(page.locator("#results-heading")).toHaveText(new RegExp(`^${count.toLocaleString("en-US")} records?`));
    await expectAccessible(page);

    await page.locator("tbody.record-group tr:first-child a").first().click();
    await expect(page).toHaveURL(recordUrl("/stpete/birth/record/\\d+"));
    const linked = page.locator(".record-page dl").first().getByRole("link");
    await expect(linked.first()).toBeVisible();
    const hrefs = await linked.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs).toContain(placeUrl);
    await page
      .locator(`.record-page dl a[href="${new URL(placeUrl).pathname}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(placeUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lutsk");
  });

  test("a member searches births within 25 km of Luzk; chips and the CSV export honour it", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto(BIRTHS);
    await page.getByLabel("Distance in kilometres").fill("25");
    await page.getByLabel("Place to measure from").fill("Luzk");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/radius=25&near=Luzk/);
    await expect(page.locator(".chips .chip")).toHaveText(["Within 25 km of Lutsk"]);
    const heading = page.locator("#results-heading");
    await expect(heading).toHaveText(/^[\d,]+ records/);
    const total = Number((await heading.textContent())!.replace(/[^\d,].*$/s, "").replace(/,/g, ""));
    await expectAccessible(page);
    await shot(page, testInfo, "births-near-luzk");

    const href = await page.getByRole("link", { name: /Download all/ }).getAttribute("href");
    expect(href).toMatch(/near=Luzk&radius=25/);
    const csv = await (await page.request.get(href!)).text();
    const { rows, places } = placesOf(csv);
    expect(rows).toBe(total);
    expect(places).toContain("Luzk");
    // Shitomir lies 240 km away: none of its records is within 25 km.
    expect(places).not.toContain("Shitomir");

    // Where are they? The same matches per known place and decade: Lutsk among them, linking to its page.
    await page.getByRole("link", { name: "Where are they? Map of places" }).click();
    await expect(page).toHaveURL(/view=map/);
    const table = page.getByRole("table", { name: /Records per place and decade/ });
    await expect(table.getByRole("rowheader", { name: "Lutsk" })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "Shitomir" })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, "births-near-luzk-places");

    // With a surname as well, fewer; the chip of the place removes only the place.
    await page.goto(`${BIRTHS}?surname=Schmidt&near=Luzk&radius=25`);
    await expect(page.locator(".chips .chip")).toHaveText(["Surname: Schmidt", "Within 25 km of Lutsk"]);
    await page.getByRole("link", { name: /Remove Within 25 km of Lutsk/ }).click();
    await expect(page).not.toHaveURL(/near=/);
    await expect(page.locator(".chips .chip")).toHaveText(["Surname: Schmidt"]);

    // /Search counts the same area in every collection.
    await page.goto(`/Search?surname=Schmidt&near=Luzk&radius=25`);
    await expect(page.getByRole("link", { name: /records? as the child/i }).first()).toHaveAttribute(
      "href",
      /near=Luzk&radius=25/,
    );
  });

  test("bad distances and unknown places are answered beside the field with a 400", async ({
    page,
    makeAccount,
    signInAs,
  }) => {
    await signInAs(await makeAccount());
    for (const [qs, field, message] of [
      ["near=Luzk&radius=0", "radius", /at least 1 km/],
      ["near=Luzk&radius=501", "radius", /at most 500 km/],
      ["near=Nowhere-at-all&radius=25", "near", /No place called/],
      ["near=95, 25&radius=25", "near", /latitude/i],
    ] as const) {
      const response = await page.goto(`${BIRTHS}?${qs}`);
      expect(response!.status(), qs).toBe(400);
      await expect(page.locator(`#${field}-error`), qs).toHaveText(message);
      await expect(page.locator(`#${field}`)).toHaveAttribute("aria-invalid", "true");
    }
    const exported = await page.request.get(`/stpete/birth/export.csv?near=Luzk&radius=0`);
    expect(exported.status()).toBe(400);
    await expectAccessible(page);
  });

  test("a visitor sees a members' collection's count on a public place page, with an invitation to join", async ({
    page,
  }) => {
    await page.goto("/breyer/map/search?name=Lublin&nameMode=exact");
    await page.getByRole("link", { name: "Lublin", exact: true }).click();
    const section = page.getByRole("region", { name: "Records that mention this place" });
    await expect(section.getByRole("link", { name: /records? in Lublin/ }).first()).toHaveAttribute(
      "href",
      /\/Login\?/,
    );
    await expect(section.getByText("become a member")).toBeVisible();
    await expectAccessible(page);
  });

  test("without JavaScript: the place's records, the nearby search and the link back", async ({
    browser,
    makeAccount,
    baseURL,
    cookieFor,
  }) => {
    const account = await makeAccount();
    const context = await contextSignedIn(browser, baseURL!, cookieFor, account, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${UA}?name=Luzk&nameMode=exact`);
    await page.getByRole("link", { name: "Lutsk", exact: true }).click();
    const placeUrl = page.url();
    await page
      .getByRole("region", { name: "Records that mention this place" })
      .getByRole("link", { name: /in St\. Petersburg.*birth/i })
      .click();
    await expect(page.locator(".chips .chip")).toHaveText(["Place: Lutsk (any spelling)"]);

    await page.goto(BIRTHS);
    await page.getByLabel("Distance in kilometres").fill("25");
    await page.getByLabel("Place to measure from").fill("Luzk");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.locator(".chips .chip")).toHaveText(["Within 25 km of Lutsk"]);
    await page.locator("tbody.record-group tr:first-child a").first().click();
    await page
      .locator(`.record-page dl a[href="${new URL(placeUrl).pathname}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(placeUrl);
    await context.close();
  });
});
