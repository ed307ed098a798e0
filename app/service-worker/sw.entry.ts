// Bundled on its own by scripts/build-sw.mjs into build/sw/sw.js; server.ts serves it at /sw.js with the build
// id in place of BUILD_ID_PLACEHOLDER, so every deploy is a byte-different worker that open pages install.
import { SERVICE_WORKER_VERSION } from "../config/service-worker";
import { installServiceWorker, type WorkerScope } from "./worker";
import { BUILD_ID_PLACEHOLDER } from "./placeholder";

installServiceWorker(self as unknown as WorkerScope, {
  version: SERVICE_WORKER_VERSION,
  buildId: BUILD_ID_PLACEHOLDER,
});
