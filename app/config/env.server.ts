import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Configuration from the environment, read once. No secret has a default:
 * a missing SESSION_SECRET is generated on first start and kept in the data
 * folder so that restarts do not sign everybody out.
 */
export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  seedRecords: number;
  isProduction: boolean;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number.parseInt(env.PORT ?? "3000", 10);
  const seed = Number.parseInt(env.SEED_RECORDS ?? "100000", 10);
  return {
    port: Number.isFinite(port) && port > 0 ? port : 3000,
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
    seedRecords: Number.isFinite(seed) && seed >= 0 ? seed : 100000,
    isProduction: env.NODE_ENV === "production",
  };
}

export function ensureDataDir(dataDir: string): void {
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
}

/** SESSION_SECRET from the environment, else from (or newly into) the data folder. */
export function loadSessionSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  ensureDataDir(dataDir);
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
