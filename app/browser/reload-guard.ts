// SPEC §8 / issue 4 item 4: when a route's code fails to load (usually a deploy removed the old hashed chunks
// under an open page), reload once to pick up the new build; a second failure on the same path within
// RELOAD_GUARD_TTL_MS must show the error page instead of reloading forever.
import { RELOAD_GUARD_TTL_MS } from "~/config/timing";

export type GuardStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface ReloadOnceOptions {
  path: string;
  storage: GuardStorage;
  now: () => number;
  reload: () => void;
}

/** sessionStorage key prefix; one entry per path so that failures on different pages do not block each other. */
export const RELOAD_GUARD_KEY_PREFIX = "metryka:chunk-reload:";

// Lower-cased fragments of the messages browsers and bundlers use for a module that could not be fetched.
const CHUNK_ERROR_MESSAGES = [
  "failed to fetch dynamically imported module", // Chromium
  "error loading dynamically imported module", // Firefox
  "importing a module script failed", // Safari
  "unable to preload css", // Vite's preload helper
  "is not a valid javascript mime type", // Safari, when the missing chunk is answered with an HTML page
];
// webpack-style names and messages, kept because third-party code may still throw them.
const CHUNK_ERROR_NAMES = ["ChunkLoadError", "CSSChunkLoadError"];
const WEBPACK_CHUNK_MESSAGE = /loading (css )?chunk [^\s]+ failed/i;

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Whether `error` means "a piece of the build could not be downloaded". Accepts an Error, a message string,
 * a `vite:preloadError` event (its `payload`) or an `unhandledrejection` event (its `reason`).
 */
export function isChunkLoadError(error: unknown): boolean {
  return matchesChunkError(error, 0);
}

function matchesChunkError(error: unknown, depth: number): boolean {
  // Events and wrapped errors nest; the limit keeps a self-referencing `cause` from recursing forever.
  if (error === null || error === undefined || depth > 4) return false;
  if (typeof error === "string") {
    const lower = error.toLowerCase();
    return CHUNK_ERROR_MESSAGES.some((m) => lower.includes(m)) || WEBPACK_CHUNK_MESSAGE.test(error);
  }
  if (typeof error !== "object") return false;
  // Vite only fires this event when preloading a dynamic import's dependencies failed, whatever its payload says.
  if (field(error, "type") === "vite:preloadError") return true;
  const name = field(error, "name");
  if (typeof name === "string" && CHUNK_ERROR_NAMES.includes(name)) return true;
  const message = field(error, "message");
  if (typeof message === "string" && matchesChunkError(message, depth + 1)) return true;
  for (const key of ["payload", "reason", "cause", "error"]) {
    const inner = field(error, key);
    if (inner !== undefined && inner !== error && matchesChunkError(inner, depth + 1)) return true;
  }
  return false;
}

export function reloadGuardKey(path: string): string {
  return RELOAD_GUARD_KEY_PREFIX + path;
}

/**
 * Reloads the page unless this path was already reloaded for a chunk error less than RELOAD_GUARD_TTL_MS ago.
 * Returns true when it reloaded; false means the caller should let the error reach the error page.
 */
export function reloadOnceForChunkError({ path, storage, now, reload }: ReloadOnceOptions): boolean {
  const key = reloadGuardKey(path);
  const at = now();
  try {
    const previous = Number(storage.getItem(key));
    const age = at - previous;
    // A value in the future (clock moved back) or unparsable is treated as stale: reloading once more is safe
    // because the write below makes the next failure find a fresh entry.
    if (previous > 0 && Number.isFinite(previous) && age >= 0 && age < RELOAD_GUARD_TTL_MS) return false;
    storage.removeItem(key);
    storage.setItem(key, String(at));
  } catch {
    // Without storage the reload could not be remembered, and an unremembered reload can loop; show the error.
    return false;
  }
  reload();
  return true;
}

/**
 * The global that the build's rewrite of Remix's loadRouteModule calls (build-tools/route-module-reload-guard.ts):
 * it gets the import error and answers true when it reloaded the page, otherwise a stand-in route module that
 * shows the error page (or undefined, and Remix gets the error rethrown).
 */
export const CHUNK_RELOAD_HOOK = "__metrykaChunkReload";

/** A route module to render in place of one whose code could not be loaded. */
export type StandInModule = Record<string, unknown>;
export type ChunkReloadHook = (error: unknown) => true | StandInModule | undefined;

/** Where a pending in-app navigation is going: Remix's router, as `window.__remixRouter` exposes it. */
interface RouterLike {
  state?: { navigation?: { location?: { pathname: string; search?: string; hash?: string } } };
}

/** The slice of `window` the installer needs, so tests can hand in a fake. */
export interface ChunkErrorWindow {
  [CHUNK_RELOAD_HOOK]?: ChunkReloadHook;
  __remixRouter?: RouterLike;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  location: { pathname: string; reload(): void; assign(url: string): void };
  readonly sessionStorage: GuardStorage;
}

/**
 * The page to load afresh: where a pending navigation was going (the member clicked a link whose code is gone,
 * so they should land there, not back where they were), else the current page.
 */
function reloadTarget(win: ChunkErrorWindow): { path: string; go: () => void } {
  const target = win.__remixRouter?.state?.navigation?.location;
  if (target?.pathname) {
    const href = `${target.pathname}${target.search ?? ""}${target.hash ?? ""}`;
    return { path: target.pathname, go: () => win.location.assign(href) };
  }
  return { path: win.location.pathname, go: () => win.location.reload() };
}

/**
 * Listens for chunk load errors that escape the app (Vite's `vite:preloadError`, unhandled rejections of dynamic
 * imports), answers Remix's route-module loader through CHUNK_RELOAD_HOOK, and reloads once per path — the path a
 * pending navigation was going to, loaded as a document. Returns a function that removes the listeners and the hook.
 */
export function installChunkErrorReload(
  win: ChunkErrorWindow,
  now: () => number = Date.now,
  standIn?: (error: unknown) => StandInModule,
): () => void {
  const tryReload = (): boolean => {
    let storage: GuardStorage;
    try {
      // Reading sessionStorage throws when the browser blocks storage for this site.
      storage = win.sessionStorage;
    } catch {
      return false;
    }
    const { path, go } = reloadTarget(win);
    return reloadOnceForChunkError({ path, storage, now, reload: go });
  };

  const onPreloadError = (event: Event) => {
    // preventDefault stops Vite from rethrowing, so the failing import never reaches an error boundary mid-reload;
    // when the guard refuses, the error is left to propagate to the error page.
    if (isChunkLoadError(event) && tryReload()) event.preventDefault();
  };
  const onRejection = (event: Event) => {
    // Left unprevented so the original error still appears in the console for support requests.
    if (isChunkLoadError(event)) tryReload();
  };

  // A route module that fails for another reason (a bug that throws while the module evaluates) would fail
  // again after a reload, so only a download failure reloads; anything else goes straight to the error page.
  const onRouteModuleError: ChunkReloadHook = (error) =>
    isChunkLoadError(error) && tryReload() ? true : standIn?.(error);

  win.addEventListener("vite:preloadError", onPreloadError);
  win.addEventListener("unhandledrejection", onRejection);
  win[CHUNK_RELOAD_HOOK] = onRouteModuleError;
  return () => {
    win.removeEventListener("vite:preloadError", onPreloadError);
    win.removeEventListener("unhandledrejection", onRejection);
    if (win[CHUNK_RELOAD_HOOK] === onRouteModuleError) delete win[CHUNK_RELOAD_HOOK];
  };
}
