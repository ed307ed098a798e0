import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_CHECK_INTERVAL_MS } from "../config/timing";
import { type BuildCheckerOptions, createBuildChecker } from "./build-check";

const MINUTE = 60_000;

/** A document whose visibility the test controls; EventTarget gives real listener semantics. */
function fakeDocument() {
  const target = new EventTarget();
  const doc = {
    visibilityState: "visible" as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    show(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      target.dispatchEvent(new Event("visibilitychange"));
    },
  };
  return doc;
}

function setup(overrides: Partial<BuildCheckerOptions> & { latestId?: string } = {}) {
  const doc = fakeDocument();
  const fetchLatest = vi.fn(async () => ({ id: overrides.latestId ?? "build-a", timestamp: 1 }));
  const reload = vi.fn();
  const logger = { warn: vi.fn() };
  const navigationListeners = new Set<() => void>();
  const onNavigation = vi.fn((cb: () => void) => {
    navigationListeners.add(cb);
    return () => void navigationListeners.delete(cb);
  });
  const checker = createBuildChecker({
    currentId: "build-a",
    fetchLatest,
    reload,
    isUserTyping: () => false,
    onNavigation,
    document: doc,
    logger,
    ...overrides,
  });
  const navigate = () => [...navigationListeners].forEach((cb) => cb());
  return { checker, doc, fetchLatest, reload, logger, onNavigation, navigate, navigationListeners };
}

describe("build checker", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("checks exactly once an hour, not at start", async () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(60 * MINUTE);
    const { checker, fetchLatest } = setup();
    checker.start();
    await vi.advanceTimersByTimeAsync(59 * MINUTE);
    expect(fetchLatest).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1 * MINUTE);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    checker.stop();
    await vi.advanceTimersByTimeAsync(180 * MINUTE);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });

  it("checks when the page becomes visible after being hidden, and only then", async () => {
    const { checker, doc, fetchLatest } = setup();
    checker.start();
    doc.show("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(0);
    doc.show("hidden");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(0);
    doc.show("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    checker.stop();
    doc.show("hidden");
    doc.show("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  it("reloads at once when a newer build exists and nobody is typing", async () => {
    const { checker, reload, fetchLatest } = setup({ latestId: "build-b" });
    checker.start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
    // Stopped after reloading: no second reload while the page unloads.
    await vi.advanceTimersByTimeAsync(3 * BUILD_CHECK_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("waits for the next navigation while the user is typing", async () => {
    const { checker, reload, navigate, onNavigation } = setup({ latestId: "build-b", isUserTyping: () => true });
    checker.start();
    await expect(checker.checkNow()).resolves.toBe(true);
    await vi.advanceTimersByTimeAsync(2 * BUILD_CHECK_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    expect(onNavigation).toHaveBeenCalledTimes(1);
    navigate();
    expect(reload).toHaveBeenCalledTimes(1);
    navigate();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads on a later check once the form is no longer dirty", async () => {
    let typing = true;
    const { checker, reload } = setup({ latestId: "build-b", isUserTyping: () => typing });
    checker.start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(reload).not.toHaveBeenCalled();
    typing = false;
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload for the same build", async () => {
    const { checker, reload, fetchLatest } = setup({ latestId: "build-a" });
    checker.start();
    await vi.advanceTimersByTimeAsync(3 * BUILD_CHECK_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
    await expect(checker.checkNow()).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("logs a failed check and keeps checking", async () => {
    const fetchLatest = vi
      .fn<() => Promise<{ id: string; timestamp: number }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue({ id: "build-b", timestamp: 2 });
    const { checker, reload, logger } = setup({ fetchLatest });
    checker.start();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("the default fetch asks /builds/latest.json with a timestamp query and rejects a bad answer", async () => {
    vi.setSystemTime(1_700_000_000_000);
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ nope: 1 }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    try {
      const { checker, logger, reload } = setup({ fetchLatest: undefined, latestId: "build-b" });
      await expect(checker.checkNow()).resolves.toBe(false);
      expect(fetchMock).toHaveBeenCalledWith("/builds/latest.json?1700000000000", expect.anything());
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(reload).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
