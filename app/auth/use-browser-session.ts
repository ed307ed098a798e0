/**
 * One browser session per page, shared by React (`useBrowserSession`) and plain code (`getBrowserSession`).
 * The server and the hydrating client both render the signed-out snapshot, so markup always matches; the stored
 * state appears on the first client render after hydration.
 */
import { useSyncExternalStore } from "react";
import { createBrowserSession, type BrowserSession, type SessionState } from "./browser-session";

const SERVER_SNAPSHOT: SessionState = Object.freeze({ username: null, token: null, loginHidden: false });

let session: BrowserSession | null = null;

/** Browser only: created on first use, so importing this module on the server costs nothing. */
export function getBrowserSession(): BrowserSession {
  if (typeof window === "undefined") {
    throw new Error("getBrowserSession() runs in the browser only; call it from effects or event handlers");
  }
  session ??= createBrowserSession();
  return session;
}

function subscribe(listener: () => void): () => void {
  return getBrowserSession().subscribe(listener);
}

function getSnapshot(): SessionState {
  return getBrowserSession().state();
}

function getServerSnapshot(): SessionState {
  return SERVER_SNAPSHOT;
}

export function useBrowserSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
