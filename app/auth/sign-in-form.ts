import { z } from "zod/v4";
import { MAX_PASSWORD_LENGTH } from "./password-rules";

// Apart from the other account forms (./forms.ts): signing in checks no password's strength, so the sign-in page
// does not load the common-password list with it (issue 12 item 4).

/** The sign-in form: one schema for the server and the browser (conform). */
export const signInSchema = z.object({
  login: z
    .string({ error: "Enter your username or e-mail address." })
    .trim()
    .min(1, { error: "Enter your username or e-mail address." })
    .max(254, { error: "That is longer than any username or e-mail address here." }),
  password: z
    .string({ error: "Enter your password." })
    .min(1, { error: "Enter your password." })
    .max(MAX_PASSWORD_LENGTH, { error: `Passwords here are at most ${MAX_PASSWORD_LENGTH} characters.` }),
  redirectTo: z.string().max(2000).optional(),
});
