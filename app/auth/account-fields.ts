import * as z from "zod/v4-mini";

/**
 * Fields that several account forms share (sign-up, profile edits, the
 * one-field e-mail forms). Kept apart so both form modules can import them
 * without importing each other. Written with zod mini (decision 0043): the
 * public forms' pages carry only the parts of zod they use; the profile's
 * forms (full zod) take them as they are.
 */

/** Same rule as users.server.ts USERNAME_PATTERN (a test keeps them equal); this module also runs in the browser. */
export const USERNAME_RULE = /^[A-Za-z0-9._-]{3,32}$/;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;

export const usernameField = z
  .string({ error: "Enter the username you want." })
  .check(
    z.trim(),
    z.minLength(USERNAME_MIN, { error: `Use at least ${USERNAME_MIN} characters.` }),
    z.maxLength(USERNAME_MAX, { error: `Use at most ${USERNAME_MAX} characters.` }),
    z.regex(/^[A-Za-z0-9._-]*$/, { error: "Use only letters A–Z, digits and . _ - (no spaces)." }),
  );

export const emailField = z
  .string({ error: "Enter your e-mail address." })
  .check(
    z.trim(),
    z.maxLength(254, { error: "That e-mail address is too long." }),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: "Enter an e-mail address like name@example.org." }),
  );
