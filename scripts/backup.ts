/**
 * npm run backup [-- --dir FOLDER]
 *
 * Backs up the configured database (DATABASE_URL, else the data folder's SQLite file) into BACKUP_DIR (default
 * DATA_DIR/backups) as metryka-<ISO time>.sqlite or .pgdump, while the server runs. Prints the file's path.
 * Exit codes: 0 written, 1 the copy failed, 2 nothing to back up. See app/db/backups.server.ts.
 */
import path from "node:path";
import { readConfig } from "../app/config/env.server";
import { BackupError, backUp } from "../app/db/backups.server";
import { parseArgs } from "./args";

const config = readConfig();
const args = parseArgs(process.argv.slice(2));
const folder = path.resolve(args.get("dir") ?? process.env.BACKUP_DIR ?? path.join(config.dataDir, "backups"));
try {
  const file = await backUp({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, folder);
  console.log(file);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = error.exitCode;
}
