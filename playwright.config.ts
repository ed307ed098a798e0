import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "./e2e/chromium";

/**
 * End-to-end tests drive the production build in Debian's Chromium, once
 * against SQLite and, when TEST_DATABASE_URL is set, once against
 * PostgreSQL. Each database gets its own server (scripts/e2e-server.mjs).
 */
const withPostgres = !!process.env.TEST_DATABASE_URL;
// The servers read their build id from this file when it exists, so a test can "deploy" a new build
// under a running page (e2e/build.spec.ts) without rebuilding.
process.env.METRYKA_BUILD_ID_FILE ??= path.resolve(".e2e-data", `build-id-${process.env.E2E_SQLITE_PORT ?? 3101}`);
// Overridable so two checkouts (a CI run and a developer's) can test side by side.
const SQLITE_PORT = Number(process.env.E2E_SQLITE_PORT ?? 3101);
const POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? 3102);

const DEPLOY_SPEC = /deploy\.spec\.ts$/;
/**
 * Long imports and large trees, which on SQLite hold the write lock that other tests' fixtures and uploads need
 * (one writer at a time, decision 0053): run after the others.
 */
const ALONE_SPEC = /(import-watch|tree-upload)\.spec\.ts$/;

const launchOptions = {
  executablePath: chromiumPath(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

/**
 * Headless Chromium announces itself as "HeadlessChrome", which isbot rightly
 * calls a crawler, and crawlers get no rendered error page (SPEC §8). The
 * tests play a person, so they present an ordinary Chrome.
 */
export const PERSON_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

export default defineConfig({
  testDir: "e2e",
  // Generous: CI shares two cores between two servers, two browsers and PostgreSQL.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    userAgent: PERSON_USER_AGENT,
    launchOptions,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "sqlite", testIgnore: [DEPLOY_SPEC, ALONE_SPEC], use: { baseURL: `http://127.0.0.1:${SQLITE_PORT}` } },
    ...(withPostgres
      ? [
          {
            name: "postgres",
            testIgnore: [DEPLOY_SPEC, ALONE_SPEC],
            use: { baseURL: `http://127.0.0.1:${POSTGRES_PORT}` },
          },
        ]
      : []),
    {
      name: "sqlite-alone",
      testMatch: ALONE_SPEC,
      // One at a time: each of them holds SQLite's write lock for long stretches.
      workers: 1,
      dependencies: withPostgres ? ["sqlite", "postgres"] : ["sqlite"],
      use: { baseURL: `http://127.0.0.1:${SQLITE_PORT}` },
    },
    ...(withPostgres
      ? [
          {
            name: "postgres-alone",
            testMatch: ALONE_SPEC,
            workers: 1,
            dependencies: ["sqlite", "postgres"],
            use: { baseURL: `http://127.0.0.1:${POSTGRES_PORT}` },
          },
        ]
      : []),
    // A "deploy" changes the build every open page of the SQLite server sees (its id, its service worker), so
    // those tests wait until every other test has finished (e2e/deploy.spec.ts).
    {
      name: "deploy",
      testMatch: DEPLOY_SPEC,
      dependencies: withPostgres ? ["sqlite-alone", "postgres-alone"] : ["sqlite-alone"],
      use: { baseURL: `http://127.0.0.1:${SQLITE_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs sqlite ${SQLITE_PORT}`,
      url: `http://127.0.0.1:${SQLITE_PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
    },
    ...(withPostgres
      ? [
          {
            command: `node scripts/e2e-server.mjs postgres ${POSTGRES_PORT}`,
            url: `http://127.0.0.1:${POSTGRES_PORT}/healthz`,
            timeout: 180_000,
            reuseExistingServer: false,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]
      : []),
  ],
});
