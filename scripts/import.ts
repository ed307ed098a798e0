/**
 * npm run import -- --collection COLLECTION FILE [--dry-run] [--mapping mapping.json] [--encoding cp1250]
 *                   [--delimiter ';'] [--calendar julian] [--skip-bad-rows] [--user USERNAME]
 * npm run import -- --undo BATCH_ID [--user USERNAME]
 * npm run import -- --export COLLECTION [--out FILE]
 *
 * Works on the configured database (DATABASE_URL, else the data folder's SQLite file). See scripts/import-cli.ts.
 */
import { runImportCli } from "./import-cli";

process.exitCode = await runImportCli(process.argv.slice(2));
