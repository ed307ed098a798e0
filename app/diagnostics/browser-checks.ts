/**
 * The browser half of /ConfigCheck (issue #4 item 8). Each check is a plain
 * function of the facts it needs, and every browser API arrives as a parameter,
 * so the tests can hand in a browser without cookies, storage or service worker.
 * `browserDependencies()` collects the real ones; only the page calls it, after
 * hydration.
 *
 * The sign-in token is read to learn its expiry and is never put into a result.
 */
import type { BrowserSession } from "~/auth/browser-session";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_VERSION, serviceWorkerVersionOf } from "~/config/service-worker";
import {
  CLOCK_SKEW_FAIL_MS,
  CLOCK_SKEW_WARN_MS,
  DIAGNOSTIC_REQUEST_TIMEOUT_MS,
  TOKEN_EXPIRY_WARN_MS,
} from "~/config/timing";
import { isLatestBuild, latestBuildUrl } from "~/browser/build-check";
import { type CheckResult, formatDuration, withTimeout } from "./checks";
import { PATHS } from "~/routing/paths";

/** The name of the cookie the cookie check writes and removes again. */
export const TEST_COOKIE = "metryka_cookie_check";
/** The local storage key the storage check writes and removes again. */
export const TEST_STORAGE_KEY = "metryka_storage_check";
export const ME_PATH = PATHS.apiMe;

const RELOAD = "Reload the page once (press F5, or pull the page down on a phone).";

// ---------- JavaScript ----------

/** Runs only once JavaScript has hydrated the page, so reaching it is the proof. */
export function checkJavaScript(): CheckResult {
  return { id: "javascript", label: "JavaScript", status: "pass", detail: "JavaScript is on." };
}

// ---------- Cookies ----------

/** `document.cookie`, as a pair of functions. */
export interface CookieJar {
  read(): string;
  write(cookie: string): void;
}

const COOKIE_FIX =
  "Allow cookies for this site: open your browser's settings, find “Cookies and site data” (or “Privacy”), and allow cookies for this website or stop blocking all cookies. Then reload this page. Without cookies you cannot sign in.";

export function checkCookies(
  cookieEnabled: boolean | undefined,
  jar: CookieJar | null,
  value: string = Math.random().toString(36).slice(2),
): CheckResult {
  const base = { id: "cookies", label: "Cookies" };
  const fail = (detail: string): CheckResult => ({ ...base, status: "fail", detail, fix: COOKIE_FIX });
  if (cookieEnabled === false) return fail("Your browser blocks cookies for this site.");
  if (!jar) return fail("This browser offers no cookies to the page.");
  try {
    jar.write(`${TEST_COOKIE}=${value}; path=/; SameSite=Lax`);
    const stored = jar.read().split(/;\s*/).includes(`${TEST_COOKIE}=${value}`);
    jar.write(`${TEST_COOKIE}=; path=/; max-age=0; SameSite=Lax`);
    if (!stored) return fail("A test cookie could not be stored: your browser blocks cookies for this site.");
  } catch {
    return fail("Your browser refused to store a test cookie.");
  }
  return { ...base, status: "pass", detail: "Cookies work: a test cookie was stored, read back and removed." };
}

// ---------- Local storage ----------

const STORAGE_FIX =
  "Allow this site to store data: in your browser's settings under “Cookies and site data”, allow this website (or stop blocking all site data). Some browsers turn storage off in private windows: open the site in a normal window.";

/** Write, read back and remove a test key. `getStorage` may throw, as `window.localStorage` does when blocked. */
export function checkLocalStorage(
  getStorage: () => Pick<Storage, "getItem" | "setItem" | "removeItem"> | null | undefined,
  value: string = Math.random().toString(36).slice(2),
): CheckResult {
  const base = { id: "local-storage", label: "Local storage" };
  const fail = (detail: string): CheckResult => ({ ...base, status: "fail", detail, fix: STORAGE_FIX });
  let storage: ReturnType<typeof getStorage>;
  try {
    storage = getStorage();
  } catch {
    return fail("Your browser does not let this site store data.");
  }
  if (!storage) return fail("This browser has no local storage for the page.");
  try {
    storage.setItem(TEST_STORAGE_KEY, value);
  } catch {
    return fail("Your browser refused to store a test value (storage blocked or full).");
  }
  try {
    const readBack = storage.getItem(TEST_STORAGE_KEY);
    storage.removeItem(TEST_STORAGE_KEY);
    if (readBack !== value) return fail("A test value was stored but came back different.");
  } catch {
    return fail("Your browser stored a test value but would not read it back.");
  }
  return { ...base, status: "pass", detail: "Local storage works: a test value was stored, read back and removed." };
}

// ---------- Service worker ----------

interface WorkerLike {
  scriptURL: string;
}

export interface RegistrationLike {
  scope: string;
  active: WorkerLike | null;
  waiting: WorkerLike | null;
  installing: WorkerLike | null;
}

/** The part of `navigator.serviceWorker` the checks use. */
export interface ServiceWorkerContainerLike {
  controller: WorkerLike | null;
  getRegistration(clientURL?: string): Promise<RegistrationLike | undefined>;
}

export interface ServiceWorkerFacts {
  supported: boolean;
  /** Service workers exist only on https (and localhost). */
  secureContext: boolean;
  /** undefined: none registered; "error": the browser would not say. */
  registration: { activeScriptUrl: string | null; pending: boolean } | undefined | "error";
  controllerScriptUrl: string | null;
}

export async function gatherServiceWorker(
  container: ServiceWorkerContainerLike | undefined,
  secureContext: boolean,
  timeoutMs: number = DIAGNOSTIC_REQUEST_TIMEOUT_MS,
): Promise<ServiceWorkerFacts> {
  if (!container) return { supported: false, secureContext, registration: undefined, controllerScriptUrl: null };
  let registration: ServiceWorkerFacts["registration"];
  try {
    const found = await withTimeout(container.getRegistration(SERVICE_WORKER_SCOPE), timeoutMs);
    registration = found
      ? { activeScriptUrl: found.active?.scriptURL ?? null, pending: !!(found.installing ?? found.waiting) }
      : undefined;
  } catch {
    registration = "error";
  }
  return { supported: true, secureContext, registration, controllerScriptUrl: container.controller?.scriptURL ?? null };
}

const SW_CLOSE_TABS =
  "Close every tab and window with this website, then open it again, so the browser can switch to the current version.";

export function checkServiceWorker(
  facts: ServiceWorkerFacts,
  expected: string = SERVICE_WORKER_VERSION,
): [support: CheckResult, installed: CheckResult, control: CheckResult] {
  const support = { id: "sw-support", label: "Service worker support" };
  const installed = { id: "sw-installed", label: "Service worker installed" };
  const control = { id: "sw-control", label: "Service worker on this page" };
  if (!facts.supported) {
    const na = (base: typeof installed): CheckResult => ({
      ...base,
      status: "not-applicable",
      detail: "Not checked: no service worker support.",
    });
    const result: CheckResult = facts.secureContext
      ? {
          ...support,
          status: "warning",
          detail:
            "Your browser does not offer service workers here. The site still works, but new versions reach you later.",
          fix: "Update your browser to a current version of Chrome, Edge, Firefox or Safari. Some browsers turn service workers off in private windows: use a normal window.",
        }
      : {
          ...support,
          status: "warning",
          detail:
            "This page was not opened over a secure (https) connection, so the browser allows no service worker. The site still works.",
          fix: "Open the site with an address that starts with https:// if it has one; otherwise nothing to do.",
        };
    return [result, na(installed), na(control)];
  }
  const supportResult: CheckResult = { ...support, status: "pass", detail: "Your browser supports service workers." };

  const registration = facts.registration;
  let installedResult: CheckResult;
  if (registration === "error") {
    installedResult = {
      ...installed,
      status: "warning",
      detail: "The browser would not say whether a service worker is installed.",
      fix: RELOAD,
    };
  } else if (registration === undefined) {
    installedResult = {
      ...installed,
      status: "warning",
      detail: "No service worker is installed for this site yet. The site works without it.",
      fix: `${RELOAD} If this line still says “Warning”, close every tab with this website and open it again.`,
    };
  } else if (registration.activeScriptUrl === null) {
    installedResult = {
      ...installed,
      status: "warning",
      detail: "A service worker is being installed but is not running yet.",
      fix: `Wait a few seconds, then ${RELOAD.charAt(0).toLowerCase()}${RELOAD.slice(1)}`,
    };
  } else {
    const version = serviceWorkerVersionOf(registration.activeScriptUrl);
    if (version === expected) {
      installedResult = {
        ...installed,
        status: "pass",
        detail: `Version ${version} is installed${registration.pending ? "; an update is waiting" : ""}.`,
      };
    } else {
      installedResult = {
        ...installed,
        status: "warning",
        detail: `${version === null ? "A service worker without a version" : `Version ${version}`} is installed; this site expects version ${expected}.`,
        fix: SW_CLOSE_TABS,
      };
    }
  }

  let controlResult: CheckResult;
  if (registration === undefined || registration === "error") {
    controlResult = facts.controllerScriptUrl
      ? { ...control, status: "pass", detail: "A service worker handles this page." }
      : { ...control, status: "not-applicable", detail: "Not checked: no service worker is installed." };
  } else if (facts.controllerScriptUrl === null) {
    controlResult = {
      ...control,
      status: "warning",
      detail:
        "The service worker does not handle this page yet. That is normal on the first visit, and after a forced reload (Shift+F5).",
      fix: RELOAD,
    };
  } else {
    const version = serviceWorkerVersionOf(facts.controllerScriptUrl);
    controlResult =
      version === expected
        ? { ...control, status: "pass", detail: `The service worker (version ${version}) handles this page.` }
        : {
            ...control,
            status: "warning",
            detail: `An old service worker (${version === null ? "no version" : `version ${version}`}) handles this page.`,
            fix: SW_CLOSE_TABS,
          };
  }
  return [supportResult, installedResult, controlResult];
}

// ---------- Session ----------

/** The expiry (ms since the epoch) of a JWT access token, read without verifying it; null when it has none. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="))) as unknown;
    const exp = typeof json === "object" && json !== null ? (json as Record<string, unknown>).exp : undefined;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export interface SessionFacts {
  /** Who the server saw signed in when it rendered the page (the refresh cookie). */
  serverUsername: string | null;
  /** Whether renewing the sign-in through the browser session worked. */
  refreshed: boolean | "timeout";
  /** The browser session's state after the renewal. */
  username: string | null;
  token: string | null;
  /** What /api/auth/me said to the renewed token alone (no cookie); "skipped" without a token. */
  me: { status: number; username: string | null } | "error" | "skipped";
}

const SIGN_IN_AGAIN =
  "Sign out (top right), then sign in again. If that does not help, check the Cookies and Clock lines on this page.";

export function checkSession(facts: SessionFacts): CheckResult {
  const base = { id: "session", label: "Signed in" };
  if (facts.refreshed === "timeout") {
    return {
      ...base,
      status: "fail",
      detail: "The server did not answer when asked to renew your sign-in.",
      fix: `Check your internet connection, then ${RELOAD.charAt(0).toLowerCase()}${RELOAD.slice(1)}`,
    };
  }
  if (!facts.refreshed) {
    if (facts.serverUsername) {
      return {
        ...base,
        status: "fail",
        detail: `The page shows you signed in as ${facts.serverUsername}, but renewing the sign-in failed.`,
        fix: SIGN_IN_AGAIN,
      };
    }
    return {
      ...base,
      status: "not-applicable",
      detail: "You are not signed in. Public searches work without signing in.",
    };
  }
  const who = facts.username ?? facts.serverUsername ?? "unknown";
  if (facts.me === "error" || facts.me === "skipped") {
    return {
      ...base,
      status: "fail",
      detail: `Signed in as ${who}, but the server could not be asked whether it accepts the renewed sign-in.`,
      fix: `Check your internet connection, then ${RELOAD.charAt(0).toLowerCase()}${RELOAD.slice(1)}`,
    };
  }
  if (facts.me.status !== 200 || (facts.me.username !== null && facts.me.username !== facts.username)) {
    return {
      ...base,
      status: "fail",
      detail: `Signed in as ${who}, but the server did not accept the renewed sign-in (it answered ${facts.me.status}).`,
      fix: SIGN_IN_AGAIN,
    };
  }
  return { ...base, status: "pass", detail: `Signed in as ${who}; renewing the sign-in works.` };
}

/** `serverNowMs`: the server's idea of now (the browser's clock corrected by the measured difference). */
export function checkToken(token: string | null, serverNowMs: number): CheckResult {
  const base = { id: "token", label: "Sign-in token" };
  if (!token) return { ...base, status: "not-applicable", detail: "No sign-in token (not signed in)." };
  const expires = tokenExpiry(token);
  if (expires === null) {
    return { ...base, status: "warning", detail: "Present, but its expiry cannot be read.", fix: SIGN_IN_AGAIN };
  }
  const left = expires - serverNowMs;
  if (left <= 0) {
    return {
      ...base,
      status: "fail",
      detail: `Present, but it expired ${formatDuration(left)} ago and was not renewed.`,
      fix: SIGN_IN_AGAIN,
    };
  }
  if (left < TOKEN_EXPIRY_WARN_MS) {
    return {
      ...base,
      status: "warning",
      detail: `Present, expires in ${formatDuration(left)} (it should have been renewed).`,
      fix: RELOAD,
    };
  }
  return { ...base, status: "pass", detail: `Present, expires in ${formatDuration(left)}; renewed automatically.` };
}

// ---------- Clock ----------

/**
 * Server minus browser time in ms, from a response's Date header and when the request went out and came back.
 * The header has whole seconds, so the server's moment is taken as the middle of its second.
 */
export function clockOffsetFrom(dateHeader: string | null, sentAtMs: number, receivedAtMs: number): number | null {
  if (!dateHeader) return null;
  const serverMs = Date.parse(dateHeader);
  if (!Number.isFinite(serverMs)) return null;
  return serverMs + 500 - (sentAtMs + receivedAtMs) / 2;
}

const CLOCK_FIX =
  "Set your device's clock to set itself: on Windows, Settings → Time & language → “Set time automatically”; on a Mac, System Settings → General → Date & Time → “Set time and date automatically”; on a phone, Settings → Date & time → “Automatic”. The time zone does not matter.";

export function checkClock(offsetMs: number | null): CheckResult {
  const base = { id: "clock", label: "Clock" };
  if (offsetMs === null) {
    return { ...base, status: "warning", detail: "The server's time could not be read.", fix: RELOAD };
  }
  const size = Math.abs(offsetMs);
  const direction = offsetMs > 0 ? "behind" : "ahead of";
  if (size <= CLOCK_SKEW_WARN_MS) {
    return {
      ...base,
      status: "pass",
      detail: `Your device's clock agrees with the server's (within ${formatDuration(Math.max(size, 1000))}).`,
    };
  }
  const detail = `Your device's clock is ${formatDuration(size)} ${direction} the server's.`;
  if (size <= CLOCK_SKEW_FAIL_MS) {
    return {
      ...base,
      status: "warning",
      detail: `${detail} More than ${formatDuration(CLOCK_SKEW_FAIL_MS)} would break sign-ins.`,
      fix: CLOCK_FIX,
    };
  }
  return { ...base, status: "fail", detail: `${detail} Sign-ins and secure connections can fail.`, fix: CLOCK_FIX };
}

// ---------- Newest build ----------

export function checkNewestBuild(pageBuildId: string | undefined, latest: { id: string } | "error"): CheckResult {
  const base = { id: "build", label: "Newest version" };
  if (!pageBuildId) {
    return { ...base, status: "not-applicable", detail: "This server publishes no build id (a development server)." };
  }
  if (latest === "error") {
    return {
      ...base,
      status: "warning",
      detail: "Could not ask the server which version is the newest.",
      fix: `Check your internet connection, then ${RELOAD.charAt(0).toLowerCase()}${RELOAD.slice(1)}`,
    };
  }
  if (latest.id === pageBuildId) {
    return { ...base, status: "pass", detail: `This page is the newest version (build ${pageBuildId}).` };
  }
  return {
    ...base,
    status: "warning",
    detail: `A newer version of the website (build ${latest.id}) was published after this page (build ${pageBuildId}) was loaded.`,
    fix: RELOAD,
  };
}

// ---------- All of them ----------

export interface BrowserCheckDeps {
  cookieEnabled: boolean | undefined;
  cookies: CookieJar | null;
  storage: () => Pick<Storage, "getItem" | "setItem" | "removeItem"> | null | undefined;
  serviceWorker: ServiceWorkerContainerLike | undefined;
  secureContext: boolean;
  /** The page's browser session (app/auth/use-browser-session.ts): renewing goes through it, never around it. */
  session: Pick<BrowserSession, "refresh" | "state">;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  now: () => number;
  /** Who the server saw signed in (root loader). */
  serverUsername: string | null;
  /** The build this page's code came from (root loader, at hydration). */
  pageBuildId: string | undefined;
  /** The loader's server time and the browser's clock when the page got it: the clock fallback. */
  loaderClock?: { serverTimeMs: number; browserTimeMs: number };
  timeoutMs?: number;
}

interface Probe {
  latest: { id: string } | "error";
  offsetMs: number | null;
}

async function probeLatestBuild(deps: BrowserCheckDeps, timeoutMs: number): Promise<Probe> {
  const sentAt = deps.now();
  try {
    const response = await withTimeout(
      deps.fetch(latestBuildUrl(sentAt), { cache: "no-store", credentials: "same-origin" }),
      timeoutMs,
    );
    const receivedAt = deps.now();
    const offsetMs = clockOffsetFrom(response.headers.get("Date"), sentAt, receivedAt);
    if (!response.ok) return { latest: "error", offsetMs };
    const body: unknown = await withTimeout(response.json() as Promise<unknown>, timeoutMs);
    return { latest: isLatestBuild(body) ? { id: body.id } : "error", offsetMs };
  } catch {
    return { latest: "error", offsetMs: null };
  }
}

async function gatherSession(deps: BrowserCheckDeps, timeoutMs: number): Promise<SessionFacts> {
  let refreshed: SessionFacts["refreshed"];
  try {
    refreshed = await withTimeout(deps.session.refresh(), timeoutMs);
  } catch {
    refreshed = "timeout";
  }
  const { username, token } = deps.session.state();
  let me: SessionFacts["me"] = "skipped";
  if (refreshed === true && token) {
    try {
      // The token alone, without the cookie, so the answer is about the token.
      const response = await withTimeout(
        deps.fetch(ME_PATH, { headers: { Authorization: `Bearer ${token}` }, credentials: "omit", cache: "no-store" }),
        timeoutMs,
      );
      let who: string | null = null;
      if (response.ok) {
        const body = (await response.json()) as unknown;
        const name = typeof body === "object" && body !== null ? (body as Record<string, unknown>).username : null;
        who = typeof name === "string" ? name : null;
      }
      me = { status: response.status, username: who };
    } catch {
      me = "error";
    }
  }
  return { serverUsername: deps.serverUsername, refreshed, username, token, me };
}

/** Every browser line, in the order the page shows them. Never rejects. */
export async function runBrowserChecks(deps: BrowserCheckDeps): Promise<CheckResult[]> {
  const timeoutMs = deps.timeoutMs ?? DIAGNOSTIC_REQUEST_TIMEOUT_MS;
  const [sw, session, probe] = await Promise.all([
    gatherServiceWorker(deps.serviceWorker, deps.secureContext, timeoutMs),
    gatherSession(deps, timeoutMs),
    probeLatestBuild(deps, timeoutMs),
  ]);
  const offsetMs =
    probe.offsetMs ?? (deps.loaderClock ? deps.loaderClock.serverTimeMs - deps.loaderClock.browserTimeMs : null);
  return [
    checkJavaScript(),
    checkCookies(deps.cookieEnabled, deps.cookies),
    checkLocalStorage(deps.storage),
    ...checkServiceWorker(sw),
    checkSession(session),
    checkToken(session.token, deps.now() + (offsetMs ?? 0)),
    checkClock(offsetMs),
    checkNewestBuild(deps.pageBuildId, probe.latest),
  ];
}

/** The real browser, for the page. Call only in the browser (effects, handlers). */
export function browserDependencies(
  session: BrowserCheckDeps["session"],
  page: Pick<BrowserCheckDeps, "serverUsername" | "pageBuildId" | "loaderClock">,
): BrowserCheckDeps {
  return {
    cookieEnabled: navigator.cookieEnabled,
    cookies: {
      read: () => document.cookie,
      write: (cookie) => {
        document.cookie = cookie;
      },
    },
    storage: () => window.localStorage,
    serviceWorker: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
    secureContext: window.isSecureContext,
    session,
    fetch: (input, init) => window.fetch(input, init),
    now: Date.now,
    ...page,
  };
}
