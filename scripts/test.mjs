#!/usr/bin/env node
// `npm test`: every test. Unit and integration tests (SQLite always,
// PostgreSQL too when TEST_DATABASE_URL is set), then the production build,
// then the tests of the built server over HTTP (http-tests/), then the
// end-to-end tests in Chromium against it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    [
      `Chromium was not found at ${chromium}; the end-to-end tests need it.`,
      "On Debian or Ubuntu install it with:",
      "    sudo apt-get update && sudo apt-get install -y chromium",
      "or point PLAYWRIGHT_CHROMIUM_PATH at an existing Chromium or Chrome binary.",
    ].join("\n"),
  );
  process.exit(1);
}
if (!process.env.TEST_DATABASE_URL) {
  console.log("TEST_DATABASE_URL is not set: PostgreSQL tests are skipped (SQLite only).");
}

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

run("unit and integration tests", "npx", ["vitest", "run"]);
run("production build", "npm", ["run", "--silent", "build"]);
// The built server as its own process: hostile requests, a PostgreSQL outage (its own database only), a full disk.
run("tests of the built server over HTTP", "npx", ["vitest", "run", "--config", "vitest.http.config.ts"]);
run("end-to-end tests (Chromium)", "npx", ["playwright", "test", ...process.argv.slice(2)]);
