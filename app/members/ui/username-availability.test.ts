import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AVAILABILITY_DEBOUNCE_MS,
  type AvailabilityState,
  createAvailabilityChecker,
  parseAvailability,
} from "./username-availability";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("the username availability checker", () => {
  let states: AvailabilityState[];
  let calls: { username: string; signal: AbortSignal; answer: ReturnType<typeof deferred<unknown>> }[];
  const fetcher = (username: string, signal: AbortSignal) => {
    const answer = deferred<unknown>();
    calls.push({ username, signal, answer });
    return answer.promise;
  };
  const make = () => createAvailabilityChecker((s) => states.push(s), fetcher, { currentUsername: "anna" });
  const last = () => states[states.length - 1];

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    calls = [];
  });
  afterEach(() => vi.useRealTimers());

  it("asks once per pause in typing, for the latest text", async () => {
    const checker = make();
    for (const typed of ["m", "ma", "mar", "mare", "marek"]) {
      checker.input(typed);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    expect(calls.map((c) => c.username)).toEqual(["marek"]);
    expect(last()).toEqual({ status: "checking", username: "marek" });
    calls[0].answer.resolve({ available: true, message: "“marek” is available." });
    await vi.runAllTimersAsync();
    expect(last()).toEqual({
      status: "answered",
      username: "marek",
      available: true,
      message: "“marek” is available.",
    });
  });

  it("lets a late answer about an older name say nothing", async () => {
    const checker = make();
    checker.input("marek");
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    checker.input("marek2");
    expect(calls[0].signal.aborted).toBe(true);
    calls[0].answer.resolve({ available: false, message: "taken" });
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    calls[1].answer.resolve({ available: true, message: "free" });
    await vi.runAllTimersAsync();
    expect(states.filter((s) => s.status === "answered")).toEqual([
      { status: "answered", username: "marek2", available: true, message: "free" },
    ]);
  });

  it("does not ask about names that cannot be valid, or about the member's own name", async () => {
    const checker = make();
    checker.input("ab");
    expect(last()).toEqual({ status: "invalid", username: "ab", message: "Use at least 3 characters." });
    checker.input("anna k");
    expect(last()).toMatchObject({ status: "invalid" });
    checker.input(" anna ");
    expect(last()).toMatchObject({ status: "answered", available: true });
    checker.input("   ");
    expect(last()).toEqual({ status: "idle" });
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(0);
  });

  it("reports a failed or malformed answer as a failure, and stays quiet after cancel", async () => {
    const checker = make();
    checker.input("marek");
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    calls[0].answer.reject(new Error("offline"));
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: "failed", username: "marek" });

    checker.input("marta");
    await vi.advanceTimersByTimeAsync(AVAILABILITY_DEBOUNCE_MS);
    calls[1].answer.resolve("<html>proxy error</html>");
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: "failed", username: "marta" });

    checker.input("marian");
    checker.cancel();
    const before = states.length;
    await vi.runAllTimersAsync();
    expect(calls).toHaveLength(2);
    expect(states).toHaveLength(before);
  });

  it("accepts only well-formed answers", () => {
    expect(parseAvailability({ available: true, message: "ok" })).toEqual({ available: true, message: "ok" });
    expect(parseAvailability({ available: "yes", message: "ok" })).toBeNull();
    expect(parseAvailability(null)).toBeNull();
    expect(parseAvailability([])).toBeNull();
  });
});
