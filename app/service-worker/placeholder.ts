/** Replaced by server.ts (serveServiceWorker) with the running build's id; must survive bundling verbatim. */
export const BUILD_ID_PLACEHOLDER = "__METRYKA_BUILD_ID__";
