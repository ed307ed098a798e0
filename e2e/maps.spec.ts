import type { Page, Request, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cspDirectives, expectAccessible, showMap, watchOrigins } from "./helpers";

/**
 * The maps of places (issue 11, decision 0032): a member finds a German
 * colony near Odesa by its German and by its Russian name, opens its page and
 * sees Leaflet over the bundled base map (borders, the place's marker, the
 * 1:100,000 sheet grid), or without JavaScript the server's SVG of the same
 * map; no map page asks another origin for anything (MAP_TILE_URL is unset
 * here), and Leaflet loads on map pages only.
 */
const UA = "/members/ukraine/map/search";
const LEAFLET = /leaflet/i;

async function figureShot(page: Page, testInfo: TestInfo, name: string) {
  await page.locator("figure.geo-map").screenshot({ path: `test-results/shots/${testInfo.project.name}-${name}.png` });
}

test.describe("maps of places", () => {
  test("a member finds Lustdorf by its German and its Russian name and sees it on the map with its sheet", async ({
    page,
    makeAccount,
    signInAs,
    baseURL,
  }, testInfo) => {
    const requests = watchOrigins(page, baseURL!);
    await signInAs(await makeAccount());
    const response = await page.goto(UA);
    // Without MAP_TILE_URL the page may show images from its own origin only (e2e/map-tiles.spec.ts: with it).
    expect(cspDirectives(response!.headers()["content-security-policy"] ?? "").get("img-src")).toEqual([
      "'self'",
      "data:",
    ]);
    for (const name of ["Lustdorf", "Черноморка"]) {
      await page.getByLabel("Place name (any spelling)", { exact: true }).fill(name);
      await page.getByRole("button", { name: "Search" }).click();
      // Both names find the same row: wait for the search itself, so the map below is the second search's.
      await page.waitForURL((url) => url.searchParams.get("name") === name);
      await expect(page.locator("table.place-table tbody tr td:first-child"), name).toHaveText(["Chornomorka"]);
    }
    // The search's map: Leaflet, with the one place as a focusable marker.
    await showMap(page);
    await expect(page.getByRole("button", { name: "Chornomorka" })).toBeVisible();

    await page.getByRole("link", { name: "Chornomorka", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chornomorka");
    const sheet = (await page.locator(".dl-grid div", { hasText: "Map coordinate" }).locator("dd").innerText()).split(
      " ",
    )[0];
    expect(sheet).toMatch(/^L-36-\d+$/);

    await showMap(page);
    const map = page.getByRole("region", { name: /Map of Chornomorka and the places within 10 km/ });
    // The place is the highlighted marker, in the middle of the map (it opens fitted to the 10 km circle).
    const marker = page.locator(".geo-marker-centre");
    await expect(marker).toHaveAttribute("title", "Chornomorka");
    const mapBox = (await map.boundingBox())!;
    const markerBox = (await marker.boundingBox())!;
    const dx = markerBox.x + markerBox.width / 2 - (mapBox.x + mapBox.width / 2);
    const dy = markerBox.y + markerBox.height / 2 - (mapBox.y + mapBox.height / 2);
    expect(Math.abs(dx)).toBeLessThan(mapBox.width * 0.1);
    expect(Math.abs(dy)).toBeLessThan(mapBox.height * 0.1);
    // The land, coastlines and borders are drawn on the map's canvas: it is shown at full size and is not blank.
    const painted = await page.evaluate(() => {
      const canvas = document.querySelector<HTMLCanvasElement>(".geo-map-leaflet canvas");
      const frame = document.querySelector(".geo-map-leaflet")!.getBoundingClientRect();
      if (!canvas || canvas.getBoundingClientRect().width < frame.width) return 0;
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++;
      return n / (canvas.width * canvas.height);
    });
    expect(painted).toBeGreaterThan(0.2);

    // The sheet grid is off until asked for; then the place's sheet is named on the map.
    await expect(page.locator(".geo-grid-label")).toHaveCount(0);
    await page.getByLabel("Show the 1:100,000 map sheets").check();
    await expect(page.locator(".geo-grid-label", { hasText: sheet })).toHaveCount(1);

    // Keyboard: the marker takes focus and Enter opens its popup, which links to the place page.
    await marker.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(".leaflet-popup").getByRole("link", { name: "Chornomorka" })).toBeVisible();
    await expectAccessible(page, { targetSize: true });
    await figureShot(page, testInfo, "maps-place-leaflet");
    await page.keyboard.press("Escape");

    // Zoomed in, the GeoNames towns come (from our origin) and Odesa is named.
    await map.focus();
    await page.keyboard.press("Equal");
    await expect(page.locator(".geo-town-label").first()).toBeVisible();
    await figureShot(page, testInfo, "maps-place-leaflet-towns");

    expect(requests.all.some((u) => /\/maps\/base\.json\?v=/.test(u))).toBe(true);
    expect(requests.all.some((u) => /\/maps\/towns\.json\?v=/.test(u))).toBe(true);
    expect(requests.all.some((u) => LEAFLET.test(u))).toBe(true);
    expect(requests.outside).toEqual([]);
  });

  test("close places are one marker that says how many; it zooms in by mouse and keyboard; no target overlaps another", async ({
    page,
    baseURL,
  }, testInfo) => {
    const requests = watchOrigins(page, baseURL!);
    // Fifty Breyer places over central Poland: at the opening zoom many lie a few pixels apart.
    await page.goto("/breyer/map/search?name=neu&perPage=50");
    await page.waitForLoadState("networkidle");
    const rows = await page.locator("table.place-table tbody tr").count();
    expect(rows).toBe(50);
    // The map below the table is the server's drawing until it comes near the screen (decision 0047).
    await expect(page.locator(".geo-map-svg")).toBeAttached();
    expect(requests.all.some((u) => LEAFLET.test(u))).toBe(false);
    await showMap(page);
    expect(requests.all.some((u) => LEAFLET.test(u))).toBe(true);

    const leaflet = page.locator(".geo-map-leaflet");
    const groups = leaflet.locator(".geo-cluster");
    /** Every place of the table is on the map once: as its own marker or counted in a group. */
    const drawn = async () => {
      const counts = await groups.evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.places)));
      return (await leaflet.locator(".geo-marker").count()) + counts.reduce((a, b) => a + b, 0);
    };
    /** The boxes of every marker and group: none overlaps another (WCAG 2.5.8, what Lighthouse's target-size checks). */
    const overlapping = () =>
      leaflet.locator(".geo-marker, .geo-cluster").evaluateAll((els) => {
        const boxes = els.map((e) => e.getBoundingClientRect());
        const hits: string[] = [];
        boxes.forEach((a, i) =>
          boxes.slice(i + 1).forEach((b, j) => {
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              hits.push(`${els[i]!.getAttribute("title")} / ${els[i + 1 + j]!.getAttribute("title")}`);
          }),
        );
        return hits;
      });
    expect(await groups.count()).toBeGreaterThan(0);
    expect(await drawn()).toBe(rows);
    expect(await overlapping()).toEqual([]);
    await expectAccessible(page, { targetSize: true });
    await page
      .locator("figure.geo-map")
      .screenshot({ path: `test-results/shots/${testInfo.project.name}-maps-groups.png` });

    // A group is a button named by its count and places; Enter zooms in, and the focus stays with its first place.
    const group = groups.first();
    const name = (await group.getAttribute("aria-label"))!;
    const [, count, first] = /^(\d+) places: ([^,]+?)(?:,| and | —)/.exec(name) ?? [];
    expect(name).toMatch(/ — zoom in$/);
    await expect(group).toHaveText(count!);
    await expect(leaflet.getByRole("button", { name, exact: true })).toHaveCount(1);
    await group.focus();
    await page.keyboard.press("Enter");
    await expect(leaflet.getByRole("button", { name, exact: true })).toHaveCount(0);
    const focused = page.locator(".geo-map-leaflet :focus");
    const escaped = first!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(focused).toHaveAttribute("title", new RegExp(`^${escaped}$|places: .*${escaped}`));
    expect(await drawn()).toBe(rows);
    expect(await overlapping()).toEqual([]);
    await expectAccessible(page, { targetSize: true });

    // By mouse: back to the opening view, a click on a group zooms in the same way.
    await page.reload();
    await showMap(page);
    const clicked = groups.last();
    const clickedName = (await clicked.getAttribute("aria-label"))!;
    await clicked.click();
    await expect(leaflet.getByRole("button", { name: clickedName, exact: true })).toHaveCount(0);
    expect(await drawn()).toBe(rows);
    expect(await overlapping()).toEqual([]);
    expect(requests.outside).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the search and the place page show the server's SVG map, with the grid behind a checkbox", async ({
      page,
      makeAccount,
      signInAs,
      baseURL,
    }, testInfo) => {
      const requests = watchOrigins(page, baseURL!);
      await signInAs(await makeAccount());
      await page.goto(`${UA}?name=${encodeURIComponent("Черноморка")}`);
      await expect(page.locator("table.place-table tbody tr td:first-child")).toHaveText(["Chornomorka"]);
      await expect(page.getByRole("img", { name: /Map of the 1 place/ })).toBeVisible();
      await page.getByRole("link", { name: "Chornomorka", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chornomorka");

      const svg = page.getByRole("img", { name: /Map of Chornomorka and the places within 10 km/ });
      await expect(svg).toBeVisible();
      // The coast of the Black Sea runs through the view; the place is the highlighted dot, mid-map.
      expect((await svg.locator("path.map-coast").getAttribute("d"))?.length).toBeGreaterThan(50);
      expect((await svg.locator("path.map-land").getAttribute("d"))?.length).toBeGreaterThan(50);
      const centre = svg.locator("circle.map-point-centre");
      await expect(centre.locator("title")).toHaveText("Chornomorka");
      const [cx, cy] = [Number(await centre.getAttribute("cx")), Number(await centre.getAttribute("cy"))];
      const [, , w, h] = (await svg.getAttribute("viewBox"))!.split(" ").map(Number);
      expect(Math.abs(cx - w / 2)).toBeLessThan(w * 0.1);
      expect(Math.abs(cy - h / 2)).toBeLessThan(h * 0.1);
      await expect(svg.locator("path.map-radius")).toHaveCount(1);

      const grid = svg.locator(".map-grid-overlay");
      await expect(grid).toBeHidden();
      await page.getByLabel("Show the 1:100,000 map sheets").check();
      await expect(grid).toBeVisible();
      await expect(grid.locator("text", { hasText: /^L-36-\d+$/ }).first()).toBeVisible();
      // (axe needs JavaScript in the page: the same markup is checked by places.spec.ts before Leaflet loads.)
      await figureShot(page, testInfo, "maps-place-svg");

      expect(requests.all.some((u) => LEAFLET.test(u))).toBe(false);
      expect(requests.outside).toEqual([]);
    });
  });

  test("Leaflet loads on map pages only; the JavaScript each page fetches is measured", async ({
    browser,
    baseURL,
  }, testInfo) => {
    /** A cold load in a fresh browser context: the compressed bytes of every script, as transferred. */
    async function scriptBytes(path: string) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const scripts: Request[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r);
      });
      await page.goto(path);
      // A map page has all its scripts once Leaflet has drawn the base map.
      if (path.includes("/map/")) await showMap(page);
      await page.waitForLoadState("networkidle");
      let bytes = 0;
      for (const r of scripts) bytes += (await r.sizes()).responseBodySize;
      await context.close();
      return { bytes, leaflet: scripts.some((r) => LEAFLET.test(r.url())) };
    }
    const search = await scriptBytes("/stpete/birth/search?surname=Schmidt");
    const mapPage = await scriptBytes("/breyer/map/search?name=Lodz&nameMode=normalized");
    expect(search.leaflet).toBe(false);
    expect(mapPage.leaflet).toBe(true);
    const note = `search page ${search.bytes} B, map page ${mapPage.bytes} B (compressed JS, cold load)`;
    testInfo.annotations.push({ type: "js-weight", description: note });
    console.log(`[${testInfo.project.name}] ${note}`);
  });
});
