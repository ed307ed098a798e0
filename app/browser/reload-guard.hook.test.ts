import { describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_TTL_MS } from "~/config/timing";
import { CHUNK_RELOAD_HOOK, type ChunkErrorWindow, type GuardStorage, installChunkErrorReload } from "./reload-guard";

// The hook Remix's rewritten loadRouteModule calls (build-tools/route-module-reload-guard.ts): true means
// "reloaded, wait"; anything else means "no reload": a stand-in route module that shows the error page when the
// app supplied one, otherwise nothing (falsy) and Remix gets the error rethrown.

function fakeWindow(pathname = "/stpete/birth/search") {
  const data = new Map<string, string>();
  const storage: GuardStorage = {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
  const reload = vi.fn();
  const assign = vi.fn();
  const location = { pathname, reload, assign };
  const win: ChunkErrorWindow = {
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    location,
    sessionStorage: storage,
  };
  return { win, reload, assign, location };
}

const chunkError = () => new TypeError("Failed to fetch dynamically imported module: https://x.test/assets/r-1.js");

describe("window.__metrykaChunkReload", () => {
  it("is installed under the name the build rewrite calls", () => {
    const { win } = fakeWindow();
    installChunkErrorReload(win);
    expect(CHUNK_RELOAD_HOOK).toBe("__metrykaChunkReload");
    expect(typeof win.__metrykaChunkReload).toBe("function");
  });

  it("reloads once per path for a chunk error and refuses a second within the TTL", () => {
    let now = 1_700_000_000_000;
    const { win, reload, location } = fakeWindow("/stpete/birth/search");
    installChunkErrorReload(win, () => now);
    const hook = win[CHUNK_RELOAD_HOOK]!;

    expect(hook(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    now += RELOAD_GUARD_TTL_MS - 1;
    expect(hook(chunkError())).toBeFalsy();
    expect(reload).toHaveBeenCalledTimes(1);

    // Another path has its own allowance.
    location.pathname = "/odessa/search";
    expect(hook(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);

    // Once the TTL has passed, the first path may reload again.
    location.pathname = "/stpete/birth/search";
    now += 1;
    expect(hook(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it("does not reload for an error that is not a failed download, which a reload would not cure", () => {
    const { win, reload } = fakeWindow();
    installChunkErrorReload(win, () => 1_000_000);
    expect(win[CHUNK_RELOAD_HOOK]!(new TypeError("x is not a function"))).toBeFalsy();
    expect(win[CHUNK_RELOAD_HOOK]!(new Error("Cannot read properties of undefined"))).toBeFalsy();
    expect(reload).not.toHaveBeenCalled();
    // And it did not use up the path's allowance.
    expect(win[CHUNK_RELOAD_HOOK]!(chunkError())).toBe(true);
  });

  it("refuses without reloading when sessionStorage is blocked, since the reload could not be remembered", () => {
    const { win, reload } = fakeWindow();
    Object.defineProperty(win, "sessionStorage", {
      get() {
        throw new DOMException("denied", "SecurityError");
      },
    });
    installChunkErrorReload(win, () => 1_000_000);
    expect(win[CHUNK_RELOAD_HOOK]!(chunkError())).toBeFalsy();
    expect(reload).not.toHaveBeenCalled();
  });

  it("answers a refused reload with the app's stand-in route module, and a reload with true", () => {
    let now = 5_000_000;
    const { win, reload } = fakeWindow();
    const module = { default: () => null };
    const standIn = vi.fn(() => module);
    installChunkErrorReload(win, () => now, standIn);
    const hook = win[CHUNK_RELOAD_HOOK]!;

    expect(hook(chunkError())).toBe(true);
    expect(standIn).not.toHaveBeenCalled();
    now += 1_000;
    const again = chunkError();
    expect(hook(again)).toBe(module);
    expect(standIn).toHaveBeenLastCalledWith(again);
    const bug = new TypeError("x is not a function");
    expect(hook(bug)).toBe(module);
    expect(standIn).toHaveBeenLastCalledWith(bug);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("is removed by the cleanup, but only if it is still ours", () => {
    const { win } = fakeWindow();
    const cleanup = installChunkErrorReload(win);
    cleanup();
    expect(CHUNK_RELOAD_HOOK in win).toBe(false);

    const other = fakeWindow().win;
    const cleanupOld = installChunkErrorReload(other);
    installChunkErrorReload(other);
    const current = other[CHUNK_RELOAD_HOOK];
    // An older installation (e.g. before a hot update) must not remove the newer one's hook.
    cleanupOld();
    expect(other[CHUNK_RELOAD_HOOK]).toBe(current);
  });
});

describe("a chunk error during a navigation", () => {
  it("loads the page the member was going to, and remembers that path", () => {
    let now = 1_700_000_000_000;
    const { win, reload, assign } = fakeWindow("/");
    win.__remixRouter = {
      state: { navigation: { location: { pathname: "/release-notes", search: "?v=1", hash: "#top" } } },
    };
    installChunkErrorReload(win, () => now);
    expect(win.__metrykaChunkReload?.(chunkError())).toBe(true);
    expect(assign).toHaveBeenCalledWith("/release-notes?v=1#top");
    expect(reload).not.toHaveBeenCalled();
    // Back on that page within the TTL, the same failure is refused: the guard is keyed by the target.
    now += 1_000;
    expect(win.__metrykaChunkReload?.(chunkError())).not.toBe(true);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("reloads the current page when no navigation is pending", () => {
    const { win, reload, assign } = fakeWindow("/Search");
    win.__remixRouter = { state: { navigation: {} } };
    installChunkErrorReload(win);
    expect(win.__metrykaChunkReload?.(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });
});
