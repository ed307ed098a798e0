import type { Page } from "@playwright/test";
import type { VersionReply } from "../app/service-worker/worker";

/** Helpers for tests that look at the service worker (service-worker.spec.ts, deploy.spec.ts). */

/** Waits until a worker controls the page and has finished activating (its caches are warm). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== "activated") {
      await new Promise<void>((resolve) =>
        worker.addEventListener("statechange", () => worker.state === "activated" && resolve()),
      );
    }
  });
}

/** Asks the controlling worker who it is (its GET_VERSION reply). */
export function askWorker(page: Page): Promise<VersionReply> {
  return page.evaluate(
    () =>
      new Promise<VersionReply>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as VersionReply);
        navigator.serviceWorker.controller!.postMessage({ type: "GET_VERSION" }, [channel.port2]);
      }),
  );
}

/** Every URL in every cache of the origin, with the cache's name. */
export function cachedEntries(page: Page): Promise<{ cache: string; url: string; body: string }[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get("content-type") ?? "";
        entries.push({ cache: name, url: request.url, body: type.includes("html") ? await response!.text() : "" });
      }
    }
    return entries;
  });
}

/** The registration's workers and their states, for a failure message. */
export function registrationState(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration("/");
    const describe = (w: ServiceWorker | null | undefined) => (w ? `${w.state} ${w.scriptURL}` : "none");
    return JSON.stringify({
      installing: describe(reg?.installing),
      waiting: describe(reg?.waiting),
      active: describe(reg?.active),
      controller: describe(navigator.serviceWorker.controller),
    });
  });
}

/**
 * Asks the browser to check for a new worker until the controlling one reports `buildId`. One update() is not
 * enough: the browser merges an update() into a check it already has under way (the Service Workers spec's job
 * queue), and a check that started before the deploy finds the old script and ends there.
 */
export async function updateUntilControlledBy(page: Page, buildId: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await askWorker(page)).buildId === buildId) return;
    if (Date.now() > deadline)
      throw new Error(`no worker of build ${buildId} took control; registration: ${await registrationState(page)}`);
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration("/");
      // A worker already on its way in needs no new check, only time.
      if (reg && !reg.installing && !reg.waiting) await reg.update();
    });
    await page.waitForTimeout(250);
  }
}
