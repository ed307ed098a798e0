import type { Page } from "@playwright/test";
import type { TestAccount } from "./fixtures";

/** The collection the import specs load into: Lublin deaths, which no other spec counts. */
export const COLLECTION = "Lublin Lutheran deaths";
export const SEARCH = "/members/lublin/death/search";

/** Uploads a file on the new-import page, as an administrator does. */
export async function upload(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  into: string = COLLECTION,
) {
  await page.goto("/members/admin/imports/new");
  await page.getByLabel("Import into").selectOption({ label: into });
  await page.getByLabel("File (CSV or Excel)").setInputFiles(file);
  await page.getByRole("button", { name: "Upload and read the file" }).click();
}

/** Signs the page in as a new administrator (the fixtures make the account and remove it after). */
export async function signInAsAdmin({
  makeAccount,
  signInAs,
}: {
  makeAccount: (opts: { role: "admin" }) => Promise<TestAccount>;
  signInAs: (account: TestAccount) => Promise<void>;
}): Promise<TestAccount> {
  const admin = await makeAccount({ role: "admin" });
  await signInAs(admin);
  return admin;
}
