/**
 * The signed-in state kept in the browser (SPEC §3, §4, §7.1, §7.2). The server never sees it; the refresh cookie
 * is the only thing that outlives a page, and every page load trades it for a fresh access token.
 *
 * Every page loads this module (the root starts the session), so it calls the two cookie endpoints with `fetch`:
 * the authenticated request helper, which is axios, lives in ./session-http.ts and ships only with the pages that
 * make authenticated calls (issue 12 item 4).
 *
 * Safe to import on the server: `window`, `localStorage` and `navigator` are only touched inside
 * `createBrowserSession`, which only the browser calls.
 */
import { TOKEN_REFRESH_INTERVAL_MS } from "~/config/timing";
import { PATHS } from "~/routing/paths";

export const REFRESH_PATH = PATHS.apiRefresh;
export const LOGOUT_PATH = PATHS.apiLogout;

/** Local storage keys (SPEC §9); other code and older builds read the same keys, so they never change. */
export const STORAGE_KEYS = { username: "username", token: "token", loginHidden: "loginHidden" } as const;

export interface SessionState {
  readonly username: string | null;
  readonly token: string | null;
  readonly loginHidden: boolean;
}

export interface RefreshResult {
  token: string;
  username: string;
}

interface ServiceWorkerLike {
  controller: { postMessage(message: unknown): void } | null;
}

export interface BrowserSessionOptions {
  /** Where the API lives; relative URLs (same origin) by default. */
  baseURL?: string;
  /** Defaults to `window.localStorage`; `null` keeps everything in memory (storage blocked by the browser). */
  storage?: Storage | null;
  fetchRefresh?: () => Promise<RefreshResult>;
  fetchLogout?: () => Promise<void>;
  /** Defaults to `navigator.serviceWorker`; pass `undefined` explicitly for "no service worker". */
  serviceWorker?: ServiceWorkerLike | undefined;
  logger?: Pick<Console, "error" | "warn">;
}

export interface BrowserSession {
  /** The same object until something changes, as `useSyncExternalStore` requires. */
  state(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Never rejects: a failed refresh is logged and resolves false (SPEC §8). */
  refresh(): Promise<boolean>;
  /** Never rejects: a failed logout is logged and resolves false, leaving the state as it was (SPEC §8). */
  logout(): Promise<boolean>;
  /**
   * The server saw no refresh cookie: drops the access token as a failed refresh does (SPEC §4: username and
   * loginHidden stay), without a call that could only be refused.
   */
  forgetToken(): void;
  /** Refreshes now and then every TOKEN_REFRESH_INTERVAL_MS; calling it again while running does nothing. */
  start(): void;
  stop(): void;
  /** Hands the current token (or its absence) to a service worker that just took control of the page. */
  syncServiceWorker(): void;
}

/**
 * A GET to a cookie endpoint (refresh, logout), cookies included; any status outside 2xx–3xx is a failure, as the
 * authenticated helper counts them (./http.ts). SPEC §9: no timeout.
 */
async function getWithCookies(baseURL: string | undefined, path: string): Promise<unknown> {
  const response = await fetch(`${baseURL ?? ""}${path}`, { credentials: "include" });
  if (response.status < 200 || response.status >= 400) {
    throw new Error(`GET ${path} answered ${response.status}`);
  }
  return response.headers.get("content-type")?.includes("json") ? response.json() : response.text();
}

function parseRefreshResult(body: unknown): RefreshResult {
  if (typeof body === "object" && body !== null) {
    const { token, username } = body as Record<string, unknown>;
    if (typeof token === "string" && token !== "" && typeof username === "string") return { token, username };
  }
  throw new Error("Refresh response carries no token and username");
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Reading the property throws SecurityError when the user blocks site data.
    return null;
  }
}

function defaultServiceWorker(): ServiceWorkerLike | undefined {
  return typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
}

export function createBrowserSession(opts: BrowserSessionOptions = {}): BrowserSession {
  const logger = opts.logger ?? console;
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  const serviceWorker = "serviceWorker" in opts ? opts.serviceWorker : defaultServiceWorker();
  const fetchRefresh =
    opts.fetchRefresh ?? (async () => parseRefreshResult(await getWithCookies(opts.baseURL, REFRESH_PATH)));
  const fetchLogout =
    opts.fetchLogout ??
    (async () => {
      await getWithCookies(opts.baseURL, LOGOUT_PATH);
    });

  function read(key: string): string | null {
    try {
      return storage?.getItem(key) ?? null;
    } catch (err) {
      logger.warn("Session storage unreadable", err);
      return null;
    }
  }
  // A full or blocked storage must not break sign-in: the in-memory state is what requests use.
  function write(key: string, value: string | null): void {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch (err) {
      logger.warn("Session storage not writable", err);
    }
  }

  let current: SessionState = Object.freeze({
    username: read(STORAGE_KEYS.username),
    token: read(STORAGE_KEYS.token),
    loginHidden: read(STORAGE_KEYS.loginHidden) === "true",
  });
  const listeners = new Set<() => void>();

  function update(next: Partial<SessionState>): void {
    current = Object.freeze({ ...current, ...next });
    for (const listener of [...listeners]) listener();
  }

  // SPEC §7.1: UPDATE_TOKEN after each successful refresh; CLEAR_TOKEN when the token is gone, so the worker
  // stops acting for someone who signed out.
  function notifyServiceWorker(token: string | null): void {
    try {
      serviceWorker?.controller?.postMessage(
        token === null ? { type: "CLEAR_TOKEN" } : { type: "UPDATE_TOKEN", token },
      );
    } catch (err) {
      // The page keeps working with its own token; only the worker's requests would go stale.
      logger.warn("Could not pass the token to the service worker", err);
    }
  }

  // Bumped by every successful logout so a refresh that was already on the wire cannot sign the user back in.
  let generation = 0;
  let inFlight: Promise<boolean> | null = null;

  async function runRefresh(): Promise<boolean> {
    const startedIn = generation;
    try {
      const { token, username } = parseRefreshResult(await fetchRefresh());
      if (startedIn !== generation) return false;
      write(STORAGE_KEYS.token, token);
      write(STORAGE_KEYS.username, username);
      write(STORAGE_KEYS.loginHidden, "true");
      update({ token, username, loginHidden: true });
      notifyServiceWorker(token);
      return true;
    } catch (err) {
      if (startedIn !== generation) return false;
      logger.error("Token refresh failed", err);
      forgetToken();
      return false;
    }
  }

  // SPEC §4: the user stays without a token; username and loginHidden are left alone, nothing is shown.
  function forgetToken(): void {
    write(STORAGE_KEYS.token, null);
    if (current.token !== null) {
      update({ token: null });
      notifyServiceWorker(null);
    }
  }

  function refresh(): Promise<boolean> {
    if (inFlight) return inFlight;
    const pending = runRefresh().finally(() => {
      if (inFlight === pending) inFlight = null;
    });
    inFlight = pending;
    return pending;
  }

  async function logout(): Promise<boolean> {
    try {
      await fetchLogout();
    } catch (err) {
      logger.error("Logout failed", err);
      return false;
    }
    generation += 1;
    inFlight = null;
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.username, null);
    write(STORAGE_KEYS.loginHidden, "false");
    update({ token: null, username: null, loginHidden: false });
    notifyServiceWorker(null);
    return true;
  }

  let timer: ReturnType<typeof setInterval> | null = null;

  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh,
    logout,
    forgetToken,
    start() {
      if (timer !== null) return;
      void refresh();
      timer = setInterval(() => void refresh(), TOKEN_REFRESH_INTERVAL_MS);
    },
    stop() {
      if (timer === null) return;
      clearInterval(timer);
      timer = null;
    },
    syncServiceWorker: () => notifyServiceWorker(current.token),
  };
}
