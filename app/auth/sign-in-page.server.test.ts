import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/connection.server";
import { testDialects } from "~/db/test-database";
import { getRequest, postRequest, signedInAccount } from "~/testing/requests";
import { useTestRuntime } from "~/testing/runtime";
import { commitCsrfToken } from "./csrf.server";
import { SIGN_IN_SUSPENDED } from "./sign-in.server";
import { signInAction, signInPageHeaders } from "./sign-in-page.server";
import { FREE_FAILURES } from "./throttle.server";

const PASSWORD = "correct horse battery staple";

/** What the action answered: status, headers and the form's messages, whether it returned `data()` or a Response. */
async function answer(run: () => Promise<unknown>) {
  let out: unknown;
  try {
    out = await run();
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, headers: out.headers, formErrors: [] as string[] };
  const { data, init } = out as { data: { error?: Record<string, string[]> }; init: ResponseInit | null };
  return {
    status: init?.status ?? 200,
    headers: new Headers(init?.headers),
    formErrors: data.error?.[""] ?? [],
  };
}

for (const dialect of testDialects()) {
  describe(`the sign-in form on ${dialect}`, () => {
    const runtime = useTestRuntime(dialect, { seedRecords: 0, name: "sign-in-form" });
    let database: Database;
    let csrf: { token: string; cookie: string };
    const signInForm = (login: string, password: string, ip: string) =>
      answer(() => signInAction(postRequest("/Login", null, { login, password }, csrf), ip));

    beforeAll(async () => {
      database = runtime.database;
      const [token, setCookie] = await commitCsrfToken(getRequest("/", null));
      csrf = { token, cookie: (setCookie ?? "").split(";")[0] };
    });

    it("keeps a locked account locked when the e-mail address is typed, and says when to try again", async () => {
      const { user } = await signedInAccount(database, "form.lock", { password: PASSWORD });
      for (let i = 0; i < FREE_FAILURES; i++) {
        expect((await signInForm("form.lock", "wrong", `198.51.100.${i + 1}`)).status).toBe(401);
      }
      const locked = await signInForm(user.email.toUpperCase(), PASSWORD, "198.51.100.50");
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(locked.headers.get("Set-Cookie")).toBeNull();
      expect(locked.formErrors.join(" ")).toMatch(/Too many failed sign-ins/);
    });

    it("gives a suspended account no sign-in cookie and says why", async () => {
      const { user } = await signedInAccount(database, "form.suspended", { password: PASSWORD, status: "suspended" });
      const before = await database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
      const refused = await signInForm(user.email, PASSWORD, "198.51.100.60");
      expect(refused.status).toBe(403);
      expect(refused.headers.get("Set-Cookie")).toBeNull();
      expect(refused.formErrors).toEqual([SIGN_IN_SUSPENDED]);
      const after = await database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
      expect(after).toEqual(before);
      // The wrong password gets the one message for every failure, so the suspension is told only to the owner.
      expect((await signInForm("form.suspended", "wrong", "198.51.100.61")).status).toBe(401);
    });
  });
}

describe("the sign-in page's headers", () => {
  it("pass the action's Retry-After to the document and to the single-fetch answer", () => {
    const args = (actionHeaders: Headers) => ({
      actionHeaders,
      loaderHeaders: new Headers(),
      parentHeaders: new Headers(),
      errorHeaders: undefined,
    });
    expect(new Headers(signInPageHeaders(args(new Headers({ "Retry-After": "120" })))).get("Retry-After")).toBe("120");
    expect(new Headers(signInPageHeaders(args(new Headers()))).get("Retry-After")).toBeNull();
  });
});
