import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];
const fresh = () => `new-${randomBytes(4).toString("hex")}`;

async function fillSignUp(page: Page, username: string, password: string) {
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("E-mail address").fill(`${username}@example.org`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password again").fill(password);
  await page.getByLabel("Given name").fill("Justine");
  await page.getByLabel("Surname", { exact: true }).fill("Radke");
}

test.describe("becoming a member", () => {
  test("sign up, confirm the e-mail, land on /success, sign in, sign out", async ({
    page,
    mailTo,
    forgetUsers,
  }, testInfo) => {
    const username = fresh();
    forgetUsers(username);
    const password = "many words make a password";
    await page.goto("/Signup");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signup\/new$/);
    await expect(page.getByLabel("Country")).toHaveValue("");
    await expect(page.getByLabel("Country").locator("option").first()).toHaveText("Select Country");
    await expect(
      page
        .getByLabel(/^Region/)
        .locator("option")
        .first(),
    ).toHaveText("Select Region");
    // With no country chosen the region list is the United States'.
    await expect(page.getByLabel(/^Region/).locator("option", { hasText: "Texas" })).toHaveCount(1);
    await fillSignUp(page, username, password);
    await page.getByLabel("Country").selectOption({ label: "Canada" });
    await expect(page.getByLabel(/^Region/).locator("option", { hasText: "Ontario" })).toHaveCount(1);
    await page.getByLabel(/^Region/).selectOption({ label: "Ontario" });
    await page.getByLabel("Surnames").fill("Radke, Schulz");
    await expectAccessible(page);
    await shot(page, testInfo, "sign-up");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");

    const mail = await mailTo(`${username}@example.org`, /Confirm your e-mail/);
    const link = linkIn(mail.text);
    await page.goto(link);
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole("status")).toContainText("membership is active");
    await expectAccessible(page);

    // The same link again explains itself.
    await page.goto(link);
    await expect(page).toHaveURL(/\/signup\/error\?reason=used$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has already been used");

    await page.goto("/Login");
    await page.getByLabel("Username or e-mail").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator(".account-name")).toContainText(username);
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem("username"), localStorage.getItem("loginHidden")]))
      .toEqual([username, "true"]);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("loginHidden"))).toBe("false");
  });

  test("mistakes are named beside their fields, with a 400, and everything but the passwords is kept", async ({
    page,
    makeAccount,
  }) => {
    const existing = await makeAccount();
    await page.goto("/signup/new");
    // The checks as one types are the browser's: wait until the page is hydrated (a loaded machine is slow to).
    await page.waitForLoadState("networkidle");
    await fillSignUp(page, existing.username.toUpperCase(), "many words make a password");
    await page.getByLabel("Password again").fill("something else entirely");
    await page.getByLabel("Password again").blur();
    await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
    await page.getByLabel("Password again").fill("many words make a password");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Sign up" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByText("That username is taken")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(existing.username.toUpperCase());
    await expect(page.getByLabel("Given name")).toHaveValue("Justine");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
  });

  test("without JavaScript the server checks everything too", async ({ browser, forgetUsers }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
      userAgent: testInfo.project.use.userAgent,
    });
    const page = await context.newPage();
    const username = fresh();
    forgetUsers(username);
    await page.goto("/signup/new");
    await fillSignUp(page, username, "short");
    await page.getByLabel("Password again").fill("short");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Use at least 12 characters")).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(username);
    await fillSignUp(page, username, "many words make a password");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
    await context.close();
  });

  test("a honeypot time stamp that cannot be read gets the form's message and a 400, not a 500", async ({
    browser,
    database,
    forgetUsers,
  }, testInfo) => {
    // Without JavaScript, as a bot posts: with it, React puts the rendered time stamp back before the form is sent.
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
      userAgent: testInfo.project.use.userAgent,
    });
    const page = await context.newPage();
    const username = fresh();
    forgetUsers(username);
    await page.goto("/signup/new");
    await fillSignUp(page, username, "many words make a password");
    // The value a security test sent: it makes crypto-js throw "Malformed UTF-8 data" (with some secrets).
    await page
      .locator('input[name="from__confirm"]')
      .evaluate(
        (el: HTMLInputElement) => (el.value = "U2FsdGVkX18AAAAAAAAAAAMDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY="),
      );
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/signup/new")),
      page.getByRole("button", { name: "Sign up" }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "Reload the page" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveValue(username);
    await shot(page, testInfo, "sign-up-unreadable-honeypot");
    const row = await database.db
      .selectFrom("users")
      .select("id")
      .where("username_key", "=", username)
      .executeTakeFirst();
    expect(row).toBeUndefined();
    await context.close();
  });

  test("a filled honeypot creates nothing but looks the same", async ({ page, database, forgetUsers }) => {
    const username = fresh();
    forgetUsers(username);
    await page.goto("/signup/new");
    await fillSignUp(page, username, "many words make a password");
    // What a bot does and a person cannot: fill the hidden field.
    await page.locator('input[name="name__confirm"]').evaluate((el: HTMLInputElement) => (el.value = "I am a bot"));
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
    const row = await database.db
      .selectFrom("users")
      .select("id")
      .where("username_key", "=", username)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

test.describe("getting back in", () => {
  test("a forgotten password is reset through the e-mailed link, once", async ({ page, makeAccount, mailTo }) => {
    const account = await makeAccount();
    await page.goto("/Login");
    await page.getByRole("link", { name: "Forgotten your password?" }).click();
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toContainText("an e-mail is on its way");
    const link = linkIn((await mailTo(account.email, /new Metryka password/)).text);
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("a brand new long password");
    await page.getByLabel("New password again").fill("a brand new long password");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(/\/Login\?reset=1$/);
    await expect(page.getByRole("status")).toContainText("new password is saved");
    await page.getByLabel("Username or e-mail").fill(account.username);
    await page.getByLabel("Password").fill("a brand new long password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator(".account-name")).toContainText(account.username);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
  });

  test("a forgotten username is sent by e-mail; unknown addresses get the same answer", async ({
    page,
    makeAccount,
    mailTo,
  }) => {
    const account = await makeAccount();
    await page.goto("/forgot-username");
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByRole("button", { name: "Send my username" }).click();
    await expect(page.getByRole("status")).toContainText("an e-mail is on its way");
    expect((await mailTo(account.email, /username/)).text).toContain(account.username);
    // The status line is already showing from the first answer, so it cannot tell that the second one
    // has arrived; the field emptied by that answer can. Typing before it arrives would be wiped out.
    await expect(page.getByLabel("E-mail address")).toHaveValue("");
    await page.getByLabel("E-mail address").fill("nobody-at-all@example.org");
    await page.getByRole("button", { name: "Send my username" }).click();
    await expect(page.getByLabel("E-mail address")).toHaveValue("");
    await expect(page.getByRole("status")).toContainText("an e-mail is on its way");
    await page.getByLabel("E-mail address").fill("not an address");
    await page.getByRole("button", { name: "Send my username" }).click();
    await expect(page.getByText("Enter an e-mail address like name@example.org.")).toBeVisible();
  });

  test("a broken link lands on /signup/error with a reason and a way on", async ({ page }) => {
    await page.goto("/signup/verify?token=not-a-real-token");
    await expect(page).toHaveURL(/\/signup\/error\?reason=invalid$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
    await expectAccessible(page);
  });
});
