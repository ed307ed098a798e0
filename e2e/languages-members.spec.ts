import { expect, test } from "./fixtures";
import { catalogText, expectAccessible, htmlLang, shot } from "./helpers";

/** Issue 29: the members' area and their family trees in German, Polish, Ukrainian and Russian. */

const DIRECTORY = "/members/membership/search";

test.describe("the members' pages in other languages", () => {
  test("the member directory in German: form, chips and rows in German, member numbers as “Nr.”", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const listed = await makeAccount({
      profile: { givenName: "Anna", surname: "Nowak", researchSurnames: "Szmidt, Kühn", listed: true },
    });
    const me = await makeAccount({ profile: { surname: "Suchende", researchSurnames: "Wagner" } });
    await signInAs(me);
    await page.goto(`${DIRECTORY}?lng=de`);
    expect(await htmlLang(page)).toBe("de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("de", "members", "directory.heading"));
    await expect(page.getByText("Sie sind nicht eingetragen, daher können andere Mitglieder")).toBeVisible();
    await expect(
      page.getByRole("group", { name: catalogText("de", "members", "directory.whoResearches") }),
    ).toBeVisible();
    await expect(page.getByLabel(catalogText("de", "members", "directory.memberNumber"))).toBeVisible();
    await expectAccessible(page);

    // A search by the research surname: the chip and the row in German.
    await page.goto(`${DIRECTORY}?research=Schmidt`);
    expect(await htmlLang(page)).toBe("de");
    await expect(page.locator(".chips .chip")).toHaveText(["Forscht zu: Schmidt (klingt wie)"]);
    const row = page.locator("table.directory-table tbody tr", { hasText: listed.email });
    await expect(row).toBeVisible();
    await expect(row.locator("td").nth(1)).toHaveText(`Nr. ${listed.id}`);
    await expect(page).toHaveTitle(/Mitglied(er)? — Mitgliederverzeichnis — Metryka$/);
    await shot(page, testInfo, "members-directory-de");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the member directory in Polish: a wrong member number says so in Polish and keeps what was typed", async ({
      page,
      makeAccount,
      signInAs,
    }) => {
      const me = await makeAccount({ profile: { surname: "Kowalska", researchSurnames: "Wiśniewski", listed: true } });
      await signInAs(me);
      await page.goto(`${DIRECTORY}?lng=pl`);
      expect(await htmlLang(page)).toBe("pl");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Katalog członków");
      await expect(page.getByText(`Jesteś w katalogu jako członek Nr ${me.id}`)).toBeVisible();
      const number = page.getByLabel(catalogText("pl", "members", "directory.memberNumber"));
      await number.fill("dwanaście");
      await page.locator("form[role=search] button[type=submit]").click();
      await expect(page).toHaveURL(/number=/);
      await expect(
        page.getByText(catalogText("pl", "forms", "A member number is a whole number, for example 42.")).first(),
      ).toBeVisible();
      await expect(page.getByLabel(catalogText("pl", "members", "directory.memberNumber"))).toHaveValue("dwanaście");
    });

    test("the personal details in Polish without JavaScript: the server's messages in Polish, the input kept", async ({
      page,
      makeAccount,
      signInAs,
    }) => {
      await signInAs(await makeAccount());
      await page.goto("/members/profileEditPersonal?lng=pl");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dane osobowe");
      await page.getByLabel(catalogText("pl", "members", "personal.givenName")).fill("Anna");
      await page.getByLabel(catalogText("pl", "members", "personal.phone")).fill("zadzwoń do mnie");
      await page.getByRole("button", { name: catalogText("pl", "members", "personal.save") }).click();
      await expect(page.getByRole("alert")).toContainText("Niczego nie zapisano.");
      await expect(page.locator("[id$='surname-error']")).toHaveText(catalogText("pl", "forms", "Enter your surname."));
      await expect(page.locator("[id$='phone-error']")).toHaveText(
        catalogText(
          "pl",
          "forms",
          "Use digits, spaces and + ( ) - . / only, with an extension as “ext. 12” if needed.",
        ),
      );
      await expect(page.getByLabel(catalogText("pl", "members", "personal.phone"))).toHaveValue("zadzwoń do mnie");
      await expect(page.getByLabel(catalogText("pl", "members", "personal.givenName"))).toHaveValue("Anna");
    });
  });

  test("the personal details in Polish: the browser's messages in Polish, the input kept, then saved", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto("/members/profileEditPersonal?lng=pl");
    await page.waitForLoadState("networkidle");
    expect(await htmlLang(page)).toBe("pl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("pl", "members", "personal.heading"));
    const phone = page.getByLabel(catalogText("pl", "members", "personal.phone"));
    await page.getByLabel(catalogText("pl", "members", "personal.givenName")).fill("Anna");
    await page.getByLabel(catalogText("pl", "members", "personal.surname"), { exact: true }).fill("Nowak");
    await phone.fill("zadzwoń do mnie");
    await phone.blur();
    const phoneError = catalogText(
      "pl",
      "forms",
      "Use digits, spaces and + ( ) - . / only, with an extension as “ext. 12” if needed.",
    );
    await expect(page.locator("[id$='phone-error']")).toHaveText(phoneError);
    // Sent anyway: the server answers in Polish too.
    await page.getByRole("button", { name: catalogText("pl", "members", "personal.save") }).click();
    await expect(page.locator("[id$='phone-error']")).toHaveText(phoneError);
    await expect(phone).toHaveValue("zadzwoń do mnie");
    await expectAccessible(page);
    await shot(page, testInfo, "members-personal-error-pl");

    await phone.fill("+48 22 555 01 01");
    await page.getByRole("button", { name: catalogText("pl", "members", "personal.save") }).click();
    await expect(page).toHaveURL(/\/members\/profile\?updated=personal/);
    await expect(page.getByRole("status")).toHaveText(catalogText("pl", "members", "profile.updated.personal"));
  });

  test("the profile page in Russian: its words, the member number and the membership's state", async ({
    page,
    makeAccount,
    signInAs,
  }, testInfo) => {
    const me = await makeAccount({ expires: "2030-03-12", profile: { givenName: "Ольга", surname: "Шульц" } });
    await signInAs(me);
    await page.goto("/members/profile?lng=ru");
    expect(await htmlLang(page)).toBe("ru");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ваша учётная запись");
    await expect(page.getByText(`№ ${me.id}`, { exact: true })).toBeVisible();
    await expect(page.getByText(catalogText("ru", "members", "profile.states.active"), { exact: true })).toBeVisible();
    await expect(page.getByText("12 марта 2030", { exact: true })).toBeVisible();
    await expect(page.getByText(catalogText("ru", "members", "profile.notListed"))).toBeVisible();
    await expect(
      page.getByRole("button", { name: catalogText("ru", "members", "profile.signOutEverywhere") }),
    ).toBeVisible();
    await expect(page).toHaveTitle(catalogText("ru", "members", "meta.profile.title"));
    await expectAccessible(page);
    await shot(page, testInfo, "members-profile-ru");
  });

  test("my trees in Ukrainian, and the tree form it links to", async ({ page, makeAccount, signInAs }, testInfo) => {
    await signInAs(await makeAccount());
    await page.goto("/members/genealogy/my-trees?lng=uk");
    expect(await htmlLang(page)).toBe("uk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("uk", "trees", "myTrees.heading"));
    await expect(page.getByText(catalogText("uk", "trees", "myTrees.none"))).toBeVisible();
    await expect(page).toHaveTitle(catalogText("uk", "trees", "meta.myTrees.title"));
    await expectAccessible(page);
    await shot(page, testInfo, "members-my-trees-uk");
    await page.getByRole("link", { name: catalogText("uk", "trees", "myTrees.submit") }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(catalogText("uk", "trees", "submit.heading"));
    await expect(page.getByLabel(catalogText("uk", "trees", "submit.title"))).toBeVisible();
    await expect(page.getByRole("button", { name: catalogText("uk", "trees", "submit.upload") })).toBeVisible();
  });

  test("a Lodz person, their pedigree and descendants in German", async ({
    page,
    makeAccount,
    signInAs,
    database,
  }, testInfo) => {
    const person = await database.db
      .selectFrom("people as p")
      .innerJoin("family_children as fc", "fc.child_id", "p.id")
      .innerJoin("families as f", "f.id", "fc.family_id")
      .select(["p.number", "p.given", "p.surname"])
      .where("p.collection", "=", "lodz")
      .where("f.husband_id", "is not", null)
      .orderBy("p.number")
      .executeTakeFirstOrThrow();
    await signInAs(await makeAccount());
    await page.goto(`/members/lodz/person/L${person.number}?lng=de`);
    expect(await htmlLang(page)).toBe("de");
    await expect(
      page.getByRole("heading", { name: catalogText("de", "trees", "person.parents"), exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Vater:", { exact: true }).first()).toBeVisible();
    await expect(
      page.getByRole("heading", { name: catalogText("de", "trees", "person.pedigree"), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: /^Ahnentafel von / })).toBeVisible();
    await expect(page.locator("#citation-text")).toHaveValue(/abgerufen am \d+\. \S+ \d{4}\)\.$/);
    await expectAccessible(page);
    await shot(page, testInfo, "members-person-de");
    await page.getByRole("link", { name: /^Nachkommen von / }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nachkommen von");
    await expect(page.getByLabel(catalogText("de", "trees", "descendants.generations"))).toBeVisible();
  });
});
