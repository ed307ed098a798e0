import { describe, expect, it, vi } from "vitest";
import { SERVICE_WORKER_VERSION, serviceWorkerUrl } from "~/config/service-worker";
import { CLOCK_SKEW_FAIL_MS, CLOCK_SKEW_WARN_MS } from "~/config/timing";
import {
  type BrowserCheckDeps,
  type CookieJar,
  type RegistrationLike,
  type ServiceWorkerContainerLike,
  ME_PATH,
  TEST_COOKIE,
  TEST_STORAGE_KEY,
  checkClock,
  checkCookies,
  checkLocalStorage,
  checkNewestBuild,
  checkServiceWorker,
  checkSession,
  checkToken,
  clockOffsetFrom,
  gatherServiceWorker,
  runBrowserChecks,
  tokenExpiry,
} from "./browser-checks";

const NOW = Date.UTC(2026, 10, 22, 17, 0, 0);
const MINUTE = 60_000;

/** `document.cookie` semantics, enough for the check: writes set or delete one cookie, reads list them all. */
class FakeCookies implements CookieJar {
  readonly jar = new Map<string, string>();
  read(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  write(cookie: string): void {
    const [pair, ...attributes] = cookie.split(/;\s*/);
    const [name, value] = pair.split("=");
    if (attributes.some((a) => a === "max-age=0")) this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

class FakeStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** An unsigned JWT-shaped token with the given payload: the checks only read, never verify. */
function jwt(payload: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(payload)}.c2lnbmF0dXJl`;
}

describe("cookies", () => {
  it("pass when a test cookie goes in, comes back and is removed", () => {
    const jar = new FakeCookies();
    const result = checkCookies(true, jar);
    expect(result.status).toBe("pass");
    expect(result.fix).toBeUndefined();
    expect(jar.jar.has(TEST_COOKIE)).toBe(false);
  });

  it("fail with a fix when the browser says cookies are off", () => {
    const result = checkCookies(false, new FakeCookies());
    expect(result).toMatchObject({ id: "cookies", status: "fail" });
    expect(result.fix).toMatch(/Allow cookies/);
  });

  it("fail when a written cookie does not come back, though the browser claims cookies work", () => {
    const ignoring: CookieJar = { read: () => "", write: () => undefined };
    const result = checkCookies(true, ignoring);
    expect(result.status).toBe("fail");
    expect(result.detail).toMatch(/could not be stored/);
    expect(result.fix).toMatch(/cookies/);
  });

  it("fail when writing throws, or there is no cookie jar at all", () => {
    const throwing: CookieJar = {
      read: () => "",
      write: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    };
    expect(checkCookies(undefined, throwing).status).toBe("fail");
    expect(checkCookies(true, null).status).toBe("fail");
  });
});

describe("local storage", () => {
  it("passes when a test value is written, read back and removed", () => {
    const storage = new FakeStorage();
    storage.setItem("token", "kept");
    expect(checkLocalStorage(() => storage).status).toBe("pass");
    expect(storage.items.has(TEST_STORAGE_KEY)).toBe(false);
    expect(storage.getItem("token")).toBe("kept");
  });

  it("fails with a fix when reading window.localStorage throws (site data blocked)", () => {
    const result = checkLocalStorage(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    expect(result).toMatchObject({ id: "local-storage", status: "fail" });
    expect(result.fix).toMatch(/store data/);
  });

  it("fails when there is no storage, when setItem throws, and when the value comes back different", () => {
    expect(checkLocalStorage(() => null).status).toBe("fail");
    expect(checkLocalStorage(() => undefined).status).toBe("fail");
    const full = new FakeStorage();
    full.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    expect(checkLocalStorage(() => full).detail).toMatch(/refused/);
    const lying = new FakeStorage();
    lying.getItem = () => "something else";
    expect(checkLocalStorage(() => lying).status).toBe("fail");
  });
});

describe("service worker", () => {
  const url = (version: string) => `https://metryka.example${serviceWorkerUrl(version)}`;
  function container(opts: {
    registration?: Partial<RegistrationLike> | "reject" | "hang";
    controller?: string | null;
  }): ServiceWorkerContainerLike {
    return {
      controller: opts.controller ? { scriptURL: opts.controller } : null,
      getRegistration: vi.fn((scope?: string) => {
        expect(scope).toBe("/");
        if (opts.registration === "reject") return Promise.reject(new Error("InvalidStateError"));
        if (opts.registration === "hang") return new Promise<undefined>(() => undefined);
        if (!opts.registration) return Promise.resolve(undefined);
        return Promise.resolve({ scope: "/", active: null, waiting: null, installing: null, ...opts.registration });
      }),
    };
  }
  const ids = (rs: { status: string }[]) => rs.map((r) => r.status);

  it("without support: a warning with a fix, the rest not applicable", async () => {
    const [support, installed, control] = checkServiceWorker(await gatherServiceWorker(undefined, true));
    expect(support.status).toBe("warning");
    expect(support.fix).toMatch(/Update your browser/);
    expect([installed.status, control.status]).toEqual(["not-applicable", "not-applicable"]);
    const [insecure] = checkServiceWorker(await gatherServiceWorker(undefined, false));
    expect(insecure.detail).toMatch(/https/);
  });

  it("supported but nothing registered (this branch before /sw.js exists): a warning that says to reload", async () => {
    const [support, installed, control] = checkServiceWorker(await gatherServiceWorker(container({}), true));
    expect(support.status).toBe("pass");
    expect(installed).toMatchObject({ id: "sw-installed", status: "warning" });
    expect(installed.detail).toMatch(/No service worker is installed/);
    expect(installed.fix).toMatch(/Reload the page once/);
    expect(control.status).toBe("not-applicable");
  });

  it("registered with another version: both the installed and the controlling worker warn, naming both versions", async () => {
    const facts = await gatherServiceWorker(
      container({ registration: { active: { scriptURL: url("1.0.0") } }, controller: url("1.0.0") }),
      true,
    );
    const [, installed, control] = checkServiceWorker(facts);
    expect(installed.status).toBe("warning");
    expect(installed.detail).toContain("1.0.0");
    expect(installed.detail).toContain(SERVICE_WORKER_VERSION);
    expect(installed.fix).toMatch(/Close every tab/);
    expect(control.status).toBe("warning");
  });

  it("the expected version installed but not controlling the page yet: reload once", async () => {
    const facts = await gatherServiceWorker(
      container({ registration: { active: { scriptURL: url(SERVICE_WORKER_VERSION) } } }),
      true,
    );
    const [, installed, control] = checkServiceWorker(facts);
    expect(installed).toMatchObject({ status: "pass", detail: "Version 1.1.2 is installed." });
    expect(control.status).toBe("warning");
    expect(control.fix).toMatch(/Reload the page once/);
  });

  it("the expected version installed and in control: all pass", async () => {
    const current = url(SERVICE_WORKER_VERSION);
    const facts = await gatherServiceWorker(
      container({
        registration: { active: { scriptURL: current }, waiting: { scriptURL: current } },
        controller: current,
      }),
      true,
    );
    const results = checkServiceWorker(facts);
    expect(ids(results)).toEqual(["pass", "pass", "pass"]);
    expect(results[1].detail).toMatch(/update is waiting/);
  });

  it("still installing, a registration the browser will not report, and one it never reports: warnings", async () => {
    const installing = await gatherServiceWorker(
      container({ registration: { installing: { scriptURL: url(SERVICE_WORKER_VERSION) } } }),
      true,
    );
    expect(checkServiceWorker(installing)[1].detail).toMatch(/being installed/);
    const rejected = await gatherServiceWorker(container({ registration: "reject" }), true);
    expect(checkServiceWorker(rejected)[1].status).toBe("warning");
    const hung = await gatherServiceWorker(container({ registration: "hang" }), true, 20);
    expect(hung.registration).toBe("error");
  });
});

describe("session and token", () => {
  it("reads a JWT's expiry and nothing else", () => {
    expect(tokenExpiry(jwt({ exp: NOW / 1000 }))).toBe(NOW);
    expect(tokenExpiry(jwt({ sub: "1" }))).toBeNull();
    expect(tokenExpiry("opaque-token")).toBeNull();
    expect(tokenExpiry("a.%%%.c")).toBeNull();
  });

  it("a visitor is 'not applicable', not a failure", () => {
    const result = checkSession({
      serverUsername: null,
      refreshed: false,
      username: null,
      token: null,
      me: "skipped",
    });
    expect(result).toMatchObject({ id: "session", status: "not-applicable" });
    expect(checkToken(null, NOW).status).toBe("not-applicable");
  });

  it("a renewed sign-in the server accepts passes", () => {
    const result = checkSession({
      serverUsername: "anna",
      refreshed: true,
      username: "anna",
      token: "t",
      me: { status: 200, username: "anna" },
    });
    expect(result).toMatchObject({ status: "pass", detail: "Signed in as anna; renewing the sign-in works." });
  });

  it("fails when the page says signed in but renewal fails, when the server refuses the token, or nobody answers", () => {
    const base = { serverUsername: "anna", username: "anna", token: "t" } as const;
    expect(checkSession({ ...base, refreshed: false, me: "skipped" }).status).toBe("fail");
    const refused = checkSession({ ...base, refreshed: true, me: { status: 401, username: null } });
    expect(refused.status).toBe("fail");
    expect(refused.detail).toContain("401");
    expect(refused.fix).toMatch(/Sign out/);
    expect(checkSession({ ...base, refreshed: "timeout", me: "skipped" }).status).toBe("fail");
    expect(checkSession({ ...base, refreshed: true, me: "error" }).status).toBe("fail");
    expect(checkSession({ ...base, refreshed: true, me: { status: 200, username: "other" } }).status).toBe("fail");
  });

  it("shows the token's remaining life, never the token", () => {
    const token = jwt({ exp: (NOW + 9 * MINUTE + 30_000) / 1000, username: "anna" });
    const fresh = checkToken(token, NOW);
    expect(fresh).toMatchObject({ status: "pass" });
    expect(fresh.detail).toMatch(/^Present, expires in 9 min 30 s/);
    expect(JSON.stringify(fresh)).not.toContain(token.split(".")[1]);
    expect(checkToken(jwt({ exp: (NOW + 30_000) / 1000 }), NOW).status).toBe("warning");
    const expired = checkToken(jwt({ exp: (NOW - 2 * MINUTE) / 1000 }), NOW);
    expect(expired.status).toBe("fail");
    expect(expired.detail).toMatch(/expired 2 min ago/);
    expect(checkToken("not-a-jwt", NOW).status).toBe("warning");
  });
});

describe("clock", () => {
  it("measures the difference from a Date header around the request's middle", () => {
    const header = new Date(NOW).toUTCString();
    expect(clockOffsetFrom(header, NOW - 200, NOW + 200)).toBe(500);
    expect(clockOffsetFrom(header, NOW - 10 * MINUTE, NOW - 10 * MINUTE)).toBe(10 * MINUTE + 500);
    expect(clockOffsetFrom(null, NOW, NOW)).toBeNull();
    expect(clockOffsetFrom("yesterday-ish", NOW, NOW)).toBeNull();
  });

  it("passes up to 2 minutes, warns up to 5, fails beyond", () => {
    expect(CLOCK_SKEW_WARN_MS).toBe(2 * MINUTE);
    expect(CLOCK_SKEW_FAIL_MS).toBe(5 * MINUTE);
    expect(checkClock(0).status).toBe("pass");
    expect(checkClock(CLOCK_SKEW_WARN_MS).status).toBe("pass");
    expect(checkClock(-CLOCK_SKEW_WARN_MS).status).toBe("pass");
    expect(checkClock(CLOCK_SKEW_WARN_MS + 1000).status).toBe("warning");
    expect(checkClock(CLOCK_SKEW_FAIL_MS).status).toBe("warning");
    const behind = checkClock(CLOCK_SKEW_FAIL_MS + 1000);
    expect(behind.status).toBe("fail");
    expect(behind.detail).toBe(
      "Your device's clock is 5 min 1 s behind the server's. Sign-ins and secure connections can fail.",
    );
    expect(behind.fix).toMatch(/Set time automatically/);
    expect(checkClock(-(CLOCK_SKEW_FAIL_MS + 60_000)).detail).toMatch(/6 min ahead of the server's/);
    expect(checkClock(null).status).toBe("warning");
  });
});

describe("newest build", () => {
  it("compares the page's build with the latest", () => {
    expect(checkNewestBuild("abc", { id: "abc" }).status).toBe("pass");
    const stale = checkNewestBuild("abc", { id: "def" });
    expect(stale.status).toBe("warning");
    expect(stale.detail).toContain("def");
    expect(stale.fix).toMatch(/Reload/);
    expect(checkNewestBuild("abc", "error").status).toBe("warning");
    expect(checkNewestBuild(undefined, { id: "abc" }).status).toBe("not-applicable");
  });
});

describe("runBrowserChecks", () => {
  function deps(overrides: Partial<BrowserCheckDeps> & { serverOffsetMs?: number; meStatus?: number } = {}) {
    const { serverOffsetMs = 1_000, meStatus = 200, ...rest } = overrides;
    const token = jwt({ exp: (NOW + 10 * MINUTE) / 1000, username: "anna" });
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const headers = { Date: new Date(NOW + serverOffsetMs).toUTCString(), "Content-Type": "application/json" };
      if (url.startsWith("/builds/latest.json?")) {
        return new Response(JSON.stringify({ id: "build-1", timestamp: NOW }), { headers });
      }
      if (url === ME_PATH) {
        return new Response(JSON.stringify(meStatus === 200 ? { username: "anna" } : { error: "no" }), {
          status: meStatus,
          headers,
        });
      }
      return new Response("not found", { status: 404 });
    });
    const value: BrowserCheckDeps = {
      cookieEnabled: true,
      cookies: new FakeCookies(),
      storage: () => new FakeStorage(),
      serviceWorker: { controller: null, getRegistration: async () => undefined },
      secureContext: true,
      session: { refresh: async () => true, state: () => ({ username: "anna", token, loginHidden: true }) },
      fetch,
      now: () => NOW,
      serverUsername: "anna",
      pageBuildId: "build-1",
      ...rest,
    };
    return { value, calls, token };
  }

  it("runs every line in order and asks /api/auth/me with the token alone", async () => {
    const { value, calls, token } = deps();
    const results = await runBrowserChecks(value);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ["javascript", "pass"],
      ["cookies", "pass"],
      ["local-storage", "pass"],
      ["sw-support", "pass"],
      ["sw-installed", "warning"],
      ["sw-control", "not-applicable"],
      ["session", "pass"],
      ["token", "pass"],
      ["clock", "pass"],
      ["build", "pass"],
    ]);
    const me = calls.find((c) => c.url === ME_PATH);
    expect(me?.init?.credentials).toBe("omit");
    expect(new Headers(me?.init?.headers).get("Authorization")).toBe(`Bearer ${token}`);
    expect(JSON.stringify(results)).not.toContain(token);
  });

  it("a browser with nothing: no cookies, storage throwing, no service worker, a visitor", async () => {
    const { value } = deps({
      cookieEnabled: false,
      cookies: null,
      storage: () => {
        throw new DOMException("denied", "SecurityError");
      },
      serviceWorker: undefined,
      session: { refresh: async () => false, state: () => ({ username: null, token: null, loginHidden: false }) },
      serverUsername: null,
    });
    const byId = Object.fromEntries((await runBrowserChecks(value)).map((r) => [r.id, r.status]));
    expect(byId).toMatchObject({
      cookies: "fail",
      "local-storage": "fail",
      "sw-support": "warning",
      "sw-installed": "not-applicable",
      session: "not-applicable",
      token: "not-applicable",
    });
  });

  it("a clock 10 minutes behind fails; the token's life is counted on the server's clock", async () => {
    const { value } = deps({ serverOffsetMs: 10 * MINUTE });
    const results = await runBrowserChecks(value);
    expect(results.find((r) => r.id === "clock")?.status).toBe("fail");
    // Token issued for NOW + 10 min; on the server's clock it is now NOW + 10 min: expired.
    expect(results.find((r) => r.id === "token")?.status).toBe("fail");
  });

  it("falls back to the loader's time when the response has no Date header, and survives a failing network", async () => {
    const { value } = deps({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
      loaderClock: { serverTimeMs: NOW + 3 * MINUTE, browserTimeMs: NOW },
    });
    const results = await runBrowserChecks(value);
    expect(results.find((r) => r.id === "clock")?.status).toBe("warning");
    expect(results.find((r) => r.id === "build")?.status).toBe("warning");
    expect(results.find((r) => r.id === "session")?.status).toBe("fail");
  });

  it("a refresh that never answers is a failing session line, not a page stuck on 'Checking…'", async () => {
    const { value } = deps({
      session: {
        refresh: () => new Promise<boolean>(() => undefined),
        state: () => ({ username: null, token: null, loginHidden: false }),
      },
      timeoutMs: 20,
    });
    const results = await runBrowserChecks(value);
    expect(results.find((r) => r.id === "session")).toMatchObject({ status: "fail" });
  });

  it("a server that refuses the renewed token fails the session line", async () => {
    const { value } = deps({ meStatus: 401 });
    expect((await runBrowserChecks(value)).find((r) => r.id === "session")?.status).toBe("fail");
  });
});
