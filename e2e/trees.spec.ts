import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Database } from "../app/db/connection.server";
import { approveTree, withdrawTree } from "../app/families/trees.server";
import { expect, test } from "./fixtures";
import { contextSignedIn, expectAccessible, shot } from "./helpers";

/**
 * Members' own trees (decision 0026): a member uploads a GEDCOM (a broken one is refused with its errors by line),
 * sees it waiting on their trees page, an administrator approves it on the approvals page, and the member finds a
 * Kennedy of it in the Master Pedigree Database with parents and children; another member sees nothing before
 * the approval.
 */
const FIXTURES = path.resolve("app/gedcom/fixtures");
const SUBMIT = "/members/genealogy/submit";
const MY_TREES = "/members/genealogy/my-trees";
const SEARCH = "/members/genealogy/search";
const APPROVALS = "/members/admin/approvals";

async function treeOf(database: Database, title: string) {
  return database.db.selectFrom("family_trees").select(["id", "status"]).where("title", "=", title).executeTakeFirst();
}

/** Patrick Joseph Kennedy (1858–1929, xref I123) of the tree: his number, parents and children as stored. */
async function patrickJoseph(database: Database, treeId: number) {
  const person = await database.db
    .selectFrom("people")
    .select(["id", "number"])
    .where("tree_id", "=", treeId)
    .where("xref", "=", "I123")
    .executeTakeFirstOrThrow();
  const parents = await database.db
    .selectFrom("family_children")
    .innerJoin("families", "families.id", "family_children.family_id")
    .innerJoin("people as f", "f.id", "families.husband_id")
    .innerJoin("people as m", "m.id", "families.wife_id")
    .select([
      "f.given as fatherGiven",
      "f.surname as fatherSurname",
      "m.given as motherGiven",
      "m.surname as motherSurname",
    ])
    .where("family_children.child_id", "=", person.id)
    .executeTakeFirstOrThrow();
  const children = await database.db
    .selectFrom("families")
    .innerJoin("family_children", "family_children.family_id", "families.id")
    .innerJoin("people as c", "c.id", "family_children.child_id")
    .select(["c.given", "c.surname"])
    .where("families.husband_id", "=", person.id)
    .execute();
  return { number: Number(person.number), parents, children };
}

test.describe("members' family trees", () => {
  test("a member submits kennedy.ged, an administrator approves it, and members find its people", async ({
    page,
    browser,
    baseURL,
    request,
    makeAccount,
    signInAs,
    cookieFor,
    database,
  }, testInfo) => {
    // Three people's pages, two uploads, an approval and axe checks: a long walk on a busy machine.
    test.slow();
    const title = `Kennedy family ${randomBytes(3).toString("hex")}`;
    const member = await makeAccount();
    const other = await makeAccount();
    const admin = await makeAccount({ role: "admin" });
    try {
      await signInAs(member);
      await page.goto(SEARCH);
      await page.getByRole("link", { name: "Submit your own tree" }).click();
      await expect(page).toHaveURL(SUBMIT);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submit your family tree");
      await expectAccessible(page);
      await shot(page, testInfo, "trees-submit");
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, testInfo, "trees-submit-phone");
      await page.setViewportSize({ width: 1280, height: 900 });

      // A file with a cycle is refused, its errors listed by line, the title kept, nothing written.
      await page.getByLabel("Title of the tree").fill(title);
      await page.getByLabel("GEDCOM file").setInputFiles(path.join(FIXTURES, "cycle.ged"));
      await page.getByRole("button", { name: "Upload the tree" }).click();
      await expect(page.locator("#file-error")).toContainText("cycle.ged");
      await expect(page.locator("#file-problems li").first()).toContainText(/^Line \d+: /);
      await expect(page.getByLabel("Title of the tree")).toHaveValue(title);
      expect(await treeOf(database, title)).toBeUndefined();
      await expectAccessible(page);
      await shot(page, testInfo, "trees-submit-refused");

      await page.getByLabel("GEDCOM file").setInputFiles(path.join(FIXTURES, "kennedy.ged"));
      await page.getByRole("button", { name: "Upload the tree" }).click();
      // Read while the page waits, or (on a busy machine) past the wait and then on the trees page (decision 0054).
      await expect(page).toHaveURL(new RegExp(`^[^?]*${MY_TREES}\\?done=(submitted|reading)`));
      if (page.url().includes("done=submitted")) {
        await expect(page.getByRole("status")).toContainText("Your tree is uploaded");
      }
      const row = page.locator("tr", { hasText: title });
      await expect(row).toContainText("Waiting for approval", { timeout: 60_000 });
      await expect(row).toContainText("kennedy.ged");
      await expect(row).toContainText("208");
      await expect(row).toContainText("75");
      await expect(row).toContainText("Waiting for approval");
      await expectAccessible(page);
      await shot(page, testInfo, "trees-my-trees");
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, testInfo, "trees-my-trees-phone");
      await page.setViewportSize({ width: 1280, height: 900 });

      const tree = (await treeOf(database, title))!;
      expect(tree.status).toBe("pending");
      const patrick = await patrickJoseph(database, Number(tree.id));

      // Another member does not see the pending tree's people.
      const asOther = { headers: { Cookie: await cookieFor(other) } };
      expect((await request.get(`/members/genealogy/person/G${patrick.number}`, asOther)).status()).toBe(404);
      expect((await request.get(`/members/genealogy/trees/${tree.id}`, asOther)).status()).toBe(404);

      // The administrator, in a browser of their own.
      const adminContext = await contextSignedIn(browser, baseURL!, cookieFor, admin);
      const adminPage = await adminContext.newPage();
      await adminPage.goto(APPROVALS);
      const waiting = adminPage.locator("li.approval", { has: adminPage.getByRole("heading", { name: title }) });
      await expect(waiting).toContainText("208 people, 75 families");
      await expect(waiting.getByRole("link", { name: title })).toHaveAttribute(
        "href",
        `/members/genealogy/trees/${tree.id}`,
      );
      await expectAccessible(adminPage);
      await waiting.scrollIntoViewIfNeeded();
      await shot(adminPage, testInfo, "trees-approvals");
      await adminPage.setViewportSize({ width: 390, height: 844 });
      await shot(adminPage, testInfo, "trees-approvals-phone");
      await adminPage.setViewportSize({ width: 1280, height: 900 });
      // The administrator looks at the tree before approving it.
      await waiting.getByRole("link", { name: title }).click();
      await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(title);
      // Two people of that name (1858 and 1967); this one's link is there.
      await expect(adminPage.locator(`.tree-people a[href="/members/genealogy/person/G${patrick.number}"]`)).toHaveText(
        "Patrick Joseph Kennedy",
      );
      await expectAccessible(adminPage);
      await shot(adminPage, testInfo, "trees-preview");
      await adminPage.getByRole("link", { name: "Approvals" }).first().click();
      await expect(adminPage).toHaveURL(APPROVALS);
      await waiting.getByRole("button", { name: `Approve “${title}”` }).click();
      await expect(adminPage.getByRole("status").filter({ hasText: "The family tree is approved" })).toBeVisible();
      expect((await treeOf(database, title))!.status).toBe("approved");

      await adminContext.close();
      await page.goto(SEARCH);
      await page.getByLabel("Surname", { exact: true }).fill("Kennedy");
      await page.getByLabel("Given name", { exact: true }).fill("Patrick Joseph");
      await page.getByRole("button", { name: "Search" }).click();
      const href = `/members/genealogy/person/G${patrick.number}`;
      await page.locator(`table.results a[href="${href}"]`).first().click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Patrick Joseph Kennedy");
      const parents = page.locator("section", { has: page.getByRole("heading", { name: "Parents" }) });
      for (const name of [
        `${patrick.parents.fatherGiven} ${patrick.parents.fatherSurname}`,
        `${patrick.parents.motherGiven} ${patrick.parents.motherSurname}`,
      ]) {
        await expect(parents.getByRole("link", { name })).toBeVisible();
      }
      expect(patrick.children.length).toBeGreaterThan(0);
      for (const c of patrick.children) {
        await expect(page.locator(".children").getByRole("link", { name: `${c.given} ${c.surname}` })).toBeVisible();
      }
      await expectAccessible(page);

      // The person's tree as GEDCOM.
      const gedcom = await page.request.get(`${href}/gedcom?depth=2`);
      expect(gedcom.status()).toBe(200);
      expect(await gedcom.text()).toMatch(
        /^0 HEAD[\s\S]*2 VERS 5\.5\.1[\s\S]*Patrick Joseph \/Kennedy\/[\s\S]*0 TRLR\n$/,
      );
      expect((await page.request.get(`${href}/gedcom?depth=11`)).status()).toBe(400);

      // Withdrawn: the people leave the search.
      await page.goto(MY_TREES);
      await page
        .locator("tr", { hasText: title })
        .getByRole("button", { name: /^Withdraw/ })
        .click();
      await expect(page.getByRole("status")).toContainText("The tree is withdrawn");
      expect((await page.goto(href))?.status()).toBe(404);
    } finally {
      const left = await treeOf(database, title);
      if (left && (left.status === "pending" || left.status === "approved")) {
        await withdrawTree(database, Number(left.id), { userId: member.id, ip: "" });
      }
    }
  });
});

/** A small tree as a genealogy program writes it; `version` 2 corrects a name and adds a child. */
function smallTree(surname: string, version: 1 | 2): Buffer {
  const lines = [
    "0 HEAD",
    "1 SOUR e2e",
    "1 GEDC",
    "2 VERS 5.5.1",
    "2 FORM LINEAGE-LINKED",
    "1 CHAR UTF-8",
    "0 @I1@ INDI",
    `1 NAME Gottlieb /${surname}/`,
    "1 SEX M",
    "1 BIRT",
    "2 DATE 1801",
    "1 DEAT",
    "2 DATE 1870",
    "1 FAMS @F1@",
    "0 @I2@ INDI",
    `1 NAME Anna /${surname}/`,
    "1 SEX F",
    "1 BIRT",
    "2 DATE 1805",
    "1 DEAT",
    "2 DATE 1880",
    "1 FAMS @F1@",
    "0 @I3@ INDI",
    `1 NAME ${version === 1 ? "Jhoan" : "Johann"} /${surname}/`,
    "1 SEX M",
    "1 BIRT",
    "2 DATE 1830",
    "1 DEAT",
    "2 DATE 1890",
    "1 FAMC @F1@",
    ...(version === 2
      ? [
          "0 @I4@ INDI",
          `1 NAME Luise /${surname}/`,
          "1 SEX F",
          "1 BIRT",
          "2 DATE 1833",
          "1 DEAT",
          "2 DATE 1900",
          "1 FAMC @F1@",
        ]
      : []),
    "0 @F1@ FAM",
    "1 HUSB @I1@",
    "1 WIFE @I2@",
    "1 CHIL @I3@",
    ...(version === 2 ? ["1 CHIL @I4@"] : []),
    "0 TRLR",
  ];
  return Buffer.from(`${lines.join("\n")}\n`, "utf8");
}

test("a member replaces an approved tree with a newer file and its people keep their numbers", async ({
  page,
  makeAccount,
  signInAs,
  database,
}) => {
  test.slow();
  const surname = `Reimer${randomBytes(2).toString("hex")}`;
  const title = `${surname} family`;
  const member = await makeAccount();
  const admin = await makeAccount({ role: "admin" });
  const actor = { userId: admin.id, ip: "127.0.0.1" };
  const numberOf = async (treeId: number, xref: string) =>
    (
      await database.db
        .selectFrom("people")
        .select("number")
        .where("tree_id", "=", treeId)
        .where("xref", "=", xref)
        .executeTakeFirst()
    )?.number;
  try {
    await signInAs(member);
    await page.goto(SUBMIT);
    await page.getByLabel("Title of the tree").fill(title);
    await page
      .getByLabel("GEDCOM file")
      .setInputFiles({ name: "v1.ged", mimeType: "text/plain", buffer: smallTree(surname, 1) });
    await page.getByRole("button", { name: "Upload the tree" }).click();
    await expect(page.getByRole("status")).toContainText("Your tree is uploaded");
    const first = (await treeOf(database, title))!;
    expect(await approveTree(database, Number(first.id), actor)).toBe(true);
    const johann = Number(await numberOf(Number(first.id), "I3"));

    await page.goto(MY_TREES);
    const row = page.locator("tr", { hasText: "v1.ged" });
    await expect(row).toContainText("Approved");
    await row.getByRole("link", { name: /^Replace with a newer file/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`A newer file of “${title}”`);
    await expect(page.getByLabel("Title of the tree")).toHaveValue(title);
    await expectAccessible(page);
    await page
      .getByLabel("GEDCOM file")
      .setInputFiles({ name: "v2.ged", mimeType: "text/plain", buffer: smallTree(surname, 2) });
    await page.getByRole("button", { name: "Upload the newer file" }).click();
    await expect(page.getByRole("status")).toContainText("uploaded");
    const newer = page.locator("tr", { hasText: "v2.ged" });
    await expect(newer).toContainText("Waiting for approval");
    await expect(newer).toContainText(`Replaces “${title}”`);
    // Until it is approved, the approved file is what members see.
    await page.goto(`/members/genealogy/person/G${johann}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Jhoan ${surname}`);

    const second = await database.db
      .selectFrom("family_trees")
      .select("id")
      .where("replaces_id", "=", Number(first.id))
      .executeTakeFirstOrThrow();
    expect(await approveTree(database, Number(second.id), actor)).toBe(true);
    expect(await numberOf(Number(second.id), "I3")).toBe(johann);

    // The same address shows the corrected person, with the new sister beside him.
    await page.goto(`/members/genealogy/person/G${johann}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Johann ${surname}`);
    await page.goto(MY_TREES);
    await expect(page.locator("tr", { hasText: "v1.ged" })).toContainText("Replaced by a newer file");
    await page.goto(SEARCH);
    await page.getByLabel("Surname", { exact: true }).fill(surname);
    await page.getByLabel("Given name", { exact: true }).fill("Luise");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("table.results").getByRole("link", { name: `Luise ${surname}` })).toBeVisible();
  } finally {
    for (const t of await database.db
      .selectFrom("family_trees")
      .select(["id", "status"])
      .where("title", "=", title)
      .execute()) {
      if (t.status === "pending" || t.status === "approved")
        await withdrawTree(database, Number(t.id), { userId: member.id, ip: "" });
    }
  }
});
