import * as z from "zod/v4-mini";
import { emailField, usernameField } from "./account-fields";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

// The public account forms, written with zod mini and parsed with ~/ui/parse-form (decision 0043): their pages
// carry only the parts of zod they use.

export const newPasswordField = z.string({ error: "Choose a password." }).check(
  z.minLength(MIN_PASSWORD_LENGTH, {
    error: `Use at least ${MIN_PASSWORD_LENGTH} characters; a few words make a good one.`,
  }),
  z.maxLength(MAX_PASSWORD_LENGTH, { error: `Use at most ${MAX_PASSWORD_LENGTH} characters.` }),
);

const confirmPasswordField = z
  .string({ error: "Type the password again." })
  .check(z.maxLength(MAX_PASSWORD_LENGTH, { error: `Use at most ${MAX_PASSWORD_LENGTH} characters.` }));

const optionalText = (max: number, label: string) =>
  z.optional(z.string().check(z.trim(), z.maxLength(max, { error: `${label} may have at most ${max} characters.` })));

const name = (required: string) =>
  z.string({ error: required }).check(z.trim(), z.maxLength(80, { error: "Use at most 80 characters." }));

/** The two password fields must be the same. */
const samePasswords = z.refine<{ password: string; confirmPassword: string }>((v) => v.password === v.confirmPassword, {
  error: "The two passwords are not the same.",
  path: ["confirmPassword"],
});

/**
 * What is wrong with a new password beyond its length, or undefined: ./common-passwords.ts's `passwordWeakness`.
 * The server passes it in; the browser leaves it to the server, so the pages do not carry the list.
 */
export type PasswordWeakness = (password: string, owner: { username: string; email: string }) => string | undefined;

/** Sign-up (/signup/new). Country and region are checked against the reference data on the server. */
export function signUpSchema(passwordWeakness?: PasswordWeakness) {
  const schema = z
    .object({
      username: usernameField,
      email: emailField,
      password: newPasswordField,
      confirmPassword: confirmPasswordField,
      givenName: name("Enter your given name."),
      surname: name("Enter your surname."),
      country: z.optional(
        z.string().check(z.trim(), z.regex(/^[A-Z]{2}$/, { error: "Choose a country from the list." })),
      ),
      region: optionalText(100, "The region"),
      researchSurnames: optionalText(2000, "Research surnames"),
      researchPlaces: optionalText(2000, "Research places"),
    })
    .check(samePasswords);
  if (!passwordWeakness) return schema;
  return schema.check(
    z.check((ctx) => {
      const { password, username, email } = ctx.value;
      const weakness = passwordWeakness(password, { username, email });
      if (weakness)
        ctx.issues.push({ code: "custom", message: weakness, path: ["password"], input: ctx.value, continue: true });
    }),
  );
}

/** Forms that ask only for an e-mail address (forgotten password or username, new confirmation link). */
export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().check(z.maxLength(200, { error: "This link is not valid." })),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .check(samePasswords);
