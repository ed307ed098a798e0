// A link followed while the network is gone: Remix fetches the next page's data, the fetch fails, and the error
// page would say "Internal Server Error" for what is only a lost connection. A full page load of the same
// address instead reaches the service worker, which answers with the saved copy or the offline page.
// Guarded like chunk reloads (once per path within RELOAD_GUARD_TTL_MS), so a server that is merely down
// cannot make the page reload in a loop. No top-level browser globals, so the server may import it.
import { type GuardStorage, reloadOnceForChunkError } from "./reload-guard";

// What browsers say when fetch() cannot reach the server at all.
const NETWORK_FAILURE_MESSAGES = [
  "failed to fetch", // Chromium
  "networkerror when attempting to fetch resource", // Firefox
  "load failed", // Safari
  "network request failed",
];

export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  const message = error.message.toLowerCase();
  return NETWORK_FAILURE_MESSAGES.some((m) => message.includes(m));
}

export interface OfflineReloadWindow {
  location: { pathname: string; reload(): void };
  readonly sessionStorage: GuardStorage;
}

/** Reloads the address the failed navigation was going to; true when it did. */
export function reloadIfNetworkFailure(
  error: unknown,
  win: OfflineReloadWindow,
  now: () => number = Date.now,
): boolean {
  if (!isNetworkFailure(error)) return false;
  let storage: GuardStorage;
  try {
    storage = win.sessionStorage;
  } catch {
    return false;
  }
  return reloadOnceForChunkError({
    path: win.location.pathname,
    storage,
    now,
    reload: () => win.location.reload(),
  });
}
