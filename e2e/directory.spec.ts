import type { Browser, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

const DIRECTORY = "/members/membership/search";

function noScriptContext(browser: Browser, testInfo: TestInfo) {
  return browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
    userAgent: testInfo.project.use.userAgent,
  });
}

test.describe("member directory", () => {
  test("a member finds another by a sound-alike research surname, never an unlisted one", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const listed = await makeAccount({
      profile: {
        givenName: "Anna",
        surname: "Nowak",
        researchSurnames: "Szmidt, Kühn",
        researchPlaces: "Łódź, Rożyszcze",
        phone: "+48 42 555 01 01",
        listed: true,
      },
    });
    const unlisted = await makeAccount({
      profile: { surname: "Hidden", researchSurnames: "Schmit", researchPlaces: "Łódź", listed: false },
    });
    const suspended = await makeAccount({
      status: "suspended",
      profile: { surname: "Away", researchSurnames: "Schmidt", listed: true },
    });
    const me = await makeAccount({ profile: { surname: "Searcher", researchSurnames: "Wagner" } });
    await signInAs(me);

    // The profile says whether you are listed and links to the directory; so does the menu.
    await page.goto("/members/profile");
    await page.waitForLoadState("networkidle");
    await expect(page.getByText("Not listed: other members cannot find you")).toBeVisible();
    await expect(page.getByText(`No. ${me.id}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Search the member directory" })).toHaveAttribute("href", DIRECTORY);
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Members", exact: true }).click();
    await nav.getByRole("menuitem", { name: /^Member directory/ }).click();
    await expect(page).toHaveURL(DIRECTORY);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Member directory");
    await expect(page.getByText("You are not listed, so other members cannot find you here.")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Surname", { exact: true }).fill("Schmidt");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/research=Schmidt/);
    const row = page.locator("table.directory-table tbody tr", { hasText: listed.email });
    await expect(row).toBeVisible();
    await expect(row.locator("td").first()).toHaveText("Anna Nowak");
    await expect(row).toContainText(`No. ${listed.id}`);
    await expect(row.locator("mark")).toHaveText(["Szmidt"]);
    await expect(row.getByRole("list", { name: "Places Anna Nowak researches" }).getByRole("listitem")).toHaveText([
      "Łódź",
      "Rożyszcze",
    ]);
    await expect(row.getByRole("link", { name: listed.email })).toHaveAttribute("href", `mailto:${listed.email}`);
    const table = page.locator("table.directory-table");
    await expect(table).not.toContainText(unlisted.email);
    await expect(table).not.toContainText(suspended.email);
    await expect(page.locator("main")).not.toContainText("555 01 01");
    await expect(page.locator(".chips .chip")).toHaveText(["Researches: Schmidt (sounds like)"]);
    await expectAccessible(page);
    await shot(page, testInfo, "directory-results");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "directory-results-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    // Not even the exact member number or e-mail address finds an unlisted or suspended member.
    for (const hidden of [unlisted, suspended]) {
      for (const query of [`number=${hidden.id}`, `email=${encodeURIComponent(hidden.email)}`]) {
        await page.goto(`${DIRECTORY}?${query}`);
        await expect(page.locator("#results-heading"), query).toHaveText("No listed member found");
      }
    }
    await expect(page.getByRole("link", { name: "Edit personal details" })).toHaveAttribute(
      "href",
      "/members/profileEditPersonal",
    );
    await shot(page, testInfo, "directory-empty");
    await page.goto(`${DIRECTORY}?number=12x&email=anna`);
    await expect(page.locator("#email-error")).toHaveText(
      "Enter the whole e-mail address, for example anna@example.org.",
    );
    await expectAccessible(page);

    // A place narrows by any word, accents ignored; removing the chip widens again.
    await page.goto(`${DIRECTORY}?research=Schmidt&place=rozysz`);
    await expect(page.locator("table.directory-table tbody tr")).toHaveCount(1);
    await expect(page.locator("table.directory-table tbody tr mark")).toHaveText(["Szmidt", "Rożyszcze"]);
    await page.getByRole("link", { name: "Remove Research place: rozysz" }).click();
    await expect(page).not.toHaveURL(/place=/);
    await expect(page.locator(".chips .chip")).toHaveText(["Researches: Schmidt (sounds like)"]);
  });

  test("without JavaScript: the search works and bad input is answered 400 beside the field", async ({
    browser,
    makeAccount,
    cookieFor,
  }, testInfo) => {
    const listed = await makeAccount({
      profile: { givenName: "Bert", surname: "Müller", researchSurnames: "Schmit", listed: true },
    });
    const me = await makeAccount();
    const context = await noScriptContext(browser, testInfo);
    const [name, value] = (await cookieFor(me)).split("=");
    await context.addCookies([{ name, value, url: testInfo.project.use.baseURL!, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();

    await page.goto(DIRECTORY);
    await page.getByLabel("Member's surname").fill("muller");
    await page.getByLabel("Results per page").selectOption("10");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/surname=muller/);
    await expect(page.locator("table.directory-table")).toContainText(listed.email);

    const response = await page.goto(`${DIRECTORY}?number=12x&research=Schmidt&perPage=10`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("nothing was searched");
    await expect(page.locator("#number-error")).toHaveText("A member number is a whole number, for example 42.");
    await expect(page.getByLabel("Member number")).toHaveValue("12x");
    await expect(page.getByLabel("Member number")).toHaveAttribute("aria-describedby", "number-error");
    await expect(page.getByLabel("Surname", { exact: true })).toHaveValue("Schmidt");
    await expect(page.locator("table.directory-table")).toHaveCount(0);
    // (axe needs JavaScript; the same page with it is checked in the first test.)
    await shot(page, testInfo, "directory-error");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "directory-error-phone");
    await context.close();
  });

  test("visitors are sent to sign in, inactive members get 403, the payload is 401", async ({
    page,
    request,
    makeAccount,
    cookieFor,
  }) => {
    await page.goto(`${DIRECTORY}?research=Schmidt`);
    await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(`${DIRECTORY}?research=Schmidt`)}`);

    const payload = await request.get(`${DIRECTORY}/_payload.json?research=Schmidt`, { maxRedirects: 0 });
    expect(payload.status()).toBe(401);
    expect(await payload.text()).not.toContain("@example.org");

    const suspended = await makeAccount({ status: "suspended" });
    const refused = await request.get(DIRECTORY, { headers: { Cookie: await cookieFor(suspended) }, maxRedirects: 0 });
    expect(refused.status()).toBe(403);

    const member = await makeAccount();
    const data = await request.get(`${DIRECTORY}/_payload.json?research=Schmidt`, {
      headers: { Cookie: await cookieFor(member) },
      maxRedirects: 0,
    });
    expect(data.status()).toBe(200);
  });
});
