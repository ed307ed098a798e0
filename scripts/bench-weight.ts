/**
 * npm run bench:weight -- [--seed-records 3000] [--port 3620] [--only home,search]
 *
 * Page weight per route kind (issue 12 item 4). Starts the production build
 * (`build/server.js`, so run `npm run build` first) on a fresh SQLite data
 * folder with the demo seed, then for every kind of page:
 *
 * - from the build's Remix manifest: the JavaScript the page's routes import
 *   (entry, root, route modules and their chunks), brotli-compressed as the
 *   server sends it (the build's quality-11 twin, else quality 4 as server.ts compresses);
 * - from a real load in Chromium (Debian's, as the e2e tests use; a fresh
 *   profile per page, service worker blocked so its precache is not counted):
 *   the compressed bytes of JavaScript, CSS and the document actually
 *   transferred, the number of requests, calls to /api/auth/refresh, console
 *   errors and Content-Security-Policy violations (a page with a map is scrolled to it first, which starts Leaflet);
 * - for a form page, the JavaScript once the visitor has used the form ("+ used": focused, which imports the
 *   form's validation, decision 0043, then sent empty).
 *
 * Prints a table and, as its last line, one JSON object with every figure and
 * whether each target holds: ≤ 100 KB of JavaScript for any public and search
 * page, ≤ 150 KB for map pages (Leaflet only there), no refresh call without a
 * session, no console error, no CSP violation.
 */
import { firstRecordPath } from "./bench-kit";
import { existsSync, readFileSync, readdirSync, rmSync, mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { intArg, parseArgs } from "./args";
import { makeAccount, startServer } from "../http-tests/server";

const args = parseArgs(process.argv.slice(2));
const seedRecords = intArg(args, "seed-records", 3000);
const port = intArg(args, "port", 3620);
const only = args.get("only")?.split(",");
const CLIENT_DIR = path.resolve("build", "client");
const KB = 1024;
/** Issue 12 item 4's budgets, compressed JavaScript per page. */
const JS_BUDGET_KB = { page: 100, map: 150 } as const;
/** How long a page may keep the network busy before its figures are read anyway. */
const LOAD_TIMEOUT_MS = 30_000;

interface RemixManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[]; css?: string[] }>;
}

function readManifest(): RemixManifest {
  const assets = path.join(CLIENT_DIR, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error("no Remix manifest in build/client/assets: run `npm run build` first");
  // The manifest is a script that assigns window.__remixManifest; run it in an empty context to read it.
  const sandbox = { window: {} as { __remixManifest?: RemixManifest } };
  vm.runInNewContext(readFileSync(path.join(assets, file), "utf8"), sandbox);
  if (!sandbox.window.__remixManifest) throw new Error(`${file} sets no __remixManifest`);
  return sandbox.window.__remixManifest;
}

const compressedSizes = new Map<string, number>();
/**
 * A built file's size as the server sends it to a browser that accepts brotli: its precompressed twin when the
 * build wrote one (scripts/precompress-assets.mjs), else brotli at the quality server.ts gives the compressor.
 */
function compressedSize(url: string): number {
  let size = compressedSizes.get(url);
  if (size === undefined) {
    const file = path.join(CLIENT_DIR, url);
    size = existsSync(`${file}.br`)
      ? statSync(`${file}.br`).size
      : zlib.brotliCompressSync(readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;
    compressedSizes.set(url, size);
  }
  return size;
}

/** The JavaScript files a page whose matched routes are `routeIds` loads, by the manifest, and their weight. */
export function manifestJavaScript(manifest: RemixManifest, routeIds: string[]): { files: string[]; bytes: number } {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const list = [...files].sort();
  return { files: list, bytes: list.reduce((sum, file) => sum + compressedSize(file), 0) };
}

interface Kind {
  kind: string;
  path: string;
  /** Which budget applies: public and search pages 100 KB, map pages 150 KB; members' pages are reported only. */
  budget: keyof typeof JS_BUDGET_KB | null;
  cookie?: string;
  /** Done after the figures are read: what makes the page run more code (a form validating in the browser). */
  interact?: (page: Page) => Promise<void>;
}

interface Loaded {
  routeIds: string[];
  jsBytes: number;
  cssBytes: number;
  documentBytes: number;
  otherBytes: number;
  requests: number;
  refreshCalls: number;
  consoleErrors: string[];
  cspViolations: string[];
  /** The built files the page requested as scripts (kept after the load, while the visitor uses the page). */
  scripts: Set<string>;
}

async function loadInChromium(page: Page, url: string): Promise<Loaded> {
  const figures: Loaded = {
    routeIds: [],
    jsBytes: 0,
    cssBytes: 0,
    documentBytes: 0,
    otherBytes: 0,
    requests: 0,
    refreshCalls: 0,
    consoleErrors: [],
    cspViolations: [],
    scripts: new Set(),
  };
  const pending: Promise<void>[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Content-Security-Policy/i.test(text)) figures.cspViolations.push(text);
    else if (message.type() === "error") figures.consoleErrors.push(text);
  });
  page.on("pageerror", (error) => figures.consoleErrors.push(String(error)));
  page.on("requestfinished", (request) => {
    figures.requests += 1;
    if (new URL(request.url()).pathname === "/api/auth/refresh") figures.refreshCalls += 1;
    if (request.resourceType() === "script") figures.scripts.add(new URL(request.url()).pathname);
    pending.push(
      request.sizes().then((sizes) => {
        // The body as it came over the wire (compressed), as Chromium counted it. For a built file it reports no size
        // (0 or less), which happens to Leaflet's script and stylesheet fetched after the load, its size as served.
        const pathname = new URL(request.url()).pathname;
        const bytes =
          sizes.responseBodySize <= 0 && pathname.startsWith("/assets/")
            ? compressedSize(pathname)
            : sizes.responseBodySize;
        const type = request.resourceType();
        if (type === "script") figures.jsBytes += bytes;
        else if (type === "stylesheet") figures.cssBytes += bytes;
        else if (type === "document") figures.documentBytes += bytes;
        else figures.otherBytes += bytes;
      }),
    );
  });
  page.on("requestfailed", (request) => {
    figures.requests += 1;
    if (new URL(request.url()).pathname === "/api/auth/refresh") figures.refreshCalls += 1;
  });
  const response = await page.goto(url, { waitUntil: "networkidle", timeout: LOAD_TIMEOUT_MS });
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  // Hydrated: the route modules Remix loaded are the page's matched routes.
  await page.waitForFunction(() => "__remixRouteModules" in window, null, { timeout: LOAD_TIMEOUT_MS });
  figures.routeIds = await page.evaluate(() =>
    Object.keys((window as unknown as { __remixRouteModules: Record<string, unknown> }).__remixRouteModules),
  );
  // A map starts when it comes near the screen (decision 0047): brought into view, the page weighs what a visitor who
  // looks at the map fetches, Leaflet and the base map included.
  const map = page.locator("figure.geo-map");
  if (await map.count()) {
    await map.scrollIntoViewIfNeeded();
    await page.locator(".geo-map-leaflet[data-base-map]").waitFor({ state: "attached", timeout: LOAD_TIMEOUT_MS });
    await page.waitForLoadState("networkidle");
  }
  await Promise.all(pending);
  return figures;
}

/**
 * Focuses the page's main form, which imports its validation (decision 0043), then submits it as it is, empty: the
 * browser validates it before anything is sent.
 */
async function submitEmpty(page: Page): Promise<void> {
  const form = page.locator("main form").first();
  // app/ui/parse-form.ts is the last piece of the validation's import (app/ui/use-form-validator.ts).
  const validation = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/assets/parse-form-"), {
    timeout: LOAD_TIMEOUT_MS,
  });
  await form.locator("input:not([type=hidden]):visible").first().focus();
  await validation;
  await form.locator('button[type="submit"], button:not([type])').first().click();
}

const kb = (bytes: number) => Math.round((bytes / KB) * 10) / 10;

async function main() {
  if (!existsSync("build/server.js")) throw new Error("no build: run `npm run build` first");
  const manifest = readManifest();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-bench-weight-"));
  const server = await startServer({ kind: "sqlite", dataDir, seedRecords, port });
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
  });
  try {
    const database = server.openDatabase();
    const member = await makeAccount(database);
    await database.close();
    const fetchText = async (p: string) => (await fetch(server.url + p)).text();
    const search = "/stpete/birth/search?surname=Schmidt";
    const recordPath = firstRecordPath(await fetchText(search));
    const mapSearch = "/breyer/map/search?name=neu";
    const placePath = /href="(\/breyer\/map\/place\/[^"?#]+)"/.exec(await fetchText(mapSearch))?.[1];
    if (!recordPath || !placePath) throw new Error("the searches link no record or place: is the demo seed there?");
    const kinds: Kind[] = [
      { kind: "home", path: "/", budget: "page" },
      { kind: "search", path: search, budget: "page" },
      { kind: "search-all", path: "/Search?surname=Schmidt", budget: "page" },
      { kind: "record", path: recordPath, budget: "page" },
      // The map indexes' search page (Breyer's is public): the "map page" of the issue's budget.
      { kind: "map-search", path: mapSearch, budget: "map" },
      { kind: "map-place", path: placePath, budget: "map" },
      // A surname's map (decision 0040): a records search and /Search drawn as circles per place.
      { kind: "search-map", path: `${search}&view=map`, budget: "map" },
      { kind: "search-all-map", path: "/Search?surname=Schmidt&view=map", budget: "map" },
      { kind: "release-notes", path: "/release-notes", budget: "page" },
      // Sending a form empty makes it validate in the browser, which is where zod would reach for eval.
      { kind: "sign-in", path: "/Login", budget: "page", interact: submitEmpty },
      { kind: "sign-up", path: "/signup/new", budget: "page", interact: submitEmpty },
      { kind: "forgot-password", path: "/forgot-password", budget: "page", interact: submitEmpty },
      // A link that is not valid: the page says so, with the same code as the form it would show.
      { kind: "reset-password", path: "/reset-password?token=x", budget: "page" },
      {
        kind: "members-search",
        path: "/members/lublin/birth/search?surname=Schmidt",
        budget: null,
        cookie: member.cookie,
      },
    ].filter((k) => !only || only.includes(k.kind)) as Kind[];

    const rows: Record<string, unknown>[] = [];
    for (const k of kinds) {
      const context = await browser.newContext();
      if (k.cookie) {
        const [name, value] = k.cookie.split("=", 2) as [string, string];
        await context.addCookies([{ name, value, url: server.url }]);
      }
      const page = await context.newPage();
      const loaded = await loadInChromium(page, server.url + k.path);
      const weighed = { ...loaded, scripts: new Set(loaded.scripts) };
      if (k.interact) {
        await k.interact(page);
        await page.waitForLoadState("networkidle");
      }
      await context.close();
      const fromManifest = manifestJavaScript(manifest, loaded.routeIds);
      const budgetKb = k.budget ? JS_BUDGET_KB[k.budget] : null;
      rows.push({
        kind: k.kind,
        path: k.path,
        session: Boolean(k.cookie),
        manifestJsKb: kb(fromManifest.bytes),
        jsKb: kb(weighed.jsBytes),
        // With what the page imports when the visitor uses it (a form's validation, decision 0043), weighed from
        // the built files: Chromium reports no body size for some of the scripts a page imports after its load.
        jsAfterInteractionKb: k.interact
          ? kb(
              weighed.jsBytes +
                [...loaded.scripts]
                  .filter((s) => !weighed.scripts.has(s))
                  .reduce((sum, s) => sum + compressedSize(s), 0),
            )
          : null,
        cssKb: kb(weighed.cssBytes),
        documentKb: kb(weighed.documentBytes),
        otherKb: kb(weighed.otherBytes),
        requests: weighed.requests,
        refreshCalls: loaded.refreshCalls,
        consoleErrors: loaded.consoleErrors,
        cspViolations: loaded.cspViolations,
        budgetKb,
        withinBudget: budgetKb === null ? null : Math.max(weighed.jsBytes, fromManifest.bytes) <= budgetKb * KB,
        scripts: fromManifest.files,
      });
    }

    console.log(
      "kind".padEnd(16),
      "manifest JS".padStart(12),
      "loaded JS".padStart(10),
      "+ used".padStart(9),
      "CSS".padStart(7),
      "doc".padStart(7),
      "requests".padStart(9),
      "refresh".padStart(8),
      "errors".padStart(7),
      "CSP".padStart(4),
      "budget".padStart(7),
    );
    for (const r of rows) {
      console.log(
        String(r.kind).padEnd(16),
        `${r.manifestJsKb} KB`.padStart(12),
        `${r.jsKb} KB`.padStart(10),
        (r.jsAfterInteractionKb === null ? "-" : `${r.jsAfterInteractionKb} KB`).padStart(9),
        `${r.cssKb} KB`.padStart(7),
        `${r.documentKb} KB`.padStart(7),
        String(r.requests).padStart(9),
        String(r.refreshCalls).padStart(8),
        String((r.consoleErrors as string[]).length).padStart(7),
        String((r.cspViolations as string[]).length).padStart(4),
        (r.budgetKb === null ? "-" : `${r.withinBudget ? "ok" : "OVER"} ${r.budgetKb}`).padStart(7),
      );
    }
    for (const r of rows) {
      for (const e of [...(r.consoleErrors as string[]), ...(r.cspViolations as string[])]) {
        console.log(`  ${r.kind}: ${e.slice(0, 200)}`);
      }
    }
    const targetsMet = rows.every(
      (r) =>
        r.withinBudget !== false &&
        (r.session || r.refreshCalls === 0) &&
        (r.consoleErrors as string[]).length === 0 &&
        (r.cspViolations as string[]).length === 0,
    );
    console.log(
      JSON.stringify({
        bench: "weight",
        date: new Date().toISOString(),
        seedRecords,
        compression: "brotli q4 (manifest); as served (loaded)",
        targetsMet,
        kinds: rows,
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
