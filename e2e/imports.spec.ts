import { randomBytes } from "node:crypto";
import { type Page, request as playwrightRequest } from "@playwright/test";
import { inCodePage } from "../app/imports/test-files";
import { PERSON_USER_AGENT } from "../playwright.config";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";
import { SEARCH, upload } from "./import-pages";

/**
 * Issue 10's record import, as an administrator does it: a volunteer's spreadsheet saved by Polish Excel
 * (Windows-1250, semicolons) with a few bad rows; check, correct the mapping, import with a live progress bar, find
 * the records, import the same file again ("0 new"), undo. Lublin deaths: no other spec counts that collection.
 */

const BULK_ROWS = 3000;

function volunteersFile(): Buffer {
  const lines = ["Nr;Nazwisko;Imię;Data;Wiek;Miejscowość;Parafia;Nr aktu;Uwagi"];
  lines.push("1;Śliwiński;Bonifacy;1/13 Mar 1858;64;Łęczna;Lublin;17;zmarł na tyfus");
  for (let i = 2; i <= BULK_ROWS; i++) {
    const year = 1830 + (i % 60);
    lines.push(`${i};Kowalczyk-${i % 97};Józef;${(i % 28) + 1}.${(i % 12) + 1}.${year};${i % 90};Lublin;Lublin;${i};`);
  }
  lines.push(`${BULK_ROWS + 1};;Anna;1859;3;Lublin;Lublin;1;`);
  lines.push(`${BULK_ROWS + 2};Nowak;Jan;31.02.1858;40;Lublin;Lublin;2;`);
  lines.push(`${BULK_ROWS + 3};Nowak;Jan;1920;40;Lublin;Lublin;3;`);
  return inCodePage(`${lines.join("\r\n")}\r\n`);
}

const column = (page: Page, header: string) => page.getByLabel(`Field for the column “${header}”`);

test("an administrator checks, corrects, imports, re-imports and undoes a Windows-1250 file", async ({
  page,
  makeAccount,
  signInAs,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await makeAccount({ role: "admin" });
  await signInAs(admin);
  const file = { name: `zgony-${randomBytes(3).toString("hex")}.csv`, mimeType: "text/csv", buffer: volunteersFile() };

  await page.goto("/members/admin/imports");
  await shot(page, testInfo, "imports-list-desktop");
  await page.getByRole("link", { name: "New import" }).click();
  await expect(page.getByRole("heading", { name: "New import" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "imports-new-desktop");
  await upload(page, file);

  await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
  const batchUrl = page.url();
  await expect(page.getByText("Recognised: Windows-1250")).toBeVisible();
  await expect(page.getByLabel("Delimiter")).toHaveValue(";");
  await expect(column(page, "Nazwisko")).toHaveValue("surname");
  await expect(column(page, "Imię")).toHaveValue("givenName");
  await expect(column(page, "Nr")).toHaveValue("");

  // A wrong mapping is refused beside its column and keeps what was chosen.
  await column(page, "Nr").selectOption("sourceKey");
  await column(page, "Imię").selectOption("surname");
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText(/is already the target of column 2/)).toBeVisible();
  await expect(column(page, "Nr")).toHaveValue("sourceKey");
  await expectAccessible(page);
  await shot(page, testInfo, "imports-mapping-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "imports-mapping-phone");
  await page.setViewportSize({ width: 1280, height: 900 });

  await column(page, "Imię").selectOption("givenName");
  await page.getByRole("button", { name: "Check the file" }).click();
  const report = page.getByRole("region", { name: "Problems found in the file" });
  await expect(
    page.getByText(`${(BULK_ROWS + 3).toLocaleString("en")} rows: ${BULK_ROWS.toLocaleString("en")} can be imported`),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("3 rows have problems")).toBeVisible();
  await expect(report.getByRole("row", { name: new RegExp(`^${BULK_ROWS + 2} Nazwisko`) })).toContainText(
    "Surname is empty",
  );
  await expect(report.getByRole("row", { name: new RegExp(`^${BULK_ROWS + 3} Data`) })).toContainText(
    "that day does not exist",
  );
  await expect(report.getByRole("row", { name: new RegExp(`^${BULK_ROWS + 4} Data`) })).toContainText(
    "1920 is outside",
  );
  await shot(page, testInfo, "imports-report-desktop");

  await page.getByLabel(/Leave out the 3 rows with problems/).check();
  await page.getByRole("button", { name: `Import ${BULK_ROWS.toLocaleString("en")} rows` }).click();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByRole("progressbar")).toHaveAttribute("value", "100");
  await expect(
    page.getByText(`${BULK_ROWS.toLocaleString("en")} new, 0 changed, 0 unchanged; 3 rows with problems left out`),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo, "imports-result-desktop");

  // Found by a surname that sounds alike, the day it was imported.
  await page.goto(`${SEARCH}?surname=Slivinsky&surnameMode=sounds`);
  await expect(page.getByRole("cell", { name: "Bonifacy" }).first()).toBeVisible();

  // The same file again: the mapping is remembered, and nothing is new.
  await upload(page, file);
  await expect(column(page, "Nr")).toHaveValue("sourceKey");
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText(/can be imported \(0 new, 0 changed, 3,000 unchanged\)/)).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel(/Leave out the 3 rows with problems/).check();
  await page.getByRole("button", { name: /^Import / }).click();
  await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText("0 new, 0 changed, 3,000 unchanged; 3 rows with problems left out")).toBeVisible();

  // Undo the first import: its records are gone.
  await page.goto(batchUrl);
  await page.getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText(/Undone .* the 3,000 records it added are removed/)).toBeVisible({ timeout: 120_000 });
  await page.goto(`${SEARCH}?surname=Slivinsky&surnameMode=sounds`);
  await expect(page.getByRole("cell", { name: "Bonifacy" })).toHaveCount(0);
  await page.goto("/members/admin/imports");
  await expect(page.getByRole("row", { name: new RegExp(file.name) }).first()).toContainText("Imported");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, testInfo, "imports-list-phone");
});

/** An Excel workbook as volunteers keep them: a notes sheet first, the register on the second sheet. */
async function workbook(surname: string, rows: number): Promise<Buffer> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Uwagi").addRows([
    ["Spisał", "Jan Kowalski"],
    ["Sprawdzono", "2026-10-01"],
  ]);
  const sheet = book.addWorksheet("Zgony 1858");
  sheet.addRow(["Nr", "Nazwisko", "Imię", "Data", "Miejscowość", "Parafia"]);
  for (let i = 1; i <= rows; i++)
    sheet.addRow([
      `X${i}`,
      surname,
      i === 1 ? "Bonifacy" : "Józef",
      `${(i % 28) + 1}.03.${1840 + i}`,
      "Łęczna",
      "Lublin",
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test("an administrator imports the second sheet of an Excel workbook", async ({ page, makeAccount, signInAs }) => {
  test.setTimeout(180_000);
  const admin = await makeAccount({ role: "admin" });
  await signInAs(admin);
  const surname = `Wiśniewski${randomBytes(2).toString("hex")}`;
  await upload(page, {
    name: "zgony.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await workbook(surname, 40),
  });
  await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
  const batchUrl = page.url();
  // The first sheet is read until another is chosen: its "headers" match no field.
  await expect(page.getByLabel("Sheet")).toHaveValue("Uwagi");
  await page.getByLabel("Sheet").selectOption("Zgony 1858");
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText(/Excel \(\.xlsx\), sheet “Zgony 1858” of 2/)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("40 rows: 40 can be imported")).toBeVisible();
  await page.getByRole("button", { name: "Import 40 rows" }).click();
  await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText("40 new, 0 changed, 0 unchanged")).toBeVisible();

  await page.goto(`${SEARCH}?surname=${encodeURIComponent(surname)}`);
  await expect(page.getByRole("cell", { name: "Bonifacy" })).toBeVisible();
  await page.goto(batchUrl);
  await page.getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText(/Undone .* the 40 records it added are removed/)).toBeVisible({ timeout: 120_000 });
});

test("a file that is not a CSV, or empty, is refused beside the file field and nothing is kept", async ({
  page,
  makeAccount,
  signInAs,
  database,
}) => {
  const admin = await makeAccount({ role: "admin" });
  await signInAs(admin);
  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom("import_batches")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n,
    );
  const before = await count();
  for (const [buffer, message] of [
    [Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), /is a PDF document, not a CSV file/],
    [Buffer.alloc(0), /The file is empty/],
  ] as const) {
    await upload(page, { name: "registers.csv", mimeType: "text/csv", buffer });
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel("Import into")).toHaveValue("records:lublin-death");
  }
  await upload(page, {
    name: "registers.xlsx",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("PK\u0003\u0004"),
  });
  await expect(page.getByText(/is not an Excel workbook that can be read/)).toBeVisible();
  expect(await count()).toBe(before);
});

test("a visitor or a plain member cannot upload into an import", async ({
  baseURL,
  makeAccount,
  cookieFor,
  database,
}) => {
  const member = await makeAccount();
  const count = async () =>
    Number(
      (
        await database.db
          .selectFrom("import_batches")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n,
    );
  const before = await count();
  for (const cookie of [null, await cookieFor(member)]) {
    const api = await playwrightRequest.newContext({
      baseURL,
      userAgent: PERSON_USER_AGENT,
      extraHTTPHeaders: cookie ? { Cookie: cookie } : {},
    });
    const response = await api.post("/members/admin/imports/new", {
      multipart: {
        collection: "lublin-death",
        file: { name: "x.csv", mimeType: "text/csv", buffer: Buffer.from("a;b\n1;2\n") },
      },
      maxRedirects: 0,
    });
    expect([302, 303, 403]).toContain(response.status());
    await api.dispose();
  }
  expect(await count()).toBe(before);
});

test("an administrator imports a list of places into a map index and finds a place by its German name", async ({
  page,
  makeAccount,
  signInAs,
}) => {
  test.setTimeout(120_000);
  const admin = await makeAccount({ role: "admin" });
  await signInAs(admin);
  const tag = randomBytes(3).toString("hex");
  const csv = [
    "Код;Название;Немецкий;Губерния;Широта;Долгота",
    `u${tag}1;Тестовка;Testdorf${tag};Волынская;50,2547;28,6587`,
    `u${tag}2;Пробное;Probenau${tag};Волынская;50°35'N;27°37'E`,
    `u${tag}3;;Leer${tag};Волынская;50,1;28,1`,
  ].join("\n");
  await upload(page, { name: `orte-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) }, "Ukraine map index");
  await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
  const batchUrl = page.url();
  await expect(column(page, "Широта")).toHaveValue("latitude");
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("3 rows: 2 can be imported (2 new, 0 changed, 0 unchanged)")).toBeVisible({
    timeout: 60_000,
  });
  await page.getByLabel(/Leave out the 1 rows with problems/).check();
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(page.getByText("2 new, 0 changed, 0 unchanged; 1 rows with problems left out")).toBeVisible({
    timeout: 60_000,
  });
  await page.goto(`/members/ukraine/map/search?name=Testdorf${tag}&nameMode=exact`);
  await expect(page.getByRole("link", { name: /Тестовка/ })).toBeVisible();
  await page.goto(batchUrl);
  await page.getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText(/Undone .* the 2 places it added are removed/)).toBeVisible({ timeout: 60_000 });
  await page.goto(`/members/ukraine/map/search?name=Testdorf${tag}&nameMode=exact`);
  await expect(page.getByRole("link", { name: /Тестовка/ })).toHaveCount(0);
});
