#!/usr/bin/env node
// Starts the built server for one end-to-end project: a fresh SQLite data
// folder, or a freshly created PostgreSQL database on TEST_DATABASE_URL's server.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const [kind, port] = process.argv.slice(2);
// A known folder, so the tests' fixtures can open the same database to create accounts.
const dataDir = path.resolve(".e2e-data", `${kind}-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: port,
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  SEED_RECORDS: process.env.E2E_SEED_RECORDS ?? "30000",
  // The tests search from 127.0.0.1 far faster than a person: no search limit unless asked for.
  RATE_LIMIT_SEARCHES_PER_MINUTE: process.env.RATE_LIMIT_SEARCHES_PER_MINUTE ?? "0",
};
delete env.DATABASE_URL;

if (kind === "postgres") {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = process.env.E2E_PG_DATABASE ?? "metryka_e2e";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const child = spawn(process.execPath, ["build/server.js"], { env, stdio: "inherit" });
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => process.exit(code ?? 0));
