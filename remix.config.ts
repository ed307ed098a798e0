import type { VitePluginConfig } from "@remix-run/dev";

/**
 * Options of the Remix Vite plugin (imported by vite.config.ts). The six v3
 * future flags are on so that the move to React Router 7 is a rename, not a
 * rewrite. Routes come from app/routes.ts (v3_routeConfig).
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
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: true,
  },
};

export default remixConfig;
