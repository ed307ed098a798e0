import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { contextSignedIn, expectAccessible, shot } from "./helpers";

test("an administrator finds, sorts and changes a member, and signs them out everywhere", async ({
  page,
  browser,
  baseURL,
  makeAccount,
  signInAs,
  cookieFor,
}, testInfo) => {
  const admin = await makeAccount({ role: "admin" });
  const target = await makeAccount();
  await signInAs(admin);

  // The member is signed in elsewhere.
  const memberContext = await contextSignedIn(browser, baseURL!, cookieFor, target);
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/members/profile");
  await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();
  expect(new URL(memberPage.url()).pathname).toBe("/members/profile");

  await page.goto("/");
  await page.getByRole("link", { name: "Administration" }).click();
  await expect(page).toHaveURL(/\/members\/admin$/);
  await expect(page.getByRole("heading", { name: "Members", level: 2 })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "admin-members-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await shot(page, testInfo, "admin-members-phone");
  // On a phone the table scrolls inside its box; the page itself does not get wider.
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.win);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Search and filter: all in the URL.
  await page.getByLabel("Username, e-mail or name").fill(target.username.toUpperCase());
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("active");
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("member");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByRole("heading", { name: /^1 member/ })).toBeVisible();
  await expect(page.getByRole("link", { name: target.username, exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Remove Role: Member` })).toBeVisible();

  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No members found" })).toBeVisible();
  await page.getByRole("link", { name: "Remove Role: Administrator" }).click();
  await expect(page.getByRole("link", { name: target.username, exact: true })).toBeVisible();

  // Sorting: a click sorts by the column, a second click turns it round.
  await page.getByRole("link", { name: "E-mail", exact: true }).click();
  await expect(page).toHaveURL(/sort=email/);
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: "E-mail", exact: true }).click();
  await expect(page).toHaveURL(/sort=-email/);
  await expect(page.getByRole("columnheader", { name: "E-mail" })).toHaveAttribute("aria-sort", "descending");

  // A malformed parameter: a message beside the field, 400.
  const bad = await page.goto("/members/admin?perPage=7");
  expect(bad?.status()).toBe(400);
  await expect(page.getByText("Show 25, 50, 100 members per page.")).toBeVisible();

  // One member: sign them out everywhere.
  await page.goto(`/members/admin?q=${target.username}`);
  await page.getByRole("link", { name: target.username, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/members/admin/members/${target.id}$`));
  await expectAccessible(page);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText("Every sign-in of this account has been ended.")).toBeVisible();
  await memberPage.goto("/members/profile");
  await expect(memberPage).toHaveURL(/\/Login\?redirectTo=/);
  await memberContext.close();

  // Status and expiry.
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("suspended");
  await page.getByLabel("Membership expires on").fill("2030-12-31");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("The account is saved.")).toBeVisible();
  const account = page.getByRole("region", { name: "Account", exact: true });
  await expect(account.getByText("2030-12-31")).toBeVisible();
  await expect(account.getByText("Suspended")).toBeVisible();

  // The audit trail, newest first.
  const trail = page.getByRole("region", { name: "Audit trail of this account" });
  await expect(trail.getByRole("row").nth(1)).toContainText("sessions.revoked");
  await expect(trail.getByText("status: active → suspended; expires: none → 2030-12-31")).toBeVisible();
  await expect(trail.getByText("signed out everywhere by an administrator")).toBeVisible();

  // The audit log, searched by the member's username.
  await page.getByRole("link", { name: "Audit log" }).click();
  await expectAccessible(page);
  await page.getByLabel("Username (who acted, or whose account)").fill(target.username);
  await page.getByLabel("Action contains").fill("account.updated");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: /^1 entry/ })).toBeVisible();

  await page.getByRole("link", { name: "Approvals" }).click();
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test("an administrator previews and publishes a content page that members then read", async ({
  page,
  browser,
  baseURL,
  makeAccount,
  signInAs,
  cookieFor,
}) => {
  const admin = await makeAccount({ role: "admin" });
  const member = await makeAccount();
  await signInAs(admin);
  const slug = `e2e-guide-${randomBytes(3).toString("hex")}`;

  await page.goto("/members/admin/pages");
  await expectAccessible(page);
  await page.getByRole("link", { name: "New page" }).click();
  await page.getByLabel("Title").fill("Reading Volhynian registers");
  await page.getByLabel("Address").fill(slug);
  await page.getByLabel("Text (Markdown)").fill("## Where to start\n\nThe **metrical books** are in Zhytomyr.");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview (not saved)" });
  await expect(preview.getByRole("heading", { name: "Where to start" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("metrical books");
  // Nothing saved yet; the form keeps what was typed.
  await expect(page.getByLabel("Address")).toHaveValue(slug);
  await expectAccessible(page);

  await page.getByLabel("Published (members can read it)").check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/members\/admin\/pages\?saved=/);
  await expect(page.getByRole("link", { name: `/members/${slug}` })).toBeVisible();

  const memberContext = await contextSignedIn(browser, baseURL!, cookieFor, member);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`/members/${slug}`);
  await expect(memberPage.getByRole("heading", { name: "Reading Volhynian registers", level: 1 })).toBeVisible();
  await expect(memberPage.locator(".prose strong")).toHaveText("metrical books");
  const missing = await memberPage.goto(`/members/${slug}-nowhere`);
  expect(missing?.status()).toBe(404);
  await memberContext.close();

  const visitorContext = await contextSignedIn(browser, baseURL!, cookieFor, null);
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`/members/${slug}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/Login\\?redirectTo=${encodeURIComponent(`/members/${slug}`)}`));
  await visitorContext.close();

  // Deleting asks for a confirmation first.
  await page.getByRole("link", { name: "Reading Volhynian registers" }).click();
  await page.getByRole("button", { name: "Delete page" }).click();
  await expect(page.getByText("Tick the box to confirm that the page should be deleted.")).toBeVisible();
  await page.getByLabel(/Yes, delete/).check();
  await page.getByRole("button", { name: "Delete page" }).click();
  await expect(page.getByText(`The page “${slug}” is deleted.`)).toBeVisible();
});

test("a plain member gets 403 in the admin area", async ({ page, makeAccount, signInAs }) => {
  const member = await makeAccount();
  await signInAs(member);
  const response = await page.goto("/members/admin");
  expect(response?.status()).toBe(403);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Administration" })).toHaveCount(0);
});
