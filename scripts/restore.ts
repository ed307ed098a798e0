/**
 * npm run restore -- FILE [--force]
 *
 * Restores a backup made by `npm run backup` into the configured database (DATABASE_URL, else the data folder's
 * SQLite file). A database that holds tables is replaced only with --force; stop the server first.
 * Exit codes: 0 restored, 1 the restore failed, 2 a wrong file or command line, 3 refused (the database holds
 * data and --force was not given). See app/db/backups.server.ts.
 */
import path from "node:path";
import { readConfig } from "../app/config/env.server";
import { BackupError, EXIT_USAGE, restore } from "../app/db/backups.server";
import { parseArgs } from "./args";

const argv = process.argv.slice(2);
const file = argv.find((a) => !a.startsWith("--"));
const args = parseArgs(argv.filter((a) => a !== file));
const config = readConfig();
try {
  if (!file) throw new BackupError("usage: npm run restore -- FILE [--force]", EXIT_USAGE);
  await restore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, path.resolve(file), {
    force: args.get("force") === "true",
  });
  console.log(`Restored ${file}. Start the server: it brings the database's schema up to date.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = error.exitCode;
}
