import type { Database } from "../app/db/connection.server";
import { daitchMokotoff } from "../app/names/daitch-mokotoff";
import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

/**
 * The linked-person collections (SPEC §2, DOMAIN.md, decision 0017): a member
 * finds a Lodz person by a surname that only sounds like theirs, opens the
 * person, follows the links to a parent and to a child and reads the
 * pedigree; a genealogy pedigree shows four generations and hides people who
 * may be living; visitors are sent to sign in (401 for the payload file),
 * inactive accounts get 403, and bad input answers 400 beside the field.
 */
const LODZ = "/members/lodz/search";
const GENEALOGY = "/members/genealogy/search";

/** Spellings a clerk might have used instead; the test keeps one that shares a Daitch–Mokotoff code. */
const RESPELLINGS: [RegExp, string][] = [
  [/sch/i, "sz"],
  [/ck/, "k"],
  [/dt/, "t"],
  [/tz/, "c"],
  [/w/, "v"],
  [/ei/, "aj"],
  [/ß/, "ss"],
  [/nn/, "n"],
  [/ll/, "l"],
  [/ff/, "f"],
  [/ph/, "f"],
];

function soundAlike(surname: string): string | undefined {
  const codes = new Set(daitchMokotoff(surname));
  for (const [pattern, replacement] of RESPELLINGS) {
    const other = surname.replace(pattern, replacement);
    if (other !== surname && daitchMokotoff(other).some((c) => codes.has(c))) return other;
  }
  return undefined;
}

interface Row {
  id: number;
  number: number;
  surname: string;
  given: string;
}

/** A Lodz man with both parents recorded and a child of his own, whose surname can be respelled. */
async function personWithFamily(database: Database) {
  const rows = (await database.db
    .selectFrom("people as p")
    .innerJoin("family_children as fc", "fc.child_id", "p.id")
    .innerJoin("families as pf", "pf.id", "fc.family_id")
    .innerJoin("families as own", "own.husband_id", "p.id")
    .innerJoin("family_children as kids", "kids.family_id", "own.id")
    .select(["p.id", "p.number", "p.surname", "p.given"])
    .where("p.collection", "=", "lodz")
    .where("pf.husband_id", "is not", null)
    .where("pf.wife_id", "is not", null)
    .orderBy("p.number")
    .limit(300)
    .execute()) as Row[];
  for (const r of rows) {
    const alike = soundAlike(r.surname);
    if (alike) return { ...r, alike };
  }
  throw new Error("no Lodz person with parents, children and a respellable surname");
}

async function parentsAndChild(database: Database, id: number) {
  const parents = await database.db
    .selectFrom("family_children")
    .innerJoin("families", "families.id", "family_children.family_id")
    .innerJoin("people as f", "f.id", "families.husband_id")
    .select(["f.number", "f.given", "f.surname"])
    .where("family_children.child_id", "=", id)
    .executeTakeFirstOrThrow();
  const child = await database.db
    .selectFrom("families")
    .innerJoin("family_children", "family_children.family_id", "families.id")
    .innerJoin("people as c", "c.id", "family_children.child_id")
    .select(["c.number", "c.given", "c.surname"])
    .where("families.husband_id", "=", id)
    .orderBy("family_children.position")
    .executeTakeFirstOrThrow();
  return { father: parents, child };
}

test.describe("Lodz families and the Master Pedigree Database", () => {
  test("a member finds a person by a sound-alike surname, follows links to a parent and a child, and sees the pedigree", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const person = await personWithFamily(database);
    const { father, child } = await parentsAndChild(database, person.id);
    await signInAs(await makeAccount());
    await page.goto(LODZ);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Łódź Holy Trinity Lutheran parish families 1826–1851",
    );
    await expectAccessible(page);
    await page.getByLabel("Surname", { exact: true }).fill(person.alike);
    await page.getByLabel("Given name", { exact: true }).fill(person.given);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`surname=${encodeURIComponent(person.alike).replace(/%20/g, "\\+")}`));
    await expect(page.locator("#results-heading")).toHaveText(/^[\d,]+ (person|people)/);
    const href = `/members/lodz/person/L${person.number}`;
    const link = page.locator(`table.results a[href="${href}"]`);
    await expect(link).toHaveCount(1);
    await expect(page.getByRole("link", { name: `Remove Surname: ${person.alike}` })).toBeVisible();
    // Best match first (issue 27): the row says why the person matched; the name order is one click away.
    await expect(page.locator(".order-choice [aria-current]")).toHaveText("Best match");
    const row = page.locator("table.results tr", { has: page.locator(`a[href="${href}"]`) });
    await expect(row.locator(".row-why")).toContainText(`Surname: ${person.surname}, `);
    await expect(row.locator(".row-why")).toContainText(`Given name: same spelling`);
    await page.locator(".order-choice").getByRole("link", { name: "Name" }).click();
    await expect(page).toHaveURL(/sort=surname/);
    await expect(page.locator(".order-choice [aria-current]")).toHaveText("Name");
    await page.locator(".order-choice").getByRole("link", { name: "Best match" }).click();
    await expect(page).toHaveURL(/sort=relevance/);
    await expect(link).toHaveCount(1);
    await expectAccessible(page);
    await shot(page, testInfo, "families-lodz-results");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "families-lodz-results-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await link.click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${person.given} ${person.surname}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`L${person.number}`);
    const pedigree = page.getByRole("list", { name: `Ancestors of ${person.given} ${person.surname}` });
    await expect(pedigree).toContainText(`${father.given} ${father.surname}`);
    await expect(page.locator("#citation-text")).toHaveValue(new RegExp(`person L${person.number}`));
    await expectAccessible(page);
    await shot(page, testInfo, "families-lodz-person");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "families-lodz-person-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    const parents = page.locator("section", { has: page.getByRole("heading", { name: "Parents" }) });
    await parents.getByRole("link", { name: `${father.given} ${father.surname}` }).click();
    await expect(page).toHaveURL(`/members/lodz/person/L${father.number}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`L${father.number}`);
    // The father's children include the person we came from.
    await expect(page.locator(`.children a[href="${href}"]`)).toHaveCount(1);

    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`L${person.number}`);
    await page.locator(`.children a[href="/members/lodz/person/L${child.number}"]`).first().click();
    await expect(page).toHaveURL(`/members/lodz/person/L${child.number}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`L${child.number}`);
    // Two generations up from the child: the grandfather we started from the father of.
    const childPedigree = page.locator(".pedigree");
    await expect(childPedigree).toContainText(`${person.given} ${person.surname}`);
    await expect(childPedigree).toContainText(`${father.given} ${father.surname}`);
  });

  test("a genealogy pedigree shows four generations, and people who may be living are shown as Living", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    // Someone whose great-great-grandfather is recorded.
    const deep = await database.db
      .selectFrom("people as p")
      .innerJoin("family_children as c1", "c1.child_id", "p.id")
      .innerJoin("families as f1", "f1.id", "c1.family_id")
      .innerJoin("family_children as c2", "c2.child_id", "f1.husband_id")
      .innerJoin("families as f2", "f2.id", "c2.family_id")
      .innerJoin("family_children as c3", "c3.child_id", "f2.husband_id")
      .innerJoin("families as f3", "f3.id", "c3.family_id")
      .innerJoin("family_children as c4", "c4.child_id", "f3.husband_id")
      .innerJoin("families as f4", "f4.id", "c4.family_id")
      .innerJoin("people as top", "top.id", "f4.husband_id")
      .select(["p.number", "p.given", "p.surname", "top.given as topGiven", "top.surname as topSurname"])
      .where("p.collection", "=", "genealogy")
      .where("p.death_year", "is not", null)
      .orderBy("p.number")
      .executeTakeFirstOrThrow();
    const living = await database.db
      .selectFrom("people")
      .select(["number", "given", "surname"])
      .where("collection", "=", "genealogy")
      .where("death_year", "is", null)
      .where("birth_year", ">", new Date().getUTCFullYear() - 100)
      .orderBy("number")
      .executeTakeFirstOrThrow();
    await signInAs(await makeAccount());
    await page.goto(`/members/genealogy/person/G${deep.number}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${deep.given} ${deep.surname}`);
    await expect(page.locator(".pedigree")).toContainText(`${deep.topGiven} ${deep.topSurname}`);
    await expect(page.getByText("Family tree", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, testInfo, "families-genealogy-person");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, testInfo, "families-genealogy-person-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`/members/genealogy/person/G${living.number}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Living G${living.number}`);
    // No life, dates or sources: only that someone is there, and their family.
    await expect(page.getByRole("heading", { name: "Life" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Sources" })).toHaveCount(0);
    await expect(page.locator("#citation-text")).toHaveValue(/^“Living”, person G/);
    await page.goto(`${GENEALOGY}?id=G${living.number}`);
    await expect(page.locator("#results-heading")).toHaveText("No people found");
  });

  test("bad input answers 400 with the message beside the field and the typed value kept", async ({
    page,
    request,
    makeAccount,
    signInAs,
    cookieFor,
  }, testInfo) => {
    const account = await makeAccount();
    const bad = `${LODZ}?surname=Schmidt&yearFrom=18x6&id=G12`;
    const response = await request.get(bad, { headers: { Cookie: await cookieFor(account) } });
    expect(response.status()).toBe(400);
    await signInAs(account);
    await page.goto(bad);
    await expect(page.locator("#yearFrom-error")).toHaveText("Enter a year as four digits, for example 1856.");
    await expect(page.locator("#yearFrom")).toHaveValue("18x6");
    await expect(page.locator("#id-error")).toContainText("L1234");
    await expect(page.locator("#id")).toHaveValue("G12");
    await expect(page.locator("#surname")).toHaveValue("Schmidt");
    await expect(page.locator("#results-heading")).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, testInfo, "families-bad-input");
  });

  test("visitors are sent to sign in, payload files answer 401 and inactive accounts 403", async ({
    page,
    request,
    makeAccount,
    cookieFor,
  }) => {
    for (const target of [
      `${LODZ}?surname=Schmidt`,
      "/members/lodz/person/L1",
      `${GENEALOGY}?surname=Schulz`,
      "/members/genealogy/person/G1",
    ]) {
      await page.goto(target);
      await expect(page).toHaveURL(`/Login?redirectTo=${encodeURIComponent(target)}`);
      const payload = await request.get(
        target.includes("?") ? target.replace("?", "/_payload.json?") : `${target}/_payload.json`,
        { maxRedirects: 0 },
      );
      expect(payload.status()).toBe(401);
      expect(payload.headers()["content-type"]).toContain("application/json");
      expect(JSON.parse(await payload.text())).toMatchObject({ status: 401 });
    }
    const suspended = await makeAccount({ status: "suspended" });
    for (const target of [LODZ, "/members/genealogy/person/G1"]) {
      const response = await request.get(target, { headers: { Cookie: await cookieFor(suspended) }, maxRedirects: 0 });
      expect(response.status()).toBe(403);
    }
    // The home page lists both collections, members only, with their sizes.
    await page.goto("/");
    for (const title of ["Łódź Holy Trinity Lutheran parish families 1826–1851", "Master Pedigree Database"]) {
      const card = page.locator(".card", { hasText: title });
      await expect(card).toContainText("Members only");
      await expect(card.locator(".count")).toHaveText(/^[\d,]+ people$/);
    }
  });
});
