// The "as you type" availability check of the username form, kept free of
// React and the DOM so the debouncing and the races can be tested with fake
// timers.
import { USERNAME_YOURS, usernameProblem } from "../forms";
import { PATHS } from "~/routing/paths";

export const AVAILABILITY_PATH = PATHS.usernameAvailable;
/** Long enough that a steady typist sends one request per pause, short enough to feel live. */
export const AVAILABILITY_DEBOUNCE_MS = 350;

export type AvailabilityState =
  | { status: "idle" }
  /** The name cannot be valid; the message says why (no request is made). */
  | { status: "invalid"; username: string; message: string }
  | { status: "checking"; username: string }
  | { status: "answered"; username: string; available: boolean; message: string }
  | { status: "failed"; username: string };

export interface AvailabilityAnswer {
  available: boolean;
  message: string;
}

/** Asks the server; rejects on any failure. The body is checked because it crossed the network. */
export type AvailabilityFetch = (username: string, signal: AbortSignal) => Promise<unknown>;

export function parseAvailability(body: unknown): AvailabilityAnswer | null {
  if (typeof body !== "object" || body === null) return null;
  const { available, message } = body as Record<string, unknown>;
  return typeof available === "boolean" && typeof message === "string" ? { available, message } : null;
}

export interface AvailabilityChecker {
  /** The field now holds `typed`; what is already pending for an earlier value is abandoned. */
  input(typed: string): void;
  cancel(): void;
}

/**
 * Debounces the checks and lets only the latest one report: an answer about
 * "ann" that arrives after the user typed "anna" must not say anything.
 */
export function createAvailabilityChecker(
  onState: (state: AvailabilityState) => void,
  fetcher: AvailabilityFetch,
  opts: { currentUsername: string; delayMs?: number },
): AvailabilityChecker {
  const delayMs = opts.delayMs ?? AVAILABILITY_DEBOUNCE_MS;
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let controller: AbortController | null = null;

  function cancel(): void {
    seq += 1;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    controller?.abort();
    controller = null;
  }

  function input(typed: string): void {
    cancel();
    const username = typed.trim();
    if (username === "") return onState({ status: "idle" });
    const problem = usernameProblem(username);
    if (problem) return onState({ status: "invalid", username, message: problem });
    if (username === opts.currentUsername) {
      return onState({ status: "answered", username, available: true, message: USERNAME_YOURS });
    }
    const mine = seq;
    const report = (state: AvailabilityState) => {
      if (mine === seq) onState(state);
    };
    report({ status: "checking", username });
    timer = setTimeout(() => {
      timer = null;
      const current = new AbortController();
      controller = current;
      fetcher(username, current.signal)
        .then((body) => {
          const answer = parseAvailability(body);
          report(answer ? { status: "answered", username, ...answer } : { status: "failed", username });
        })
        .catch(() => report({ status: "failed", username }))
        .finally(() => {
          if (controller === current) controller = null;
        });
    }, delayMs);
  }

  return { input, cancel };
}
