import AxeBuilder from "@axe-core/playwright";
import { type Page, type TestInfo, expect } from "@playwright/test";

/** The axe check every page passes: no serious or critical finding. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(bad).toEqual([]);
}

/** A full-page screenshot kept under test-results/shots for people to look at. */
export async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/shots/${testInfo.project.name}-${name}.png`, fullPage: true });
}
