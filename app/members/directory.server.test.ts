import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "~/auth/users.server";
import { type Database, openSqlite } from "~/db/connection.server";
import { migrateToLatest, migrateUpTo } from "~/db/migrations.server";
import type { AccountStatus } from "~/db/schema";
import { type TestDatabase, createTestDatabase, testDialects } from "~/db/test-database";
import { startRuntime, stopRuntime } from "~/server/runtime.server";
import { outcome } from "~/testing/outcome";
import { getRequest, signedInAccount } from "~/testing/requests";
import { parseDirectoryCriteria } from "./directory-criteria";
import { loadDirectoryPage } from "./directory-page.server";
import { searchDirectory } from "./directory.server";
import { updatePersonalDetails } from "./profile-writes.server";

const PASSWORD = "correct horse battery staple";
const TODAY = new Date().toISOString().slice(0, 10);

interface Profile {
  givenName?: string;
  surname?: string;
  researchSurnames?: string;
  researchPlaces?: string;
  listed?: boolean;
  phone?: string;
  addressLine1?: string;
}

for (const dialect of testDialects()) {
  describe(`member directory on ${dialect}`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-directory-"));
    let pg: TestDatabase | undefined;
    let database: Database;

    async function member(username: string, profile: Profile, status: AccountStatus = "active") {
      const account = await signedInAccount(database, username, { password: PASSWORD, status });
      await updatePersonalDetails(
        database,
        account.user,
        {
          givenName: profile.givenName ?? "",
          surname: profile.surname ?? "",
          addressLine1: profile.addressLine1 ?? "",
          addressLine2: "",
          city: "",
          postalCode: "",
          country: "",
          region: "",
          phone: profile.phone ?? "",
          researchSurnames: profile.researchSurnames ?? "",
          researchPlaces: profile.researchPlaces ?? "",
          listedInDirectory: profile.listed ?? true,
          language: "",
        },
        { ip: "" },
      );
      return account;
    }

    const search = async (query: string) => {
      const { criteria, errors } = parseDirectoryCriteria(new URLSearchParams(query));
      expect(errors).toEqual({});
      return searchDirectory(database, criteria, TODAY);
    };
    const usernamesOf = async (query: string) => {
      const result = await search(query);
      const rows = await database.db
        .selectFrom("users")
        .select(["id", "username"])
        .where("id", "in", result.rows.map((r) => r.id).concat(-1))
        .execute();
      const byId = new Map(rows.map((r) => [Number(r.id), r.username]));
      return result.rows.map((r) => byId.get(r.id));
    };

    let anna: { user: User; cookie: string };
    let hidden: { user: User; cookie: string };
    let suspended: { user: User; cookie: string };
    let pending: { user: User; cookie: string };
    let expired: { user: User; cookie: string };

    beforeAll(async () => {
      process.env.DATA_DIR = dataDir;
      process.env.SEED_RECORDS = "0";
      if (dialect === "postgres") {
        pg = await createTestDatabase("postgres");
        process.env.DATABASE_URL = pg.url;
      } else {
        delete process.env.DATABASE_URL;
      }
      database = await startRuntime();
      anna = await member("anna-d", {
        givenName: "Anna",
        surname: "Nowak",
        researchSurnames: "Szmidt, Kühn",
        researchPlaces: "Łódź, Rożyszcze",
        phone: "+48 42 555 01 01",
        addressLine1: "ul. Długa 5",
      });
      await member("bert-d", {
        givenName: "Bert",
        surname: "Müller",
        researchSurnames: "Schmit\nWagner",
        researchPlaces: "Neu-Sulzfeld",
      });
      await member("carl-d", { givenName: "Carl", surname: "Zimmermann", researchSurnames: "Kowalski" });
      // Every way of being out of the directory researches the same surname.
      hidden = await member("hidden-d", { surname: "Schmidt", researchSurnames: "Schmidt", listed: false });
      suspended = await member("suspended-d", { surname: "Schmidt", researchSurnames: "Schmidt" }, "suspended");
      pending = await member("pending-d", { surname: "Schmidt", researchSurnames: "Schmidt" }, "pending");
      expired = await member("expired-d", { surname: "Schmidt", researchSurnames: "Schmidt" });
      await database.db
        .updateTable("users")
        .set({ membership_expires_on: "2020-01-01" })
        .where("id", "=", expired.user.id)
        .execute();
    });
    afterAll(async () => {
      await stopRuntime();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("finds listed members by a sound-alike research surname", async () => {
      expect(await usernamesOf("research=Schmidt")).toEqual(["bert-d", "anna-d"]);
      expect(await usernamesOf("research=Schmidt&researchMode=exact")).toEqual([]);
      expect(await usernamesOf("research=szmidt&researchMode=exact")).toEqual(["anna-d"]);
      expect(await usernamesOf("research=Schm&researchMode=starts")).toEqual(["bert-d"]);
      expect(await usernamesOf("research=kuhn&researchMode=starts")).toEqual(["anna-d"]);
      expect(await usernamesOf("research=Wagner")).toEqual(["bert-d"]);
    });

    it("finds members by research place (accents ignored, any word) and by their own names", async () => {
      expect(await usernamesOf("place=lodz")).toEqual(["anna-d"]);
      expect(await usernamesOf("place=Sulz")).toEqual(["bert-d"]);
      expect(await usernamesOf("place=Rozysz&research=Szmidt")).toEqual(["anna-d"]);
      expect(await usernamesOf("surname=muller")).toEqual(["bert-d"]);
      expect(await usernamesOf("givenName=ann")).toEqual(["anna-d"]);
      expect(await usernamesOf(`number=${anna.user.id}`)).toEqual(["anna-d"]);
      expect(await usernamesOf(`number=No. ${anna.user.id}`)).toEqual(["anna-d"]);
      expect(await usernamesOf("email=ANNA-D@example.org")).toEqual(["anna-d"]);
      expect(await usernamesOf("email=anna@example.org")).toEqual([]);
    });

    it("never returns an unlisted, suspended, pending or expired member, not even by number or e-mail", async () => {
      for (const who of [hidden, suspended, pending, expired]) {
        expect(await usernamesOf(`number=${who.user.id}`), who.user.username).toEqual([]);
        expect(await usernamesOf(`email=${who.user.email}`), who.user.username).toEqual([]);
        expect(await usernamesOf("surname=Schmidt"), who.user.username).toEqual([]);
      }
      expect(await usernamesOf("research=Schmidt&researchMode=exact")).toEqual([]);
      // Leaving the directory takes effect at once; joining it again too.
      await database.db.updateTable("users").set({ listed_in_directory: 0 }).where("id", "=", anna.user.id).execute();
      expect(await usernamesOf("research=Schmidt")).toEqual(["bert-d"]);
      await database.db.updateTable("users").set({ listed_in_directory: 1 }).where("id", "=", anna.user.id).execute();
    });

    it("keeps the keys in step with the profile", async () => {
      const dora = await member("dora-d", { surname: "Lange", researchSurnames: "Fischer", researchPlaces: "Sarata" });
      expect(await usernamesOf("research=Fiszer")).toEqual(["dora-d"]);
      const fresh = (await database.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", dora.user.id)
        .executeTakeFirst())!;
      await updatePersonalDetails(
        database,
        fresh,
        {
          givenName: "",
          surname: "Lange",
          addressLine1: "",
          addressLine2: "",
          city: "",
          postalCode: "",
          country: "",
          region: "",
          phone: "",
          researchSurnames: "Becker",
          researchPlaces: "Tarutino",
          listedInDirectory: true,
          language: "",
        },
        { ip: "" },
      );
      expect(await usernamesOf("research=Fiszer")).toEqual([]);
      expect(await usernamesOf("place=Sarata")).toEqual([]);
      expect(await usernamesOf("research=Bekker&place=taru")).toEqual(["dora-d"]);
      // Deleting the account deletes its keys.
      await database.db.deleteFrom("sessions").where("user_id", "=", dora.user.id).execute();
      await database.db.deleteFrom("users").where("id", "=", dora.user.id).execute();
      expect(
        await database.db
          .selectFrom("member_directory_names")
          .select("user_id")
          .where("user_id", "=", dora.user.id)
          .execute(),
      ).toEqual([]);
    });

    it("sorts and pages", async () => {
      const byName = await search("research=Schmidt&sort=-surname");
      expect(byName.rows.map((r) => r.surname)).toEqual(["Nowak", "Müller"]);
      const byNumber = await search("research=Schmidt&sort=number");
      expect(byNumber.rows.map((r) => r.id)).toEqual([...byNumber.rows.map((r) => r.id)].sort((a, b) => a - b));
      const page = await search("research=Schmidt&perPage=10&page=7");
      expect(page).toMatchObject({ total: 2, page: 1, pageCount: 1, correctedFromPage: 7 });
      // An empty result is one empty page, as in every other list (it used to answer 0 pages).
      const none = await search("research=Qwxyzzy");
      expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1 });
    });

    it("shows e-mail and research lists but never the address or phone number", async () => {
      const out = await outcome(() =>
        loadDirectoryPage(getRequest("/members/membership/search?research=Schmidt", anna.cookie)),
      );
      expect(out.status).toBe(200);
      const text = JSON.stringify(out.body);
      expect(text).toContain("anna-d@example.org");
      expect(text).not.toContain("555 01 01");
      expect(text).not.toContain("Długa");
      const body = out.body as {
        result: { rows: { name: string; researchSurnames: { text: string; matched: boolean }[] }[] };
      };
      expect(body.result.rows.find((r) => r.name === "Anna Nowak")!.researchSurnames).toEqual([
        { text: "Szmidt", matched: true },
        { text: "Kühn", matched: false },
      ]);
    });

    it("guards the page and answers bad input with 400 and the typed values", async () => {
      const visitor = await outcome(() => loadDirectoryPage(getRequest("/members/membership/search?research=X", null)));
      expect(visitor).toMatchObject({
        status: 302,
        location: `/Login?redirectTo=${encodeURIComponent("/members/membership/search?research=X")}`,
      });
      for (const who of [suspended, pending, expired]) {
        expect(
          (await outcome(() => loadDirectoryPage(getRequest("/members/membership/search", who.cookie)))).status,
        ).toBe(403);
      }
      // An unlisted member may search; the page tells them how to be listed.
      const mine = await outcome(() => loadDirectoryPage(getRequest("/members/membership/search", hidden.cookie)));
      expect(mine).toMatchObject({ status: 200, body: { viewer: { listed: false }, result: null } });
      const bad = await outcome(() =>
        loadDirectoryPage(getRequest("/members/membership/search?number=abc&research=Schmidt&perPage=7", anna.cookie)),
      );
      expect(bad).toMatchObject({
        status: 400,
        body: {
          result: null,
          values: { number: "abc", research: "Schmidt", perPage: "7" },
          errors: { number: expect.any(String), perPage: expect.any(String) },
        },
      });
    });
  });

  describe(`member directory migration on ${dialect}`, () => {
    it("back-fills the keys of every existing profile", async () => {
      let pgDb: TestDatabase | undefined;
      let database: Database;
      if (dialect === "postgres") {
        // A fresh empty database, migrated by hand to the state before the directory.
        pgDb = await createTestDatabase("postgres");
        database = pgDb.database;
        await database.db.schema.dropSchema("public").cascade().execute();
        await database.db.schema.createSchema("public").execute();
      } else {
        database = openSqlite(":memory:");
      }
      try {
        await migrateUpTo(database, "0005_places");
        const now = new Date().toISOString();
        await database.db
          .insertInto("users")
          .values({
            username: "old-d",
            username_key: "old-d",
            email: "old-d@example.org",
            email_key: "old-d@example.org",
            email_verified_at: now,
            password_hash: "x",
            role: "member",
            status: "active",
            membership_expires_on: null,
            given_name: "Olga",
            surname: "Schulz",
            address_line1: "",
            address_line2: "",
            city: "",
            postal_code: "",
            country_code: "",
            region_code: "",
            phone: "",
            research_surnames: "Szulc\nBraun",
            research_places: "Łuck",
            listed_in_directory: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await migrateToLatest(database);
        const { criteria } = parseDirectoryCriteria(new URLSearchParams("research=Schultz&place=luck"));
        const found = await searchDirectory(database, criteria, TODAY);
        expect(found.rows.map((r) => r.surname)).toEqual(["Schulz"]);
      } finally {
        if (pgDb) await pgDb.drop();
        else await database.close();
      }
    });
  });
}
