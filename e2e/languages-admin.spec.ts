import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { catalogText, expectAccessible, htmlLang, shot } from "./helpers";

/**
 * Issue 29 for the administrators: the import pages in German, Polish and Russian, the members list in Ukrainian,
 * and forms whose errors come back in the page's language with what was typed kept, with and without JavaScript.
 */

/** The collection the import specs load into (e2e/import-pages.ts), as the catalog names it in each language. */
const LUBLIN_DEATHS = {
  pl: catalogText("pl", "catalog", "sources.lublin-death.title"),
  ru: catalogText("ru", "catalog", "sources.lublin-death.title"),
};

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** A small volunteers' file for Lublin deaths: two good rows, one without a surname. */
function smallFile(name: string) {
  const csv = [
    "Nr;Nazwisko;Imię;Data;Miejscowość;Parafia",
    "1;Śliwiński;Bonifacy;12.03.1858;Łęczna;Lublin",
    "2;Kowalczyk;Józef;1.4.1859;Lublin;Lublin",
    "3;;Anna;1859;Lublin;Lublin",
  ].join("\r\n");
  return { name, mimeType: "text/csv", buffer: Buffer.from(`${csv}\r\n`, "utf8") };
}

test.describe("administration in other languages, with JavaScript", () => {
  test("the new import page in German, then in Polish a file that is no spreadsheet: the error in Polish, the collection kept", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount({ role: "admin" }));
    await page.goto("/members/admin/imports/new?lng=de");
    expect(await htmlLang(page)).toBe("de");
    await expect(page).toHaveTitle(catalogText("de", "imports", "meta.new.title"));
    await expect(heading(page)).toHaveText(catalogText("de", "imports", "new.heading"));
    await expect(page.getByRole("navigation", { name: catalogText("de", "admin", "nav.label") })).toContainText(
      catalogText("de", "admin", "nav.audit"),
    );
    await expect(page.getByLabel(catalogText("de", "imports", "new.file"))).toBeVisible();
    await expect(
      page.getByText(catalogText("de", "imports", "new.fileHint", { mb: "100" }).slice(0, 40)),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: catalogText("de", "imports", "new.submit") })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "admin-new-import-de-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "admin-new-import-de-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto("/members/admin/imports/new?lng=pl");
    expect(await htmlLang(page)).toBe("pl");
    await expect(heading(page)).toHaveText(catalogText("pl", "imports", "new.heading"));
    await page.getByLabel(catalogText("pl", "imports", "new.collection")).selectOption({ label: LUBLIN_DEATHS.pl });
    await page
      .getByLabel(catalogText("pl", "imports", "new.file"))
      .setInputFiles({ name: "notatki.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n") });
    await page.getByRole("button", { name: catalogText("pl", "imports", "new.submit") }).click();
    await expect(page.locator("#file-error")).toHaveText(
      catalogText("pl", "imports", "new.wrongKind", { name: "notatki.pdf" }),
    );
    await expect(page.getByLabel(catalogText("pl", "imports", "new.collection"))).toHaveValue(/^records:/);
    await expectAccessible(page);
  });

  test("in Russian: a file uploaded, its batch page, the check's report, the imports list and the discard", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount({ role: "admin" }));
    const file = smallFile(`zgony-ru-${Date.now()}.csv`);
    await page.goto("/members/admin/imports/new?lng=ru");
    await page.getByLabel(catalogText("ru", "imports", "new.collection")).selectOption({ label: LUBLIN_DEATHS.ru });
    await page.getByLabel(catalogText("ru", "imports", "new.file")).setInputFiles(file);
    await page.getByRole("button", { name: catalogText("ru", "imports", "new.submit") }).click();

    await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
    const id = page.url().split("/").pop()!;
    expect(await htmlLang(page)).toBe("ru");
    await expect(page).toHaveTitle(catalogText("ru", "imports", "meta.batch.title", { id }));
    await expect(heading(page)).toHaveText(catalogText("ru", "imports", "batch.heading", { id, file: file.name }));
    await expect(page.locator(".import-headline")).toContainText(catalogText("ru", "imports", "status.uploaded"));
    await expect(page.locator(".import-headline")).toContainText(LUBLIN_DEATHS.ru);
    await expect(
      page.getByText(catalogText("ru", "imports", "settings.recognised", { encoding: "UTF-8" })),
    ).toBeVisible();
    await expect(page.getByLabel(catalogText("ru", "imports", "settings.delimiter"))).toHaveValue(";");
    await expect(page.getByRole("option", { name: catalogText("ru", "imports", "calendar.julian") })).toBeAttached();
    const nr = page.getByLabel(catalogText("ru", "imports", "settings.fieldFor", { header: "Nr" }));
    await expect(nr.getByRole("option", { name: catalogText("ru", "imports", "targets.sourceKey") })).toBeAttached();
    await nr.selectOption("sourceKey");

    await page.getByRole("button", { name: catalogText("ru", "imports", "settings.check") }).click();
    await expect(page.getByRole("heading", { name: catalogText("ru", "imports", "report.heading") })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.locator(".import-headline")).toContainText(catalogText("ru", "imports", "status.checked"));
    // 3 rows ("few"), 1 with problems ("one"): the Russian plural forms.
    await expect(page.getByRole("status").filter({ hasText: "3 строки: можно импортировать 2" })).toContainText(
      catalogText("ru", "imports", "report.withProblems_one", { n: 1 }),
    );
    await expect(
      page.getByRole("button", { name: catalogText("ru", "imports", "report.import_few", { n: 2 }) }),
    ).toBeVisible();
    // The row's problem, kept with its key, in Russian; the collection's own label stays as the collection names it.
    const problems = page.getByRole("region", { name: catalogText("ru", "imports", "report.problemsLabel") });
    await expect(
      problems.getByRole("columnheader", { name: catalogText("ru", "imports", "report.column"), exact: true }),
    ).toBeVisible();
    await expect(problems.getByRole("row", { name: /^4 Nazwisko/ })).toContainText(
      catalogText("ru", "imports", "problems.principalEmpty", { label: "Surname" }),
    );
    await expect(
      page.getByRole("term").filter({ hasText: catalogText("ru", "imports", "file.encoding") }),
    ).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "admin-batch-ru-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "admin-batch-ru-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("link", { name: catalogText("ru", "admin", "nav.imports") }).click();
    await expect(heading(page)).toHaveText(catalogText("ru", "imports", "list.heading"));
    const row = page.getByRole("row", { name: new RegExp(file.name) });
    await expect(row).toContainText(catalogText("ru", "imports", "status.checked"));
    await expect(row).toContainText(catalogText("ru", "imports", "list.rowsChecked_one", { total: 3, error: 1 }));
    await expect(page.getByRole("columnheader", { name: catalogText("ru", "imports", "list.into") })).toBeVisible();
    await expect(page.getByRole("heading", { name: catalogText("ru", "imports", "list.exports") })).toBeVisible();

    await row.getByRole("link", { name: file.name }).click();
    await page.getByRole("button", { name: catalogText("ru", "imports", "batch.discard") }).click();
    await expect(page).toHaveURL(/\/members\/admin\/imports\?discarded=\d+$/);
    await expect(page.getByRole("status")).toHaveText(catalogText("ru", "imports", "list.discarded", { id }));
  });
});

test("the configuration check in German: its words and status words (the check lines stay the report's English)", async ({
  page,
}) => {
  await page.goto("/ConfigCheck?lng=de");
  await expect(heading(page)).toHaveText(catalogText("de", "admin", "configCheck.heading"));
  await expect(page).toHaveTitle(catalogText("de", "admin", "meta.configCheck.title"));
  await expect(page.locator('[data-check="build"]')).toBeVisible();
  await expect(page.locator('[data-check="server-database"] .check-status')).toContainText(
    catalogText("de", "admin", "configCheck.status.pass"),
  );
  await expect(page.getByRole("button", { name: catalogText("de", "admin", "configCheck.copy") })).toBeVisible();
  await expect(page.getByLabel(catalogText("de", "admin", "configCheck.reportText"))).toHaveValue(
    /^Metryka configuration check/,
  );
});

test.describe("administration in other languages, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the members list in Ukrainian, then a search too long in Polish: the error in Polish, the text kept", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const admin = await makeAccount({ role: "admin" });
    await signInAs(admin);
    await page.goto(`/members/admin?lng=uk&q=${admin.username}`);
    expect(await htmlLang(page)).toBe("uk");
    await expect(page).toHaveTitle(catalogText("uk", "admin", "meta.members.title"));
    await expect(heading(page)).toHaveText(catalogText("uk", "admin", "members.heading"));
    await expect(page.getByLabel(catalogText("uk", "admin", "members.q"))).toHaveValue(admin.username);
    await expect(page.getByRole("heading", { level: 3 })).toContainText(
      catalogText("uk", "admin", "members.count_one", { n: 1 }),
    );
    const table = page.getByRole("region", { name: catalogText("uk", "admin", "members.members") });
    await expect(
      table.getByRole("columnheader", { name: catalogText("uk", "admin", "members.column.joined") }),
    ).toBeVisible();
    await expect(table.getByRole("row", { name: new RegExp(admin.username) })).toContainText(
      catalogText("uk", "admin", "role.admin"),
    );
    await shot(page, testInfo, "admin-members-uk-nojs");

    // The language sticks (cookie) until another is chosen; the GET form answers in Polish.
    await page.goto("/members/admin?lng=pl");
    const tooLong = "Kowalski".repeat(13);
    await page.getByLabel(catalogText("pl", "admin", "members.q")).fill(tooLong);
    await page.getByRole("button", { name: catalogText("pl", "admin", "search") }).click();
    expect(await htmlLang(page)).toBe("pl");
    await expect(page.getByRole("alert")).toHaveText(catalogText("pl", "admin", "correct_one"));
    await expect(page.locator("#q-error")).toHaveText(
      catalogText("pl", "forms", "Search with at most 100 characters."),
    );
    await expect(page.getByLabel(catalogText("pl", "admin", "members.q"))).toHaveValue(tooLong);
  });
});
