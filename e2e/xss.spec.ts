import { randomBytes } from "node:crypto";
import { type Page } from "@playwright/test";
import { withdrawTree } from "../app/families/trees.server";
import { expect, test } from "./fixtures";
import { showMap } from "./helpers";
import { upload } from "./import-pages";

/**
 * Issue 13 point 2: a script stored in every field people or imports write — profile fields, research surnames
 * and places, a content page, an imported record, a GEDCOM file's names, places and notes and a tree's title —
 * shows as text on every page that shows it. The site's CSP would stop an injected inline script from running
 * anyway, so the check does not rest on `window.__xss` alone: the probe's tags must not be in the page's markup
 * nor in its DOM, and its text must be on the page, word for word.
 */
const PROBE = `"><img src=x onerror=window.__xss=1><script>window.__xss=1;alert(1)</script>`;
const letters = () =>
  [...randomBytes(6)]
    .map((b) => String.fromCharCode(97 + (b % 26)))
    .join("")
    .replace(/^./, (c) => c.toUpperCase());

/** The page at `url` shows the probe as text and runs and builds nothing of it. */
async function expectInert(page: Page, url: string) {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", onDialog);
  try {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    const html = await response!.text();
    expect(html, url).not.toContain("<img src=x");
    expect(html, url).not.toContain("<script>window.__xss");
    await expect(page.locator("main"), url).toContainText(PROBE);
    const dom = await page.evaluate(() => ({
      xss: (window as { __xss?: unknown }).__xss,
      images: document.querySelectorAll('img[src="x"]').length,
      scripts: [...document.scripts].filter((s) => s.textContent?.trim() === "window.__xss=1;alert(1)").length,
    }));
    expect(dom, url).toEqual({ xss: undefined, images: 0, scripts: 0 });
    expect(dialogs, url).toEqual([]);
  } finally {
    page.off("dialog", onDialog);
  }
}

test.describe("stored probes render as text", () => {
  test("profile fields, research surnames and places: profile, directory and the administrator's page", async ({
    page,
    makeAccount,
    signInAs,
  }) => {
    const research = letters();
    const member = await makeAccount({
      profile: {
        givenName: PROBE,
        surname: PROBE,
        researchSurnames: `${research}, ${PROBE}`,
        researchPlaces: PROBE,
        phone: PROBE,
        listed: true,
      },
    });
    const admin = await makeAccount({ role: "admin" });
    await signInAs(member);
    await expectInert(page, "/members/profile");
    await expectInert(page, `/members/membership/search?research=${research}&researchMode=exact`);
    await signInAs(admin);
    await expectInert(page, `/members/admin/members/${member.id}`);
  });

  test("a content page's title and body", async ({ page, database, makeAccount, signInAs }) => {
    const slug = `xss-${letters().toLowerCase()}`;
    await database.db
      .insertInto("content_pages")
      .values({
        slug,
        title: PROBE,
        body_markdown: `${PROBE}\n\n[a link](javascript:window.__xss=1)`,
        published: 1,
        updated_at: new Date().toISOString(),
        updated_by: null,
      })
      .execute();
    try {
      await signInAs(await makeAccount());
      await expectInert(page, `/members/${slug}`);
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      await signInAs(await makeAccount({ role: "admin" }));
      await expectInert(page, "/members/admin/pages");
    } finally {
      await database.db.deleteFrom("content_pages").where("slug", "=", slug).execute();
    }
  });

  test("an imported record: search results and the record page", async ({ page, makeAccount, signInAs }) => {
    test.setTimeout(120_000);
    const surname = letters();
    const quoted = `"${PROBE.replace(/"/g, '""')}"`;
    const csv = [
      "Nr;Nazwisko;Imię;Data;Wiek;Miejscowość;Parafia;Nr aktu;Uwagi",
      `1;${surname};${quoted};3.4.1858;64;Lublin;Lublin;17;${quoted}`,
    ].join("\r\n");
    await signInAs(await makeAccount({ role: "admin" }));
    await page.goto("/members/admin/imports/new");
    await page.getByLabel("Import into").selectOption({ label: "Lublin Lutheran deaths" });
    await page
      .getByLabel("File (CSV or Excel)")
      .setInputFiles({ name: `xss-${surname}.csv`, mimeType: "text/csv", buffer: Buffer.from(`${csv}\r\n`) });
    await page.getByRole("button", { name: "Upload and read the file" }).click();
    await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
    const batchUrl = page.url();
    // The file's first rows, shown beside the column mapping.
    await expectInert(page, batchUrl);
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByRole("button", { name: "Import 1 rows" }).click();
    await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 60_000 });
    try {
      const search = `/members/lublin/death/search?surname=${surname}&surnameMode=exact`;
      await expectInert(page, search);
      const record = await page.locator('a[href*="/members/lublin/death/record/"]').first().getAttribute("href");
      await expectInert(page, record!);
    } finally {
      await page.goto(batchUrl);
      await page.getByRole("button", { name: "Undo this import" }).click();
      await expect(page.getByRole("status")).toContainText("Undone", { timeout: 60_000 });
    }
  });

  test("a submitted GEDCOM's names, places and notes and the tree's title", async ({
    page,
    database,
    makeAccount,
    signInAs,
  }) => {
    const surname = letters();
    const gedcom = [
      "0 HEAD",
      "1 GEDC",
      "2 VERS 5.5.1",
      "2 FORM LINEAGE-LINKED",
      "1 CHAR UTF-8",
      "0 @I1@ INDI",
      `1 NAME ${PROBE} /${surname}/`,
      "1 SEX M",
      "1 BIRT",
      "2 DATE 1 JAN 1850",
      `2 PLAC ${PROBE}`,
      `1 NOTE ${PROBE}`,
      "0 @I2@ INDI",
      `1 NAME Anna /${surname}/`,
      "1 SEX F",
      "1 FAMS @F1@",
      "0 @F1@ FAM",
      "1 WIFE @I2@",
      "1 CHIL @I1@",
      "0 TRLR",
      "",
    ].join("\n");
    const member = await makeAccount();
    await signInAs(member);
    const title = `${PROBE} ${surname}`;
    await page.goto("/members/genealogy/submit");
    await page.getByLabel("Title of the tree").fill(title);
    await page
      .getByLabel("GEDCOM file")
      .setInputFiles({ name: "xss.ged", mimeType: "text/plain", buffer: Buffer.from(gedcom) });
    await page.getByRole("button", { name: "Upload the tree" }).click();
    await expect(page.getByRole("status")).toContainText("Your tree is uploaded");
    const tree = await database.db
      .selectFrom("family_trees")
      .select("id")
      .where("title", "=", title)
      .executeTakeFirstOrThrow();
    try {
      await expectInert(page, "/members/genealogy/my-trees");
      await expectInert(page, `/members/genealogy/trees/${tree.id}`);
      const person = await database.db
        .selectFrom("people")
        .select("number")
        .where("tree_id", "=", Number(tree.id))
        .where("xref", "=", "I1")
        .executeTakeFirstOrThrow();
      await expectInert(page, `/members/genealogy/person/G${person.number}`);
    } finally {
      await withdrawTree(database, Number(tree.id), { userId: member.id, ip: "" });
    }
  });

  test("imported place names on the public map: the place's label, its neighbour's marker and popup (issue 26)", async ({
    page,
    makeAccount,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    const tag = letters();
    // Leaflet writes a string given as a tooltip, popup or attribution into innerHTML.
    const hostile = `<img src=x onerror=alert(11)><b class="xss-${tag}">${tag}</b>`;
    const neighbour = `<a href="https://example.org/" class="xss-${tag}">Nachbar${tag}</a>`;
    const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const csv = [
      "Name;Provinz;Breite;Länge",
      `${quoted(hostile)};Petrikau;51,7592;19,4560`,
      `${quoted(neighbour)};Plock;52,3000;19,9000`,
    ].join("\r\n");
    await signInAs(await makeAccount({ role: "admin" }));
    await upload(
      page,
      { name: `orte-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(`${csv}\r\n`) },
      "Breyer map index",
    );
    await expect(page).toHaveURL(/\/members\/admin\/imports\/\d+$/);
    const batchUrl = page.url();
    await page.getByRole("button", { name: "Check the file" }).click();
    await page.getByRole("button", { name: "Import 2 rows" }).click();
    await expect(page.getByRole("heading", { name: "Result" })).toBeVisible({ timeout: 60_000 });
    try {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const expectNothingBuilt = async () =>
        expect(
          await page.evaluate(
            (cls) => ({
              images: document.querySelectorAll('.geo-map-leaflet img[src="x"]').length,
              injected: document.querySelectorAll(`.${cls}`).length,
              outside: document.querySelectorAll('.geo-map-leaflet a[href^="https://example.org"]').length,
            }),
            `xss-${tag}`,
          ),
        ).toEqual({ images: 0, injected: 0, outside: 0 });
      // The search's map: both places as markers; the neighbour's popup links to it.
      await page.goto(`/breyer/map/search?name=${tag}&nameMode=contains`);
      await showMap(page);
      const leaflet = page.locator(".geo-map-leaflet");
      const marker = leaflet.getByRole("button", { name: neighbour, exact: true });
      await marker.focus();
      await page.keyboard.press("Enter");
      await expect(leaflet.locator(".leaflet-popup").getByRole("link", { name: neighbour })).toBeVisible();
      await expectNothingBuilt();
      // The place's own page: its name is a permanent label beside its marker (or its group's), as text.
      await page.locator("table.place-table").getByRole("link", { name: hostile }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(hostile);
      await showMap(page);
      await expect(leaflet.locator(".leaflet-tooltip")).toHaveText(hostile);
      await expectNothingBuilt();
      expect(dialogs).toEqual([]);
    } finally {
      await page.goto(batchUrl);
      await page.getByRole("button", { name: "Undo this import" }).click();
      await expect(page.getByText(/Undone .* the 2 places it added are removed/)).toBeVisible({ timeout: 60_000 });
    }
  });
});
