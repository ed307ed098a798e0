import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./helpers";

const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];

test.describe("changing the e-mail address", () => {
  test("needs the password, takes effect only through the link, and tells the old address", async ({
    page,
    makeAccount,
    signInAs,
    mailTo,
  }) => {
    const account = await makeAccount();
    await signInAs(account);
    const newEmail = `moved-${randomBytes(4).toString("hex")}@example.org`;
    await page.goto("/members/profile");
    await page.getByRole("link", { name: "Change e-mail" }).click();
    await expect(page).toHaveURL(/\/members\/profileEditEmail$/);
    await expectAccessible(page);
    await page.getByLabel("New e-mail address").fill(newEmail);
    await page.getByLabel("Current password").fill("not my password at all");
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Send the confirmation link" }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(page.getByText("That is not your current password.")).toBeVisible();
    await expect(page.getByLabel("New e-mail address")).toHaveValue(newEmail);
    await expect(page.getByLabel("Current password")).toHaveValue("");

    await page.getByLabel("Current password").fill(account.password);
    await page.getByRole("button", { name: "Send the confirmation link" }).click();
    await expect(page.getByRole("status")).toContainText(`Your address stays ${account.email}`);

    const link = linkIn((await mailTo(newEmail, /Confirm your new e-mail/)).text);
    await page.goto(link);
    await expect(page).toHaveURL(/\/members\/profile\?updated=email$/);
    await expect(page.getByText(newEmail)).toBeVisible();
    expect((await mailTo(account.email, /was changed/)).text).toContain("was changed");

    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText(/already been used/);
  });

  test("a visitor opening the link is asked to sign in first", async ({ page }) => {
    await page.goto("/members/profileEditEmail?token=whatever");
    await expect(page).toHaveURL(/\/Login\?redirectTo=%2Fmembers%2FprofileEditEmail%3Ftoken%3Dwhatever$/);
  });
});
