import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_TTL_MS } from "~/config/timing";
import {
  type ChunkErrorWindow,
  type GuardStorage,
  installChunkErrorReload,
  isChunkLoadError,
  reloadGuardKey,
  reloadOnceForChunkError,
} from "./reload-guard";

function memoryStorage(): GuardStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe("isChunkLoadError", () => {
  it.each([
    new TypeError("Failed to fetch dynamically imported module: https://x.test/assets/route-abc.js"),
    new TypeError("Importing a module script failed."),
    new TypeError("error loading dynamically imported module: https://x.test/assets/route-abc.js"),
    new Error("Unable to preload CSS for /assets/route-abc.css"),
    Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" }),
    "Failed to fetch dynamically imported module: /assets/a.js",
    { message: "Loading CSS chunk 7 failed." },
    new Error("wrapped", { cause: new TypeError("Importing a module script failed.") }),
  ])("recognises %s", (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("recognises a vite:preloadError event and an unhandledrejection reason", () => {
    const preload = Object.assign(new Event("vite:preloadError"), { payload: new Error("anything") });
    expect(isChunkLoadError(preload)).toBe(true);
    const rejection = Object.assign(new Event("unhandledrejection"), {
      reason: new TypeError("Failed to fetch dynamically imported module: /a.js"),
    });
    expect(isChunkLoadError(rejection)).toBe(true);
  });

  it.each([
    null,
    undefined,
    42,
    new Error("Cannot read properties of undefined"),
    new TypeError("Failed to fetch"),
    {},
  ])("ignores %s", (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });

  it("does not loop on a self-referencing cause", () => {
    const error = new Error("x") as Error & { cause?: unknown };
    error.cause = error;
    expect(isChunkLoadError(error)).toBe(false);
  });
});

describe("reloadOnceForChunkError", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const attempt = (storage: GuardStorage, path = "/stpete/birth/search") => {
    const reload = vi.fn();
    const reloaded = reloadOnceForChunkError({ path, storage, now: Date.now, reload });
    expect(reload).toHaveBeenCalledTimes(reloaded ? 1 : 0);
    return reloaded;
  };

  it("reloads on the first error, not on a second within the TTL, and again once it has passed", () => {
    const storage = memoryStorage();
    expect(attempt(storage)).toBe(true);
    vi.advanceTimersByTime(RELOAD_GUARD_TTL_MS - 1);
    expect(attempt(storage)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(attempt(storage)).toBe(true);
    expect(attempt(storage)).toBe(false);
  });

  it("keeps paths independent", () => {
    const storage = memoryStorage();
    expect(attempt(storage, "/a")).toBe(true);
    expect(attempt(storage, "/b")).toBe(true);
    expect(attempt(storage, "/a")).toBe(false);
    expect(attempt(storage, "/b")).toBe(false);
  });

  it("remembers the reload across a new module instance reading the same storage", async () => {
    const storage = memoryStorage();
    expect(attempt(storage)).toBe(true);
    vi.advanceTimersByTime(2_000);
    vi.resetModules();
    const fresh = await import("./reload-guard");
    const reload = vi.fn();
    expect(fresh.reloadOnceForChunkError({ path: "/stpete/birth/search", storage, now: Date.now, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("stores the time per path and replaces stale or bogus entries", () => {
    const storage = memoryStorage();
    storage.setItem(reloadGuardKey("/a"), "not a number");
    expect(attempt(storage, "/a")).toBe(true);
    expect(storage.data.get(reloadGuardKey("/a"))).toBe(String(Date.now()));
    // An entry from the future (the clock was moved back) must not block reloads for the TTL or longer.
    storage.setItem(reloadGuardKey("/b"), String(Date.now() + 60_000));
    expect(attempt(storage, "/b")).toBe(true);
  });

  it("does not reload when storage is unusable, since the reload could not be remembered", () => {
    const broken: GuardStorage = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(attempt(broken)).toBe(false);
  });
});

describe("installChunkErrorReload", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeWindow(pathname = "/odessa/search") {
    const target = new EventTarget();
    const storage = memoryStorage();
    const reload = vi.fn();
    const win: ChunkErrorWindow = {
      addEventListener: (type, listener) => target.addEventListener(type, listener),
      removeEventListener: (type, listener) => target.removeEventListener(type, listener),
      location: { pathname, reload, assign: vi.fn() },
      sessionStorage: storage,
    };
    return { win, target, reload, storage };
  }

  const preloadError = () =>
    Object.assign(new Event("vite:preloadError", { cancelable: true }), {
      payload: new Error("Unable to preload CSS for /assets/a.css"),
    });
  const rejection = (reason: unknown) =>
    Object.assign(new Event("unhandledrejection", { cancelable: true }), { reason });

  it("reloads once on vite:preloadError and prevents Vite from rethrowing only when it reloads", () => {
    const { win, target, reload } = fakeWindow();
    installChunkErrorReload(win);
    const first = preloadError();
    target.dispatchEvent(first);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    const second = preloadError();
    target.dispatchEvent(second);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
  });

  it("reloads on an unhandled chunk rejection but ignores other rejections", () => {
    const { win, target, reload } = fakeWindow();
    installChunkErrorReload(win);
    target.dispatchEvent(rejection(new Error("boom")));
    expect(reload).not.toHaveBeenCalled();
    target.dispatchEvent(rejection(new TypeError("Importing a module script failed.")));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_GUARD_TTL_MS);
    target.dispatchEvent(rejection(new TypeError("Importing a module script failed.")));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("stops listening after cleanup", () => {
    const { win, target, reload } = fakeWindow();
    installChunkErrorReload(win)();
    target.dispatchEvent(preloadError());
    expect(reload).not.toHaveBeenCalled();
  });
});
