/**
 * The service worker of SPEC §7.4 and §9: one script, one version, one scope.
 * The registration and /ConfigCheck both read these, so a new worker version is
 * changed here only. Changing the version changes the URL, which makes every
 * open page install the new worker and drop the old one's caches.
 */

/** SPEC §9: the service worker version, sent as the `v` query of the script URL. */
export const SERVICE_WORKER_VERSION = "1.1.2";
/** SPEC §7.4: where the worker script lives. */
export const SERVICE_WORKER_PATH = "/sw.js";
/** SPEC §7.4: the worker controls the whole site. */
export const SERVICE_WORKER_SCOPE = "/";

/** The script URL the page registers: `/sw.js?v=1.1.2`. */
export function serviceWorkerUrl(version: string = SERVICE_WORKER_VERSION): string {
  return `${SERVICE_WORKER_PATH}?v=${encodeURIComponent(version)}`;
}

/** The `v` query of a worker's script URL (absolute or relative), or null when it has none. */
export function serviceWorkerVersionOf(scriptUrl: string): string | null {
  try {
    const value = new URL(scriptUrl, "http://localhost").searchParams.get("v");
    return value === null || value === "" ? null : value;
  } catch {
    return null;
  }
}

/** SPEC §7.4: the URL the page registers. */
export const SERVICE_WORKER_URL = serviceWorkerUrl();
/** Every cache the worker creates starts with this, so activation can find and drop old ones. */
export const CACHE_NAME_PREFIX = "metryka-";
