import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database } from "../app/db/connection.server";
import { withdrawTree } from "../app/families/trees.server";
import { writeGedcomTree } from "../scripts/gedcom-tree";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

/**
 * A member's tree read in the background (issue 26, point 1; decision 0054): a small file is answered on the submit
 * page at once; a large one sends the member to their trees page, where it shows as being read with how far it is,
 * then as their tree; a file with no people and one with errors are refused with what is wrong, by line.
 */
const FIXTURES = path.resolve("app/gedcom/fixtures");
const SUBMIT = "/members/genealogy/submit";
const MY_TREES = "/members/genealogy/my-trees";
/** Enough people that reading takes longer than the submit page waits (TREE_SUBMIT_WAIT_MS, 3 s). */
const LARGE_PEOPLE = 40_000;

async function treesOf(database: Database, userId: number) {
  return database.db
    .selectFrom("family_trees")
    .select(["id", "status", "title"])
    .where("submitter_id", "=", userId)
    .execute();
}

test.describe("a member's tree read in the background", () => {
  test("small at once, large with its progress, refusals with their lines", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    // A 40,000-person tree is read and written on a busy machine.
    test.slow();
    const folder = mkdtempSync(path.join(os.tmpdir(), "metryka-e2e-tree-"));
    const member = await makeAccount();
    const suffix = randomBytes(3).toString("hex");
    try {
      await signInAs(member);
      const upload = async (title: string, file: string) => {
        await page.goto(SUBMIT);
        await page.getByLabel("Title of the tree").fill(title);
        await page.getByLabel("GEDCOM file").setInputFiles(file);
        await page.getByRole("button", { name: "Upload the tree" }).click();
      };

      // A small tree: its answer comes on the submit, and it is on the trees page at once.
      const small = `Kennedy family ${suffix}`;
      await upload(small, path.join(FIXTURES, "kennedy.ged"));
      // Read while the page waits, or (on a busy machine) past the wait and then on the trees page (decision 0054).
      await expect(page).toHaveURL(new RegExp(`^[^?]*${MY_TREES}\\?done=(submitted|reading)`));
      await expect(page.locator("tr", { hasText: small })).toContainText("Waiting for approval", { timeout: 60_000 });

      // A file with no people is refused beside the file field, the title kept.
      const noPeople = path.join(folder, "no-people.ged");
      writeFileSync(noPeople, "0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n0 @S1@ SOUR\n1 TITL A register\n0 TRLR\n");
      await upload(`Nobody ${suffix}`, noPeople);
      await expect(page.locator("#file-error")).toContainText("no-people.ged");
      await expect(page.locator("#file-problems li").first()).toContainText(/^Line \d+: The file has no people/);
      await expect(page.getByLabel("Title of the tree")).toHaveValue(`Nobody ${suffix}`);

      // A file with errors: refused with its errors by line.
      await upload(`Cycle ${suffix}`, path.join(FIXTURES, "cycle.ged"));
      await expect(page.locator("#file-error")).toContainText("cycle.ged");
      await expect(page.locator("#file-problems li").first()).toContainText(/^Line \d+: /);
      await expectAccessible(page);

      // A large tree: the member is sent to their trees page and watches it being read.
      const large = `A large family ${suffix}`;
      const largeFile = path.join(folder, "large-family.ged");
      await writeGedcomTree(largeFile, LARGE_PEOPLE);
      await upload(large, largeFile);
      await expect(page).toHaveURL(new RegExp(`^[^?]*${MY_TREES}\\?done=reading`));
      await expect(page.getByRole("status").filter({ hasText: "is being read" })).toBeVisible();
      const job = page.locator(".tree-job", { hasText: large });
      await expect(job).toContainText(/Being read: \d+ %/);
      await expectAccessible(page);
      await shot(page, testInfo, "tree-upload-reading");
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, testInfo, "tree-upload-reading-phone");
      await page.setViewportSize({ width: 1280, height: 900 });

      // The page asks again by itself: the tree shows when the job ends, without a reload.
      const row = page.locator("tr", { hasText: large });
      await expect(row).toContainText("Waiting for approval", { timeout: 240_000 });
      await expect(row).toContainText(LARGE_PEOPLE.toLocaleString("en"));
      await expect(job).toHaveCount(0);
    } finally {
      for (const t of await treesOf(database, member.id)) {
        if (t.status === "pending" || t.status === "approved") {
          await withdrawTree(database, Number(t.id), { userId: member.id, ip: "" });
        }
      }
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
