import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { commitCsrfToken } from "~/auth/csrf.server";
import { verifyPassword } from "~/auth/passwords.server";
import { createSession, sessionUserId } from "~/auth/sessions.server";
import { type User, findUserById } from "~/auth/users.server";
import type { Database } from "~/db/connection.server";
import type { AccountStatus } from "~/db/schema";
import { testDialects } from "~/db/test-database";
import { loadPasswordEditPage, passwordEditAction } from "./password-edit-page.server";
import { loadPersonalEditPage, personalEditAction } from "./personal-edit-page.server";
import { loadProfilePage } from "./profile-page.server";
import { USERNAME_TAKEN, changeUsername, updatePersonalDetails } from "./profile-writes.server";
import { loadUsernameEditPage, usernameAvailabilityResponse, usernameEditAction } from "./username-edit-page.server";
import { outcome } from "~/testing/outcome";
import { getRequest, postRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { isLanguage } from "~/i18n/languages";

const BASE = "http://metryka.test";
const IP = "203.0.113.9";
const PASSWORD = "correct horse battery staple";

for (const dialect of testDialects()) {
  describe(`profile pages on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "profile" });
    let database: Database;
    let csrf: { token: string; cookie: string };

    const account = (username: string, status: AccountStatus = "active") =>
      signedInAccount(database, username, { password: PASSWORD, status, ip: IP });
    const post = (pathname: string, cookie: string | null, fields: Record<string, string>, withCsrf = true) =>
      postRequest(pathname, cookie, fields, csrf, withCsrf);
    const get = getRequest;

    const auditOf = (userId: number) =>
      database.db
        .selectFrom("audit_log")
        .selectAll()
        .where("subject_user_id", "=", userId)
        .where("action", "!=", "account.created")
        .orderBy("id")
        .execute();
    const user = async (id: number) => (await findUserById(database, id)) as User;
    const hashOf = async (id: number) =>
      (await database.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow())
        .password_hash;

    beforeAll(async () => {
      database = runtime.database;
      const [token, setCookie] = await commitCsrfToken(new Request(BASE));
      csrf = { token, cookie: (setCookie ?? "").split(";")[0] };
    });

    it("guards every page and action: visitors sign in first, inactive accounts get 403", async () => {
      const pending = await account("pending-p", "pending");
      const loaders = {
        "/members/profile": loadProfilePage,
        "/members/profileEditPersonal": loadPersonalEditPage,
        "/members/profileEditPassword": loadPasswordEditPage,
        "/members/profileEditUsername": loadUsernameEditPage,
      };
      for (const [pathname, load] of Object.entries(loaders)) {
        const visitor = await outcome(() => load(get(pathname, null)));
        expect(visitor.status).toBe(302);
        expect(visitor.location).toBe(`/Login?redirectTo=${encodeURIComponent(pathname)}`);
        expect((await outcome(() => load(get(pathname, pending.cookie)))).status).toBe(403);
      }
      for (const action of [personalEditAction, passwordEditAction, usernameEditAction]) {
        expect((await outcome(() => action(post("/members/x", null, {}), IP))).status).toBe(302);
        expect((await outcome(() => action(post("/members/x", pending.cookie, {}), IP))).status).toBe(403);
      }
    });

    it("answers a body that is not a form with 415, and a broken form with 400", async () => {
      const me = await account("json-p");
      for (const action of [personalEditAction, passwordEditAction, usernameEditAction]) {
        const request = new Request(`${BASE}/members/profileEditPersonal`, {
          method: "POST",
          body: JSON.stringify({ givenName: "A" }),
          headers: { Cookie: me.cookie, "Content-Type": "application/json" },
        });
        expect((await outcome(() => action(request, IP))).status).toBe(415);
        const broken = new Request(`${BASE}/members/profileEditPersonal`, {
          method: "POST",
          body: "--x\r\nnot a part",
          headers: { Cookie: me.cookie, "Content-Type": "multipart/form-data; boundary=x" },
        });
        expect((await outcome(() => action(broken, IP))).status).toBe(400);
      }
    });

    it("refuses a form without its CSRF token, changing nothing", async () => {
      const me = await account("csrf-p");
      const out = await outcome(() =>
        personalEditAction(
          post("/members/profileEditPersonal", me.cookie, { givenName: "A", surname: "B" }, false),
          IP,
        ),
      );
      expect(out.status).toBe(403);
      expect((await user(me.user.id)).given_name).toBe("");
    });

    it("shows the account with country and region names", async () => {
      const me = await account("shown-p");
      await updatePersonalDetails(
        database,
        me.user,
        {
          givenName: "Jan",
          surname: "Kowalski",
          addressLine1: "ul. Długa 5",
          addressLine2: "",
          city: "Łódź",
          postalCode: "90-001",
          country: "PL",
          region: "10",
          phone: "",
          researchSurnames: "Schulz, Kühn",
          researchPlaces: "",
          listedInDirectory: true,
          language: "",
        },
        { ip: IP },
      );
      const out = await outcome(() => loadProfilePage(get("/members/profile?updated=personal", me.cookie)));
      expect(out.body).toMatchObject({
        updated: "personal",
        account: {
          username: "shown-p",
          emailVerified: true,
          membership: "active",
          country: "Poland",
          region: "Łódzkie",
          researchSurnames: ["Schulz", "Kühn"],
          researchPlaces: [],
          listedInDirectory: true,
        },
      });
      const odd = await outcome(() => loadProfilePage(get("/members/profile?updated=<script>", me.cookie)));
      expect(odd.body).toMatchObject({ updated: null });
    });

    it("saves personal details for the signed-in member only, auditing field names but not values", async () => {
      const me = await account("owner-p");
      const other = await account("other-p");
      const out = await outcome(() =>
        personalEditAction(
          post("/members/profileEditPersonal", me.cookie, {
            // Fields naming another account are not part of the form and change nothing.
            id: String(other.user.id),
            username: other.user.username,
            givenName: "Anna",
            surname: "Nowak",
            addressLine1: "Secret Street 7",
            region: "TX",
            researchSurnames: "Schulz\nschulz, Kühn",
            listedInDirectory: "on",
          }),
          IP,
        ),
      );
      expect(out).toMatchObject({ status: 302, location: "/members/profile?updated=personal" });
      const saved = await user(me.user.id);
      expect(saved).toMatchObject({
        given_name: "Anna",
        surname: "Nowak",
        address_line1: "Secret Street 7",
        country_code: "US",
        region_code: "TX",
        research_surnames: "Schulz, Kühn",
        listed_in_directory: 1,
      });
      expect(await user(other.user.id)).toMatchObject({ given_name: "", username: "other-p", listed_in_directory: 0 });
      expect(await auditOf(other.user.id)).toEqual([]);

      const audit = await auditOf(me.user.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: "profile.updated", actor_user_id: me.user.id, ip: IP });
      expect(JSON.parse(audit[0].details)).toEqual({
        fields: [
          "given_name",
          "surname",
          "address_line1",
          "country_code",
          "region_code",
          "research_surnames",
          "listed_in_directory",
        ],
      });
      expect(audit[0].details).not.toMatch(/Secret|Anna|Nowak|Schulz/);

      // The same form again changes nothing, so nothing is audited.
      expect(await updatePersonalDetails(database, saved, { ...detailsOf(saved) }, { ip: IP })).toEqual([]);
      expect(await auditOf(me.user.id)).toHaveLength(1);
    });

    it("answers bad personal input with 400, messages beside the fields, what was typed, and no change", async () => {
      const me = await account("bad-p");
      const out = await outcome(() =>
        personalEditAction(
          post("/members/profileEditPersonal", me.cookie, {
            givenName: "Jan",
            surname: "x".repeat(10_000),
            city: "Kraków",
            country: "PL",
            region: "TX",
            researchPlaces: Array.from({ length: 60 }, (_, i) => `Place ${i}`).join("\n"),
          }),
          IP,
        ),
      );
      expect(out.status).toBe(400);
      const body = out.body as {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
        regions: { code: string }[];
      };
      expect(Object.keys(body.result.error).sort()).toEqual(["region", "researchPlaces", "surname"]);
      expect(body.result.initialValue).toMatchObject({ givenName: "Jan", city: "Kraków", country: "PL" });
      // Without JavaScript the page re-renders with the regions of the country that was sent.
      expect(body.regions.some((r) => r.code === "10")).toBe(true);
      const regionOnly = await outcome(() =>
        personalEditAction(
          post("/members/profileEditPersonal", me.cookie, {
            givenName: "J",
            surname: "K",
            country: "PL",
            region: "TX",
          }),
          IP,
        ),
      );
      expect((regionOnly.body as { result: { error: Record<string, string[]> } }).result.error).toEqual({
        region: ["Choose one of the regions of Poland."],
      });
      expect(await user(me.user.id)).toMatchObject({ given_name: "", surname: "", city: "" });
      expect(await auditOf(me.user.id)).toEqual([]);
    });

    it("changes the password only with the current one, and signs out the other sessions", async () => {
      const me = await account("pw-p");
      const elsewhere = await createSession(database, me.user.id, { ip: "198.51.100.1", userAgent: "phone" });
      const other = await account("pw-other-p");
      const before = await hashOf(me.user.id);
      const fresh = "tea kettle lantern 42";

      const wrong = await outcome(() =>
        passwordEditAction(
          post("/members/profileEditPassword", me.cookie, {
            currentPassword: "not my password at all",
            newPassword: fresh,
            confirmPassword: fresh,
          }),
          IP,
        ),
      );
      expect(wrong.status).toBe(400);
      expect((wrong.body as { error: Record<string, string[]> }).error).toEqual({
        currentPassword: ["That is not your current password."],
      });
      expect(JSON.stringify(wrong.body)).not.toMatch(/not my password|tea kettle/);
      expect(await hashOf(me.user.id)).toBe(before);
      expect(await sessionUserId(database, elsewhere)).toBe(me.user.id);

      const weak = await outcome(() =>
        passwordEditAction(
          post("/members/profileEditPassword", me.cookie, {
            currentPassword: PASSWORD,
            newPassword: "pw-p is my name",
            confirmPassword: "pw-p is my name",
          }),
          IP,
        ),
      );
      expect(weak.status).toBe(400);
      expect(JSON.stringify(weak.body)).not.toMatch(/correct horse|is my name/);

      const ok = await outcome(() =>
        passwordEditAction(
          post("/members/profileEditPassword", me.cookie, {
            currentPassword: PASSWORD,
            newPassword: fresh,
            confirmPassword: fresh,
          }),
          IP,
        ),
      );
      expect(ok).toMatchObject({ status: 302, location: "/members/profile?updated=password" });
      expect(await verifyPassword(await hashOf(me.user.id), fresh)).toBe(true);
      expect(await sessionUserId(database, me.token)).toBe(me.user.id);
      expect(await sessionUserId(database, elsewhere)).toBeNull();
      expect(await sessionUserId(database, other.token)).toBe(other.user.id);
      expect(await verifyPassword(await hashOf(other.user.id), PASSWORD)).toBe(true);

      const audit = await auditOf(me.user.id);
      expect(audit.map((a) => a.action)).toEqual(["password.change-refused", "password.changed", "sessions.revoked"]);
      for (const row of audit) {
        expect(row.details).not.toMatch(/tea kettle|correct horse|not my password|\$argon2/);
        expect(row.actor_user_id).toBe(me.user.id);
      }
    });

    it("changes the username, refusing names taken without regard to case", async () => {
      const me = await account("name-p");
      await account("Taken-P");
      const taken = await outcome(() =>
        usernameEditAction(post("/members/profileEditUsername", me.cookie, { username: "TAKEN-p" }), IP),
      );
      expect(taken.status).toBe(400);
      expect((taken.body as { error: Record<string, string[]> }).error).toEqual({ username: [USERNAME_TAKEN] });
      const bad = await outcome(() =>
        usernameEditAction(post("/members/profileEditUsername", me.cookie, { username: "a b" }), IP),
      );
      expect(bad.status).toBe(400);
      const same = await outcome(() =>
        usernameEditAction(post("/members/profileEditUsername", me.cookie, { username: "name-p" }), IP),
      );
      expect(same.status).toBe(400);
      expect(await auditOf(me.user.id)).toEqual([]);

      const ok = await outcome(() =>
        usernameEditAction(post("/members/profileEditUsername", me.cookie, { username: " Name.New_P " }), IP),
      );
      expect(ok).toMatchObject({ status: 302, location: "/members/profile?updated=username" });
      expect(await user(me.user.id)).toMatchObject({ username: "Name.New_P", username_key: "name.new_p" });
      const audit = await auditOf(me.user.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: "username.changed", ip: IP });
      expect(JSON.parse(audit[0].details)).toEqual({ from: "name-p", to: "Name.New_P" });
    });

    it("turns a name taken between the check and the update into the 'taken' answer", async () => {
      const me = await account("race-p");
      const rival = await account("race-rival-p");
      // The rival took the name after this member's availability check passed: the update itself must refuse it.
      expect(await changeUsername(database, me.user, "RACE-RIVAL-P", { ip: IP })).toEqual({ ok: false });
      expect(await user(me.user.id)).toMatchObject({ username: "race-p", username_key: "race-p" });
      expect(await user(rival.user.id)).toMatchObject({ username: "race-rival-p" });
      expect(await auditOf(me.user.id)).toEqual([]);
    });

    it("answers availability checks for signed-in accounts only", async () => {
      const me = await account("avail-p");
      await account("avail-other-p");
      const ask = async (username: string, cookie: string | null) => {
        const response = await usernameAvailabilityResponse(
          get(`/api/username-available?username=${encodeURIComponent(username)}`, cookie),
        );
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      };
      expect(await ask("free-name", null)).toMatchObject({ status: 401, body: { error: expect.any(String) } });
      expect(await ask("free-name-p", me.cookie)).toMatchObject({ status: 200, body: { available: true } });
      expect(await ask("AVAIL-OTHER-P", me.cookie)).toEqual({
        status: 200,
        body: { available: false, message: USERNAME_TAKEN },
      });
      expect(await ask("avail-p", me.cookie)).toMatchObject({ status: 200, body: { available: true } });
      expect(await ask("Avail-P", me.cookie)).toMatchObject({ status: 200, body: { available: true } });
      expect(await ask("x", me.cookie)).toMatchObject({ status: 400, body: { available: false } });
      expect(await ask("x".repeat(10_000), me.cookie)).toMatchObject({ status: 400, body: { available: false } });
    });

    it("never fails with a 500, whatever the personal and password forms hold", async () => {
      const me = await account("random-p");
      const value = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: "binary", maxLength: 200 }),
        fc.constantFrom("", "on", "PL", "US", "TX", "10", "x".repeat(5000), "Schulz,\nKühn", PASSWORD),
      );
      const fields = (keys: string[]) =>
        fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 14 }).map((pairs) => {
          const out: Record<string, string> = {};
          for (const [k, v] of pairs) out[k] = v;
          return out;
        });
      const personalKeys = ["givenName", "surname", "addressLine1", "city", "postalCode", "country", "region"];
      const personalMore = ["phone", "researchSurnames", "researchPlaces", "listedInDirectory", "id", "csrf"];
      const passwordKeys = ["currentPassword", "newPassword", "confirmPassword", "username"];
      await fc.assert(
        fc.asyncProperty(fields([...personalKeys, ...personalMore]), fields(passwordKeys), async (pf, wf) => {
          const a = await outcome(() => personalEditAction(post("/members/profileEditPersonal", me.cookie, pf), IP));
          expect([302, 400, 403]).toContain(a.status);
          const b = await outcome(() => passwordEditAction(post("/members/profileEditPassword", me.cookie, wf), IP));
          expect([302, 400, 403]).toContain(b.status);
        }),
        { numRuns: 60 },
      );
    });
  });
}

function detailsOf(u: User) {
  return {
    givenName: u.given_name,
    surname: u.surname,
    addressLine1: u.address_line1,
    addressLine2: u.address_line2,
    city: u.city,
    postalCode: u.postal_code,
    country: u.country_code,
    region: u.region_code,
    phone: u.phone,
    researchSurnames: u.research_surnames,
    researchPlaces: u.research_places,
    listedInDirectory: u.listed_in_directory === 1,
    language: isLanguage(u.language) ? u.language : ("" as const),
  };
}
