import { z } from "zod/v4";
import { emailField, usernameField } from "./account-fields";
import { passwordWeakness } from "./common-passwords";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

export const newPasswordField = z
  .string({ error: "Choose a password." })
  .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters; a few words make a good one.` })
  .max(MAX_PASSWORD_LENGTH, { error: `Use at most ${MAX_PASSWORD_LENGTH} characters.` });

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} may have at most ${max} characters.` })
    .optional();

/** Sign-up (/signup/new). Country and region are checked against the reference data on the server. */
export const signUpSchema = z
  .object({
    username: usernameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string({ error: "Type the password again." }).max(MAX_PASSWORD_LENGTH),
    givenName: z.string({ error: "Enter your given name." }).trim().max(80, { error: "Use at most 80 characters." }),
    surname: z.string({ error: "Enter your surname." }).trim().max(80, { error: "Use at most 80 characters." }),
    country: z
      .string()
      .trim()
      .regex(/^[A-Z]{2}$/, { error: "Choose a country from the list." })
      .optional(),
    region: optionalText(100, "The region"),
    researchSurnames: optionalText(2000, "Research surnames"),
    researchPlaces: optionalText(2000, "Research places"),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: "The two passwords are not the same.",
    path: ["confirmPassword"],
  })
  .superRefine((v, ctx) => {
    const weakness = passwordWeakness(v.password, { username: v.username, email: v.email });
    if (weakness) ctx.addIssue({ code: "custom", message: weakness, path: ["password"] });
  });

/** Forms that ask only for an e-mail address (forgotten password or username, new confirmation link). */
export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string().max(200),
    password: newPasswordField,
    confirmPassword: z.string({ error: "Type the password again." }).max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: "The two passwords are not the same.",
    path: ["confirmPassword"],
  });
