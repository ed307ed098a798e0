import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Page, type Request, type TestInfo, expect } from "@playwright/test";
import { PERSON_USER_AGENT } from "../playwright.config";
import type { TestAccount } from "./fixtures";

/** The axe check every page passes: no serious or critical finding. */
export async function expectAccessible(page: Page, options: { targetSize?: boolean } = {}) {
  // axe leaves WCAG 2.2's target size (2.5.8) off by default; Lighthouse turns it on, and so do the map pages' checks.
  const results = await new AxeBuilder({ page })
    .options(options.targetSize ? { rules: { "target-size": { enabled: true } } } : {})
    .analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(bad).toEqual([]);
}

/**
 * Brings the page's map into view and waits until Leaflet has drawn its base map: the map starts when it comes near
 * the screen (decision 0047), so a map below the first screen is still the server's SVG until then.
 */
export async function showMap(page: Page) {
  await page.locator("figure.geo-map").scrollIntoViewIfNeeded();
  await expect(page.locator(".geo-map-leaflet")).toHaveAttribute("data-base-map", "ready");
}

/** A full-page screenshot kept under test-results/shots for people to look at. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/shots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/** A second browser (another person, or the same one elsewhere), signed in as `account` with the fixture's cookie. */
export async function contextSignedIn(
  browser: Browser,
  baseURL: string,
  cookieFor: (account: TestAccount) => Promise<string>,
  account: TestAccount | null,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, userAgent: PERSON_USER_AGENT, ...options });
  if (account) {
    const [name, value] = (await cookieFor(account)).split(/=(.*)/s);
    await context.addCookies([{ name: name!, value: value!, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  }
  return context;
}

/** Every request a page makes, and those to an origin other than the site's (`data:` addresses are no request out). */
export function watchOrigins(page: Page, baseURL: string) {
  const outside: string[] = [];
  const all: string[] = [];
  const origin = new URL(baseURL).origin;
  page.on("request", (r: Request) => {
    all.push(r.url());
    if (!r.url().startsWith("data:") && new URL(r.url()).origin !== origin) outside.push(r.url());
  });
  return { outside, all };
}

/** The directives of a Content-Security-Policy header, each with its sources. */
export function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * A link to one record page, however it is reached: plainly, or from a result, whose link carries the search it
 * was found by (`?q=`, so the record page can say why it matched).
 */
export function recordLink(path: string): string {
  return `a[href="${path}"], a[href^="${path}?"]`;
}

/** A record page's address, plain or carrying the search it was reached from. */
export function recordUrl(pathPattern: string): RegExp {
  return new RegExp(`${pathPattern}(\\?q=[^#]*)?$`);
}

/**
 * A text of a catalog (app/locales/<language>/<namespace>.json) with its placeholders filled, as the page shows it:
 * the language tests read the files the site does, so a translation that changes changes the test's expectation.
 */
export function catalogText(
  language: string,
  namespace: string,
  key: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const catalog = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "../app/locales", language, `${namespace}.json`), "utf8"),
  ) as Record<string, unknown>;
  // The forms catalogs are keyed by the English sentence, dots and all.
  const raw =
    namespace === "forms"
      ? catalog[key]
      : key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalog);
  if (typeof raw !== "string") throw new Error(`no text ${language}/${namespace} ${key}`);
  return raw.replace(/\{\{\s*(\w+)[^}]*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The page's language as its <html lang> says. */
export const htmlLang = (page: Page) => page.locator("html").getAttribute("lang");
