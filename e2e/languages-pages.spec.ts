import { expect, test } from "./fixtures";
import { catalogText, contextSignedIn, expectAccessible, htmlLang, shot } from "./helpers";

/**
 * Issue 29, "Done when": with JavaScript on and off, a search with results, a record page, a members' search, the
 * member directory and the administrator's import page in each language; the choice made on the first page holds on
 * the next ones. (The home page and the sign-up form's errors: languages.spec.ts.)
 */
const LANGUAGES = ["en", "de", "pl", "uk", "ru"] as const;

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  for (const language of LANGUAGES) {
    test(`${language} ${how}: search, record, members' search, directory and import page`, async ({
      browser,
      makeAccount,
      cookieFor,
    }, testInfo) => {
      const baseURL = testInfo.project.use.baseURL!;
      const admin = await makeAccount({ role: "admin" });
      const context = await contextSignedIn(browser, baseURL, cookieFor, admin, { javaScriptEnabled });
      const page = await context.newPage();

      // A public search with results, in the language chosen by ?lng=.
      await page.goto(`/stpete/birth/search?surname=Schmidt&lng=${language}`);
      expect(await htmlLang(page)).toBe(language);
      await expect(
        page.getByRole("button", { name: catalogText(language, "search", "form.search"), exact: true }),
      ).toBeVisible();
      await expect(
        page.getByRole("region", { name: catalogText(language, "search", "results.tableLabel") }),
      ).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);
      await shot(page, testInfo, `search-${language}-${javaScriptEnabled ? "js" : "nojs"}`);

      // Its first record: the cookie keeps the language.
      await page.locator('main a[href^="/stpete/birth/record/"]').first().click();
      await expect(page).toHaveURL(/\/stpete\/birth\/record\/\d+/);
      expect(await htmlLang(page)).toBe(language);
      await expect(
        page.getByRole("heading", { name: catalogText(language, "records", "citation.heading") }),
      ).toBeVisible();

      // A members' collection, searched as a member.
      await page.goto("/members/lublin/birth/search?surname=Schmidt");
      expect(await htmlLang(page)).toBe(language);
      await expect(
        page.getByRole("button", { name: catalogText(language, "search", "form.search"), exact: true }),
      ).toBeVisible();

      // The member directory.
      await page.goto("/members/membership/search");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        catalogText(language, "members", "directory.heading"),
      );

      // The administrator's import page.
      await page.goto("/members/admin/imports/new");
      expect(await htmlLang(page)).toBe(language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText(language, "imports", "new.heading"));
      await expect(page.getByRole("button", { name: catalogText(language, "imports", "new.submit") })).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);
      await context.close();
    });
  }
}
