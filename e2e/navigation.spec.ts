import { expect, test } from "@playwright/test";
import { shot } from "./helpers";

test.describe("navigation menu", () => {
  test("opens on hover and closes shortly after the pointer leaves", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "St. Petersburg Lutheran Consistory" });
    await button.hover();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("menuitem", { name: "Births" })).toBeVisible();
    await page.mouse.move(5, 600);
    await expect(button).toHaveAttribute("aria-expanded", "false");
  });

  test("is fully usable by keyboard", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "St. Petersburg Lutheran Consistory" });
    await button.focus();
    await page.keyboard.press("ArrowDown");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("menuitem", { name: "Births" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Deaths" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("menuitem", { name: "Marriages" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/stpete\/birth\/search$/);
  });

  test("keeps to one row at 1,280 px, with a short label that keeps its whole accessible name", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const search = page.getByRole("link", { name: "Search all records", exact: true });
    await expect(search).toHaveText("Search all records");
    await expect(search.locator(".nav-label-rest")).toHaveCSS("position", "absolute");
    const tops = await page
      .locator(".nav-list > li")
      .evaluateAll((items) => [...new Set(items.map((li) => Math.round(li.getBoundingClientRect().top)))]);
    expect(tops).toHaveLength(1);
  });

  test("keeps the dropdown inside the screen and works on a phone", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await shot(page, testInfo, "menu-phone");
    await page.getByRole("link", { name: "Deaths", exact: true }).click();
    await expect(page).toHaveURL(/\/stpete\/death\/search$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
