import type { Browser, Page, TestInfo } from "@playwright/test";
import { SERVICE_WORKER_VERSION } from "../app/config/service-worker";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

/** /ConfigCheck (SPEC §2, issue #4 item 8): server lines without JavaScript, browser lines after hydration. */

const line = (page: Page, id: string) => page.locator(`[data-check="${id}"]`);

/** Opens the page and waits until the browser checks have answered (the last line is there). */
async function openChecks(page: Page) {
  await page.goto("/ConfigCheck");
  await expect(line(page, "build")).toBeVisible();
}

async function expectLine(page: Page, id: string, status: string, text?: RegExp | string) {
  const row = line(page, id);
  await expect(row).toHaveAttribute("data-status", status);
  const word = { pass: "Pass", warning: "Warning", fail: "Fail", "not-applicable": "Not applicable", info: "Info" };
  // The status is written out, not only coloured.
  await expect(row.locator(".check-status")).toContainText(word[status as keyof typeof word]);
  if (text) await expect(row).toContainText(text);
}

async function latestBuildId(page: Page): Promise<string> {
  const response = await page.request.get(`/builds/latest.json?${Date.now()}`);
  return ((await response.json()) as { id: string }).id;
}

function newContext(
  browser: Browser,
  testInfo: TestInfo,
  options: { javaScriptEnabled?: boolean; serviceWorkers?: "allow" | "block" } = {},
) {
  return browser.newContext({
    ...options,
    baseURL: testInfo.project.use.baseURL,
    userAgent: testInfo.project.use.userAgent,
  });
}

test.describe("/ConfigCheck", () => {
  test("a visitor sees the server passing, the browser checked and the missing service worker as a warning", async ({
    page,
  }) => {
    await openChecks(page);
    await expect(page.getByRole("heading", { level: 1, name: "Check your browser" })).toBeVisible();
    const buildId = await latestBuildId(page);

    await expectLine(page, "server-build", "info", `build ${buildId}`);
    await expectLine(page, "server-database", "pass", /^Database.*(SQLite|PostgreSQL), answered in \d+ ms/);
    await expectLine(page, "server-migrations", "pass", /Up to date/);
    await expectLine(page, "server-time", "info", /UTC/);

    await expectLine(page, "javascript", "pass", "JavaScript is on.");
    await expectLine(page, "cookies", "pass");
    await expectLine(page, "local-storage", "pass");
    await expectLine(page, "sw-support", "pass");
    await expectLine(page, "session", "not-applicable", "You are not signed in.");
    await expectLine(page, "token", "not-applicable");
    await expectLine(page, "clock", "pass");
    await expectLine(page, "build", "pass", buildId);

    // The first visit installs the worker; once it controls the page the next visit finds it at work.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await expect(line(page, "build")).toBeVisible();
    await expectLine(page, "sw-installed", "pass", `Version ${SERVICE_WORKER_VERSION}`);
    await expectLine(page, "sw-control", "pass");
    await expectAccessible(page);
  });

  test("a browser that refuses service workers gets a warning with a fix, and the rest still works", async ({
    browser,
  }, testInfo) => {
    const context = await newContext(browser, testInfo, { serviceWorkers: "block" });
    const page = await context.newPage();
    await openChecks(page);
    await expectLine(page, "sw-installed", "warning", "No service worker is installed");
    await expect(line(page, "sw-installed")).toContainText("How to fix:");
    await expectLine(page, "sw-control", "not-applicable");
    await expectLine(page, "cookies", "pass");
    await expect(page.getByTestId("check-summary")).toContainText("warning");
    await shot(page, testInfo, "configcheck-no-service-worker");
    await context.close();
  });

  test("a signed-in member sees the session pass and the token's expiry, never the token", async ({
    page,
    makeAccount,
    signInAs,
  }) => {
    const account = await makeAccount();
    await signInAs(account);
    await openChecks(page);
    await expectLine(page, "session", "pass", `Signed in as ${account.username}; renewing the sign-in works.`);
    await expectLine(page, "token", "pass", /Present, expires in (9|10) min/);
    const token = await page.evaluate(() => window.localStorage.getItem("token"));
    expect(token).toBeTruthy();
    const html = await page.content();
    expect(html).not.toContain(token!);
    expect(await page.locator("#config-report").inputValue()).not.toContain(token!);
    await expectAccessible(page);
  });

  test("without JavaScript the server part renders and the page says the browser part needs JavaScript", async ({
    browser,
  }, testInfo) => {
    const context = await newContext(browser, testInfo, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto("/ConfigCheck");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expectLine(page, "server-database", "pass");
    await expectLine(page, "server-migrations", "pass");
    await expect(line(page, "javascript")).toHaveCount(0);
    await expect(page.locator(".check-pending")).toHaveText(/the browser checks need JavaScript/);
    // Playwright's text and role engines skip <noscript>; a browser without JavaScript shows it.
    const noScript = page.locator("noscript .notice");
    await expect(noScript).toBeVisible();
    const advice = await noScript.evaluate((el) => el.textContent ?? "");
    expect(advice).toContain("JavaScript is off in this browser.");
    expect(advice).toContain("How to fix:");
    await expect(page.getByTestId("check-summary")).toContainText("The browser checks have not run yet");
    // The report is there to select and copy by hand; the button needs JavaScript, so it is not offered.
    const report = await page.getByLabel("Report text").inputValue();
    expect(report).toContain("Metryka configuration check");
    expect(report).toContain(await latestBuildId(page));
    await expect(page.getByRole("button", { name: "Copy report" })).toHaveCount(0);
    // (axe needs JavaScript in the page to run; the other tests check the same markup with it.)
    await shot(page, testInfo, "configcheck-no-javascript");
    await context.close();
  });

  test("blocked cookies fail the cookie line, with its fix", async ({ page }, testInfo) => {
    // What a browser that blocks cookies for the site looks like from the page.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "cookieEnabled", { get: () => false });
      Object.defineProperty(Document.prototype, "cookie", { get: () => "", set: () => undefined });
    });
    await openChecks(page);
    await expectLine(page, "cookies", "fail", "Your browser blocks cookies for this site.");
    await expect(line(page, "cookies")).toContainText("How to fix: Allow cookies for this site");
    await expect(page.getByTestId("check-summary")).toContainText("1 check failed");
    await expectAccessible(page);
    await shot(page, testInfo, "configcheck-cookies-blocked-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "configcheck-cookies-blocked-phone");
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("local storage that throws fails the storage line, with its fix", async ({ page }) => {
    await page.addInitScript(() => {
      Storage.prototype.setItem = function () {
        throw new DOMException("The operation is insecure.", "SecurityError");
      };
    });
    await openChecks(page);
    await expectLine(page, "local-storage", "fail", "Your browser refused to store a test value");
    await expect(line(page, "local-storage")).toContainText("How to fix: Allow this site to store data");
    await expectLine(page, "cookies", "pass");
  });

  test("a clock ten minutes fast fails the clock line", async ({ page }) => {
    await page.clock.setSystemTime(new Date(Date.now() + 10 * 60_000));
    await openChecks(page);
    await expectLine(page, "clock", "fail", /Your device's clock is (9|10) min( \d+ s)? ahead of the server's/);
    await expect(line(page, "clock")).toContainText("How to fix: Set your device's clock to set itself");
  });

  test("Copy report puts the whole report, with the build id, on the clipboard", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await openChecks(page);
    const buildId = await latestBuildId(page);
    await page.getByRole("button", { name: "Copy report" }).click();
    await expect(page.locator(".copy-status")).toHaveText(/^Copied/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("Metryka configuration check");
    expect(copied).toContain(`build ${buildId}`);
    expect(copied).toMatch(/\[Pass\] +Cookies: /);
    expect(copied).toMatch(/\[Warning\] +Service worker installed: |\[Pass\] +Service worker installed: /);
    expect(copied).toBe(await page.getByLabel("Report text").inputValue());
  });

  test("without clipboard access, Copy report selects the report instead", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "clipboard", {
        get: () => ({ writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) }),
      });
    });
    await openChecks(page);
    await page.getByRole("button", { name: "Copy report" }).click();
    await expect(page.locator(".copy-status")).toHaveText(/^(Copied|The report is selected: press Ctrl\+C)/);
    const selection = await page
      .getByLabel("Report text")
      .evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd, el.value.length]);
    expect(selection).toEqual([0, selection[2], selection[2]]);
    await expect(page.getByLabel("Report text")).toBeFocused();
  });

  test("the footer links to it", async ({ page }) => {
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Check your browser" }).click();
    await expect(page).toHaveURL(/\/ConfigCheck$/);
    await expect(line(page, "build")).toBeVisible();
  });
});
