/**
 * Serves the bundled service worker (scripts/build-sw.mjs) at /sw.js. server.ts imports this file directly
 * (compiled by tsconfig.server.json), so it imports nothing from the app through `~/` aliases.
 */
import { readFile } from "node:fs/promises";

/** Must equal app/service-worker/placeholder.ts; a test keeps the two in step. */
export const BUILD_ID_PLACEHOLDER = "__METRYKA_BUILD_ID__";

/** The worker's source with the build id written in, safe inside a JS string literal whatever the id holds. */
export function fillServiceWorker(source: string, buildId: string): string {
  const literal = JSON.stringify(buildId).slice(1, -1).replace(/</g, "\\u003c");
  return source.split(BUILD_ID_PLACEHOLDER).join(literal);
}

export function serviceWorkerHeaders(): Record<string, string> {
  return {
    "Content-Type": "text/javascript; charset=utf-8",
    // Browsers re-check the worker script on navigation; it must never come from a stale HTTP cache.
    "Cache-Control": "no-cache",
    "Service-Worker-Allowed": "/",
  };
}

export function loadServiceWorkerSource(file: string): Promise<string | undefined> {
  return readFile(file, "utf8").catch(() => undefined);
}
