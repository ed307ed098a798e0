import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, commonPasswords, passwordWeakness } from "./common-passwords";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";

const owner = { username: "kowalski.jan", email: "jan.k@example.org" };
const weakness = (password: string) => passwordWeakness(password, owner);

describe("the common-password list", () => {
  it("holds a few hundred lower-case entries, each long enough to pass the length rule", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(200);
    for (const password of commonPasswords()) {
      expect(password.length, password).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
      expect(password, password).toBe(password.toLowerCase());
    }
  });

  it("refuses every listed password, in any case", () => {
    for (const password of commonPasswords()) {
      expect(weakness(password), password).toBeDefined();
      expect(weakness(password.toUpperCase()), password).toBeDefined();
    }
  });
});

describe("passwordWeakness", () => {
  it.each([
    ["123456789012", /common passwords/],
    ["passwordpassword", /common passwords/],
    ["qwertyuiopasdf", /common passwords/],
    ["aaaaaaaaaaaaaaaa", /one character repeated/],
    ["############", /one character repeated/],
    ["abcabcabcabcabc", /pattern repeated/],
    ["horsehorsehorse", /pattern repeated/],
    ["34567890123456", /sequence/],
    ["mnbvcxzlkjhgf", /keyboard row/],
    ["1qaz2wsx3edc4rf", /keyboard row/],
    ["lkjhgfdsapoiuy", /keyboard row/],
    ["P@ssw0rd2024!", /common word/],
    ["Welcome#123456", /common word/],
    ["!!Summer2024!!", /common word/],
    ["Metryka2025!!", /common word/],
    ["monkeymonkey99", /common word/],
  ])("refuses %s", (password, message) => {
    expect(weakness(password)).toMatch(message);
  });

  it("refuses a password that contains the username or the e-mail's local part, in any case", () => {
    expect(weakness("my-KOWALSKI.JAN-forever")).toBe("Your password must not contain your username.");
    expect(weakness("horses jan.k battery")).toBe("Your password must not contain your e-mail address.");
    // Names too short to mean anything are not looked for.
    expect(passwordWeakness("aboard the big ship", { username: "ab", email: "b@example.org" })).toBeUndefined();
  });

  it.each([
    "correct horse battery staple",
    "Wiśniewski-Grodno-1867",
    "pw-x8Kq2mZt0aLb",
    "tea kettle lantern 42",
    "Żytomierz i Równe 1903",
  ])("accepts %s", (password) => {
    expect(weakness(password)).toBeUndefined();
  });

  it("leaves lengths to the schema", () => {
    expect(weakness("aaaa")).toBeUndefined();
    expect(weakness("a".repeat(MAX_PASSWORD_LENGTH + 1))).toBeUndefined();
    expect(weakness("x".repeat(10_000))).toBeUndefined();
  });

  it("never throws and answers quickly, whatever the input", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), fc.string(), fc.string(), (pw, u, e) => {
        const answer = passwordWeakness(pw, { username: u, email: e });
        expect(answer === undefined || typeof answer === "string").toBe(true);
      }),
      { numRuns: 500 },
    );
    const started = performance.now();
    for (let i = 0; i < 200; i++) weakness(`${"ab".repeat(127)}${i}`);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
