// Issue #4 item 4 (SPEC §8: a chunk load error reloads the page at most once per path within 10 s).
//
// When a route's code fails to import during a navigation, @remix-run/react's loadRouteModule logs and calls
// `window.location.reload()` itself, with no memory of having done so: a chunk that is gone for good (a deploy
// removed it, a proxy blocks it) reloads the page forever. Remix offers no option for this, so the build rewrites
// that one call to ask the page's reload guard (app/browser/reload-guard.ts) first: it reloads once per path
// within RELOAD_GUARD_TTL_MS and otherwise lets the error reach the error page. A Remix upgrade that changes the
// code fails the build here rather than silently losing the guard.
import type { Plugin } from "vite";

/** The global the reload guard installs; kept in step with reload-guard.ts by a test. */
export const CHUNK_RELOAD_HOOK = "__metrykaChunkReload";

const TARGET = /[\\/]@remix-run[\\/]react[\\/]dist[\\/](esm[\\/])?routeModules\.js$/;
const RELOAD_CALL = "window.location.reload();";

export function guardRouteModuleReload(code: string): string {
  const count = code.split(RELOAD_CALL).length - 1;
  if (count !== 1) {
    throw new Error(
      `route-module-reload-guard: expected one "${RELOAD_CALL}" in @remix-run/react's routeModules.js, found ${count}; ` +
        "Remix changed: review build-tools/route-module-reload-guard.ts",
    );
  }
  // `error` is the catch binding of loadRouteModule. The hook returns true when it has reloaded the page; the
  // original then returns a promise that never settles, as Remix does. Otherwise ("already reloaded for this path
  // just now", or not a download failure) it returns a stand-in route module that renders the error page: the
  // route's own ErrorBoundary is in the module that failed, so a plain rethrow would leave the page blank.
  const guarded =
    `if (typeof window.${CHUNK_RELOAD_HOOK} === "function") {` +
    ` const standIn = window.${CHUNK_RELOAD_HOOK}(error);` +
    ` if (standIn !== true) { if (standIn) return standIn; throw error; } } else ${RELOAD_CALL}`;
  return code.replace(RELOAD_CALL, guarded);
}

export function routeModuleReloadGuard(): Plugin {
  return {
    name: "metryka:route-module-reload-guard",
    enforce: "pre",
    transform(code, id) {
      if (!TARGET.test(id.split("?")[0])) return null;
      return { code: guardRouteModuleReload(code), map: null };
    },
  };
}

/** For the unit test: whether a module id is the one rewritten. */
export function isRouteModulesFile(id: string): boolean {
  return TARGET.test(id.split("?")[0]);
}
