import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { type Request, test as base, expect } from "@playwright/test";
import { REFRESH_PATH } from "../app/auth/browser-session";
import { createSession } from "../app/auth/sessions.server";
import { createUser } from "../app/auth/users.server";
import { type Database, openPostgres, openSqlite } from "../app/db/connection.server";
import type { AccountStatus, Role } from "../app/db/schema";
import { refreshDirectoryKeys } from "../app/auth/directory-keys.server";

/**
 * Fixtures that create accounts and sessions directly in the database the
 * project's server uses (scripts/e2e-server.mjs), and remove them after.
 */
/** The database a project's server runs on: the projects that run alone after the others are named after it. */
export function kindOf(project: string): "sqlite" | "postgres" {
  return project.startsWith("postgres") ? "postgres" : "sqlite";
}

function openProjectDatabase(project: string, baseURL: string): Database {
  if (kindOf(project) === "postgres") {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${process.env.E2E_PG_DATABASE ?? "metryka_e2e"}`;
    return openPostgres(url.toString());
  }
  const database = openSqlite(path.resolve(".e2e-data", `sqlite-${new URL(baseURL).port}`, "metryka.sqlite"));
  // An import in a test beside this one holds SQLite's write lock for its whole transaction, which on a loaded
  // machine outlasted the site's 5 s busy timeout, and a fixture's clean-up failed with "database is locked".
  database.sqlite?.pragma(`busy_timeout = ${FIXTURE_BUSY_TIMEOUT_MS}`);
  return database;
}

/** How long a fixture's SQLite statement waits for another connection's write lock. */
const FIXTURE_BUSY_TIMEOUT_MS = 60_000;

/** The data folder of the project's server (scripts/e2e-server.mjs). */
function dataDirOf(project: string, baseURL: string): string {
  return path.resolve(".e2e-data", `${kindOf(project)}-${new URL(baseURL).port}`);
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

export interface TestAccount {
  id: number;
  username: string;
  email: string;
  password: string;
}

interface AccountOptions {
  role?: Role;
  status?: AccountStatus;
  expires?: string;
  /** Personal details as the profile form saves them (directory keys included); listed: in the member directory. */
  profile?: {
    givenName?: string;
    surname?: string;
    researchSurnames?: string;
    researchPlaces?: string;
    phone?: string;
    listed?: boolean;
  };
}

export const test = base.extend<{
  database: Database;
  makeAccount: (opts?: AccountOptions) => Promise<TestAccount>;
  signInAs: (account: TestAccount) => Promise<void>;
  /** A Cookie header that signs a request in as the account (for API-level checks). */
  cookieFor: (account: TestAccount) => Promise<string>;
  /** The newest e-mail to an address, waiting for it to be written. */
  mailTo: (address: string, subject?: RegExp) => Promise<SentMail>;
  /** Removes accounts the test created through the pages, by username. */
  forgetUsers: (...usernames: string[]) => void;
}>({
  database: async ({ baseURL }, use, testInfo) => {
    const database = openProjectDatabase(testInfo.project.name, baseURL!);
    await use(database);
    await database.close();
  },
  makeAccount: async ({ database }, use) => {
    const made: number[] = [];
    await use(async (opts = {}) => {
      const suffix = randomBytes(4).toString("hex");
      const account = {
        username: `e2e-${suffix}`,
        email: `e2e-${suffix}@example.org`,
        password: `pw-${randomBytes(9).toString("base64url")}`,
      };
      const user = await createUser(
        database,
        { ...account, role: opts.role ?? "member", status: opts.status ?? "active", emailVerified: true },
        { actorUserId: null, via: "e2e fixture" },
      );
      const id = Number(user.id);
      if (opts.expires) {
        await database.db
          .updateTable("users")
          .set({ membership_expires_on: opts.expires })
          .where("id", "=", id)
          .execute();
      }
      if (opts.profile) {
        const p = opts.profile;
        await database.db
          .updateTable("users")
          .set({
            given_name: p.givenName ?? "",
            surname: p.surname ?? "",
            research_surnames: p.researchSurnames ?? "",
            research_places: p.researchPlaces ?? "",
            phone: p.phone ?? "",
            listed_in_directory: p.listed ? 1 : 0,
          })
          .where("id", "=", id)
          .execute();
        await refreshDirectoryKeys(database.db, id);
      }
      made.push(id);
      return { id, ...account };
    });
    if (made.length) {
      await database.db.deleteFrom("sessions").where("user_id", "in", made).execute();
      await database.db.deleteFrom("users").where("id", "in", made).execute();
    }
  },
  mailTo: async ({ baseURL }, use, testInfo) => {
    const folder = path.join(dataDirOf(testInfo.project.name, baseURL!), "mail");
    await use(async (address, subject) => {
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const files = existsSync(folder) ? readdirSync(folder).sort().reverse() : [];
        for (const f of files) {
          const mail = JSON.parse(readFileSync(path.join(folder, f), "utf8")) as SentMail;
          if (mail.to.toLowerCase() === address.toLowerCase() && (!subject || subject.test(mail.subject))) return mail;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no mail to ${address}`);
    });
  },
  forgetUsers: async ({ database }, use) => {
    const names: string[] = [];
    await use((...usernames) => names.push(...usernames.map((u) => u.toLowerCase())));
    if (names.length) await database.db.deleteFrom("users").where("username_key", "in", names).execute();
  },
  cookieFor: async ({ database }, use) => {
    await use(async (account) => {
      const token = await createSession(database, account.id, { ip: "127.0.0.1", userAgent: "e2e" });
      return `metryka_refresh=${Buffer.from(JSON.stringify(token), "utf8").toString("base64")}`;
    });
  },
  signInAs: async ({ database, context, baseURL }, use) => {
    // A page of the previous account may still be refreshing its token: if that response landed after the new
    // cookie, it would put the previous account's rotated token back. So pages are left first, and the new
    // cookie is set only once no refresh is in flight.
    const inFlight = new Set<Request>();
    let settled: (() => void) | null = null;
    const isRefresh = (request: Request) => new URL(request.url()).pathname === REFRESH_PATH;
    const done = (request: Request) => {
      if (inFlight.delete(request) && inFlight.size === 0) settled?.();
    };
    context.on("request", (request) => {
      if (isRefresh(request)) inFlight.add(request);
    });
    context.on("requestfinished", done);
    context.on("requestfailed", done);
    await use(async (account) => {
      for (const open of context.pages()) if (open.url() !== "about:blank") await open.goto("about:blank");
      if (inFlight.size > 0) await new Promise<void>((resolve) => (settled = resolve));
      settled = null;
      const token = await createSession(database, account.id, { ip: "127.0.0.1", userAgent: "e2e" });
      // The cookie as Remix's createCookie writes it: the JSON string, base64-encoded.
      const value = Buffer.from(JSON.stringify(token), "utf8").toString("base64");
      await context.addCookies([{ name: "metryka_refresh", value, url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    });
  },
});

export { expect };
