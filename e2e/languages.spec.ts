import type { Browser, Page, TestInfo } from "@playwright/test";
import { PERSON_USER_AGENT } from "../playwright.config";
import { expect, test } from "./fixtures";
import { catalogText, expectAccessible, htmlLang, shot } from "./helpers";

/** Issue 29: the site in five languages, chosen by ?lng=, the cookie, the profile or the browser. */
const LANGUAGES = ["en", "de", "pl", "uk", "ru"] as const;
type Language = (typeof LANGUAGES)[number];
const NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  pl: "Polski",
  uk: "Українська",
  ru: "Русский",
};

const HOW = ["with JavaScript", "without JavaScript"] as const;

async function browse(browser: Browser, testInfo: TestInfo, how: (typeof HOW)[number], locale = "en-US") {
  const context = await browser.newContext({
    javaScriptEnabled: how === "with JavaScript",
    baseURL: testInfo.project.use.baseURL,
    userAgent: PERSON_USER_AGENT,
    locale,
  });
  return { context, page: await context.newPage() };
}

test.describe("languages", () => {
  for (const how of HOW) {
    for (const language of LANGUAGES) {
      test(`${language} ${how}: the home page, and the sign-up form's errors, in ${NAMES[language]}; the choice sticks`, async ({
        browser,
      }, testInfo) => {
        const { context, page } = await browse(browser, testInfo, how);
        await page.goto(`/?lng=${language}`);
        expect(await htmlLang(page)).toBe(language);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText(language, "home", "heading"));
        await expect(page.locator(".language-menu summary")).toContainText(NAMES[language]);
        await expect(page.locator(`link[rel=alternate][hreflang=${language}]`)).toHaveAttribute(
          "href",
          new RegExp(`/\\?lng=${language}$`),
        );
        if (how === "with JavaScript") await expectAccessible(page);
        // Another page, without ?lng=: the cookie keeps the language.
        await page.goto("/signup/new");
        expect(await htmlLang(page)).toBe(language);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          catalogText(language, "auth", "signUp.heading"),
        );
        await page.getByLabel(catalogText(language, "auth", "signUp.username")).fill("ab");
        await page.getByLabel(catalogText(language, "auth", "signUp.email"), { exact: true }).fill("not an address");
        await page.getByRole("button", { name: catalogText(language, "auth", "signUp.submit") }).click();
        await expect(page.locator("#sign-up-username-error, [id$='username-error']").first()).toHaveText(
          catalogText(language, "forms", "Use at least 3 characters."),
        );
        await expect(page.locator("[id$='email-error']").first()).toHaveText(
          catalogText(language, "forms", "Enter an e-mail address like name@example.org."),
        );
        await expect(page.locator("[id$='givenName-error']").first()).toHaveText(
          catalogText(language, "forms", "Enter your given name."),
        );
        if (how === "with JavaScript") await expectAccessible(page);
        await shot(page, testInfo, `sign-up-error-${language}-${how === "with JavaScript" ? "js" : "nojs"}`);
        await context.close();
      });
    }

    test(`an unknown ?lng=xx, a mangled cookie or a 10 KB Accept-Language give English, ${how}`, async ({
      browser,
    }, testInfo) => {
      const { context, page } = await browse(browser, testInfo, how);
      const answer = await page.goto("/?lng=xx");
      expect(answer?.status()).toBe(200);
      expect(await htmlLang(page)).toBe("en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("en", "home", "heading"));
      await context.addCookies([{ name: "lng", value: "%E0%A4%Ade", url: testInfo.project.use.baseURL! }]);
      await context.setExtraHTTPHeaders({ "Accept-Language": `${"x-abc;q=0.5,".repeat(850)}de` });
      const again = await page.goto("/signup/new");
      expect(again?.status()).toBe(200);
      expect(await htmlLang(page)).toBe("en");
      await context.close();
    });

    test(`error pages speak the chosen language; English keeps the spec's words, ${how}`, async ({
      browser,
    }, testInfo) => {
      const { context, page } = await browse(browser, testInfo, how);
      const german = await page.goto("/no/such/page?lng=de");
      expect(german?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("de", "common", "error.title.404"));
      await expect(page.locator(".error-message")).toHaveText("Seite nicht gefunden: /no/such/page");
      await page.goto("/no/such/page?lng=en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
      await expect(page.locator(".error-message")).toHaveText("Page not found: /no/such/page");
      await context.close();
    });

    test(`the language menu works as plain links, and the browser's language is the default, ${how}`, async ({
      browser,
    }, testInfo) => {
      const { context, page } = await browse(browser, testInfo, how, "pl-PL");
      await page.goto("/Login");
      expect(await htmlLang(page)).toBe("pl");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("pl", "auth", "signIn.heading"));
      await page.locator(".language-menu summary").click();
      await page.getByRole("link", { name: "Deutsch" }).click();
      await expect(page).toHaveURL(/\/Login\?lng=de$/);
      expect(await htmlLang(page)).toBe("de");
      await page.getByRole("link", { name: catalogText("de", "auth", "signIn.forgotPassword") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        catalogText("de", "auth", "help.forgotPassword.heading"),
      );
      await context.close();
    });

    test(`a member's profile language applies once signed in, and a choice made before signing in stays, ${how}`, async ({
      browser,
      makeAccount,
      database,
    }, testInfo) => {
      const member = await makeAccount();
      await database.db.updateTable("users").set({ language: "uk" }).where("id", "=", member.id).execute();
      const signIn = async (page: Page, language: Language) => {
        await page.getByLabel(catalogText(language, "auth", "signIn.login")).fill(member.username);
        await page.getByLabel(catalogText(language, "auth", "signIn.password"), { exact: true }).fill(member.password);
        await page.getByRole("button", { name: catalogText(language, "auth", "signIn.submit") }).click();
        await expect(page.locator(".account-name")).toContainText(member.username);
      };
      // No choice in this browser: the profile's Ukrainian once signed in.
      const first = await browse(browser, testInfo, how);
      await first.page.goto("/Login");
      expect(await htmlLang(first.page)).toBe("en");
      await signIn(first.page, "en");
      await first.page.goto("/");
      expect(await htmlLang(first.page)).toBe("uk");
      await expect(first.page.getByRole("heading", { level: 1 })).toHaveText(catalogText("uk", "home", "heading"));
      await first.context.close();
      // Russian chosen in the menu before signing in: the browser's choice stays after it.
      const second = await browse(browser, testInfo, how);
      await second.page.goto("/Login?lng=ru");
      await signIn(second.page, "ru");
      await second.page.goto("/");
      expect(await htmlLang(second.page)).toBe("ru");
      await second.context.close();
    });
  }

  test("a member keeps a language in their personal details; it follows them and moves the browser's choice", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }) => {
    const member = await makeAccount({ profile: { givenName: "Olga", surname: "Schulz" } });
    await signInAs(member);
    await page.goto("/members/profileEditPersonal?lng=pl");
    await page.getByLabel(catalogText("pl", "members", "personal.siteLanguage")).selectOption("de");
    await page.getByRole("button", { name: catalogText("pl", "members", "personal.save") }).click();
    await expect(page).toHaveURL(/\/members\/profile\?updated=personal$/);
    expect(await htmlLang(page)).toBe("de");
    const row = await database.db.selectFrom("users").select("language").where("id", "=", member.id).executeTakeFirst();
    expect(row?.language).toBe("de");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("de", "home", "heading"));
    // "As my browser asks" leaves it to the browser again, and forgets the cookie.
    await page.goto("/members/profileEditPersonal");
    await expect(page.getByLabel(catalogText("de", "members", "personal.siteLanguage"))).toHaveValue("de");
    await page.getByLabel(catalogText("de", "members", "personal.siteLanguage")).selectOption("");
    await page.getByRole("button", { name: catalogText("de", "members", "personal.save") }).click();
    await expect(page).toHaveURL(/updated=personal$/);
    expect(await htmlLang(page)).toBe("en");
  });

  test("the e-mails go out in the page's language: sign-up in German, a forgotten password in Polish", async ({
    page,
    makeAccount,
    mailTo,
    forgetUsers,
  }) => {
    const username = `de-${Date.now().toString(36)}`;
    forgetUsers(username);
    await page.goto("/signup/new?lng=de");
    await page.getByLabel("Benutzername").fill(username);
    await page.getByLabel("E-Mail-Adresse", { exact: true }).fill(`${username}@example.org`);
    await page.getByLabel("Passwort", { exact: true }).fill("viele Wörter sind ein Passwort");
    await page.getByLabel("Passwort wiederholen").fill("viele Wörter sind ein Passwort");
    await page.getByLabel("Vorname").fill("Justine");
    await page.getByLabel("Familienname", { exact: true }).fill("Radke");
    await page.getByRole("button", { name: "Registrieren" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("de", "auth", "signUp.checkInbox"));
    const german = await mailTo(`${username}@example.org`, /E-Mail-Adresse/);
    expect(german.subject).toBe(catalogText("de", "mail", "verify.subject"));
    expect(german.text).toMatch(/^Guten Tag .+,\n\nbitte bestätigen Sie/);
    expect(german.text).toMatch(/https?:\/\/\S+\/signup\/verify\?token=/);

    const member = await makeAccount();
    await page.goto("/forgot-password?lng=pl");
    await page.getByLabel(catalogText("pl", "auth", "help.email")).fill(member.email);
    await page.getByRole("button", { name: catalogText("pl", "auth", "help.forgotPassword.submit") }).click();
    await expect(page.getByRole("status")).toHaveText(catalogText("pl", "auth", "help.sent"));
    const polish = await mailTo(member.email, /hasło/);
    expect(polish.subject).toBe(catalogText("pl", "mail", "reset.subject"));
    expect(polish.text).toContain(`Dzień dobry, ${member.username},`);
  });
});
