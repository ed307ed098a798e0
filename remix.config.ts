import type { VitePluginConfig } from "@remix-run/dev";

/**
 * Options of the Remix Vite plugin (imported by vite.config.ts). Five of the six v3
 * future flags are on so that the move to React Router 7 is a rename, not a
 * rewrite. Routes come from app/routes.ts (v3_routeConfig). Lazy route discovery
 * is off (React Router 7: `routeDiscovery: { mode: "initial" }`): a page computed
 * its partial manifest by matching every route against each prefix of its path,
 * a tenth of a plain page's server CPU, and the browser then asked `/__manifest`
 * for its links; the whole manifest is one cached file of 2.4 KB (decision 0076).
 */
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export const remixConfig: VitePluginConfig = {
  appDirectory: "app",
  buildDirectory: "build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: false,
    v3_routeConfig: true,
  },
};

export default remixConfig;
