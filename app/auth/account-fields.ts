import { z } from "zod/v4";

/**
 * Fields that several account forms share (sign-up, profile edits, the
 * one-field e-mail forms). Kept apart so both form modules can import them
 * without importing each other.
 */

/** Same rule as users.server.ts USERNAME_PATTERN (a test keeps them equal); this module also runs in the browser. */
export const USERNAME_RULE = /^[A-Za-z0-9._-]{3,32}$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;

export const usernameField = z
  .string({ error: "Enter the username you want." })
  .trim()
  .min(USERNAME_MIN, { error: `Use at least ${USERNAME_MIN} characters.` })
  .max(USERNAME_MAX, { error: `Use at most ${USERNAME_MAX} characters.` })
  .regex(/^[A-Za-z0-9._-]*$/, { error: "Use only letters A–Z, digits and . _ - (no spaces)." });

export const emailField = z
  .string({ error: "Enter your e-mail address." })
  .trim()
  .max(254, { error: "That e-mail address is too long." })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "Enter an e-mail address like name@example.org." });
