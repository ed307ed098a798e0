import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { createSession } from "../app/auth/sessions.server";
import type { Database } from "../app/db/connection.server";
import { type TestAccount, expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

const PROFILE_PAGES = [
  "/members/profile",
  "/members/profileEditPersonal",
  "/members/profileEditPassword",
  "/members/profileEditUsername",
];

/** Waits until the page is hydrated and its start-up token refresh is done, so JavaScript handlers are attached. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

/** A second, separate sign-in (another browser) for the same account, as the fixture's signInAs makes one. */
async function signInElsewhere(
  context: BrowserContext,
  database: Database,
  account: TestAccount,
  baseURL: string,
): Promise<void> {
  const token = await createSession(database, account.id, { ip: "127.0.0.2", userAgent: "e2e elsewhere" });
  const value = Buffer.from(JSON.stringify(token), "utf8").toString("base64");
  await context.addCookies([{ name: "metryka_refresh", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** The account's profile open in a second browser with a sign-in of its own. */
async function profileElsewhere(
  browser: import("@playwright/test").Browser,
  testInfo: TestInfo,
  database: Database,
  account: TestAccount,
): Promise<Page> {
  const other = await newContext(browser, testInfo);
  await signInElsewhere(other, database, account, testInfo.project.use.baseURL!);
  const otherPage = await other.newPage();
  await open(otherPage, "/members/profile");
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText("Your account");
  return otherPage;
}

function newContext(browser: import("@playwright/test").Browser, testInfo: TestInfo, javaScriptEnabled = true) {
  return browser.newContext({
    javaScriptEnabled,
    baseURL: testInfo.project.use.baseURL,
    userAgent: testInfo.project.use.userAgent,
  });
}

/** The answer to a form's POST: the document without JavaScript, the single-fetch `.data` request with it. */
function postResponse(page: Page, path: string) {
  return page.waitForResponse(
    (r) => r.request().method() === "POST" && [path, `${path}.data`].includes(new URL(r.url()).pathname),
  );
}

test.describe("profile pages: the guard", () => {
  test("a visitor is sent to sign in and back; a pending account gets 403", async ({
    page,
    request,
    makeAccount,
    signInAs,
  }) => {
    for (const path of PROFILE_PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(`/Login?redirectTo=${encodeURIComponent(path)}`);
    }
    const visitorCheck = await request.get("/api/username-available?username=anna");
    expect(visitorCheck.status()).toBe(401);
    expect(await visitorCheck.json()).toMatchObject({ error: expect.any(String) });

    const pending = await makeAccount({ status: "pending" });
    await signInAs(pending);
    for (const path of PROFILE_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Membership not active");
    }
    await expectAccessible(page);
  });

  test("after signing in, the visitor lands on the profile page they asked for", async ({ page, makeAccount }) => {
    const account = await makeAccount();
    await page.goto("/members/profileEditPersonal");
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2Fmembers%2FprofileEditPersonal$/);
    await page.getByLabel("Username or e-mail").fill(account.username);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/members\/profileEditPersonal$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Personal details");
  });
});

test.describe("profile pages: personal details", () => {
  test("a member edits their details; the region list follows the country", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const account = await makeAccount();
    await signInAs(account);
    await open(page, "/members/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
    await expect(page.getByText(account.username, { exact: true }).first()).toBeVisible();
    await expect(page.getByText("verified", { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Edit personal details" }).click();
    await expect(page).toHaveURL(/\/members\/profileEditPersonal$/);
    await page.waitForLoadState("networkidle");
    const region = page.getByLabel("Region / state / province");
    // No country chosen yet: the region list is the United States' (SPEC §3).
    await expect(region.locator("option", { hasText: "Texas" })).toHaveCount(1);
    await expectAccessible(page);

    await page.getByLabel("Given name").fill("Anna");
    await page.getByLabel("Surname", { exact: true }).fill("Nowak");
    await page.getByLabel("Address line 1").fill("ul. Piotrkowska 104");
    await page.getByLabel("Postal code").fill("90-001");
    await page.getByLabel("City or town").fill("Łódź");
    await page.getByLabel("Country").selectOption({ label: "Poland" });
    await expect(region.locator("option", { hasText: "Łódzkie" })).toHaveCount(1);
    await expect(region.locator("option", { hasText: "Texas" })).toHaveCount(0);
    await region.selectOption({ label: "Łódzkie" });
    await page.getByLabel("Phone (optional)").fill("call me maybe");
    await page.getByLabel("Surnames you research").fill("Schulz\nKühn, Wiśniewski");
    await page.getByLabel("Places you research").fill("Żytomierz, Równe");
    await page.getByLabel("List me in the member directory").check();

    // A mistake: 400, the message beside the field, and everything typed still there.
    const failed = postResponse(page, "/members/profileEditPersonal");
    await page.getByRole("button", { name: "Save personal details" }).click();
    await page.getByLabel("Phone (optional)").blur();
    await expect(page.getByText(/Use digits, spaces and/)).toBeVisible();
    // Client-side validation stops the bad form before it is sent; send it anyway to see the server's answer.
    await page.evaluate(() => {
      const form = document.getElementById("personal") as HTMLFormElement;
      form.noValidate = true;
      HTMLFormElement.prototype.submit.call(form);
    });
    expect((await failed).status()).toBe(400);
    await expect(page.getByText(/Use digits, spaces and/)).toBeVisible();
    await expect(page.getByLabel("Given name")).toHaveValue("Anna");
    await expect(page.getByLabel("City or town")).toHaveValue("Łódź");
    await expect(page.getByLabel("Country")).toHaveValue("PL");
    await expect(page.getByLabel("Surnames you research")).toHaveValue("Schulz\nKühn, Wiśniewski");
    await expect(page.getByLabel("List me in the member directory")).toBeChecked();
    await expect(page.getByRole("alert")).toContainText("Nothing was saved");
    await expectAccessible(page);
    await shot(page, testInfo, "profile-personal-errors");

    await page.waitForLoadState("networkidle");
    await page.getByLabel("Phone (optional)").fill("+48 42 555 01 01");
    await page.getByRole("button", { name: "Save personal details" }).click();
    await expect(page).toHaveURL(/\/members\/profile\?updated=personal$/);
    await expect(page.getByRole("status").filter({ hasText: "personal details are saved" })).toBeVisible();
    const details = page.locator("dl").filter({ hasText: "Research surnames" });
    await expect(details).toContainText("Anna Nowak");
    await expect(details).toContainText("Łódzkie");
    await expect(details).toContainText("Poland");
    await expect(details).toContainText("+48 42 555 01 01");
    await expect(page.getByRole("list", { name: "Research surnames" }).getByRole("listitem")).toHaveText([
      "Schulz",
      "Kühn",
      "Wiśniewski",
    ]);
    await expect(details).toContainText("Listed");
    await expectAccessible(page);

    await shot(page, testInfo, "profile-desktop");
    await open(page, "/members/profileEditPersonal");
    await expect(page.getByLabel("Region / state / province")).toHaveValue("10");
    await shot(page, testInfo, "profile-personal-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "profile-personal-phone");
    await open(page, "/members/profile");
    await shot(page, testInfo, "profile-phone");
  });

  test("the personal form works without JavaScript", async ({ browser, database, makeAccount }, testInfo) => {
    const account = await makeAccount();
    const context = await newContext(browser, testInfo, false);
    await signInElsewhere(context, database, account, testInfo.project.use.baseURL!);
    const page = await context.newPage();
    await page.goto("/members/profileEditPersonal");
    await page.getByLabel("Given name").fill("Jan");
    await page.getByLabel("Surname", { exact: true }).fill("Kowalski");
    await page.getByLabel("City or town").fill("Kraków");
    // Without JavaScript the region list cannot follow the country: a US region is still offered.
    await page.getByLabel("Country").selectOption({ label: "Poland" });
    await page.getByLabel("Region / state / province").selectOption({ label: "Texas" });
    const failed = postResponse(page, "/members/profileEditPersonal");
    await page.getByRole("button", { name: "Save personal details" }).click();
    expect((await failed).status()).toBe(400);
    await expect(page.getByText("Choose one of the regions of Poland.")).toBeVisible();
    // The server re-rendered the form with what was typed and with Poland's regions.
    await expect(page.getByLabel("Given name")).toHaveValue("Jan");
    await expect(page.getByLabel("City or town")).toHaveValue("Kraków");
    await expect(page.getByLabel("Country")).toHaveValue("PL");
    const region = page.getByLabel("Region / state / province");
    await expect(region.locator("option", { hasText: "Texas" })).toHaveCount(0);
    await region.selectOption({ label: "Małopolskie" });
    await page.getByRole("button", { name: "Save personal details" }).click();
    await expect(page).toHaveURL(/\/members\/profile\?updated=personal$/);
    await expect(page.locator("dl").filter({ hasText: "Research surnames" })).toContainText("Małopolskie");
    await context.close();
  });
});

test.describe("profile pages: password", () => {
  test("a member changes their password; other sign-ins end, this one stays", async ({
    browser,
    page,
    database,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const account = await makeAccount();
    await signInAs(account);
    const otherPage = await profileElsewhere(browser, testInfo, database, account);

    await open(page, "/members/profile");
    await page.getByRole("link", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/members\/profileEditPassword$/);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);
    const fresh = "tea kettle lantern 42";
    await page.getByLabel("Current password").fill("not the password at all");
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("New password again").fill(fresh);
    const failed = postResponse(page, "/members/profileEditPassword");
    await page.getByRole("button", { name: "Change password" }).click();
    expect((await failed).status()).toBe(400);
    await expect(page.getByText("That is not your current password.")).toBeVisible();
    // Passwords are never sent back or kept in the fields.
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");
    expect(await page.content()).not.toContain(fresh);
    await expectAccessible(page);

    await page.getByLabel("Current password").fill(account.password);
    await page.getByLabel("New password", { exact: true }).fill("passwordpassword");
    await page.getByLabel("New password", { exact: true }).blur();
    await expect(page.getByText(/one of the most common passwords/)).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill(fresh);
    await page.getByLabel("New password again").fill(fresh);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/members\/profile\?updated=password$/);
    await expect(page.getByRole("status").filter({ hasText: "Your password is changed" })).toBeVisible();

    // The other browser is signed out; this one is not.
    await otherPage.goto("/members/profile");
    await expect(otherPage).toHaveURL(/\/Login\?redirectTo=%2Fmembers%2Fprofile$/);
    await open(page, "/members/profileEditUsername");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change username");
    await otherPage.context().close();

    const login = await page.request.post("/api/auth/login", { data: { username: account.username, password: fresh } });
    expect(login.status()).toBe(200);
  });
});

test.describe("profile pages: username", () => {
  test("a member sees a taken name as they type, then takes a free one", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const account = await makeAccount();
    const rival = await makeAccount();
    await signInAs(account);
    await open(page, "/members/profile");
    await page.getByRole("link", { name: "Change username" }).click();
    await expect(page).toHaveURL(/\/members\/profileEditUsername$/);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page);

    const field = page.getByLabel("New username");
    await field.pressSequentially(rival.username.toUpperCase(), { delay: 20 });
    await expect(page.getByRole("status").filter({ hasText: "That username is taken." })).toBeVisible();
    await expectAccessible(page);

    // Sent anyway, the server says the same beside the field.
    const failed = postResponse(page, "/members/profileEditUsername");
    await page.getByRole("button", { name: "Change username" }).click();
    expect((await failed).status()).toBe(400);
    await expect(page.locator(".field-error")).toHaveText("That username is taken. Try another.");

    const wanted = `${account.username}.new`;
    await field.fill("");
    await field.pressSequentially(wanted, { delay: 20 });
    await expect(page.getByRole("status").filter({ hasText: `“${wanted}” is available.` })).toBeVisible();
    await shot(page, testInfo, "profile-username");
    await page.getByRole("button", { name: "Change username" }).click();
    await expect(page).toHaveURL(/\/members\/profile\?updated=username$/);
    await expect(page.getByRole("status").filter({ hasText: "Your username is changed" })).toBeVisible();
    await expect(page.locator(".account-name")).toContainText(wanted);
    // The browser session follows the new name (SPEC §3).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("username"))).toBe(wanted);
  });
});

test.describe("profile pages: sign out everywhere", () => {
  test("ends every sign-in of the account, this browser's too", async ({
    browser,
    page,
    database,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const account = await makeAccount();
    await signInAs(account);
    const otherPage = await profileElsewhere(browser, testInfo, database, account);

    await open(page, "/members/profile");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    // The page's own runtime dropped its access token too: its start-up refresh was refused (SPEC §4 keeps the
    // username, as after any refused refresh).
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.goto("/members/profile");
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2Fmembers%2Fprofile$/);
    await otherPage.goto("/members/profile");
    await expect(otherPage).toHaveURL(/\/Login\?redirectTo=%2Fmembers%2Fprofile$/);
    await otherPage.context().close();
  });
});
