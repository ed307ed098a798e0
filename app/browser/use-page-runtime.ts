/**
 * The page's long-lived runtime (issue #4): the new-build check (build-check.ts) and the service worker
 * (service-worker-client.ts), sharing one reloader so a deploy reloads an open page once, never while the
 * member is typing. The root loader supplies the build id; App calls `usePageRuntime(buildId, onWorkerControl)`,
 * where `onWorkerControl` tells a worker that just took control what the page knows of the session (the browser
 * runtime sits below auth, so the root wires the two).
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "~/config/service-worker";
import { SW_TAKEOVER_TIMEOUT_MS } from "~/config/timing";
import { createBuildChecker, formsHaveUnsavedInput } from "./build-check";
import { createPageReloader } from "./page-reload";
import { createServiceWorkerClient } from "./service-worker-client";

export function usePageRuntime(currentId: string | undefined, onWorkerControl: () => void): void {
  // The id at hydration is the build whose code this tab runs. Later loader data
  // may already name a newer build without the code having changed, so it is ignored.
  const [runningId] = useState(currentId);
  const navigationListeners = useRef(new Set<() => void>());
  const location = useLocation();
  const lastLocationKey = useRef(location.key);
  const workerControlled = useRef(onWorkerControl);
  workerControlled.current = onWorkerControl;

  useEffect(() => {
    const listeners = navigationListeners.current;
    const onNavigation = (cb: () => void) => {
      listeners.add(cb);
      return () => {
        listeners.delete(cb);
      };
    };
    // Development serves no worker: Vite's modules change under it all the time.
    const container = import.meta.env.PROD && "serviceWorker" in navigator ? navigator.serviceWorker : undefined;
    const reloader = createPageReloader({
      reload: () => window.location.reload(),
      isUserTyping: () => formsHaveUnsavedInput(document),
      onNavigation,
      beforeReload: () => worker.updateBeforeReload(SW_TAKEOVER_TIMEOUT_MS),
    });
    const worker = createServiceWorkerClient({
      container,
      url: SERVICE_WORKER_URL,
      scope: SERVICE_WORKER_SCOPE,
      requestReload: () => reloader.request(),
      // A worker that just took control has not heard the token the page got at load.
      onControl: () => workerControlled.current(),
    });
    void worker.start();
    const checker = runningId
      ? createBuildChecker({ currentId: runningId, reload: () => reloader.request(), onNavigation })
      : undefined;
    checker?.start();
    return () => {
      checker?.stop();
      worker.stop();
    };
  }, [runningId]);

  // A deferred reload fires once a navigation has completed, so a submitted form's action has already run.
  useEffect(() => {
    if (location.key === lastLocationKey.current) return;
    lastLocationKey.current = location.key;
    for (const listener of [...navigationListeners.current]) listener();
  }, [location.key]);
}
