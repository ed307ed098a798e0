import { describe, expect, it, vi } from "vitest";
import { RELOAD_GUARD_TTL_MS } from "~/config/timing";
import { isNetworkFailure, reloadIfNetworkFailure } from "./offline-navigation";

function fakeWindow(pathname = "/Search") {
  const store = new Map<string, string>();
  return {
    location: { pathname, reload: vi.fn() },
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
  };
}

describe("offline navigation", () => {
  it("knows the browsers' words for an unreachable server", () => {
    for (const message of [
      "Failed to fetch",
      "NetworkError when attempting to fetch resource.",
      "Load failed",
      "Network request failed",
    ])
      expect(isNetworkFailure(new TypeError(message)), message).toBe(true);
    expect(isNetworkFailure(new TypeError("x is not a function"))).toBe(false);
    // Only fetch's own TypeError counts: a loader's message that happens to say so is not a lost connection.
    expect(isNetworkFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isNetworkFailure({ status: 500 })).toBe(false);
  });

  it("reloads the address once, and not again within the guard's lifetime", () => {
    const win = fakeWindow();
    let now = 1_000_000;
    expect(reloadIfNetworkFailure(new TypeError("Failed to fetch"), win, () => now)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    now += RELOAD_GUARD_TTL_MS - 1;
    expect(reloadIfNetworkFailure(new TypeError("Failed to fetch"), win, () => now)).toBe(false);
    now += 2;
    expect(reloadIfNetworkFailure(new TypeError("Failed to fetch"), win, () => now)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });

  it("leaves other errors to the error page", () => {
    const win = fakeWindow();
    expect(reloadIfNetworkFailure(new Error("boom"), win)).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });

  it("does not reload when the reload could not be remembered", () => {
    const win = {
      location: { pathname: "/", reload: vi.fn() },
      get sessionStorage(): never {
        throw new Error("blocked");
      },
    };
    expect(reloadIfNetworkFailure(new TypeError("Failed to fetch"), win)).toBe(false);
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
