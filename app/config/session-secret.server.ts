import { loadSessionSecret, readConfig } from "./env.server";

/**
 * The secret behind access tokens, CSRF tokens and the honeypot: SESSION_SECRET, or the one generated into the
 * data folder. The runtime reads it at start; anything that signs reads it here, without importing the runtime.
 */
let secret: string | undefined;

/** At start: the secret of this data folder (generated there the first time). */
export function useSessionSecretOf(dataDir: string): void {
  secret = loadSessionSecret(dataDir);
}

export function getSessionSecret(): string {
  secret ??= loadSessionSecret(readConfig().dataDir);
  return secret;
}
