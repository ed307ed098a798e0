import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Issue #3's whole journey in one browser: sign-up → e-mail link → /success →
 * sign-in → every profile edit → sign-out, with the browser session state
 * (SPEC §3) checked in local storage after each step.
 */
const stored = (page: Page) =>
  page.evaluate(() => ({
    username: localStorage.getItem("username"),
    hasToken: !!localStorage.getItem("token"),
    loginHidden: localStorage.getItem("loginHidden"),
  }));

const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
}

test("sign up, confirm, sign in, edit everything, sign out", async ({ page, mailTo, forgetUsers }) => {
  test.setTimeout(90_000);
  const first = `walk-${randomBytes(3).toString("hex")}`;
  const renamed = `${first}-b`;
  forgetUsers(first, renamed);
  let password = "several plain words together";

  // Sign up: a visitor, nothing stored yet.
  await page.goto("/signup/new");
  await settle(page);
  expect(await stored(page)).toEqual({ username: null, hasToken: false, loginHidden: null });
  await page.getByLabel("Username").fill(first);
  await page.getByLabel("E-mail address").fill(`${first}@example.org`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Password again").fill(password);
  await page.getByLabel("Given name").fill("Wilhelmine");
  await page.getByLabel("Surname", { exact: true }).fill("Janke");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your inbox");
  expect(await stored(page)).toEqual({ username: null, hasToken: false, loginHidden: null });

  // The e-mailed link lands on /success; still signed out.
  await page.goto(linkIn((await mailTo(`${first}@example.org`, /Confirm your e-mail/)).text));
  await expect(page).toHaveURL(/\/success$/);
  await settle(page);
  expect(await stored(page)).toEqual({ username: null, hasToken: false, loginHidden: null });

  // Sign in: the runtime stores the session.
  await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
  await page.getByLabel("Username or e-mail").fill(first);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".account-name")).toContainText(first);
  await expect.poll(() => stored(page)).toEqual({ username: first, hasToken: true, loginHidden: "true" });

  // Personal data.
  await page.goto("/members/profileEditPersonal");
  await settle(page);
  await page.getByLabel("City or town").fill("Rozhyshche");
  await page.getByLabel("Surnames you research").fill("Janke, Radke");
  await page.getByRole("button", { name: "Save personal details" }).click();
  await expect(page).toHaveURL(/updated=personal/);
  await settle(page);
  expect(await stored(page)).toEqual({ username: first, hasToken: true, loginHidden: "true" });

  // Password.
  await page.goto("/members/profileEditPassword");
  await settle(page);
  const next = "other plain words together now";
  await page.getByLabel("Current password").fill(password);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/updated=password/);
  password = next;
  await settle(page);
  expect(await stored(page)).toEqual({ username: first, hasToken: true, loginHidden: "true" });

  // Username: the stored username follows.
  await page.goto("/members/profileEditUsername");
  await settle(page);
  await page.getByLabel("New username").fill(renamed);
  await page.getByRole("button", { name: "Change username" }).click();
  await expect(page).toHaveURL(/updated=username/);
  await expect.poll(() => stored(page)).toEqual({ username: renamed, hasToken: true, loginHidden: "true" });

  // E-mail: confirmed through the link sent to the new address.
  await page.goto("/members/profileEditEmail");
  await settle(page);
  const newEmail = `${renamed}@example.net`;
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByLabel("Current password").fill(password);
  await page.getByRole("button", { name: "Send the confirmation link" }).click();
  await expect(page.getByRole("status")).toContainText("Your address stays");
  await page.goto(linkIn((await mailTo(newEmail, /Confirm your new e-mail/)).text));
  await expect(page).toHaveURL(/updated=email/);
  await settle(page);
  expect(await stored(page)).toEqual({ username: renamed, hasToken: true, loginHidden: "true" });

  // Sign out: username and token gone, loginHidden false.
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  expect(await stored(page)).toEqual({ username: null, hasToken: false, loginHidden: "false" });
});
