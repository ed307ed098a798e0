import { hash, verify } from "@node-rs/argon2";
import { MAX_PASSWORD_LENGTH } from "./password-rules";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

// The package's Algorithm is a const enum, which isolated modules cannot read; 2 is Argon2id.
const ARGON2ID = 2;

// OWASP's minimum for argon2id: 19 MiB, two passes, one lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw new Error("password too long to hash");
  return hash(password, OPTIONS);
}

/** False for a wrong password, an over-long one, or a malformed hash; never throws. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so that a
 * wrong username takes as long as a wrong password.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash("metryka decoy password", OPTIONS);
  return decoy;
}
