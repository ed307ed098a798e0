import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseForm } from "~/ui/parse-form";
import { passwordWeakness } from "./common-passwords";
import { emailOnlySchema, resetPasswordSchema, signUpSchema } from "./forms";
import { signInSchema } from "./sign-in-form";

// The public forms' schemas are zod mini, parsed by ~/ui/parse-form (decision 0043). These tests hold the helper to
// what @conform-to/zod's parseWithZod answers for the same schema and form, and the schemas to their messages.

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

/** What a page and a server see of a submission: its status, the messages per field, the value and the reply. */
function seen(submission: ReturnType<typeof parseForm>) {
  return submission.status === "success"
    ? { status: submission.status, value: submission.value, reply: submission.reply() }
    : { status: submission.status, error: submission.error, reply: submission.reply() };
}

const schemas = {
  signIn: signInSchema,
  signUp: signUpSchema(passwordWeakness),
  signUpInTheBrowser: signUpSchema(),
  emailOnly: emailOnlySchema,
  resetPassword: resetPasswordSchema,
};

const FIELDS = [
  "login",
  "password",
  "redirectTo",
  "username",
  "email",
  "confirmPassword",
  "givenName",
  "surname",
  "country",
  "region",
  "researchSurnames",
  "researchPlaces",
  "token",
];

/** Values near each field's rules: empty, blank, padded, too long, not an address, weak and good passwords. */
const value = fc.oneof(
  fc.constantFrom(
    "",
    "   ",
    "ab",
    " Justine ",
    "justine@example.org",
    "not an address",
    "PL",
    "pl",
    "password1234",
    "many words make a password",
    "x".repeat(255),
    "y".repeat(257),
  ),
  fc.string({ maxLength: 40 }),
);

describe("parseForm", () => {
  it("answers as @conform-to/zod's parseWithZod for the same schema and form", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(schemas) as (keyof typeof schemas)[])),
        fc.dictionary(fc.constantFrom(...FIELDS), value),
        (name, fields) => {
          const schema = schemas[name];
          expect(seen(parseForm(form(fields), { schema }))).toEqual(seen(parseWithZod(form(fields), { schema })));
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reads an intent (a field validated on its own) as parseWithZod does", () => {
    const body = form({ login: "", password: "" });
    body.set("__intent__", JSON.stringify({ type: "validate", payload: { name: "login" } }));
    const submission = parseForm(body, { schema: signInSchema });
    expect(submission.status).toBeUndefined();
    expect(seen(submission)).toEqual(seen(parseWithZod(body, { schema: signInSchema })));
  });
});

const errorsOf = (submission: ReturnType<typeof parseForm>) =>
  submission.status === "success" ? undefined : submission.error;

describe("the public forms' messages", () => {
  const errors = (schema: Parameters<typeof parseForm>[1]["schema"], fields: Record<string, string>) =>
    errorsOf(parseForm(form(fields), { schema }));

  it("names every empty required field of sign-in and sign-up", () => {
    expect(errors(signInSchema, {})).toEqual({
      login: ["Enter your username or e-mail address."],
      password: ["Enter your password."],
    });
    expect(errors(signUpSchema(), { username: "  " })).toEqual({
      username: ["Use at least 3 characters."],
      email: ["Enter your e-mail address."],
      password: ["Choose a password."],
      confirmPassword: ["Type the password again."],
      givenName: ["Enter your given name."],
      surname: ["Enter your surname."],
    });
  });

  const signUp = {
    username: "justine_k",
    email: "justine@example.org",
    password: "Password2024!",
    confirmPassword: "Password2024!",
    givenName: "Justine",
    surname: "Kowalska",
  };

  it("checks a new password against the common ones on the server only", () => {
    expect(errors(signUpSchema(passwordWeakness), signUp)).toEqual({
      password: [passwordWeakness(signUp.password, signUp)],
    });
    expect(errors(signUpSchema(), signUp)).toBeUndefined();
    expect(passwordWeakness(signUp.password, signUp)).toBeTruthy();
  });

  it("says when the two passwords differ, and trims what it keeps", () => {
    expect(errors(signUpSchema(), { ...signUp, confirmPassword: "Password2024?" })).toEqual({
      confirmPassword: ["The two passwords are not the same."],
    });
    const submission = parseForm(form({ ...signUp, givenName: "  Justine  ", country: "PL" }), {
      schema: signUpSchema(),
    });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({ givenName: "Justine", country: "PL" });
  });

  it("keeps the e-mail and reset forms' messages", () => {
    expect(errors(emailOnlySchema, { email: "name" })).toEqual({
      email: ["Enter an e-mail address like name@example.org."],
    });
    expect(errors(resetPasswordSchema, { token: "t", password: "short", confirmPassword: "short" })).toEqual({
      password: ["Use at least 12 characters; a few words make a good one."],
    });
  });
});
