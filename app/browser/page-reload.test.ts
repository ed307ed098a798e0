import { describe, expect, it, vi } from "vitest";
import { type PageReloaderOptions, createPageReloader } from "./page-reload";

function setup(overrides: Partial<PageReloaderOptions> & { typing?: boolean } = {}) {
  let typing = overrides.typing ?? false;
  const reload = vi.fn();
  const logger = { warn: vi.fn() };
  const navigationListeners = new Set<() => void>();
  const onNavigation = vi.fn((cb: () => void) => {
    navigationListeners.add(cb);
    return () => void navigationListeners.delete(cb);
  });
  const reloader = createPageReloader({
    reload,
    isUserTyping: () => typing,
    onNavigation,
    logger,
    ...overrides,
  });
  const navigate = () => [...navigationListeners].forEach((cb) => cb());
  // perform() awaits beforeReload even when there is none; let that settle.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    reloader,
    reload,
    logger,
    onNavigation,
    navigate,
    navigationListeners,
    settle,
    setTyping: (value: boolean) => void (typing = value),
  };
}

describe("page reloader", () => {
  it("reloads at once when nobody is typing", async () => {
    const { reloader, reload, onNavigation, settle } = setup();
    reloader.request();
    expect(reloader.state).toBe("reloading");
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onNavigation).not.toHaveBeenCalled();
  });

  it("waits for the next navigation while a form holds typed input, then reloads once", async () => {
    const { reloader, reload, navigate, navigationListeners, setTyping, settle } = setup({ typing: true });
    reloader.request();
    await settle();
    expect(reload).not.toHaveBeenCalled();
    expect(reloader.state).toBe("waiting");
    // Still typing: asking again neither reloads nor subscribes twice.
    reloader.request();
    expect(navigationListeners.size).toBe(1);
    setTyping(false);
    navigate();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloader.state).toBe("reloading");
    // The navigation subscription is dropped once the reload starts.
    expect(navigationListeners.size).toBe(0);
    navigate();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at the navigation even if the member is still typing then: the form is being left anyway", async () => {
    const { reloader, reload, navigate, settle } = setup({ typing: true });
    reloader.request();
    navigate();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads at once when asked again after the typing stopped, without waiting for a navigation", async () => {
    const { reloader, reload, navigationListeners, setTyping, settle } = setup({ typing: true });
    reloader.request();
    setTyping(false);
    reloader.request();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(navigationListeners.size).toBe(0);
  });

  it("reloads once however often it is asked (a new build and a new worker at the same time)", async () => {
    const { reloader, reload, settle } = setup();
    reloader.request();
    reloader.request();
    reloader.request();
    await settle();
    reloader.request();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads once even if the navigation source keeps calling after the unsubscribe", async () => {
    const callbacks: (() => void)[] = [];
    const { reloader, reload, settle } = setup({
      typing: true,
      // A router that delivers a navigation already in flight when the reloader unsubscribed.
      onNavigation: (cb) => {
        callbacks.push(cb);
        return () => {};
      },
    });
    reloader.request();
    callbacks[0]();
    callbacks[0]();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("lets beforeReload finish before reloading, and runs it once", async () => {
    const order: string[] = [];
    let finish: () => void = () => {};
    const beforeReload = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          order.push("before:start");
          finish = () => {
            order.push("before:end");
            resolve();
          };
        }),
    );
    const reload = vi.fn(() => void order.push("reload"));
    const { reloader, settle } = setup({ beforeReload, reload });
    reloader.request();
    reloader.request();
    await settle();
    expect(order).toEqual(["before:start"]);
    finish();
    await settle();
    expect(order).toEqual(["before:start", "before:end", "reload"]);
    expect(beforeReload).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("logs a failing beforeReload and reloads anyway", async () => {
    const error = new Error("update check failed");
    const reload = vi.fn();
    const { reloader, logger, settle } = setup({ beforeReload: () => Promise.reject(error), reload });
    reloader.request();
    await settle();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(expect.any(String), error);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
