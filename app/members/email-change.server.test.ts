import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { commitCsrfToken } from "~/auth/csrf.server";
import type { Database } from "~/db/connection.server";
import { testDialects } from "~/db/test-database";
import { translator } from "~/i18n/i18next.server";
import { outcome } from "~/testing/outcome";
import { TEST_BASE_URL, getRequest, postRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { emailEditAction, loadEmailEditPage } from "./email-change.server";

const IP = "203.0.113.7";
const PASSWORD = "correct horse battery staple";

interface Mail {
  to: string;
  subject: string;
  text: string;
}

for (const dialect of testDialects()) {
  describe(`changing the e-mail address on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "email-change" });
    let database: Database;
    let csrf: { token: string; cookie: string };
    const mailsTo = (address: string): Mail[] => {
      const folder = path.join(runtime.dataDir, "mail");
      let files: string[] = [];
      try {
        files = readdirSync(folder).sort();
      } catch {
        // No mail yet.
      }
      return files
        .map((f) => JSON.parse(readFileSync(path.join(folder, f), "utf8")) as Mail)
        .filter((m) => m.to === address);
    };

    beforeAll(async () => {
      database = runtime.database;
      const [token, setCookie] = await commitCsrfToken(new Request(TEST_BASE_URL));
      csrf = { token, cookie: (setCookie ?? "").split(";")[0] };
    });

    for (const language of ["de", "pl"] as const) {
      it(`writes both e-mails in the member's language (${language}): the link to the new address, the notice to the old`, async () => {
        const username = `mail-${language}-${dialect}`;
        const { user, cookie } = await signedInAccount(database, username, { password: PASSWORD, ip: IP });
        await database.db.updateTable("users").set({ language }).where("id", "=", user.id).execute();
        const t = translator(language, "mail");
        const newEmail = `${username}-new@example.org`;

        const sent = await outcome(() =>
          emailEditAction(
            postRequest("/members/profileEditEmail", cookie, { newEmail, currentPassword: PASSWORD }, csrf),
            IP,
          ),
        );
        expect(sent.status).toBe(302);
        const [confirm] = mailsTo(newEmail);
        expect(confirm?.subject).toBe(t("emailChange.confirmSubject"));
        const link = /https?:\/\/\S+\?token=\S+/.exec(confirm?.text ?? "")?.[0] ?? "";
        expect(confirm?.text).toBe(t("emailChange.confirmBody", { username, link }));
        expect(confirm?.text).not.toMatch(/Hello|open this link/);

        const token = new URL(link).searchParams.get("token")!;
        const confirmed = await outcome(() =>
          loadEmailEditPage(getRequest(`/members/profileEditEmail?token=${encodeURIComponent(token)}`, cookie), IP),
        );
        expect(confirmed.status).toBe(302);
        const [notice] = mailsTo(`${username}@example.org`);
        expect(notice?.subject).toBe(t("emailChange.changedSubject"));
        expect(notice?.text.startsWith(t("emailChange.changedBody").split("{{address}}")[0]!)).toBe(true);
      });
    }

    it("answers a wrong password in the member's language, beside the field", async () => {
      const { user, cookie } = await signedInAccount(database, `wrong-${dialect}`, { password: PASSWORD, ip: IP });
      await database.db.updateTable("users").set({ language: "ru" }).where("id", "=", user.id).execute();
      const refused = await outcome(() =>
        emailEditAction(
          postRequest(
            "/members/profileEditEmail",
            cookie,
            { newEmail: "somebody@example.org", currentPassword: "not it at all" },
            csrf,
          ),
          IP,
        ),
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(
        translator("ru", "forms")("That is not your current password.", { keySeparator: false, nsSeparator: false }),
      );
    });
  });
}
