import * as z from "zod/v4-mini";
import { MAX_PASSWORD_LENGTH } from "./password-rules";

// Apart from the other account forms (./forms.ts): signing in checks no password's strength, so the sign-in page
// does not load the common-password list with it (issue 12 item 4). Written with zod mini and parsed with
// ~/ui/parse-form, so the page carries only the parts of zod it uses (decision 0043).

/** The sign-in form: one schema for the server and the browser (conform). */
export const signInSchema = z.object({
  login: z
    .string({ error: "Enter your username or e-mail address." })
    .check(
      z.trim(),
      z.minLength(1, { error: "Enter your username or e-mail address." }),
      z.maxLength(254, { error: "That is longer than any username or e-mail address here." }),
    ),
  password: z
    .string({ error: "Enter your password." })
    .check(
      z.minLength(1, { error: "Enter your password." }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: `Passwords here are at most ${MAX_PASSWORD_LENGTH} characters.` }),
    ),
  redirectTo: z.optional(z.string().check(z.maxLength(2000, { error: "That address is too long." }))),
});
