import { expect, test } from "./fixtures";
import { expectAccessible, shot } from "./helpers";

const storage = (page: import("@playwright/test").Page) =>
  page.evaluate(() => ({
    username: localStorage.getItem("username"),
    token: localStorage.getItem("token"),
    loginHidden: localStorage.getItem("loginHidden"),
  }));

test.describe("signing in and out", () => {
  test("a member signs in with the form, comes back where they were, and signs out", async ({
    page,
    makeAccount,
  }, testInfo) => {
    const account = await makeAccount();
    await page.goto("/stpete/birth/search?surname=Schulz");
    await page.getByRole("link", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/Login\?redirectTo=/);
    await expectAccessible(page);
    await shot(page, testInfo, "sign-in");
    await page.getByLabel("Username or e-mail").fill(account.username.toUpperCase());
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/stpete\/birth\/search\?surname=Schulz$/);
    await expect(page.locator(".account-name")).toContainText(account.username);
    // The browser runtime refreshed at page load and stored the session state (SPEC §3, §4).
    await expect.poll(() => storage(page)).toMatchObject({ username: account.username, loginHidden: "true" });
    const { token } = await storage(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await page.request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ username: account.username, membership: "active" });

    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    expect(await storage(page)).toEqual({ username: null, token: null, loginHidden: "false" });
    expect((await page.request.get("/api/auth/refresh")).status()).toBe(401);
  });

  test("a wrong password gets one message, a 401, and keeps the username but not the password", async ({
    page,
    makeAccount,
  }) => {
    const account = await makeAccount();
    await page.goto("/Login");
    await page.getByLabel("Username or e-mail").fill(account.username);
    await page.getByLabel("Password").fill("not the password at all");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/Login")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    expect(response.status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText(/do not match an account/);
    await expect(page.getByLabel("Username or e-mail")).toHaveValue(account.username);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expectAccessible(page);
  });

  test("empty fields are named beside the field, and sign-in works without JavaScript", async ({
    browser,
    makeAccount,
  }, testInfo) => {
    const account = await makeAccount();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
      userAgent: testInfo.project.use.userAgent,
    });
    const page = await context.newPage();
    await page.goto("/Login");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Enter your username or e-mail address.")).toBeVisible();
    await page.getByLabel("Username or e-mail").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator(".account-name")).toContainText(account.username);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(page.getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await context.close();
  });

  test("a form without its CSRF token is refused with 403", async ({ request, makeAccount }) => {
    const account = await makeAccount();
    const response = await request.post("/Login", { form: { login: account.username, password: account.password } });
    expect(response.status()).toBe(403);
  });

  test("a lock earned with the username holds for the e-mail address: 429 beside the form, with Retry-After", async ({
    page,
    browser,
    request,
    makeAccount,
  }, testInfo) => {
    const account = await makeAccount();
    for (let i = 0; i < 5; i++) {
      const wrong = await request.post("/api/auth/login", {
        data: { username: account.username, password: `no-${i}` },
      });
      expect(wrong.status()).toBe(401);
    }
    await page.goto("/Login");
    await page.getByLabel("Username or e-mail").fill(account.email.toUpperCase());
    await page.getByLabel("Password").fill(account.password);
    const [data] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/Login")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    // With JavaScript the form posts for Remix's single-fetch answer (/Login.data).
    expect(data.url()).toMatch(/\/Login\.data/);
    expect(data.status()).toBe(429);
    expect(Number(data.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(page.getByRole("alert")).toHaveText(/Too many failed sign-ins/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("metryka_refresh");
    await shot(page, testInfo, "sign-in-locked");

    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: testInfo.project.use.baseURL,
      userAgent: testInfo.project.use.userAgent,
    });
    const plain = await noScript.newPage();
    await plain.goto("/Login");
    await plain.getByLabel("Username or e-mail").fill(account.email);
    await plain.getByLabel("Password").fill(account.password);
    const [document] = await Promise.all([
      plain.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/Login")),
      plain.getByRole("button", { name: "Sign in" }).click(),
    ]);
    expect(document.status()).toBe(429);
    expect(Number(document.headers()["retry-after"])).toBeGreaterThan(0);
    await expect(plain.getByRole("alert")).toHaveText(/Too many failed sign-ins/);
    await noScript.close();
  });

  test("a suspended member is told so beside the form and gets no sign-in cookie", async ({
    page,
    makeAccount,
  }, testInfo) => {
    const account = await makeAccount({ status: "suspended" });
    await page.goto("/Login");
    await page.getByLabel("Username or e-mail").fill(account.username);
    await page.getByLabel("Password").fill(account.password);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/Login")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    expect(response.status()).toBe(403);
    await expect(page.getByRole("alert")).toHaveText(/suspended.*membership secretary/);
    await expect(page).toHaveURL(/\/Login$/);
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("metryka_refresh");
    await expectAccessible(page);
    await shot(page, testInfo, "sign-in-suspended");
  });

  test("redirectTo never leaves the site", async ({ page, makeAccount }) => {
    const account = await makeAccount();
    await page.goto("/Login?redirectTo=https://evil.example/");
    await page.getByLabel("Username or e-mail").fill(account.username);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(new URL(page.url()).host).not.toBe("evil.example");
  });
});

test.describe("the token API", () => {
  test("login, refresh with rotation, logout", async ({ request, makeAccount }) => {
    const account = await makeAccount();
    const login = await request.post("/api/auth/login", {
      data: { username: account.username, password: account.password },
    });
    expect(login.status()).toBe(200);
    expect(await login.json()).toMatchObject({ username: account.username });
    expect(login.headers()["set-cookie"]).toMatch(/metryka_refresh=.*HttpOnly/i);
    const refreshed = await request.get("/api/auth/refresh");
    expect(refreshed.status()).toBe(200);
    const { token, username } = await refreshed.json();
    expect(username).toBe(account.username);
    expect((await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
    const [h, p] = token.split(".");
    expect((await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${h}.${p}.AAAA` } })).status()).toBe(
      401,
    );
    expect((await request.get("/api/auth/logout")).status()).toBe(200);
    expect((await request.get("/api/auth/refresh")).status()).toBe(401);
  });

  test("bad input gets clear 4xx answers, and repeated failures are throttled", async ({ request, makeAccount }) => {
    const account = await makeAccount();
    expect(
      (
        await request.post("/api/auth/login", { data: "not json", headers: { "Content-Type": "application/json" } })
      ).status(),
    ).toBe(400);
    const huge = await request.post("/api/auth/login", {
      data: { username: account.username, password: "x".repeat(10_000) },
    });
    expect(huge.status()).toBe(401);
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await request.post("/api/auth/login", { data: { username: account.username, password: `wrong-${i}` } })
        ).status(),
      ).toBe(401);
    }
    const locked = await request.post("/api/auth/login", {
      data: { username: account.username, password: account.password },
    });
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
    expect((await locked.json()).error).toMatch(/Too many failed sign-ins/);
  });

  test("a session made directly signs the page in", async ({ page, makeAccount, signInAs }) => {
    const account = await makeAccount();
    await signInAs(account);
    await page.goto("/");
    await expect(page.locator(".account-name")).toContainText(account.username);
  });
});
