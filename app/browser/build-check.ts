/**
 * New-build detection in the browser (SPEC §4, §7.5; issue #4 item 2). A page
 * left open for days would keep running code whose chunks the server no longer
 * has, so it asks the server hourly, and whenever the tab comes back into view,
 * which build is live, and reloads when that differs from the build it runs.
 *
 * A reload must never eat what a member is typing: while a form holds unsaved
 * input the reload waits for the next navigation, when the form is gone anyway.
 *
 * No server imports and no top-level browser globals, so the server may import it.
 */
import { BUILD_CHECK_INTERVAL_MS } from "../config/timing";

export interface LatestBuild {
  id: string;
  timestamp: number;
}

export interface BuildCheckerOptions {
  /** The id of the build this page's code came from. */
  currentId: string;
  fetchLatest?: () => Promise<LatestBuild>;
  reload?: () => void;
  isUserTyping?: () => boolean;
  /** Calls `cb` after each in-app navigation; returns an unsubscribe function. */
  onNavigation?: (cb: () => void) => () => void;
  document?: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  logger?: Pick<Console, "warn">;
}

export interface BuildChecker {
  start(): void;
  stop(): void;
  /** Resolves true when a newer build was found (the reload has happened or is waiting for a navigation). */
  checkNow(): Promise<boolean>;
}

/** Absolute, so a page at /stpete/birth/search does not ask /stpete/birth/builds/…; the query defeats caches. */
export function latestBuildUrl(now: number = Date.now()): string {
  return `/builds/latest.json?${now}`;
}

export async function fetchLatestBuild(): Promise<LatestBuild> {
  const response = await fetch(latestBuildUrl(), {
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`builds/latest.json answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isLatestBuild(body)) throw new Error("builds/latest.json answered an unexpected shape");
  return body;
}

export function isLatestBuild(value: unknown): value is LatestBuild {
  if (typeof value !== "object" || value === null) return false;
  const { id, timestamp } = value as Record<string, unknown>;
  return typeof id === "string" && id !== "" && typeof timestamp === "number";
}

const TEXT_LESS_INPUTS = new Set(["hidden", "submit", "button", "reset", "image", "file"]);

/**
 * True when reloading now could lose input: some form on the page holds a value
 * other than the one it was rendered with, or the focus is in an editable
 * region (contenteditable has no "default" to compare with, so focus counts).
 * Merely focusing an untouched field does not count: nothing would be lost.
 */
export function formsHaveUnsavedInput(doc: Document): boolean {
  const active = doc.activeElement;
  if (active instanceof HTMLElement && active.isContentEditable) return true;
  for (const form of Array.from(doc.forms)) {
    for (const element of Array.from(form.elements)) {
      if (element instanceof HTMLInputElement) {
        if (TEXT_LESS_INPUTS.has(element.type)) continue;
        if (element.type === "checkbox" || element.type === "radio") {
          if (element.checked !== element.defaultChecked) return true;
        } else if (element.value !== element.defaultValue) return true;
      } else if (element instanceof HTMLTextAreaElement) {
        if (element.value !== element.defaultValue) return true;
      } else if (element instanceof HTMLSelectElement) {
        if (Array.from(element.options).some((o) => o.selected !== o.defaultSelected)) return true;
      }
    }
  }
  return false;
}

export function createBuildChecker(opts: BuildCheckerOptions): BuildChecker {
  const fetchLatest = opts.fetchLatest ?? fetchLatestBuild;
  const reload = opts.reload ?? (() => window.location.reload());
  const isUserTyping =
    opts.isUserTyping ?? (() => (typeof document === "undefined" ? false : formsHaveUnsavedInput(document)));
  const doc = opts.document ?? (typeof document === "undefined" ? undefined : document);
  const logger = opts.logger ?? console;

  let timer: ReturnType<typeof setInterval> | undefined;
  let wasHidden = false;
  let inFlight: Promise<boolean> | undefined;
  let unsubscribeNavigation: (() => void) | undefined;
  let reloaded = false;

  const reloadOnce = () => {
    if (reloaded) return;
    reloaded = true;
    stop();
    reload();
  };

  const onVisibilityChange = () => {
    if (!doc) return;
    if (doc.visibilityState === "hidden") {
      wasHidden = true;
    } else if (doc.visibilityState === "visible" && wasHidden) {
      wasHidden = false;
      void checkNow();
    }
  };

  async function runCheck(): Promise<boolean> {
    let latest: LatestBuild;
    try {
      latest = await fetchLatest();
    } catch (err) {
      // Offline, a deploy in progress, a proxy hiccup: the next check will tell.
      logger.warn("Build check failed; will try again later.", err);
      return false;
    }
    if (latest.id === opts.currentId) return false;
    if (!isUserTyping()) {
      reloadOnce();
    } else if (!unsubscribeNavigation && opts.onNavigation) {
      unsubscribeNavigation = opts.onNavigation(reloadOnce);
    }
    // Without onNavigation the next check (hourly or on return to the tab) tries again.
    return true;
  }

  function checkNow(): Promise<boolean> {
    if (reloaded) return Promise.resolve(true);
    // The visibility event and the timer can coincide; one request answers both.
    inFlight ??= runCheck().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function start() {
    if (timer !== undefined || reloaded) return;
    // No check at start: the page was just served, so its build is the latest.
    timer = setInterval(() => void checkNow(), BUILD_CHECK_INTERVAL_MS);
    wasHidden = doc?.visibilityState === "hidden";
    doc?.addEventListener("visibilitychange", onVisibilityChange);
  }

  function stop() {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    doc?.removeEventListener("visibilitychange", onVisibilityChange);
    unsubscribeNavigation?.();
    unsubscribeNavigation = undefined;
  }

  return { start, stop, checkNow };
}
