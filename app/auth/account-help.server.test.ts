import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { KyselyPlugin } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { testDialects } from "~/db/test-database";
import { signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { type AfterAnswer, remindUsername, requestPasswordReset } from "./account-help.server";
import { peekEmailToken } from "./email-tokens.server";
import { sendVerification } from "./signup.server";

const PASSWORD = "correct horse battery staple";
const ORIGIN = "http://metryka.test";

/** The database as the code under test sees it, with every statement it runs written down (kind and table). */
function recording(database: Database) {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const table = JSON.stringify(node).match(/"identifier":\{"kind":"IdentifierNode","name":"(\w+)"/)?.[1];
      statements.push(`${node.kind} ${table ?? "?"}`);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { database: { ...database, db: database.db.withPlugin(plugin) }, statements };
}

/** Holds the after-answer work instead of running it, so the test sees what the answer itself waited for. */
function held() {
  const tasks: (() => Promise<void>)[] = [];
  const afterAnswer: AfterAnswer = (_what, task) => void tasks.push(task);
  return { afterAnswer, tasks };
}

for (const dialect of testDialects()) {
  describe(`getting back in on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "account-help" });
    let database: Database;
    const mails = () => {
      const folder = path.join(runtime.dataDir, "mail");
      try {
        return readdirSync(folder).map(
          (f) =>
            JSON.parse(readFileSync(path.join(folder, f), "utf8")) as { to: string; subject: string; text: string },
        );
      } catch {
        return [];
      }
    };
    const rows = async (table: "email_tokens" | "audit_log") =>
      (await database.db.selectFrom(table).select("id").execute()).length;

    beforeAll(() => {
      database = runtime.database;
    });

    it("does the same work before answering for a member's address and an unknown one; the rest comes after", async () => {
      await signedInAccount(database, "reset.known", { password: PASSWORD });
      const work = async (email: string) => {
        const db = recording(database);
        const later = held();
        const before = { tokens: await rows("email_tokens"), audit: await rows("audit_log"), mails: mails().length };
        await requestPasswordReset(
          db.database,
          { email, origin: ORIGIN, ip: "192.0.2.1", language: "en" },
          later.afterAnswer,
        );
        // Nothing was stored or sent before the answer, for either kind of address.
        expect({ tokens: await rows("email_tokens"), audit: await rows("audit_log"), mails: mails().length }).toEqual(
          before,
        );
        return { statements: db.statements, later: later.tasks };
      };
      const known = await work("Reset.Known@Example.org");
      const unknown = await work("nobody.here@example.org");
      expect(known.statements).toEqual(["SelectQueryNode users"]);
      expect(unknown.statements).toEqual(known.statements);
      expect(unknown.later).toHaveLength(0);
      expect(known.later).toHaveLength(1);

      // After the answer the member's link is stored, mailed and noted in the audit log.
      await known.later[0]();
      const mail = mails().find((m) => m.to === "reset.known@example.org");
      const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
      expect(await peekEmailToken(database, token, "reset")).toBe("ok");
      const audit = await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "password.reset-requested")
        .execute();
      expect(audit).toHaveLength(1);
    });

    it("sends no link to a suspended account, or to a username typed into the address field", async () => {
      await signedInAccount(database, "reset.suspended", { password: PASSWORD, status: "suspended" });
      for (const email of ["reset.suspended@example.org", "reset.known"]) {
        const later = held();
        await requestPasswordReset(database, { email, origin: ORIGIN, ip: "", language: "en" }, later.afterAnswer);
        expect(later.tasks, email).toHaveLength(0);
      }
    });

    it("reminds a member of the username after the answer, the same way", async () => {
      const known = recording(database);
      const unknown = recording(database);
      const knownLater = held();
      const unknownLater = held();
      await remindUsername(
        known.database,
        { email: "reset.known@example.org", origin: ORIGIN, language: "en" },
        knownLater.afterAnswer,
      );
      await remindUsername(
        unknown.database,
        { email: "no.one@example.org", origin: ORIGIN, language: "en" },
        unknownLater.afterAnswer,
      );
      expect(unknown.statements).toEqual(known.statements);
      expect(mails().filter((m) => m.text.includes("your username at Metryka"))).toHaveLength(0);
      await knownLater.tasks[0]();
      expect(mails().filter((m) => m.text.includes("your username at Metryka is: reset.known"))).toHaveLength(1);
      expect(unknownLater.tasks).toHaveLength(0);
    });

    it("writes each e-mail in the language of the page it was asked from: German and Polish", async () => {
      const member = await signedInAccount(database, "mail.lang", { password: PASSWORD });
      const expected = {
        de: {
          reset: ["Neues Passwort für Metryka", `Guten Tag ${member.user.username},\n\njemand (hoffentlich Sie)`],
          username: ["Ihr Benutzername bei Metryka", `Ihr Benutzername bei Metryka lautet: ${member.user.username}`],
          verify: ["Bitte bestätigen Sie Ihre E-Mail-Adresse für Metryka", "bitte bestätigen Sie Ihre E-Mail-Adresse"],
        },
        pl: {
          reset: [
            "Nowe hasło do serwisu Metryka",
            `Dzień dobry, ${member.user.username},\n\nktoś (mamy nadzieję, że Ty)`,
          ],
          username: [
            "Twoja nazwa użytkownika w serwisie Metryka",
            `Twoja nazwa użytkownika w serwisie Metryka to: ${member.user.username}`,
          ],
          verify: ["Potwierdź adres e-mail w serwisie Metryka", "prosimy o potwierdzenie adresu e-mail"],
        },
      } as const;
      for (const language of ["de", "pl"] as const) {
        const sent = () => mails().filter((m) => m.to === member.user.email);
        const before = sent().length;
        const later = held();
        await requestPasswordReset(
          database,
          { email: member.user.email, origin: ORIGIN, ip: "", language },
          later.afterAnswer,
        );
        await remindUsername(database, { email: member.user.email, origin: ORIGIN, language }, later.afterAnswer);
        for (const task of later.tasks) await task();
        await sendVerification(
          new Request(`${ORIGIN}/signup/new`),
          member.user.id,
          member.user.email,
          member.user.username,
          language,
        );
        const written = sent().slice(before);
        for (const kind of ["reset", "username", "verify"] as const) {
          const [subject, text] = expected[language][kind];
          const mail = written.find((m) => m.subject === subject);
          expect(mail, `${language} ${kind}`).toBeDefined();
          expect(mail!.text).toContain(text);
          // The link is the site's own, whatever the language.
          expect(mail!.text).toMatch(new RegExp(`${ORIGIN}/\\S+`));
        }
      }
    });
  });
}
