import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { contextSignedIn, expectAccessible, shot, showMap } from "./helpers";

/**
 * A surname's map (issue 11, part 5; decision 0040): a records search's matches drawn one circle per place, sized by
 * count, with a decade filter that is a plain GET form; the table of places under it links to each place page.
 * With JavaScript (Leaflet) and without (the server's SVG, redrawn per decade); /Search maps every collection the
 * viewer may read; a bad decade is a 400 with the message beside the field.
 */
const BIRTHS = "/stpete/birth/search";

/** The numbers of the places table's "Records" (or chosen decade's) column, and the places' names. */
async function tableRows(page: Page) {
  const table = page.getByRole("table", { name: /Records per place and decade/ });
  const names = await table.locator("tbody th a").allInnerTexts();
  const counts = (await table.locator("tbody tr td:nth-child(2)").allInnerTexts()).map((t) =>
    Number(t.replace(/,/g, "")),
  );
  return { names, counts, sum: counts.reduce((a, b) => a + b, 0) };
}

/** How many places the Leaflet map draws: each marker one, each group of close places as many as it holds. */
async function placesOnMap(page: Page) {
  const leaflet = page.locator(".geo-map-leaflet");
  const groups = await leaflet.locator(".geo-cluster").evaluateAll((els) => els.map((e) => Number(e.dataset.places)));
  return (await leaflet.locator(".geo-marker").count()) + groups.reduce((a, b) => a + b, 0);
}

/** The figure of the summary line ("N records at M places in …"). */
async function summary(page: Page) {
  const text = await page.locator(".surname-map-summary").innerText();
  const [, records, places] = /^([\d,]+) records? at ([\d,]+) places?/.exec(text) ?? [];
  return { records: Number(records?.replace(/,/g, "")), places: Number(places?.replace(/,/g, "")) };
}

/** The second decade of the filter that has records (the first may hold them all), and its count. */
async function someDecade(page: Page) {
  const options = await page.locator("#decade option").allInnerTexts();
  const decades = options
    .map((o) => /^(\d{4})s \(([\d,]+) records?\)$/.exec(o))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ decade: m[1]!, count: Number(m[2]!.replace(/,/g, "")) }));
  expect(decades.length).toBeGreaterThan(1);
  return decades[1]!;
}

test.describe("a surname's map", () => {
  test("a member maps the Schmidts' births, picks a decade and follows a place to its page", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto(`${BIRTHS}?surname=Schmidt&surnameMode=exact`);
    await page.getByRole("link", { name: "Where are they? Map of places" }).click();
    await expect(page).toHaveURL(/view=map/);
    const leaflet = page.locator(".geo-map-leaflet");
    await showMap(page);
    const all = await tableRows(page);
    expect(all.names.length).toBeGreaterThan(1);
    // Every place of the table is on the map (close ones as a group), its counts the table's, the most first.
    await expect.poll(() => placesOnMap(page)).toBe(all.names.length);
    expect(all.counts).toEqual([...all.counts].sort((a, b) => b - a));
    expect(await summary(page)).toEqual({ records: all.sum, places: all.names.length });
    // The largest place has the largest circle.
    const first = leaflet.getByRole("button", { name: all.names[0], exact: true });
    const last = leaflet.getByRole("button", { name: all.names.at(-1), exact: true });
    const [big, small] = [(await first.boundingBox())!.width, (await last.boundingBox())!.width];
    if (all.counts[0]! > all.counts.at(-1)!) expect(big).toBeGreaterThan(small);
    await expectAccessible(page, { targetSize: true });
    await shot(page, testInfo, "surname-map");

    // One decade: fewer records, the counts that decade's.
    const { decade, count } = await someDecade(page);
    await page.locator("#decade").selectOption(decade);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`decade=${decade}`));
    await expect(page.locator(".surname-map-summary")).toContainText(`in the ${decade}s`);
    const one = await tableRows(page);
    expect(one.sum).toBe(count);
    expect(one.sum).toBeLessThan(all.sum);
    await showMap(page);
    await expect.poll(() => placesOnMap(page)).toBe(one.names.length);
    await expect(page.locator("#decade")).toHaveValue(decade);

    // A marker's popup links to the place page.
    const place = one.names[0]!;
    // By keyboard, as Leaflet's markers are reached (and circles may overlap under a mouse).
    await leaflet.getByRole("button", { name: place, exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.locator(".leaflet-popup a", { hasText: place }).click();
    await expect(page).toHaveURL(/\/map\/place\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(place);

    // And back to the table's link of another.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`decade=${decade}`));
    const other = page
      .getByRole("table", { name: /Records per place and decade/ })
      .locator("tbody th a")
      .last();
    const otherName = await other.innerText();
    await other.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherName);
  });

  test("a bad decade is a 400 with its message beside the field; the old view=places still works", async ({
    page,
    makeAccount,
    signInAs,
  }) => {
    await signInAs(await makeAccount());
    const response = await page.goto(`${BIRTHS}?surname=Schmidt&view=map&decade=18x0`);
    expect(response!.status()).toBe(400);
    await expect(page.locator("#decade-error")).toHaveText(/Choose a decade/);
    await expect(page.locator("#decade")).toHaveAttribute("aria-invalid", "true");
    // The map of all decades is still there to choose from.
    await expect(page.locator(".surname-map-summary")).toContainText("in all decades");
    await expectAccessible(page);
    const old = await page.goto(`${BIRTHS}?surname=Schmidt&view=places`);
    expect(old!.status()).toBe(200);
    await expect(page.locator("figure.geo-map")).toBeVisible();
  });

  test("without JavaScript: the server's SVG, redrawn per decade", async ({
    browser,
    makeAccount,
    baseURL,
    cookieFor,
  }) => {
    const account = await makeAccount();
    const context = await contextSignedIn(browser, baseURL!, cookieFor, account, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${BIRTHS}?surname=Schmidt&surnameMode=exact`);
    await page.getByRole("link", { name: "Where are they? Map of places" }).click();
    const svg = page.locator("svg.geo-map-svg");
    await expect(svg).toBeVisible();
    const all = await tableRows(page);
    await expect(svg.locator("circle.map-point")).toHaveCount(all.names.length);
    await expect(svg.locator("circle.map-point title").first()).toHaveText(all.names[0]!);
    // The drawing is in the page once: as the SVG, not again in the data the page hydrates from.
    const html = await (await page.request.get(page.url())).text();
    const paths = [...html.matchAll(/<path d="([^"]{12,})"/g)].map((m) => m[1]!);
    expect(paths.length).toBeGreaterThan(0);
    for (const d of paths) expect(html.split(d).length - 1, d.slice(0, 40)).toBe(1);

    const { decade, count } = await someDecade(page);
    await page.locator("#decade").selectOption(decade);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`decade=${decade}`));
    const one = await tableRows(page);
    expect(one.sum).toBe(count);
    await expect(svg.locator("circle.map-point")).toHaveCount(one.names.length);

    const place = one.names[0]!;
    await page
      .getByRole("table", { name: /Records per place and decade/ })
      .getByRole("link", { name: place })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(place);
    await context.close();
  });

  test("/Search maps every collection a member may read; a visitor's map holds the public ones only", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await page.goto("/Search?surname=Schmidt");
    await page.getByRole("link", { name: "Where are they? Map of places" }).click();
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByText("members’ collections are counted below but not mapped")).toBeVisible();
    const visitor = await summary(page);
    const visitorLinks = await page
      .getByRole("table", { name: /Records per place and decade/ })
      .locator("tbody th a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    // A visitor reads Breyer's public index only: no place of a members' index is on the map.
    expect(visitorLinks.every((href) => href.startsWith("/breyer/"))).toBe(true);
    await expectAccessible(page);

    await signInAs(await makeAccount());
    await page.goto("/Search?surname=Schmidt&view=map");
    await showMap(page);
    await expect(page.getByText("members’ collections are counted below but not mapped")).toHaveCount(0);
    const member = await summary(page);
    expect(member.records).toBeGreaterThan(visitor.records || 0);
    const memberLinks = await page
      .getByRole("table", { name: /Records per place and decade/ })
      .locator("tbody th a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(memberLinks.some((href) => href.startsWith("/members/"))).toBe(true);
    await expectAccessible(page, { targetSize: true });
    await shot(page, testInfo, "search-all-map");
  });
});
