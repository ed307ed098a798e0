import type { Page } from "@playwright/test";

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
