import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { contextSignedIn } from "./helpers";
import { upload } from "./import-pages";

/**
 * A 60,000-row import watched from a second browser (issue 10: the progress bar works in a second browser). On
 * SQLite an import holds the write lock for its import phase (docs/reliability.md), so this spec runs in its own
 * projects after the others: their fixtures write to the same database file.
 */
test("a second browser watches an import's progress live and sees its result without reloading", async ({
  page,
  browser,
  baseURL,
  makeAccount,
  signInAs,
  cookieFor,
}) => {
  test.setTimeout(300_000);
  const rows = 60_000;
  const admin = await makeAccount({ role: "admin" });
  await signInAs(admin);
  const surname = `Zieliński${randomBytes(2).toString("hex")}`;
  const lines = ["Nr;Nazwisko;Imię;Data;Miejscowość;Parafia;Uwagi"];
  for (let i = 1; i <= rows; i++)
    lines.push(`W${i};${surname};Jan;${(i % 28) + 1}.${(i % 12) + 1}.${1830 + (i % 60)};Lublin;Lublin;wpis ${i}`);
  await upload(page, { name: "duzy.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\n")}\n`) });
  await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
  const batchUrl = page.url();
  await page.getByRole("button", { name: "Check the file" }).click();
  const importButton = page.getByRole("button", { name: `Import ${rows.toLocaleString("en")} rows` });
  await expect(importButton).toBeVisible({ timeout: 120_000 });

  // Another browser, with a sign-in of its own, opens the batch while it runs.
  const other = await contextSignedIn(browser, baseURL!, cookieFor, admin);
  const watcher = await other.newPage();
  try {
    await importButton.click();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await watcher.goto(batchUrl);
    const label = watcher.getByText(/^Importing rows: [\d,]+ of 60,000 rows/);
    await expect(label).toBeVisible();
    const seen = Number((await label.textContent())!.match(/rows: ([\d,]+)/)![1]!.replaceAll(",", ""));
    expect(seen).toBeLessThan(rows);
    // No reload: the events move the bar, and the result replaces it when the job ends.
    await expect(watcher.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 240_000 });
    await expect(watcher.getByRole("progressbar")).toHaveAttribute("value", "100");
    await expect(watcher.getByText("60,000 new, 0 changed, 0 unchanged")).toBeVisible();
    expect(watcher.url()).toBe(batchUrl);
  } finally {
    await other.close();
  }
  await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 60_000 });
  await page.getByRole("button", { name: "Undo this import" }).click();
  await expect(page.getByText(/Undone .* the 60,000 records it added are removed/)).toBeVisible({ timeout: 240_000 });
});
