/**
 * Runs the new-build check (build-check.ts) for the page's lifetime. The root
 * loader supplies the build id; App calls `useBuildCheck(buildId)`.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { createBuildChecker } from "./build-check";

export function useBuildCheck(currentId: string | undefined): void {
  // The id at hydration is the build whose code this tab runs. Later loader data
  // may already name a newer build without the code having changed, so it is ignored.
  const [runningId] = useState(currentId);
  const navigationListeners = useRef(new Set<() => void>());
  const location = useLocation();
  const lastLocationKey = useRef(location.key);

  useEffect(() => {
    if (!runningId) return;
    const listeners = navigationListeners.current;
    const checker = createBuildChecker({
      currentId: runningId,
      onNavigation: (cb) => {
        listeners.add(cb);
        return () => listeners.delete(cb);
      },
    });
    checker.start();
    return () => checker.stop();
  }, [runningId]);

  // A deferred reload fires once a navigation has completed, so a submitted form's action has already run.
  useEffect(() => {
    if (location.key === lastLocationKey.current) return;
    lastLocationKey.current = location.key;
    for (const listener of [...navigationListeners.current]) listener();
  }, [location.key]);
}
