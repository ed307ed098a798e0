import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type { Browser } from "@playwright/test";
import { type RunningServer, startServer } from "../http-tests/server";
import { expect, kindOf, test } from "./fixtures";
import { cspDirectives, expectAccessible, showMap, watchOrigins } from "./helpers";

/**
 * The optional tile server (issue 11, decision 0032), the way an operator sets it up and a visitor uses it: a
 * tile server of its own on another origin, the built server started with MAP_TILE_URL and MAP_TILE_ATTRIBUTION
 * pointing at it (http-tests/server.ts, on the project's database), a visitor who finds Lodz, opens its page and
 * switches the map to the tiles with the keyboard. The tiles come from that origin and are painted, the credit is
 * shown, the CSP opens that origin for images and nothing else, and no other origin hears of the page. Until the
 * visitor asks for the tiles, the tile server is asked for nothing. (e2e/maps.spec.ts: without MAP_TILE_URL.)
 */
const ATTRIBUTION = "Tiles © Metryka test tile server";
/** Lodz (app/demo/breyer.ts), the first of the demo places: a demo of a few hundred records has it. */
const LODZ = { lat: 51.7592, lon: 19.456 };
/** The colour of every tile: a green that neither the bundled map nor its marks use. */
const TILE_RGB = [0x9c, 0xd6, 0x6a] as const;

/** A 256 × 256 PNG of one colour with a dark edge (so the tiles' seams show in a screenshot). */
function tilePng(): Buffer {
  const size = 256;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const edge = x < 2 || y < 2;
      row.set(edge ? [0x3c, 0x5a, 0x28] : TILE_RGB, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

interface TileRequest {
  z: number;
  x: number;
  y: number;
  referer: string | undefined;
}

/** A tile server on a port of its own: any /z/x/y.png is the one tile; every request is noted. */
async function startTileServer() {
  const png = tilePng();
  const tiles: TileRequest[] = [];
  const others: string[] = [];
  const server = http.createServer((req, res) => {
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? "");
    if (!m) {
      others.push(req.url ?? "");
      res.writeHead(404).end();
      return;
    }
    tiles.push({ z: Number(m[1]), x: Number(m[2]), y: Number(m[3]), referer: req.headers.referer });
    res.writeHead(200, { "Content-Type": "image/png", "Content-Length": png.length }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, tiles, others, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Whether the slippy-map tile z/x/y covers a point. */
function tileCovers({ z, x, y }: TileRequest, { lat, lon }: { lat: number; lon: number }): boolean {
  const n = 2 ** z;
  const tx = ((lon + 180) / 360) * n;
  const rad = (lat * Math.PI) / 180;
  const ty = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n;
  return Math.floor(tx) === x && Math.floor(ty) === y;
}

/**
 * The share of a screenshot's pixels in the tiles' colour (give or take the light marks drawn over them), read in
 * a blank page of the browser's own: the site's pages may not read an image's pixels from a data: address.
 */
async function tileColouredShare(browser: Browser, shot: Buffer): Promise<number> {
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(
      async ({ src, rgb }) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext("2d")!;
        context.drawImage(img, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let n = 0;
        for (let i = 0; i < data.length; i += 4) {
          if ([0, 1, 2].every((c) => Math.abs(data[i + c] - rgb[c]) <= 24)) n++;
        }
        return n / (canvas.width * canvas.height);
      },
      { src: `data:image/png;base64,${shot.toString("base64")}`, rgb: [...TILE_RGB] },
    );
  } finally {
    await blank.close();
  }
}

let tileServer: Awaited<ReturnType<typeof startTileServer>>;
let app: RunningServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const testInfo = test.info();
  // Its own server, on the project's database, seeded small: starting it is most of this file's time.
  testInfo.setTimeout(180_000);
  tileServer = await startTileServer();
  app = await startServer({
    kind: kindOf(testInfo.project.name),
    seedRecords: 300,
    env: { MAP_TILE_URL: `${tileServer.origin}/{z}/{x}/{y}.png`, MAP_TILE_ATTRIBUTION: ATTRIBUTION },
  });
});

test.afterAll(async () => {
  await app?.stop();
  await tileServer?.close();
});

test("a visitor switches Lodz's map to the site's tile server with the keyboard; only that origin is asked", async ({
  page,
  browser,
}, testInfo) => {
  const requests = watchOrigins(page, app.url);
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });

  const response = await page.goto(`${app.url}/breyer/map/search?name=Lodz&nameMode=normalized`);
  // The page's policy opens the tile server's origin for images, and for nothing else.
  const csp = cspDirectives(response!.headers()["content-security-policy"] ?? "");
  expect(csp.get("img-src")).toEqual(["'self'", "data:", tileServer.origin]);
  for (const [name, sources] of csp) {
    if (name !== "img-src") expect(sources.join(" "), name).not.toContain(new URL(tileServer.origin).host);
  }
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);

  await page.getByRole("link", { name: "Lodz", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lodz");
  await showMap(page);
  const map = page.getByRole("region", { name: /^Map of Lodz and the places within 10 km/ });
  const figure = page.locator("figure.geo-map");
  const attribution = map.locator(".leaflet-control-attribution");

  // The bundled map is the map until the visitor chooses the tiles: the tile server has heard nothing yet.
  const bundled = page.getByRole("radio", { name: "Bundled map (offline)" });
  const tileMap = page.getByRole("radio", { name: "Tile map" });
  await expect(bundled).toBeChecked();
  await expect(tileMap).not.toBeChecked();
  await expect(attribution).not.toContainText(ATTRIBUTION);
  expect(tileServer.tiles).toEqual([]);
  expect(await tileColouredShare(browser, await figure.screenshot())).toBeLessThan(0.01);

  // Keyboard: Tab from the map reaches the zoom buttons and then the layer control (on the chosen layer), before
  // any marker; an arrow key chooses the tiles.
  await expect(page.getByRole("radiogroup", { name: "Base map" }).getByRole("radio")).toHaveCount(2);
  await map.focus();
  await page.keyboard.press("Tab");
  await expect(map.getByRole("button", { name: "Zoom in" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(map.getByRole("button", { name: "Zoom out" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(bundled).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(tileMap).toBeChecked();
  await expect(tileMap).toBeFocused();

  // The tiles came from the tile server's origin, were loaded and are what the map shows.
  const tileImages = map.locator(".leaflet-tile-pane img.leaflet-tile");
  /** Every tile the map asked for has come (or failed): what the map shows is settled. */
  const tilesLoaded = () =>
    expect.poll(() => tileImages.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete))).toBe(true);
  await expect(tileImages.first()).toBeVisible();
  await expect(map.locator(".leaflet-tile-pane img.leaflet-tile-loaded").first()).toBeVisible();
  await tilesLoaded();
  const sources = await tileImages.evaluateAll((imgs) =>
    imgs.map((i) => ({ src: (i as HTMLImageElement).src, width: (i as HTMLImageElement).naturalWidth })),
  );
  expect(sources.length).toBeGreaterThan(0);
  for (const s of sources) {
    expect(new URL(s.src).origin).toBe(tileServer.origin);
    expect(s.width).toBe(256);
  }
  expect(tileServer.tiles.length).toBeGreaterThan(0);
  expect(tileServer.tiles.some((t) => tileCovers(t, LODZ))).toBe(true);
  expect(tileServer.others).toEqual([]);
  // The tile server learns which site asked, not which page (Referrer-Policy: strict-origin-when-cross-origin).
  expect(new Set(tileServer.tiles.map((t) => t.referer))).toEqual(new Set([`${app.url}/`]));
  expect(await tileColouredShare(browser, await figure.screenshot())).toBeGreaterThan(0.3);

  // The tile server's credit is shown beside the bundled data's.
  await expect(attribution).toContainText(ATTRIBUTION);
  await expect(attribution).toBeVisible();
  await expectAccessible(page, { targetSize: true });

  const shots = `test-results/shots/${testInfo.project.name}`;
  await figure.screenshot({ path: `${shots}-map-tiles.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tileMap).toBeChecked();
  await expect(attribution).toContainText(ATTRIBUTION);
  await tilesLoaded();
  await figure.screenshot({ path: `${shots}-map-tiles-phone.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  await tilesLoaded();

  // Mouse: back to the bundled map; the tiles and their credit go, and the tile server hears no more.
  await bundled.click();
  await expect(bundled).toBeChecked();
  await expect(tileImages).toHaveCount(0);
  await expect(attribution).not.toContainText(ATTRIBUTION);
  const asked = tileServer.tiles.length;
  await map.focus();
  await page.keyboard.press("Equal");
  // Nothing to wait for but time: a tile layer left on would ask for the new zoom's tiles at once.
  await page.waitForTimeout(1_500);
  expect(tileServer.tiles.length).toBe(asked);

  expect(blocked).toEqual([]);
  // No origin but the site's and the tile server's was asked for anything.
  expect(requests.outside.filter((u) => new URL(u).origin !== tileServer.origin)).toEqual([]);
});
