import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_REFRESH_INTERVAL_MS } from "~/config/timing";
import {
  createBrowserSession,
  LOGOUT_PATH,
  REFRESH_PATH,
  type BrowserSessionOptions,
  type RefreshResult,
} from "./browser-session";
import { getBrowserSession, useBrowserSession } from "./use-browser-session";

/** What `window.localStorage` does, minus the browser. */
class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly #items = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.#items.set(key, value);
  }
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
  snapshot(): Record<string, string> {
    return Object.fromEntries(this.#items);
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(overrides: Partial<BrowserSessionOptions> & { stored?: Record<string, string> } = {}) {
  const { stored, ...rest } = overrides;
  const storage = new MemoryStorage(stored);
  const logger = { error: vi.fn(), warn: vi.fn() };
  const controller = { postMessage: vi.fn() };
  let issued = 0;
  const fetchRefresh = vi.fn(async (): Promise<RefreshResult> => ({ token: `jwt-${++issued}`, username: "anna" }));
  const fetchLogout = vi.fn(async () => undefined);
  const session = createBrowserSession({
    storage,
    fetchRefresh,
    fetchLogout,
    serviceWorker: { controller },
    logger,
    ...rest,
  });
  return { session, storage, logger, controller, fetchRefresh, fetchLogout };
}

const SIGNED_IN = { username: "anna", token: "old-jwt", loginHidden: "true" };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("start-up (SPEC §3)", () => {
  it("reads all three keys back from local storage", () => {
    const { session } = setup({ stored: SIGNED_IN });
    expect(session.state()).toEqual({ username: "anna", token: "old-jwt", loginHidden: true });
  });

  it("reads loginHidden as true only for the text true", () => {
    expect(setup({ stored: { loginHidden: "false" } }).session.state().loginHidden).toBe(false);
    expect(setup({ stored: { loginHidden: "yes" } }).session.state().loginHidden).toBe(false);
    expect(setup().session.state()).toEqual({ username: null, token: null, loginHidden: false });
  });

  it("works without any storage", async () => {
    const { session } = setup({ storage: null });
    expect(await session.refresh()).toBe(true);
    expect(session.state()).toEqual({ username: "anna", token: "jwt-1", loginHidden: true });
  });

  it("keeps going in memory when storage throws", async () => {
    const broken = new MemoryStorage();
    broken.setItem = () => {
      throw new DOMException("full", "QuotaExceededError");
    };
    const { session, logger } = setup({ storage: broken });
    expect(await session.refresh()).toBe(true);
    expect(session.state().token).toBe("jwt-1");
    expect(logger.warn).toHaveBeenCalled();
  });
});

describe("refresh schedule (SPEC §7.1: page load, then every 300 s)", () => {
  it("refreshes at once and then every TOKEN_REFRESH_INTERVAL_MS", async () => {
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(300_000);
    const { session, fetchRefresh } = setup();
    session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRefresh).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(299_000);
    expect(fetchRefresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchRefresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(fetchRefresh).toHaveBeenCalledTimes(3);
    session.stop();
  });

  it("is idempotent, and stop() ends the schedule", async () => {
    const { session, fetchRefresh } = setup();
    session.start();
    session.start();
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(fetchRefresh).toHaveBeenCalledTimes(2);

    session.stop();
    await vi.advanceTimersByTimeAsync(3 * TOKEN_REFRESH_INTERVAL_MS);
    expect(fetchRefresh).toHaveBeenCalledTimes(2);

    session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchRefresh).toHaveBeenCalledTimes(3);
    session.stop();
  });
});

describe("refresh success (SPEC §4, §7.1)", () => {
  it("stores token, username and loginHidden, in memory and in local storage", async () => {
    const { session, storage } = setup({ stored: { loginHidden: "false" } });
    const listener = vi.fn();
    session.subscribe(listener);
    expect(await session.refresh()).toBe(true);
    expect(session.state()).toEqual({ username: "anna", token: "jwt-1", loginHidden: true });
    expect(storage.snapshot()).toEqual({ token: "jwt-1", username: "anna", loginHidden: "true" });
    expect(listener).toHaveBeenCalled();
  });

  it("sends UPDATE_TOKEN with the new token to the controlling service worker", async () => {
    const { session, controller } = setup();
    await session.refresh();
    await session.refresh();
    expect(controller.postMessage.mock.calls).toEqual([
      [{ type: "UPDATE_TOKEN", token: "jwt-1" }],
      [{ type: "UPDATE_TOKEN", token: "jwt-2" }],
    ]);
  });

  it("does without a service worker, or one that does not control the page yet", async () => {
    expect(await setup({ serviceWorker: undefined }).session.refresh()).toBe(true);
    expect(await setup({ serviceWorker: { controller: null } }).session.refresh()).toBe(true);
  });

  it("still succeeds when the service worker cannot take the message", async () => {
    const controller = {
      postMessage: () => {
        throw new Error("worker gone");
      },
    };
    const { session, logger } = setup({ serviceWorker: { controller } });
    expect(await session.refresh()).toBe(true);
    expect(session.state().token).toBe("jwt-1");
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it("shares one in-flight request between concurrent callers", async () => {
    const pending = deferred<RefreshResult>();
    const { session, fetchRefresh } = setup();
    fetchRefresh.mockImplementationOnce(() => pending.promise);
    const first = session.refresh();
    const second = session.refresh();
    expect(fetchRefresh).toHaveBeenCalledTimes(1);
    pending.resolve({ token: "shared", username: "anna" });
    expect(await Promise.all([first, second])).toEqual([true, true]);

    // Once settled, the next call goes to the server again.
    await session.refresh();
    expect(fetchRefresh).toHaveBeenCalledTimes(2);
  });
});

describe("refresh failure (SPEC §4, §8)", () => {
  it("logs, clears the token in memory and in storage, and changes nothing else", async () => {
    const { session, storage, logger, controller, fetchRefresh } = setup({ stored: SIGNED_IN });
    const failure = new Error("401");
    fetchRefresh.mockRejectedValueOnce(failure);
    expect(await session.refresh()).toBe(false);
    expect(session.state()).toEqual({ username: "anna", token: null, loginHidden: true });
    expect(storage.snapshot()).toEqual({ username: "anna", loginHidden: "true" });
    expect(logger.error).toHaveBeenCalledWith("Token refresh failed", failure);
    // The worker forgets the dead token; it is never handed a replacement it did not get from a refresh.
    expect(controller.postMessage.mock.calls).toEqual([[{ type: "CLEAR_TOKEN" }]]);
  });

  it("forgets a token without a call when the server saw no session, and says nothing", async () => {
    const { session, storage, logger, controller, fetchRefresh } = setup({ stored: SIGNED_IN });
    session.forgetToken();
    expect(fetchRefresh).not.toHaveBeenCalled();
    expect(session.state()).toEqual({ username: "anna", token: null, loginHidden: true });
    expect(storage.snapshot()).toEqual({ username: "anna", loginHidden: "true" });
    expect(logger.error).not.toHaveBeenCalled();
    expect(controller.postMessage.mock.calls).toEqual([[{ type: "CLEAR_TOKEN" }]]);
    session.forgetToken();
    expect(controller.postMessage).toHaveBeenCalledTimes(1);
  });

  it("treats a response without a token as a failure", async () => {
    const { session, logger, fetchRefresh } = setup({ stored: SIGNED_IN });
    fetchRefresh.mockResolvedValueOnce({ token: "", username: "anna" });
    expect(await session.refresh()).toBe(false);
    expect(session.state().token).toBeNull();
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it("never rejects, also from the schedule", async () => {
    const { session, fetchRefresh, logger } = setup();
    fetchRefresh.mockRejectedValue(new Error("offline"));
    session.start();
    await vi.advanceTimersByTimeAsync(TOKEN_REFRESH_INTERVAL_MS);
    expect(logger.error).toHaveBeenCalledTimes(2);
    session.stop();
  });
});

describe("logout (SPEC §4, §7.2, §8)", () => {
  it("on success clears token and username and sets loginHidden to false", async () => {
    const { session, storage, fetchLogout } = setup();
    await session.refresh();
    expect(await session.logout()).toBe(true);
    expect(fetchLogout).toHaveBeenCalledTimes(1);
    expect(session.state()).toEqual({ username: null, token: null, loginHidden: false });
    expect(storage.snapshot()).toEqual({ loginHidden: "false" });
  });

  it("on failure logs 'Logout failed' and changes nothing", async () => {
    const { session, storage, logger, fetchLogout } = setup();
    await session.refresh();
    const before = session.state();
    const storedBefore = storage.snapshot();
    const listener = vi.fn();
    session.subscribe(listener);
    const failure = new Error("503");
    fetchLogout.mockRejectedValueOnce(failure);

    expect(await session.logout()).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith("Logout failed", failure);
    expect(session.state()).toBe(before);
    expect(storage.snapshot()).toEqual(storedBefore);
    expect(listener).not.toHaveBeenCalled();
  });

  it("discards a refresh that was already on the wire when the logout lands", async () => {
    const pending = deferred<RefreshResult>();
    const { session, fetchRefresh, storage } = setup();
    fetchRefresh.mockImplementationOnce(() => pending.promise);
    const refreshing = session.refresh();
    expect(await session.logout()).toBe(true);
    pending.resolve({ token: "late", username: "anna" });
    expect(await refreshing).toBe(false);
    expect(session.state()).toEqual({ username: null, token: null, loginHidden: false });
    expect(storage.snapshot()).toEqual({ loginHidden: "false" });
  });

  it("unsubscribed listeners hear nothing", async () => {
    const { session } = setup();
    const listener = vi.fn();
    session.subscribe(listener)();
    await session.refresh();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe("default refresh and logout calls", () => {
  it("GET the auth endpoints and read token and username", async () => {
    vi.useRealTimers();
    const requests: string[] = [];
    let refreshStatus = 200;
    let logoutStatus = 500;
    const server: Server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      const status = req.url === REFRESH_PATH ? refreshStatus : logoutStatus;
      const body =
        status !== 200 ? { error: "no" } : req.url === REFRESH_PATH ? { token: "srv", username: "anna" } : { ok: true };
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const logger = { error: vi.fn(), warn: vi.fn() };
      const session = createBrowserSession({ baseURL, storage: new MemoryStorage(), serviceWorker: undefined, logger });

      expect(await session.refresh()).toBe(true);
      expect(session.state()).toEqual({ username: "anna", token: "srv", loginHidden: true });
      expect(await session.logout()).toBe(false);
      expect(session.state().token).toBe("srv");
      logoutStatus = 200;
      expect(await session.logout()).toBe(true);
      refreshStatus = 401;
      expect(await session.refresh()).toBe(false);

      expect(requests).toEqual([
        `GET ${REFRESH_PATH}`,
        `GET ${LOGOUT_PATH}`,
        `GET ${LOGOUT_PATH}`,
        `GET ${REFRESH_PATH}`,
      ]);
      expect(logger.error.mock.calls.map((call) => call[0])).toEqual(["Logout failed", "Token refresh failed"]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("useBrowserSession on the server", () => {
  it("renders the signed-out snapshot and never creates a session", () => {
    function Probe() {
      const { username, loginHidden } = useBrowserSession();
      return createElement("span", null, `${username ?? "nobody"}/${String(loginHidden)}`);
    }
    expect(typeof window).toBe("undefined");
    expect(renderToString(createElement(Probe))).toBe("<span>nobody/false</span>");
    expect(() => getBrowserSession()).toThrow(/browser only/);
  });
});
