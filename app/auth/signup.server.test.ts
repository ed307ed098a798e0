import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~/db/current.server";
import { startRuntime, stopRuntime } from "~/server/runtime.server";
import { afterAnswerSettled } from "./account-help.server";
import { commitCsrfToken } from "./csrf.server";
import { maskEmail } from "~/mail/mailer.server";
import {
  SIGN_UP_FORM_EXPIRED,
  forgotPasswordAction,
  getHoneypot,
  signUpAction,
  verifyEmailLink,
} from "./signup.server";
import { outcome } from "~/testing/outcome";

/** A local port nothing listens on, so a connection to it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const statusOf = async (run: () => Promise<unknown>) => (await outcome(run)).status;

describe("sign-up actions", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "metryka-signup-"));
  let cookie = "";
  let csrf = "";

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    process.env.SEED_RECORDS = "0";
    delete process.env.DATABASE_URL;
    delete process.env.SMTP_URL;
    await startRuntime();
    const [token, setCookie] = await commitCsrfToken(new Request("http://metryka.test/"));
    csrf = token;
    cookie = (setCookie ?? "").split(";")[0];
  });
  afterAll(async () => {
    await afterAnswerSettled();
    await stopRuntime();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function post(url: string, fields: Record<string, string>, withCsrf = true): Request {
    const body = new FormData();
    if (withCsrf) body.set("csrf", csrf);
    const hp = getHoneypot().getInputProps();
    body.set(hp.nameFieldName, "");
    if (hp.validFromFieldName) body.set(hp.validFromFieldName, hp.encryptedValidFrom);
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return new Request(url, { method: "POST", body, headers: { Cookie: cookie } });
  }

  it("creates a pending account, mails a link, and the link activates it", async () => {
    const status = await statusOf(() =>
      signUpAction(
        post("http://metryka.test/signup/new", {
          username: "justine",
          email: "justine@example.org",
          password: "many words make a password",
          confirmPassword: "many words make a password",
          givenName: "Justine",
          surname: "Radke",
          country: "PL",
        }),
        "198.51.100.9",
      ),
    );
    expect(status).toBe(302);
    const files = readdirSync(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1);
    const mail = JSON.parse(readFileSync(path.join(dataDir, "mail", files[0]), "utf8")) as { text: string };
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    expect(await statusOf(() => verifyEmailLink(new Request(link), ""))).toBe(302);
  });

  it("refuses a form without its CSRF token", async () => {
    expect(await statusOf(() => signUpAction(post("http://metryka.test/signup/new", {}, false), ""))).toBe(403);
  });

  it("never answers anything but 302 or 400 to random sign-up input", async () => {
    const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 300 }), fc.constant(""));
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          username: text,
          email: fc.oneof(text, fc.emailAddress()),
          password: text,
          confirmPassword: text,
          givenName: text,
          surname: text,
          country: fc.oneof(text, fc.constantFrom("PL", "US", "CA", "XX", "")),
          region: text,
          researchSurnames: text,
        }),
        async (fields) => {
          const status = await statusOf(() => signUpAction(post("http://metryka.test/signup/new", fields), ""));
          expect([302, 400]).toContain(status);
        },
      ),
      { numRuns: 60 },
    );
  });

  describe("the honeypot", () => {
    const person = {
      username: "honey.bot",
      email: "honey.bot@example.org",
      password: "many words make a password",
      confirmPassword: "many words make a password",
      givenName: "Honey",
      surname: "Bot",
    };
    const send = (validFrom: string) =>
      outcome(() =>
        signUpAction(
          post("http://metryka.test/signup/new", {
            ...person,
            [getHoneypot().getInputProps().validFromFieldName!]: validFrom,
          }),
          "",
        ),
      );
    const accounts = async () => (await (await getDatabase()).db.selectFrom("users").select("id").execute()).length;

    it("takes a time stamp that does not decrypt for spam: a 400 with the form's message, never a 500, and nothing created", async () => {
      const before = await accounts();
      const answer = await send("U2FsdGVkX18AAAAAAAAAAAMDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=");
      expect(answer.status).toBe(400);
      const { result } = answer.body as { result: { error?: Record<string, string[]> } };
      expect(result.error?.[""]).toEqual([SIGN_UP_FORM_EXPIRED]);
      expect(await accounts()).toBe(before);
    });

    it("is a bot's when the trap fields are left out altogether: the pretend success, nothing created", async () => {
      const before = await accounts();
      const body = new FormData();
      body.set("csrf", csrf);
      for (const [k, v] of Object.entries(person)) body.set(k, v);
      const answer = await outcome(() =>
        signUpAction(
          new Request("http://metryka.test/signup/new", { method: "POST", body, headers: { Cookie: cookie } }),
          "",
        ),
      );
      expect(answer).toMatchObject({ status: 302, location: expect.stringMatching(/^\/signup\/new\?sent=/) });
      expect(await accounts()).toBe(before);
    });

    it("answers 400 and creates nothing whatever the time stamp holds", async () => {
      const before = await accounts();
      const junk = fc.oneof(
        fc.string({ maxLength: 80 }),
        fc.base64String({ maxLength: 120 }),
        fc.base64String({ minLength: 16, maxLength: 120 }).map((b) => `U2FsdGVkX1${b}`),
        fc
          .uint8Array({ minLength: 1, maxLength: 64 })
          .map((bytes) => `U2FsdGVkX1${Buffer.from(bytes).toString("base64")}`),
      );
      await fc.assert(
        fc.asyncProperty(junk.filter(Boolean), async (validFrom) => {
          expect((await send(validFrom)).status).toBe(400);
        }),
        { numRuns: 400 },
      );
      expect(await accounts()).toBe(before);
    });
  });

  it("answers the forgotten-password form the same for known and unknown addresses", async () => {
    const known = await statusOf(() =>
      forgotPasswordAction(post("http://x/forgot-password", { email: "justine@example.org" }), ""),
    );
    const unknown = await statusOf(() =>
      forgotPasswordAction(post("http://x/forgot-password", { email: "nobody@example.org" }), ""),
    );
    expect([known, unknown]).toEqual([200, 200]);
    expect(
      await statusOf(() => forgotPasswordAction(post("http://x/forgot-password", { email: "x".repeat(10_000) }), "")),
    ).toBe(400);
  });

  it("answers a known address like an unknown one even when the mail server refuses: the answer never waits for mail", async () => {
    const port = await closedPort();
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      for (const email of ["justine@example.org", "nobody@example.org"]) {
        const answer = await outcome(() => forgotPasswordAction(post("http://x/forgot-password", { email }), ""));
        expect(answer, email).toMatchObject({ status: 200, body: { sent: true } });
      }
    } finally {
      // The known address's e-mail really goes to the refusing server (and its failure is logged).
      await afterAnswerSettled();
      delete process.env.SMTP_URL;
    }
  });

  it("masks addresses it shows back", () => {
    expect(maskEmail("justine@example.org")).toBe("j••••••@example.org");
    expect(maskEmail("nonsense")).toBe("your address");
  });
});
