import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { contextSignedIn, expectAccessible, shot } from "./helpers";

/**
 * Issue 29, "Done when": with JavaScript on and off, a search with results, a record page, a members' search, the
 * member directory and the administrator's import page in each language; the choice made on the first page holds on
 * the next ones. (The home page and the sign-up form's errors: languages.spec.ts.)
 */
const LANGUAGES = ["en", "de", "pl", "uk", "ru"] as const;
type Language = (typeof LANGUAGES)[number];

/** A text of a catalog, as the page shows it: the test reads the same files the site does. */
function text(language: Language, namespace: string, key: string): string {
  const catalog = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "../app/locales", language, `${namespace}.json`), "utf8"),
  ) as Record<string, unknown>;
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
}

const htmlLang = (page: Page) => page.locator("html").getAttribute("lang");

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
        page.getByRole("button", { name: text(language, "search", "form.search"), exact: true }),
      ).toBeVisible();
      await expect(page.getByRole("region", { name: text(language, "search", "results.tableLabel") })).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);
      await shot(page, testInfo, `search-${language}-${javaScriptEnabled ? "js" : "nojs"}`);

      // Its first record: the cookie keeps the language.
      await page.locator('main a[href^="/stpete/birth/record/"]').first().click();
      await expect(page).toHaveURL(/\/stpete\/birth\/record\/\d+/);
      expect(await htmlLang(page)).toBe(language);
      await expect(page.getByRole("heading", { name: text(language, "records", "citation.heading") })).toBeVisible();

      // A members' collection, searched as a member.
      await page.goto("/members/lublin/birth/search?surname=Schmidt");
      expect(await htmlLang(page)).toBe(language);
      await expect(
        page.getByRole("button", { name: text(language, "search", "form.search"), exact: true }),
      ).toBeVisible();

      // The member directory.
      await page.goto("/members/membership/search");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "members", "directory.heading"));

      // The administrator's import page.
      await page.goto("/members/admin/imports/new");
      expect(await htmlLang(page)).toBe(language);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "imports", "new.heading"));
      await expect(page.getByRole("button", { name: text(language, "imports", "new.submit") })).toBeVisible();
      if (javaScriptEnabled) await expectAccessible(page);
      await context.close();
    });
  }
}
