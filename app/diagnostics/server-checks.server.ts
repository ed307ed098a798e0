/**
 * The server half of /ConfigCheck (issue #4 item 8): what the loader renders,
 * so it works without JavaScript. Which build and version answer, whether the
 * database answers and has every migration, and the server's clock.
 *
 * Nothing here may reach the page that an outsider should not see: no database
 * address, user name or password, no file paths, no error texts (they can carry
 * all of those). Errors go to the log; the page gets a plain sentence.
 */
import { languageOfRequest } from "~/auth/language.server";
import { pageMeta } from "~/i18n/i18next.server";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import { data } from "@remix-run/node";
import { sql } from "kysely";
import { version as packageVersion } from "../../package.json";
import { readConfig } from "~/config/env.server";
import { DIAGNOSTIC_DATABASE_TIMEOUT_MS } from "~/config/timing";
import { DIALECT_NAMES, type Database, type DialectKind, dialectOfUrl } from "~/db/connection.server";
import { migrationStatus } from "~/db/migrations.server";
import { currentBuildId, currentBuildTime } from "~/platform/build-info.server";
import { logger } from "~/config/logger.server";
import { getDatabase } from "~/db/current.server";
import { type CheckResult, TimeoutError, formatDuration, formatUtc, withTimeout } from "./checks";

/** The version in package.json, which the changelog and release notes follow. */
export const APP_VERSION: string = packageVersion;

const ASK_ADMINISTRATOR =
  "Nothing to do on your side: tell the society's website administrator, and copy the report below into your message.";

export interface ServerCheckInput {
  /** The app's database; may reject or never settle when the database is down. */
  database: () => Promise<Database>;
  /** Which database the deployment is configured for, known even when it does not answer. */
  databaseKind: DialectKind;
  buildId: string | undefined;
  buildTimeMs: number | undefined;
  appVersion: string;
  now?: () => number;
  timeoutMs?: number;
  log?: (err: unknown, message: string) => void;
}

export interface ServerChecks {
  checks: CheckResult[];
  /** The server's clock when the checks ran, for the browser's clock comparison. */
  serverTimeMs: number;
  buildId: string | null;
}

export function checkBuild(buildId: string | undefined, appVersion: string): CheckResult {
  const base = { id: "server-build", label: "Website version" };
  if (!buildId) {
    return {
      ...base,
      status: "info",
      detail: `Version ${appVersion}; this server publishes no build id (a development server).`,
    };
  }
  return { ...base, status: "info", detail: `Version ${appVersion}, build ${buildId}.` };
}

export function checkBuildTime(buildTimeMs: number | undefined, nowMs: number): CheckResult {
  const base = { id: "server-build-time", label: "Built" };
  if (buildTimeMs === undefined) return { ...base, status: "info", detail: "Unknown (a development server)." };
  const age = nowMs - buildTimeMs;
  const ago = age >= 0 ? `, ${formatDuration(age)} ago` : "";
  return { ...base, status: "info", detail: `${formatUtc(buildTimeMs)}${ago}.` };
}

export function checkServerTime(nowMs: number): CheckResult {
  return { id: "server-time", label: "Server time", status: "info", detail: `${formatUtc(nowMs)}.` };
}

interface DatabaseOutcome {
  result: CheckResult;
  /** The database when it answered, for the checks that need it. */
  database?: Database;
}

/** A trivial query under a time limit: an unreachable database is a failing line, never a 500 or a hung page. */
export async function checkDatabase(
  open: () => Promise<Database>,
  kind: DialectKind,
  timeoutMs: number,
  now: () => number = Date.now,
  log: (err: unknown, message: string) => void = () => undefined,
): Promise<DatabaseOutcome> {
  const name = DIALECT_NAMES[kind];
  const base = { id: "server-database", label: "Database" };
  const started = now();
  try {
    const database = await withTimeout(
      (async () => {
        const db = await open();
        await sql`select 1`.execute(db.db);
        return db;
      })(),
      timeoutMs,
    );
    const ms = Math.max(0, Math.round(now() - started));
    return { result: { ...base, status: "pass", detail: `${name}, answered in ${ms} ms.` }, database };
  } catch (err) {
    log(err, "ConfigCheck: the database did not answer");
    const what =
      err instanceof TimeoutError
        ? `did not answer within ${formatDuration(timeoutMs)}`
        : "could not be reached, so searches and sign-ins fail";
    return {
      result: {
        ...base,
        status: "fail",
        detail: `${name}: the database ${what}.`,
        fix: `${ASK_ADMINISTRATOR} (For the administrator: /healthz and the server log say more.)`,
      },
    };
  }
}

export async function checkMigrations(
  database: Database | undefined,
  timeoutMs: number,
  log: (err: unknown, message: string) => void = () => undefined,
): Promise<CheckResult> {
  const base = { id: "server-migrations", label: "Database structure" };
  if (!database) {
    return { ...base, status: "not-applicable", detail: "Not checked: the database does not answer." };
  }
  try {
    const { known, pending, unknown } = await withTimeout(migrationStatus(database), timeoutMs);
    if (pending.length) {
      return {
        ...base,
        status: "fail",
        detail: `${pending.length} of ${known.length} database updates (migrations) are not applied: ${pending.join(", ")}.`,
        fix: `${ASK_ADMINISTRATOR} (For the administrator: restarting the server applies them.)`,
      };
    }
    if (unknown.length) {
      return {
        ...base,
        status: "warning",
        detail: `The database has updates this version does not know (${unknown.join(", ")}): a newer version of Metryka has used it.`,
        fix: `${ASK_ADMINISTRATOR} (For the administrator: deploy the newest version on every server.)`,
      };
    }
    const latest = known.at(-1);
    return {
      ...base,
      status: "pass",
      detail: `Up to date: all ${known.length} database updates (migrations) applied${latest ? `, the latest ${latest}` : ""}.`,
    };
  } catch (err) {
    log(err, "ConfigCheck: could not read the migrations");
    return {
      ...base,
      status: "fail",
      detail:
        err instanceof TimeoutError
          ? "The database did not say in time which updates (migrations) it has."
          : "The database could not say which updates (migrations) it has.",
      fix: ASK_ADMINISTRATOR,
    };
  }
}

export async function runServerChecks(input: ServerCheckInput): Promise<ServerChecks> {
  const now = input.now ?? Date.now;
  const timeoutMs = input.timeoutMs ?? DIAGNOSTIC_DATABASE_TIMEOUT_MS;
  const log = input.log ?? (() => undefined);
  const database = await checkDatabase(input.database, input.databaseKind, timeoutMs, now, log);
  const migrations = await checkMigrations(database.database, timeoutMs, log);
  const serverTimeMs = now();
  return {
    checks: [
      checkBuild(input.buildId, input.appVersion),
      checkBuildTime(input.buildTimeMs, serverTimeMs),
      database.result,
      migrations,
      checkServerTime(serverTimeMs),
    ],
    serverTimeMs,
    buildId: input.buildId ?? null,
  };
}

/** The loader's data: the running app's own database, build and version. */
export async function loadServerChecks(): Promise<ServerChecks> {
  return runServerChecks({
    database: getDatabase,
    databaseKind: dialectOfUrl(readConfig().databaseUrl),
    buildId: currentBuildId(),
    buildTimeMs: currentBuildTime(),
    appVersion: APP_VERSION,
    log: (err, message) => logger.warn({ err }, message),
  });
}

/**
 * The /ConfigCheck loader: never cached, since it reports the server's clock and state at this moment. The page's
 * title is in the reader's language (the checks' own lines stay English: they are the support report's).
 */
export async function loadConfigCheck(request?: Request) {
  const language = request ? await languageOfRequest(request) : DEFAULT_LANGUAGE;
  return data(
    { ...(await loadServerChecks()), meta: pageMeta(language, "admin", "meta.configCheck") },
    { headers: { "Cache-Control": "no-store" } },
  );
}
